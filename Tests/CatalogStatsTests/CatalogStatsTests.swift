import CatalogStats
import Foundation
import LHCBase
import LHCTestSupport
import StringCatalog
import Testing

/// The counting: languages, keys, the four state buckets, percentages.
@Suite("Catalog stats")
struct CatalogStatsTests {
  @Test func languagesAreTheSourceFirstThenSorted() throws {
    let stats = CatalogStats(try StatsFixtures.catalog("States.xcstrings"))
    #expect(stats.sourceLanguage == "en")
    // `es` only occurs in a stale entry: it is listed, with every key missing.
    #expect(stats.languages.map(\.language) == ["en", "de", "es", "fr", "ja"])
  }

  @Test func statesFallInExactlyOneBucket() throws {
    let stats = CatalogStats(try StatsFixtures.catalog("States.xcstrings"))
    // Keys: Bye, Hello, NoValue, Weird (DontTranslate is shouldTranslate:false, Removed is stale).
    #expect(
      stats.languages == [
        LanguageStats(language: "en", keys: 4, translated: 4),
        // Hello translated; Bye new; NoValue has no value (new); Weird has an unknown state.
        LanguageStats(language: "de", keys: 4, translated: 1, needsReview: 1, new: 2),
        LanguageStats(language: "es", keys: 4, missing: 4),
        // Hello needs_review; Bye translated; NoValue is an empty localization; Weird has none.
        LanguageStats(language: "fr", keys: 4, translated: 1, needsReview: 1, missing: 2),
        // Hello machine_translated; NoValue stale (needs review); Bye and Weird missing.
        LanguageStats(language: "ja", keys: 4, translated: 1, needsReview: 1, missing: 2),
      ])
  }

  /// The source language is complete by its nature: a key without a source unit (its text is the
  /// key), with units Xcode's sync left `new`, marked `needs_review`, without a value or empty,
  /// counts as translated there; the same localizations in another language do not. Plural
  /// completeness is unchanged: the source's plural lacks English `one`.
  @Test func everyKeyIsTranslatedInTheSourceLanguage() throws {
    let stats = CatalogStats(try StatsFixtures.catalog("SourceLanguage.xcstrings"))
    #expect(
      stats.languages == [
        LanguageStats(
          language: "en", keys: 7, translated: 7, plurals: PluralCount(complete: 0, total: 1)),
        // Translated; Review; %lld items, New and NoValue new; Cancel and Empty missing.
        LanguageStats(
          language: "de", keys: 7, translated: 1, needsReview: 1, new: 3, missing: 2,
          plurals: PluralCount(complete: 0, total: 1)),
      ])
    // Counted for another list of languages, the source language's row is the same.
    let again = CatalogStats(
      try StatsFixtures.catalog("SourceLanguage.xcstrings"), languages: ["fr", "en"])
    #expect(
      again.languages == [
        LanguageStats(language: "fr", keys: 7, missing: 7, plurals: PluralCount(total: 1)),
        stats.languages[0],
      ])
  }

  @Test func bucketsPartitionTheKeys() throws {
    for name in ["States.xcstrings", "Plurals.xcstrings", "SourceLanguage.xcstrings"] {
      for row in CatalogStats(try StatsFixtures.catalog(name)).languages {
        #expect(row.translated + row.needsReview + row.new + row.missing == row.keys)
        #expect(row.plurals.complete <= row.plurals.total && row.plurals.total <= row.keys)
      }
    }
  }

  @Test func shouldTranslateFalseAndStaleEntriesAreNotKeys() throws {
    let catalog = try StatsFixtures.catalog("States.xcstrings")
    let excluded = catalog.entries.filter { !CatalogStats.counts($0) }.map(\.key)
    #expect(excluded == ["DontTranslate", "Removed"])
  }

  @Test(arguments: [
    ("translated", KeyStatus.translated), ("machine_translated", .translated),
    ("needs_review", .needsReview), ("stale", .needsReview), ("someday", .needsReview),
    ("new", .new),
  ])
  func unitState(state: String, expected: KeyStatus) {
    let unit = StringUnit(state: UnitState(rawValue: state), value: "v")
    #expect(
      KeyStatus(Localization(language: "de", node: LocalizationNode(stringUnit: unit))) == expected)
  }

  @Test func variationsAreClassifiedByTheirWorstUnit() {
    func plural(_ states: [UnitState]) -> Localization {
      let cases = states.enumerated().map { index, state in
        VariationCase(
          name: ["one", "other", "few"][index],
          node: LocalizationNode(stringUnit: StringUnit(state: state, value: "v")))
      }
      return Localization(
        language: "ru", node: LocalizationNode(variations: [Variation(kind: .plural, cases: cases)])
      )
    }
    #expect(KeyStatus(plural([.translated, .translated])) == .translated)
    #expect(KeyStatus(plural([.translated, .needsReview])) == .needsReview)
    #expect(KeyStatus(plural([.needsReview, .new, .translated])) == .new)
    #expect(KeyStatus(plural([])) == .missing)
    #expect(KeyStatus(nil) == .missing)
  }

  /// App Shortcuts phrases (`stringSet`) count like string units: by state, and as `new` when
  /// the set has no phrase (in the source language every key is translated).
  @Test func stringSetsAreCounted() throws {
    let path = TestPaths.testData.appendingPathComponent("catalogs/AppShortcuts.xcstrings").path
    let stats = CatalogStats(try CatalogReader.read(SourceText(contentsOf: path)).catalog)
    #expect(
      StatsFixtures.row(stats, "en") == LanguageStats(language: "en", keys: 2, translated: 2))
    #expect(
      StatsFixtures.row(stats, "de") == LanguageStats(language: "de", keys: 2, translated: 2))
    #expect(
      StatsFixtures.row(stats, "ja")
        == LanguageStats(language: "ja", keys: 2, new: 1, missing: 1))
  }

  @Test func percentCompleteIsRoundedDownToOneDecimal() {
    #expect(LanguageStats(language: "x", keys: 7, translated: 3).percentComplete == "42.8")
    #expect(LanguageStats(language: "x", keys: 10000, translated: 9999).percentComplete == "99.9")
    #expect(LanguageStats(language: "x", keys: 8, translated: 8).percentComplete == "100.0")
    #expect(LanguageStats(language: "x", keys: 3, translated: 0).percentComplete == "0.0")
    #expect(LanguageStats(language: "x").percentComplete == "100.0")  // no keys: nothing to do
  }

  @Test func emptyCatalogHasOnlyTheSourceLanguage() throws {
    let catalog = try StatsFixtures.catalog(
      json: #"{"sourceLanguage":"fr","strings":{},"version":"1.0"}"#)
    #expect(CatalogStats(catalog).languages == [LanguageStats(language: "fr")])
  }

  @Test func totalsCountALanguageACatalogLacksAsMissing() throws {
    let states = try StatsFixtures.catalog("States.xcstrings")
    let plurals = try StatsFixtures.catalog("Plurals.xcstrings")
    let all = ["en", "ar", "de", "es", "fr", "ja", "ru"]
    let totals = CatalogStats.totals([
      CatalogStats(states, languages: all), CatalogStats(plurals, languages: all),
    ])
    #expect(totals.map(\.language) == all)
    #expect(
      totals.first { $0.language == "de" }
        == LanguageStats(
          language: "de", keys: 11, translated: 1, needsReview: 1, new: 2, missing: 7,
          plurals: PluralCount(complete: 0, total: 5)))
    for row in totals {
      #expect(row.keys == 11)
      #expect(row.translated + row.needsReview + row.new + row.missing == row.keys)
    }
  }
}

/// The counting walks each entry once; these compare it with the definition read literally (per
/// language, each entry's localization for it looked up) on every corpus catalog, with languages
/// the catalog lacks and a language listed twice.
@Suite("Catalog stats against the definition")
struct CatalogStatsDefinitionTests {
  static let directory = TestPaths.corpusCatalogFolder
  static let catalogs = TestPaths.corpusCatalogNames

  /// Per language, every counted entry's localization looked up and counted.
  static func definition(_ catalog: Catalog, languages: [String]) -> [LanguageStats] {
    languages.map { language in
      var row = LanguageStats(language: language)
      for entry in catalog.entries where CatalogStats.counts(entry) {
        let localization = entry.localization(for: language)
        row.add(
          language == catalog.sourceLanguage ? CatalogStats.sourceStatus : KeyStatus(localization))
        let source = entry.localization(for: catalog.sourceLanguage)
        if PluralCompleteness.hasPlural(source) || PluralCompleteness.hasPlural(localization) {
          row.plurals.total += 1
          if PluralCompleteness.isComplete(localization, language: language) {
            row.plurals.complete += 1
          }
        }
      }
      return row
    }
  }

  @Test(
    .enabled(if: !catalogs.isEmpty, "../shared/corpus/xcstrings is absent"), arguments: catalogs)
  func sameCountsAsTheDefinition(_ name: String) throws {
    let source = try SourceText(contentsOf: Self.directory.appendingPathComponent(name).path)
    let catalog = try CatalogReader.read(source).catalog
    let own = CatalogStats.languages(of: catalog)
    #expect(CatalogStats(catalog).languages == Self.definition(catalog, languages: own))
    let more = own + ["xx-absent", own[own.count / 2], "ar"]
    #expect(
      CatalogStats(catalog, languages: more).languages
        == Self.definition(catalog, languages: more))
  }
}
