import StringTables
import Testing

@testable import OTAPayloads

@Suite("Payload parts")
struct PayloadPartsTests {
  @Test(arguments: [
    ("pt_br", "pt-BR"), ("zh-hans", "zh-Hans"), ("ZH-hant-hk", "zh-Hant-HK"), ("es-419", "es-419"),
    ("en", "en"),
  ])
  func canonicalTags(tag: String, canonical: String) {
    #expect(LocaleTag.canonical(tag) == canonical)
  }

  @Test func reruneLocales() {
    for tag in ["en", "gsw", "zh-Hans", "zh-Hant-TW", "es-419", "pt-BR"] {
      #expect(LocaleTag.isLanguageScriptRegion(tag), "\(tag)")
    }
    for tag in ["e", "engl", "en-x-private", "en-US-POSIX", "de-CH-1996", "", "en-"] {
      #expect(!LocaleTag.isLanguageScriptRegion(tag), "\(tag)")
    }
  }

  @Test func baseURLLosesTrailingSlashes() throws {
    #expect(try LocaleTag.baseURL("https://cdn.example.com/a//") == "https://cdn.example.com/a")
    #expect(try LocaleTag.baseURL("http://localhost:8080") == "http://localhost:8080")
  }

  @Test func templates() throws {
    let template = try Template("%1$@ and %1$@: 100%% of %2$lld")
    #expect(
      template.rendered(names: template.argumentNames, open: "{", close: "}")
        == "{arg1} and {arg1}: 100% of {arg2}")
    #expect(template.types == [1: .string, 2: .int])
    #expect(throws: Unrepresentable("argument 1 is read as both string and int")) {
      try Template("%1$@ %1$d")
    }
    #expect(throws: Unrepresentable.self) { try Template("%-5d") }
    #expect(throws: Unrepresentable.self) { try Template("%s") }
    #expect(throws: Unrepresentable.self) { try Template("%#@count@") }
  }

  @Test func placeholderNames() {
    #expect(
      PlaceholderNames.names(for: [1, 2], variable: ("count", 1)) == [1: "count", 2: "arg2"])
    #expect(PlaceholderNames.names(for: [1, 2], variable: ("arg2", 1)) == [1: "arg1", 2: "arg2"])
    #expect(PlaceholderNames.names(for: [1], variable: ("Anzahl der Dateien", 1)) == [1: "arg1"])
    #expect(
      PlaceholderNames.names(for: [1], variable: ("total.strings", 1)) == [1: "total.strings"])
  }

  @Test func pluralExpansion() throws {
    let rule = FormatRule(
      formatKey: "%2$@: %1$#@n@!",
      variables: [
        "n": PluralVariable(valueType: "d", forms: ["other": "%1$d", "one": "one", "x": "?"])
      ])
    let plural = try PluralMessage(rule)
    #expect(plural.position == 1)
    #expect(
      plural.forms == [
        PluralForm(category: "one", text: "%2$@: one!"),
        PluralForm(category: "other", text: "%2$@: %1$d!"),
        PluralForm(category: "x", text: "%2$@: ?!"),
      ])
  }
}
