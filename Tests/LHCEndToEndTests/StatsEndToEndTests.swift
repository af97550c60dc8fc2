import Foundation
import LHCTestSupport
import Testing

/// Runs the built `lhc stats` on the fixtures in `TestData/stats` (from that directory, so the
/// printed paths are the relative ones given).
@Suite("lhc stats, end to end")
struct StatsEndToEndTests {
  static let fixtures = TestPaths.testData.appendingPathComponent("stats")

  func stats(_ arguments: [String]) throws -> ProcessResult {
    try RunLHC.run(["stats"] + arguments, in: Self.fixtures)
  }

  @Test func tableIsTheDefault() throws {
    let result = try stats(["States.xcstrings"])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    #expect(
      result.stdout == """
        States.xcstrings (source language: en)
        language  keys  translated  needs_review  new  missing  complete  plurals
        en           4           4             0    0        0    100.0%      0/0
        de           4           1             1    2        0     25.0%      0/0
        es           4           0             0    0        4      0.0%      0/0
        fr           4           1             1    0        2     25.0%      0/0
        ja           4           1             1    0        2     25.0%      0/0

        """)
    #expect(try stats(["--format", "table", "States.xcstrings"]).stdout == result.stdout)
  }

  @Test func markdownOfOneCatalogHasNoTotals() throws {
    let result = try stats(["--format=markdown", "Plurals.xcstrings"])
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        ### `Plurals.xcstrings`

        Source language: `en`.

        | language | keys | translated | needs_review | new | missing | complete | plurals |
        |:---|---:|---:|---:|---:|---:|---:|---:|
        | en | 7 | 7 | 0 | 0 | 0 | 100.0% | 4/5 |
        | ar | 7 | 3 | 0 | 0 | 4 | 42.8% | 1/5 |
        | ja | 7 | 4 | 0 | 0 | 3 | 57.1% | 4/5 |
        | ru | 7 | 5 | 0 | 1 | 1 | 71.4% | 3/6 |

        """)
  }

  @Test func jsonOfTwoCatalogs() throws {
    let result = try stats(["Plurals.xcstrings", "States.xcstrings", "--format", "json"])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(object.keys.sorted() == ["catalogs", "totals", "version"])
    let catalogs = try #require(object["catalogs"] as? [[String: Any]])
    #expect(catalogs.map { $0["path"] as? String } == ["Plurals.xcstrings", "States.xcstrings"])
    let ru = try #require(
      ((object["totals"] as? [String: Any])?["languages"] as? [[String: Any]])?.last)
    #expect(ru["language"] as? String == "ru")
    #expect(ru["keys"] as? Int == 11)
    #expect(ru["missing"] as? Int == 5)
    #expect(ru["percentComplete"] as? Double == 45.4)
    #expect((ru["plurals"] as? [String: Int]) == ["complete": 3, "total": 6])
    // Byte-deterministic, whatever the run.
    #expect(
      try stats(["Plurals.xcstrings", "States.xcstrings", "--format", "json"]).stdout
        == result.stdout)
  }

  @Test func absolutePathsArePrintedAsGiven() throws {
    let path = Self.fixtures.appendingPathComponent("States.xcstrings").path
    let result = try RunLHC.run(["stats", path])
    #expect(result.stdout.hasPrefix("\(path) (source language: en)\n"))
  }

  @Test func unreadableCatalogFailsAndPrintsNothingOnStandardOutput() throws {
    let result = try stats(["States.xcstrings", "Missing.xcstrings"])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr == "Missing.xcstrings: error: cannot read file: no such file or directory\n")
  }

  @Test func syntaxErrorIsPrintedLikeCompileDoes() throws {
    let result = try stats(["!SyntaxError.xcstrings", "States.xcstrings"])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "!SyntaxError.xcstrings:6:58: error: expected ',' or '}' after object member, found '\"' (de: Hello)\n"
    )
  }

  @Test func directoryIsNotACatalog() throws {
    let result = try RunLHC.run(["stats", Self.fixtures.path])
    #expect(result.status == 1)
    #expect(result.stderr == "\(Self.fixtures.path): error: cannot read file: not a regular file\n")
  }

  @Test(arguments: [
    (["stats"], "Error: missing catalog (.xcstrings)"),
    (
      ["stats", "A.xcstrings", "--format", "xml"],
      "Error: unknown format 'xml' (expected table, json, markdown or html)"
    ),
    (["stats", "A.xcstrings", "--format"], "Error: missing value for '--format'"),
    (["stats", "A.xcstrings", "--bogus"], "Error: unknown option '--bogus'"),
    (
      ["stats", "A.xcstrings", "--format", "json", "--format", "table"],
      "Error: option '--format' given more than once"
    ),
  ])
  func usageErrorsExit64(arguments: [String], message: String) throws {
    let result = try RunLHC.run(arguments)
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix(message + "\nUsage: lhc stats [options] CATALOG.xcstrings...\n"),
      "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  @Test(arguments: [["stats", "--help"], ["help", "stats"], ["stats", "-h", "A.xcstrings"]])
  func help(arguments: [String]) throws {
    let result = try RunLHC.run(arguments)
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("OVERVIEW: Show translation progress per language"))
    #expect(result.stdout.contains("--format FORMAT"))
    #expect(result.stderr.isEmpty)
  }

  @Test func overviewListsStats() throws {
    let result = try RunLHC.run(["--help"])
    #expect(result.stdout.contains("\n  stats         Show translation progress per language"))
  }
}
