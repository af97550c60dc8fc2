import LHCBase
import StringCatalog
import Testing

@testable import StringTables

/// `CompileOptions.sourceTextLanguage` (the base table of other SDKs' payloads) and the check of
/// language tags that become folder names.
@Suite("Source text and language tags")
struct SourceTextAndTagTests {
  private static func unit(_ value: String?, _ state: UnitState = .translated) -> LocalizationNode {
    LocalizationNode(stringUnit: StringUnit(state: state, value: value))
  }

  private static func entry(
    _ key: String, _ localizations: [(String, LocalizationNode)], offset: Int = 0
  ) -> CatalogEntry {
    CatalogEntry(
      key: key,
      localizations: localizations.enumerated().map { index, pair in
        Localization(language: pair.0, node: pair.1, offset: offset + 10 * (index + 1))
      }, offset: offset)
  }

  /// Keys: translated, `new`, no source localization, a source unit without value, a `new`
  /// plural, no localization at all.
  private static let entries: [CatalogEntry] = [
    entry("a", [("en", unit("A")), ("de", unit("A-de"))]),
    entry("b", [("en", unit("B", .new)), ("de", unit("B-de", .new))]),
    entry("c", [("de", unit("C-de"))]),
    entry("d", [("en", unit(nil))]),
    entry(
      "p",
      [
        (
          "en",
          LocalizationNode(variations: [
            Variation(
              kind: .plural,
              cases: [
                VariationCase(name: "one", node: unit("%lld file", .new)),
                VariationCase(name: "other", node: unit("%lld files", .new)),
              ])
          ])
        )
      ]),
    entry("e", []),
  ]

  private static func compile(_ options: CompileOptions) -> CompileResult {
    var compiler = CatalogCompiler(table: "Localizable", options: options)
    for entry in entries { compiler.add(entry) }
    return compiler.finish()
  }

  @Test func theSourceLanguageHoldsTheSourceTextOfEveryKey() throws {
    let result = Self.compile(CompileOptions(sourceTextLanguage: "en"))
    #expect(result.diagnostics.isEmpty)
    let english = try #require(result.tables.first { $0.language == "en" })
    #expect(english.strings == ["a": "A", "b": "B", "c": "c", "d": "d", "e": "e"])
    #expect(english.rules.keys == ["p"])
    // Other languages keep compile's rules: no `new` unit, no fill-in.
    let german = try #require(result.tables.first { $0.language == "de" })
    #expect(german.strings == ["a": "A-de", "c": "C-de"])
  }

  @Test func withoutTheOptionTheSourceLanguageCompilesAsAnyOther() throws {
    let english = try #require(
      Self.compile(CompileOptions()).tables.first { $0.language == "en" })
    #expect(english.strings == ["a": "A"])
    #expect(english.rules.isEmpty)
  }

  @Test func aLanguageFilterWithoutTheSourceLanguageFillsNothing() {
    let result = Self.compile(CompileOptions(languages: ["de"], sourceTextLanguage: "en"))
    #expect(result.tables.map(\.language) == ["de"])
  }

  /// One error per tag, at its first localization, also across the parts of a large catalog; a
  /// tag of a language not compiled (`-l`) is not a path and not reported.
  @Test func aTagThatCannotBeAFolderNameIsReportedOnce() {
    let hostile = "../../evil"
    var first = CatalogCompiler(table: "Localizable")
    first.add(Self.entry("a", [("en", Self.unit("A")), (hostile, Self.unit("x"))], offset: 100))
    first.add(Self.entry("b", [(hostile, Self.unit("y"))], offset: 200))
    var second = CatalogCompiler(table: "Localizable")
    second.add(Self.entry("c", [(hostile, Self.unit("z")), ("/abs", Self.unit("w"))], offset: 300))
    let result = CatalogCompiler.finish([first, second])
    let message = LanguageTag.pathComponentError(hostile)
    #expect(message != nil)
    #expect(
      result.diagnostics == [
        .error(message ?? "", offset: 120),
        .error(LanguageTag.pathComponentError("/abs") ?? "", offset: 320),
      ])
    var filtered = CatalogCompiler(table: "Localizable", options: CompileOptions(languages: ["en"]))
    filtered.add(Self.entry("a", [("en", Self.unit("A")), (hostile, Self.unit("x"))]))
    #expect(filtered.finish().diagnostics.isEmpty)
  }

  /// The fill-in creates the source language's table, so its tag is checked too, at the first
  /// key that needs it.
  @Test func aHostileSourceLanguageIsReportedWhenItsTableIsFilled() {
    var compiler = CatalogCompiler(
      table: "Localizable", options: CompileOptions(sourceTextLanguage: "../en"))
    compiler.add(Self.entry("k", [("de", Self.unit("K"))], offset: 40))
    #expect(
      compiler.finish().diagnostics == [
        .error(LanguageTag.pathComponentError("../en") ?? "", offset: 40)
      ])
  }
}
