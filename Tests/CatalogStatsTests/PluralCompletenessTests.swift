import CatalogStats
import StringCatalog
import Testing

/// Plurals complete: every category CLDR requires for the language, in every plural variation.
@Suite("Plural completeness")
struct PluralCompletenessTests {
  @Test func pluralsPerLanguage() throws {
    let stats = CatalogStats(try StatsFixtures.catalog("Plurals.xcstrings"))
    #expect(stats.languages.map(\.language) == ["en", "ar", "ja", "ru"])
    #expect(
      stats.languages.map(\.plurals) == [
        // en: "Broken %lld" has no `other`.
        PluralCount(complete: 4, total: 5),
        // ar: only "%lld items" has zero…other; "%lld files" lacks zero/two/few/many.
        PluralCount(complete: 1, total: 5),
        // ja: needs only `other`; a plain string is complete; "Broken %lld" is missing.
        PluralCount(complete: 4, total: 5),
        // ru: "%lld items" `many` has no value; "Subst" lacks `many`; "Only ru %lld" counts
        // (ru has a plural where the source has none); "Broken %lld" is missing.
        PluralCount(complete: 3, total: 6),
      ])
  }

  @Test func statesOfThePluralFixture() throws {
    let stats = CatalogStats(try StatsFixtures.catalog("Plurals.xcstrings"))
    #expect(
      stats.languages.map { [$0.keys, $0.translated, $0.needsReview, $0.new, $0.missing] } == [
        [7, 7, 0, 0, 0], [7, 3, 0, 0, 4], [7, 4, 0, 0, 3], [7, 5, 0, 1, 1],
      ])
    #expect(stats.languages.map(\.percentComplete) == ["100.0", "42.8", "57.1", "71.4"])
  }

  /// A plural with the given case names, each with a translated value.
  func plural(_ language: String, _ names: [String]) -> Localization {
    let cases = names.map {
      VariationCase(
        name: $0, node: LocalizationNode(stringUnit: StringUnit(state: .translated, value: "v")))
    }
    return Localization(
      language: language,
      node: LocalizationNode(variations: [Variation(kind: .plural, cases: cases)]))
  }

  @Test(arguments: [
    ("ru", ["one", "few", "many", "other"], true),
    ("ru", ["one", "other"], false),
    ("ar", ["zero", "one", "two", "few", "many", "other"], true),
    ("ar", ["one", "two", "few", "many", "other"], false),
    ("ja", ["other"], true),
    ("ja", ["one"], false),
    ("en", ["zero", "one", "other"], true),  // extra categories do not matter
    ("pt-BR", ["one", "many", "other"], true),
  ])
  func categories(language: String, names: [String], complete: Bool) {
    #expect(PluralCompleteness.isComplete(plural(language, names), language: language) == complete)
  }

  @Test func plainStringsAndMissingLocalizations() {
    let plain = Localization(
      language: "ja",
      node: LocalizationNode(stringUnit: StringUnit(state: .translated, value: "%lld 件")))
    #expect(PluralCompleteness.isComplete(plain, language: "ja"))
    var russian = plain
    russian.language = "ru"
    #expect(!PluralCompleteness.isComplete(russian, language: "ru"))
    #expect(!PluralCompleteness.isComplete(nil, language: "ja"))
    #expect(!PluralCompleteness.hasPlural(plain))
    #expect(PluralCompleteness.hasPlural(plural("ru", ["other"])))
  }
}
