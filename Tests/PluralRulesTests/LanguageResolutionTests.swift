import PluralRules
import Testing

/// Apple-style language tags resolved to CLDR locale ids.
@Suite("Language resolution")
struct LanguageResolutionTests {
  /// Tag → CLDR locale id: separators, case, script and region fallback, `root` for the unknown.
  @Test(arguments: [
    ("en", "en"), ("en-GB", "en"), ("EN_us", "en"),
    ("pt", "pt"), ("pt-BR", "pt"), ("pt_BR", "pt"), ("pt-PT", "pt_PT"), ("pt_PT", "pt_PT"),
    ("PT-pt", "pt_PT"), ("pt-Latn-PT", "pt_PT"), ("pt-AO", "pt"),
    ("zh", "zh"), ("zh-Hant", "zh"), ("zh-Hans", "zh"), ("zh-Hant-TW", "zh"), ("zh_HK", "zh"),
    ("sr", "sr"), ("sr-Latn", "sr"), ("sr-Latn-RS", "sr"), ("sr-Cyrl", "sr"),
    ("es-419", "es"), ("de-CH-1996", "de"), ("en-US-u-ca-gregory", "en"),
    ("ru_RU@calendar=x", "ru"),
    ("fil", "fil"), ("yue-Hant", "yue"), ("nb", "nb"), ("he", "he"), ("iw", "iw"),
    ("tlh", "root"), ("", "root"), ("und", "root"), ("x-private", "root"), ("-", "root"),
    ("root", "root"), ("1234", "root"),
  ])
  func resolves(tag: String, locale: String) {
    #expect(PluralRules.cldrLocale(for: tag) == locale)
  }

  /// Fallback changes the answer where CLDR says it should: Portugal's `pt_PT` differs from `pt`.
  @Test func portugueseVariants() {
    #expect(PluralRules.category(for: 0, language: "pt-BR") == "one")
    #expect(PluralRules.category(for: 0, language: "pt-PT") == "other")
    #expect(PluralRules.categories(for: "sr-Latn") == ["one", "few", "other"])
    #expect(PluralRules.categories(for: "zh-Hant") == ["other"])
    #expect(PluralRules.categories(for: "tlh") == ["other"])
    #expect(PluralRules.category(for: 1, language: "tlh") == "other")
  }
}
