import Foundation
import LHCCommandLine
import LHCTestSupport
import Testing

/// `lhc stats --format json` on every catalog of `../shared/corpus/xcstrings/` and the Xcode 27
/// catalogs Xcode builds: no crash, the
/// invariants the definitions guarantee, and keys and missing counts checked against an
/// independent reading of the catalog with `JSONSerialization`.
@Suite("Corpus stats")
struct CorpusStatsTests {
  static let directory = TestPaths.corpus
  static let catalogs = TestPaths.buildableCatalogs

  /// Runs `lhc stats` in-process and returns the status, the parsed JSON and standard error.
  static func run(_ arguments: [String]) throws -> (Int32, [String: Any], String) {
    let captured = CapturedOutput()
    let console = Console(out: captured.appendOut, error: captured.appendError)
    let status = LHC.main(arguments: ["stats", "--format", "json"] + arguments, console: console)
    let object =
      try JSONSerialization.jsonObject(with: Data(captured.stdout.utf8)) as? [String: Any]
    return (status, object ?? [:], captured.stderr)
  }

  @Test(
    .enabled(if: !catalogs.isEmpty, "../shared/corpus/xcstrings is absent"), arguments: catalogs)
  func invariants(_ name: String) throws {
    let path = Self.directory.appendingPathComponent(name).path
    let (status, object, stderr) = try Self.run([path])
    #expect(status == 0, "\(stderr)")
    #expect(stderr.isEmpty)
    let catalog = try #require((object["catalogs"] as? [[String: Any]])?.first)
    let rows = try #require(catalog["languages"] as? [[String: Any]])

    // The independent reading.
    let raw = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
        as? [String: Any])
    let source = try #require(raw["sourceLanguage"] as? String)
    let entries = (raw["strings"] as? [String: [String: Any]] ?? [:]).values.filter {
      $0["shouldTranslate"] as? Bool != false && $0["extractionState"] as? String != "stale"
    }
    var languages: Set<String> = [source]
    for entry in (raw["strings"] as? [String: [String: Any]] ?? [:]).values {
      languages.formUnion((entry["localizations"] as? [String: Any] ?? [:]).keys)
    }

    #expect(catalog["sourceLanguage"] as? String == source)
    #expect(rows.first?["language"] as? String == source)
    #expect(Set(rows.compactMap { $0["language"] as? String }) == languages)
    #expect(rows.count == languages.count)
    for row in rows {
      let language = try #require(row["language"] as? String)
      let count = { (field: String) in row[field] as? Int ?? -1 }
      // The four buckets partition the keys, the same keys for every language.
      #expect(count("keys") == entries.count, "\(language)")
      #expect(
        count("translated") + count("needsReview") + count("new") + count("missing")
          == count("keys"),
        "\(language)")
      let missing = entries.filter { entry in
        guard let node = (entry["localizations"] as? [String: Any])?[language] else { return true }
        return !Self.containsStringUnit(node)
      }
      #expect(count("missing") == missing.count, "\(language)")
      let plurals = try #require(row["plurals"] as? [String: Int])
      #expect(0 <= plurals["complete"]! && plurals["complete"]! <= plurals["total"]!)
      #expect(plurals["total"]! <= count("keys"))
      let percent = try #require(row["percentComplete"] as? Double)
      let keys = count("keys")
      let expected = keys == 0 ? 100.0 : Double(count("translated") * 1000 / keys) / 10
      #expect(percent == expected, "\(language)")
    }
  }

  @Test(.enabled(if: catalogs.count > 1, "../shared/corpus/xcstrings is absent"))
  func totalsOfTheWholeCorpus() throws {
    let paths = Self.catalogs.map { Self.directory.appendingPathComponent($0).path }
    let (status, object, stderr) = try Self.run(paths)
    #expect(status == 0, "\(stderr)")
    let catalogs = try #require(object["catalogs"] as? [[String: Any]])
    let totals = try #require(
      (object["totals"] as? [String: Any])?["languages"] as? [[String: Any]])
    #expect(catalogs.count == paths.count)
    // Every language of the totals counts every key of every catalog.
    let allKeys = catalogs.map {
      ($0["languages"] as? [[String: Any]])?.first?["keys"] as? Int ?? 0
    }
    .reduce(0, +)
    for row in totals {
      #expect(row["keys"] as? Int == allKeys, "\(row["language"] ?? "")")
    }
  }

  /// True when a localization node has a `stringUnit` anywhere inside it.
  static func containsStringUnit(_ value: Any) -> Bool {
    if let object = value as? [String: Any] {
      return object["stringUnit"] != nil || object.values.contains(where: containsStringUnit)
    }
    if let array = value as? [Any] { return array.contains(where: containsStringUnit) }
    return false
  }
}
