import LHCBase
import StringCatalog
import Testing

@testable import CatalogLint

private func unit(_ value: String) -> LocalizationNode {
  LocalizationNode(stringUnit: StringUnit(state: .translated, value: value))
}

private func findings(_ key: String, _ localizations: [(String, LocalizationNode)]) -> [Finding] {
  let entry = CatalogEntry(
    key: key, localizations: localizations.map { Localization(language: $0.0, node: $0.1) })
  return Linter.lint(Catalog(sourceLanguage: "en", version: "1.0", entries: [entry]))
}

private func checks(_ key: String, _ localizations: [(String, LocalizationNode)]) -> [String] {
  findings(key, localizations).map(\.check)
}

/// `format-argument-order` and `format-mixed-positions`: what they report, what they leave to
/// other checks, and what they cannot see.
@Suite("Lint: argument order and positions")
struct ArgumentOrderTests {
  static let source = ("en", unit("%@ has %lld points"))

  @Test func reorderingWithPositionsIsRight() {
    // Xcode's own fixture `inline_text`: `Label %@ %lld` → `Etiquette %2$lld %1$@`.
    #expect(checks("k", [Self.source, ("fr", unit("%2$lld points pour %1$@"))]) == [])
    #expect(
      checks("k", [("en", unit("Label %@ %lld")), ("fr", unit("Etiquette %2$lld %1$@"))]) == [])
  }

  @Test func reorderingWithoutPositionsIsOneFinding() {
    let found = findings("k", [Self.source, ("de", unit("%lld Punkte hat %@"))])
    #expect(found.map(\.check) == ["format-argument-order"])
    #expect(found.first?.diagnostic.message.hasSuffix("write '%2$lld', '%1$@'") == true)
  }

  @Test func theSuggestionKeepsFlagsWidthAndPrecision() {
    let found = findings(
      "k", [("en", unit("%@ weighs %.1f kg")), ("de", unit("%-8.1f kg wiegt %@"))])
    #expect(found.map(\.check) == ["format-argument-order"])
    #expect(found.first?.diagnostic.message.hasSuffix("write '%2$-8.1f', '%1$@'") == true)
  }

  @Test func otherTypeMismatchesAreNotAnOrder() {
    // Not a permutation of the source's classes: a plain type mismatch.
    #expect(
      checks("k", [Self.source, ("de", unit("%@ hat %@ Punkte"))]) == ["format-argument-type"])
    // Fewer arguments than the source: compared position by position as before.
    #expect(
      checks("k", [Self.source, ("de", unit("%lld Punkte"))]).contains("format-argument-type"))
  }

  @Test func argumentsOfOneClassInAnotherOrderCannotBeSeen() {
    #expect(checks("k", [("en", unit("%@ sent %@")), ("de", unit("%@ von %@"))]) == [])
  }

  /// Apple's formatter numbers the non-positional specifiers apart from the positional ones
  /// (swift-corelibs-foundation's CFString does the same: `%2$@ %d` reads argument 1 for `%d`),
  /// so a mix is compared as it reads: a warning, and the arguments still checked.
  @Test func mixingPositionsIsReportedInEveryLanguageOnce() {
    #expect(checks("k", [("en", unit("%1$@ sent %@"))]) == ["format-mixed-positions"])
    // Even where the fast path would see the same arguments as the source's.
    #expect(
      checks("k", [("en", unit("%lld by %@")), ("de", unit("%2$@ hat %lld"))])
        == ["format-mixed-positions"])
    // Read as Apple reads it, the non-positional `%@` is argument 1: the number, misread.
    #expect(
      checks("k", [("en", unit("%lld by %@")), ("de", unit("%2$@ von %@"))])
        == ["format-argument-type", "format-mixed-positions"])
    // A `*N$` width is positional too.
    #expect(
      checks("k", [("en", unit("%lld %lld")), ("de", unit("%*1$lld %lld"))]).contains(
        "format-mixed-positions"))
  }

  @Test func substitutionReferencesAndArgAreNotMixing() {
    // `%#@name@` is positioned by the substitution's argNum; `%arg` by the substitution.
    let node = LocalizationNode(
      stringUnit: StringUnit(state: .translated, value: "%1$@ has %#@files@"),
      substitutions: [
        Substitution(
          name: "files", argNum: 2, formatSpecifier: "lld",
          variations: [
            Variation(
              kind: .plural,
              cases: [
                VariationCase(name: "one", node: unit("%arg file of %1$@")),
                VariationCase(name: "other", node: unit("%arg files of %1$@")),
              ])
          ])
      ])
    #expect(checks("k", [("en", node)]) == [])
  }

  @Test func findingsKnowTheirVariationPath() {
    let variation = Variation(
      kind: .plural,
      cases: [
        VariationCase(
          name: "one",
          node: LocalizationNode(
            stringUnit: StringUnit(state: .translated, value: "%1$@ %@", offset: 40), offset: 30),
          offset: 20),
        VariationCase(
          name: "other",
          node: LocalizationNode(
            stringUnit: StringUnit(state: .translated, value: "%lld", offset: 70), offset: 60),
          offset: 50),
      ], offset: 10)
    let found = findings("%lld", [("en", LocalizationNode(variations: [variation], offset: 5))])
    #expect(found.map(\.check) == ["format-argument-type", "format-mixed-positions"])
    #expect(found.allSatisfy { $0.variationPath == "plural.one" })
    let paths = VariationPaths(LocalizationNode(variations: [variation], offset: 5))
    #expect(paths[10] == "plural")
    #expect(paths[70] == "plural.other")
    #expect(paths[5] == nil)
  }
}
