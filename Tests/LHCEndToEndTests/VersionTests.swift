import Foundation
import LHCCommandLine
import LHCTestSupport
import Testing

/// One version, in one place: the `VERSION` file at the repository root. `make version` copies it
/// into `LHC.version`, the man pages' `.TH` footers and `MODULE.bazel`; these tests fail when one of
/// them (or what the binaries answer) differs, so they cannot drift.
@Suite("One version")
struct VersionTests {
  static let root = TestPaths.packageRoot

  static func versionFile() throws -> String {
    let text = try String(
      contentsOf: root.appendingPathComponent("VERSION"), encoding: .utf8)
    return text.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test func versionFileHoldsOneSemanticVersion() throws {
    let version = try Self.versionFile()
    let parts = version.split(separator: ".", omittingEmptySubsequences: false)
    #expect(
      parts.count == 3 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) },
      "\(version)")
  }

  @Test func swiftConstantIsTheVersionFile() throws {
    #expect(LHC.version == (try Self.versionFile()), "run `make version` after changing VERSION")
  }

  @Test func lhcAndLHCFetchAnswerTheVersion() throws {
    let version = try Self.versionFile()
    let lhc = try RunLHC.run(["--version"])
    #expect(lhc.status == 0 && lhc.stderr.isEmpty)
    #expect(lhc.stdout == "lhc \(version)\n")
    let helper = RunLHC.binary.deletingLastPathComponent().appendingPathComponent("lhc-fetch")
    let fetch = try runProcess(helper, ["--version"])
    #expect(fetch.status == 0 && fetch.stderr.isEmpty)
    #expect(fetch.stdout == "lhc-fetch \(version)\n")
  }

  @Test func everyManPageFooterNamesTheVersion() throws {
    let version = try Self.versionFile()
    let folder = Self.root.appendingPathComponent("man")
    let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".1") }.sorted()
    #expect(pages.count >= 14, "\(pages)")
    for page in pages {
      let text = try String(contentsOf: folder.appendingPathComponent(page), encoding: .utf8)
      let header = text.split(separator: "\n").first { $0.hasPrefix(".TH ") }
      #expect(
        header?.contains("\"lhc \(version)\"") == true,
        "\(page): \(header ?? "no .TH line") — run `make version`")
    }
  }

  @Test func bazelModuleHasTheVersion() throws {
    let version = try Self.versionFile()
    let module = try String(
      contentsOf: Self.root.appendingPathComponent("MODULE.bazel"), encoding: .utf8)
    #expect(module.contains("module(name = \"lhc\", version = \"\(version)\")"))
  }
}
