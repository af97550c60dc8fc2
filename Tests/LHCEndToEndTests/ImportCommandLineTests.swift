import Foundation
import LHCCommandLine
import LHCTestSupport
import Testing

/// `lhc import`'s command line: the two modes, the input kinds and the usage errors (exit 64).
@Suite("lhc import command line")
struct ImportCommandLineTests {
  /// Runs `lhc import arguments…` in-process.
  static func run(_ arguments: [String]) -> (status: Int32, stdout: String, stderr: String) {
    let captured = CapturedOutput()
    let status = LHC.main(
      arguments: ["import"] + arguments,
      console: Console(out: captured.appendOut, error: captured.appendError))
    return (status, captured.stdout, captured.stderr)
  }

  @Test func helpNamesBothModes() {
    let result = Self.run(["--help"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("USAGE: lhc import [options] INPUT [CATALOG.xcstrings...]"))
    for option in [
      "-o, --output NEW.xcstrings", "--into CATALOG", "--state STATE", "--skip-unsafe",
    ] {
      #expect(result.stdout.contains(option), "\(option)")
    }
  }

  @Test(arguments: [
    ([String](), "Error: missing INPUT"),
    (["Resources"], "Error: missing -o NEW.xcstrings (new catalog) or --into CATALOG"),
    (["a", "b", "-o", "N.xcstrings"], "Error: one INPUT at a time; got a, b"),
    (
      ["Resources", "-o", "N.xcstrings", "--into", "L.xcstrings"],
      "Error: -o and --into exclude each other"
    ),
    (["Resources", "-o", "N.strings"], "Error: -o names the new catalog, a .xcstrings file"),
    (["Resources", "-o", "N.xcstrings", "--dry-run"], "Error: --dry-run applies to --into"),
    (
      ["Resources", "-o", "N.xcstrings", "--state", "translated"],
      "Error: --state applies to --into"
    ),
    (["Resources", "-o", "N.xcstrings", "--table", "a/b"], "Error: --table is a table name"),
    (["r.zip", "--into", "L.xcstrings", "--force"], "Error: --force applies to -o"),
    (["r.zip", "--into", "L.xcstrings", "--table", "T"], "Error: --table applies to -o"),
    (["r.zip", "--into", "L.strings"], "Error: --into names catalogs (.xcstrings): L.strings"),
    (["r.zip", "L.xcstrings"], "Error: catalogs to update follow --into"),
    (
      ["r.zip", "--into", "a/L.xcstrings", "b/L.xcstrings"],
      "Error: two catalogs compile to the same table 'L'"
    ),
    (
      ["r.zip", "--into", "L.xcstrings", "--state", "new"],
      "Error: unknown state 'new' (expected translated, needs_review)"
    ),
    (
      ["r.zip", "--into", "L.xcstrings", "--catalog-version", "2.0"],
      "Error: unknown catalog version '2.0'"
    ),
    (["fr.xliff", "-o", "N.xcstrings"], "Error: an XLIFF updates existing catalogs"),
    (["fr.xcloc/", "--into", "L.xcstrings", "--skip-unsafe"], "Error: --skip-unsafe applies to"),
  ])
  func usageErrorsExit64(arguments: [String], message: String) {
    let result = Self.run(arguments)
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
    #expect(result.stderr.contains("Usage: lhc import [options] INPUT"))
    #expect(result.stdout.isEmpty)
  }

  @Test func aFileThatIsNeitherZipNorXLIFFIsAUsageError() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("notes.txt")
    try Data("x".utf8).write(to: file)
    let result = Self.run([file.path, "--into", "L.xcstrings"])
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix("Error: cannot tell what '\(file.path)' is"), "\(result.stderr)")
  }
}
