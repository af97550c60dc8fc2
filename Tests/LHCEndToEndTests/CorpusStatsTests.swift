import Foundation
import LHCCommandLine
import LHCTestSupport
import Testing

/// `lhc stats --format json` on every catalog of `../shared/corpus/xcstrings/`, the Xcode 27
/// catalogs Xcode builds and the catalogs of real apps (`apps/`, `extraction/`): no crash, the invariants the
/// definitions guarantee, and every bucket checked against an independent reading of the catalog
/// with `JSONSerialization` (the source language: every key translated).
@Suite("Corpus stats")
struct CorpusStatsTests {
  static let directory = TestPaths.corpus
  static let catalogs = TestPaths.buildableCatalogs + appCatalogs

  /// The catalogs of the apps Xcode synced (`apps/<owner>__<repo>/…`, `extraction/…`), relative
  /// to the corpus.
  static let appCatalogs: [String] = ["apps", "extraction"].flatMap { folder in
    let root = TestPaths.corpus.appendingPathComponent(folder)
    let found = (try? FileManager.default.subpathsOfDirectory(atPath: root.path)) ?? []
    return found.filter { $0.hasSuffix(".xcstrings") }.map { "\(folder)/\($0)" }.sorted()
  }

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
    #expect(rows.first?["percentComplete"] as? Double == 100.0, "the source language")
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
      // Each key's bucket, read from the JSON: the source language is complete by its nature.
      var buckets = ["translated": 0, "needsReview": 0, "new": 0, "missing": 0]
      for entry in entries {
        let node = (entry["localizations"] as? [String: Any])?[language]
        buckets[language == source ? "translated" : Self.bucket(node), default: 0] += 1
      }
      for (bucket, expected) in buckets {
        #expect(count(bucket) == expected, "\(language) \(bucket)")
      }
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

  /// The bucket of a localization in a language other than the source: `missing` without a
  /// string unit or set; else by the worst unit (`new`: state `new` or no value; `needsReview`:
  /// any state but `translated` and `machine_translated`).
  static func bucket(_ localization: Any?) -> String {
    var units: [(state: String, hasValue: Bool)] = []
    func visit(_ node: [String: Any]) {
      if let unit = node["stringUnit"] as? [String: Any] {
        units.append((unit["state"] as? String ?? "", unit["value"] != nil))
      }
      if let set = node["stringSet"] as? [String: Any] {
        units.append((set["state"] as? String ?? "", !(set["values"] as? [Any] ?? []).isEmpty))
      }
      var variations = Array((node["variations"] as? [String: Any] ?? [:]).values)
      for substitution in (node["substitutions"] as? [String: Any] ?? [:]).values {
        variations +=
          ((substitution as? [String: Any])?["variations"] as? [String: Any] ?? [:])
          .values
      }
      for cases in variations {
        for child in (cases as? [String: Any] ?? [:]).values {
          if let child = child as? [String: Any] { visit(child) }
        }
      }
    }
    if let node = localization as? [String: Any] { visit(node) }
    if units.isEmpty { return "missing" }
    if units.contains(where: { !$0.hasValue || $0.state == "new" }) { return "new" }
    let shipped: Set<String> = ["translated", "machine_translated"]
    return units.allSatisfy { shipped.contains($0.state) } ? "translated" : "needsReview"
  }
}
