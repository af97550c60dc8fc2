import Foundation
import LHCTestSupport
import Testing

/// Help, version and usage errors of the built binary.
@Suite("Command line")
struct CommandLineTests {
  @Test(arguments: [
    (["--help"], "USAGE: lhc <command> [options]"),
    (["help", "compile"], "USAGE: lhc compile [options] CATALOG.xcstrings..."),
    (["compile", "--help"], "--force-build-all-strings"),
    (["compile", "-h"], "-o, --output-directory DIR"),
  ])
  func help(arguments: [String], expected: String) throws {
    let result = try RunLHC.run(arguments)
    #expect(result.status == 0)
    #expect(result.stdout.contains(expected))
    #expect(result.stderr.isEmpty)
  }

  @Test func version() throws {
    let result = try RunLHC.run(["--version"])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("lhc "))
  }

  @Test(arguments: [
    ([], "Error: missing command"),
    (["frobnicate"], "Error: unknown command 'frobnicate'"),
    (["compile", "-o", "out"], "Error: missing catalog (.xcstrings) to compile"),
    (["compile", "A.xcstrings", "-o", ""], "Error: missing '--output-directory <DIR>'"),
    (["compile", "A.xcstrings", "-o"], "Error: missing value for '-o'"),
    (["compile", "A.xcstrings", "-o", "x", "--bogus"], "Error: unknown option '--bogus'"),
    (
      ["compile", "A.xcstrings", "-o", "x", "-o", "y"],
      "Error: option '--output-directory' given more than once"
    ),
    (
      ["compile", "A.xcstrings", "-o", "x", "--serialization-format", "json"],
      "Error: unknown serialization format 'json' (expected xml, text or binary)"
    ),
    (
      ["lint", "A.xcstrings", "--format", "yaml"],
      "Error: unknown format 'yaml' (expected text, xcode, github, json, sarif or html)"
    ),
    (
      ["stats", "A.xcstrings", "--format", "yaml"],
      "Error: unknown format 'yaml' (expected table, json, markdown or html)"
    ),
    (
      ["compile", "a/L.xcstrings", "b/L.xcstrings", "-o", "x"],
      "Error: two catalogs compile to the same table 'L'"
    ),
    (
      ["compile", "A.xcstrings", "--dry-run=yes", "-o", "x"],
      "Error: option '--dry-run' does not take a value"
    ),
    (["stats", "-o", "", "A.xcstrings"], "Error: empty output path"),
    (["lint", "--output=", "A.xcstrings"], "Error: empty output path"),
    (
      ["lint", "-o", "r.html", "--write-baseline", "b.json", "A.xcstrings"],
      "Error: --output and --write-baseline cannot be combined"
    ),
  ])
  func usageErrorsExit64(arguments: [String], message: String) throws {
    let result = try RunLHC.run(arguments)
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test func unreadableCatalogIsAnErrorNamingTheFile() throws {
    let result = try RunLHC.run(["compile", "/nonexistent/Missing.xcstrings", "-o", "/tmp/never"])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "/nonexistent/Missing.xcstrings: error: cannot read file: no such file or directory\n")
  }

  @Test func outputThatCannotBeWrittenIsAnError() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let blocker = directory.appendingPathComponent("file")
    try Data("x".utf8).write(to: blocker)
    let catalog = TestPaths.testData.appendingPathComponent("sample/InfoPlist.xcstrings").path
    let result = try RunLHC.run(["compile", catalog, "-o", blocker.path])
    #expect(result.status == 1)
    #expect(result.stderr.contains("error: cannot"))
  }
}
