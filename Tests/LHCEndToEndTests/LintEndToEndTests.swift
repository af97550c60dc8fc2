import Foundation
import LHCTestSupport
import Testing

/// Runs the built `lhc lint` on fixtures of `TestData/lint`: every format byte for byte, exit
/// statuses, usage errors; and the whole corpus against a golden summary.
@Suite("lhc lint, end to end")
struct LintEndToEndTests {
  static let fixtures = TestPaths.testData.appendingPathComponent("lint")
  static let typePath = fixtures.appendingPathComponent("!format-argument-type.xcstrings").path
  static let plainPath = fixtures.appendingPathComponent("!whitespace-mismatch.xcstrings").path

  @Test func xcodeFormat() throws {
    let result = try RunLHC.run(["lint", "--format", "xcode", Self.typePath, Self.plainPath])
    #expect(result.status == 1)
    #expect(
      result.stdout == """
        \(Self.typePath):13:26: error: Format argument 1 is '%@' (object) but '%lld' (integer) in en; reading an integer as an object crashes or prints garbage at runtime (de: %lld points) [format-argument-type]
        \(Self.plainPath):13:26: warning: Trailing whitespace "" differs from the en value's " "; text placed next to it gains or loses a space or line break (de: Name: ) [whitespace-mismatch]

        """)
    #expect(result.stderr == "")
  }

  @Test func githubFormatEscapesProperties() throws {
    let result = try RunLHC.run(["lint", "--format", "github", Self.typePath])
    #expect(
      result.stdout
        == "::error file=\(Self.typePath),line=13,col=26,title=lhc format-argument-type::Format argument 1 is '%25@' (object) but '%25lld' (integer) in en; reading an integer as an object crashes or prints garbage at runtime (de: %25lld points)\n"
    )
  }

  @Test func textFormat() throws {
    let result = try RunLHC.run(["lint", Self.plainPath])
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        \(Self.plainPath)
          "Name: "
            13:26 warning: de: Trailing whitespace "" differs from the en value's " "; text placed next to it gains or loses a space or line break [whitespace-mismatch]
        0 errors, 1 warning in 1 catalog

        """)
  }

  @Test func jsonFormatIsStableAndParses() throws {
    let result = try RunLHC.run(["lint", "--format", "json", Self.typePath])
    #expect(
      result.stdout == """
        {
          "files" : [
            {
              "findings" : [
                {
                  "column" : 26,
                  "id" : "format-argument-type",
                  "key" : "%lld points",
                  "language" : "de",
                  "line" : 13,
                  "message" : "Format argument 1 is '%@' (object) but '%lld' (integer) in en; reading an integer as an object crashes or prints garbage at runtime",
                  "severity" : "error"
                }
              ],
              "path" : "\(Self.typePath)"
            }
          ],
          "summary" : {
            "errors" : 1,
            "warnings" : 0
          },
          "version" : 1
        }

        """)
    let again = try RunLHC.run(["lint", "--format", "json", Self.typePath])
    #expect(again.stdout == result.stdout)
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    #expect(object?["version"] as? Int == 1)
  }

  @Test func exitStatuses() throws {
    #expect(try RunLHC.run(["lint", Self.plainPath]).status == 0)
    #expect(try RunLHC.run(["lint", "--warnings-as-errors", Self.plainPath]).status == 1)
    #expect(
      try RunLHC.run(["lint", "--disable", "format-argument-type", Self.typePath]).status == 0)
    let clean = Self.fixtures.appendingPathComponent("clean.xcstrings").path
    #expect(try RunLHC.run(["lint", "--warnings-as-errors", clean]).status == 0)
    let missing = try RunLHC.run(["lint", "/nonexistent/x.xcstrings"])
    #expect(missing.status == 1)
    #expect(missing.stderr.hasPrefix("/nonexistent/x.xcstrings: error: cannot read file"))
  }

  /// The root's shape skips `strings` from the last entry the reader read; with two `strings`
  /// (a reader warning) that entry is in the second, and an entry between them is still found.
  @Test func entryBetweenTwoStringsIsReported() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let catalog = directory.appendingPathComponent("Two.xcstrings")
    let unit = #"{ "localizations" : { "de" : { "stringUnit" : { "value" : "x" } } } }"#
    try """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "A" : \(unit)
      },
      "Cancel" : \(unit),
      "strings" : {
        "B" : \(unit)
      },
      "version" : "1.0"
    }

    """.write(to: catalog, atomically: true, encoding: .utf8)
    let result = try RunLHC.run(["lint", "--format", "xcode", catalog.path])
    #expect(result.status == 1)
    #expect(
      result.stdout == """
        \(catalog.path):6:3: error: 'Cancel' is an entry outside 'strings'; it is not compiled, so the app shows its key instead of a translation (Cancel) [catalog-root-shape]
        \(catalog.path):7:3: warning: duplicate key 'strings' [catalog-reader]

        """)
  }

  @Test func unknownCheckIsAUsageErrorListingTheIDs() throws {
    let result = try RunLHC.run(["lint", "--disable", "no-such-check", Self.plainPath])
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix(
        "Error: unknown check 'no-such-check' for --disable; valid ids: catalog-reader, catalog-version, catalog-root-shape, plural-missing-other,"
      ))
    #expect(try RunLHC.run(["lint", "--format", "yaml", Self.plainPath]).status == 64)
    #expect(try RunLHC.run(["lint"]).status == 64)
  }

  @Test func helpListsEveryCheck() throws {
    let result = try RunLHC.run(["lint", "--help"])
    #expect(result.status == 0)
    for check in ["plural-missing-category", "format-argument-type", "line-count-mismatch"] {
      #expect(result.stdout.contains("\n  \(check) "), "\(check)")
    }
  }

  // MARK: Corpus

  /// Paths relative to the corpus: `xcstrings/…` and the Xcode 27 catalogs Xcode builds.
  static let corpusCatalogs = TestPaths.buildableCatalogs

  /// Lints the whole corpus and compares `file: id count` lines with `TestData/lint/corpus-summary.txt`
  /// (recorded when missing, which fails the test: review the new file by eye).
  @Test(.enabled(if: !corpusCatalogs.isEmpty)) func corpusSummaryMatchesGolden() throws {
    var lines: [String] = []
    for path in Self.corpusCatalogs {
      let url = TestPaths.corpus.appendingPathComponent(path)
      let label = TestPaths.label(ofCorpusCatalog: path)
      let result = try RunLHC.run(["lint", "--format", "json", url.path])
      #expect(
        result.status == 0 || result.status == 1, "\(label): \(result.stderr)")
      #expect(result.stderr == "", "\(label)")
      let object =
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
      let files = object?["files"] as? [[String: Any]] ?? []
      var counts: [String: Int] = [:]
      for finding in files.flatMap({ $0["findings"] as? [[String: Any]] ?? [] }) {
        counts[finding["id"] as? String ?? "?", default: 0] += 1
      }
      for (id, count) in counts.sorted(by: { $0.key < $1.key }) {
        lines.append("\(label): \(id) \(count)")
      }
    }
    let summary = lines.sorted().joined(separator: "\n") + "\n"
    let golden = Self.fixtures.appendingPathComponent("corpus-summary.txt")
    guard let expected = try? String(contentsOf: golden, encoding: .utf8) else {
      try summary.write(to: golden, atomically: true, encoding: .utf8)
      Issue.record("recorded \(golden.path); review it and run again")
      return
    }
    #expect(summary == expected)
  }
}
