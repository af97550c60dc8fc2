import LHCBase
import StringCatalog
import Testing

@testable import CatalogLint

private func unit(_ value: String, _ state: UnitState = .translated) -> LocalizationNode {
  LocalizationNode(stringUnit: StringUnit(state: state, value: value))
}

private func plural(_ forms: [(String, String)]) -> LocalizationNode {
  LocalizationNode(variations: [
    Variation(kind: .plural, cases: forms.map { VariationCase(name: $0.0, node: unit($0.1)) })
  ])
}

private func lint(_ key: String, _ localizations: [(String, LocalizationNode)]) -> [String] {
  let entry = CatalogEntry(
    key: key, localizations: localizations.map { Localization(language: $0.0, node: $0.1) })
  return Linter.lint(Catalog(sourceLanguage: "en", version: "1.0", entries: [entry])).map(\.check)
}

/// The documented decisions: what is deliberately not reported.
@Suite("Lint decisions")
struct LintDecisionTests {
  @Test func cleanFixtureHasNoFindings() throws {
    #expect(try lintFixture("clean") == [])
  }

  @Test func integersOfDifferentWidthAreCompatible() {
    #expect(lint("%lld items", [("en", unit("%lld items")), ("de", unit("%d Dinge"))]) == [])
    #expect(lint("%lld items", [("en", unit("%lld items")), ("de", unit("%lu Dinge"))]) == [])
    #expect(
      lint("%lld items", [("en", unit("%lld items")), ("de", unit("%f Dinge"))]) == [
        "format-argument-type"
      ])
  }

  @Test func zeroIsAllowedInEveryLanguage() {
    #expect(
      lint("%lld", [("en", plural([("zero", "none"), ("one", "one"), ("other", "%lld")]))]) == [])
    #expect(
      lint("%lld", [("en", plural([("two", "two"), ("one", "one"), ("other", "%lld")]))])
        == ["plural-unused-category"])
  }

  @Test func aPluralFormMayLeaveOutTheCountButNotAnotherArgument() {
    let source = ("en", plural([("one", "%lld file in %@"), ("other", "%lld files in %@")]))
    #expect(
      lint(
        "k",
        [source, ("de", plural([("one", "Eine Datei in %2$@"), ("other", "%lld Dateien in %@")]))])
        == [])
    #expect(
      lint(
        "k",
        [source, ("de", plural([("one", "Eine Datei in %@"), ("other", "%lld Dateien in %@")]))])
        == ["format-argument-type", "format-argument-missing"].sorted())
  }

  /// Each width case is checked like any other case: against the same width of the source, or
  /// against a plain source value, which stands for every width.
  @Test func widthCasesAreCheckedLikeOtherCases() {
    func widths(_ forms: [(String, LocalizationNode)]) -> LocalizationNode {
      LocalizationNode(variations: [
        Variation(kind: .width, cases: forms.map { VariationCase(name: $0.0, node: $0.1) })
      ])
    }
    let source = widths([("20", unit("%lld msgs")), ("70", unit("%lld messages"))])
    #expect(
      lint(
        "k",
        [
          ("en", source),
          ("de", widths([("20", unit("%lld Nachr.")), ("70", unit("%@ Nachrichten"))])),
        ]) == ["format-argument-type"])
    #expect(
      lint("k", [("en", unit("%lld messages")), ("de", widths([("20", unit("%f Nachr."))]))])
        == ["format-argument-type"])
    #expect(
      lint("k", [("en", source), ("de", widths([("20", plural([("one", "%lld Nachricht")]))]))])
        == ["plural-missing-other"])
  }

  @Test func aKeyWithoutSourceValueIsItsOwnSourceText() {
    #expect(lint("%@ and %@", [("de", unit("%@ und %lld"))]) == ["format-argument-type"])
  }

  @Test func keyArgumentsCountAsPassed() {
    #expect(lint("starred %lld", [("en", unit("starred")), ("de", unit("%lld Sterne"))]) == [])
  }

  @Test func findingsAreDeterministic() throws {
    let first = try lintFixture("!plural-missing-category")
    for _ in 0..<5 { #expect(try lintFixture("!plural-missing-category") == first) }
  }
}

/// The spelled-out whitespace set of the text checks against the Unicode data of the toolchain.
@Test func whitespaceSetMatchesUnicodeData() {
  for value in UInt32(0)...0x10FFFF {
    guard let scalar = Unicode.Scalar(value) else { continue }
    #expect(
      LocalizationLinter.isWhitespace(scalar) == scalar.properties.isWhitespace,
      "U+\(String(value, radix: 16, uppercase: true))")
    if LocalizationLinter.isWhitespace(scalar) {
      #expect(LocalizationLinter.mayStartWhitespace(String(scalar).utf8.first!))
    }
  }
}

/// The word-at-a-time scan for control characters and 0xEF agrees with a byte-by-byte one, at
/// every position and next to bytes that trip its false alarms (0x20, 0xF0, 0x00 borrows).
@Test func suspiciousCharacterScanAgreesWithBytes() {
  let pieces = ["a", "é", "\u{1}", "\t", "\n", "\r", " ", "\u{FFFE}", "！", "𝄞", "\u{1F}", "\u{0}"]
  var state: UInt64 = 7
  for _ in 0..<4000 {
    var text = ""
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    for shift in stride(from: 0, to: Int(state >> 60) * 4, by: 1) {
      let pick = Int((state >> UInt64(shift % 60)) & 0xFF)
      text += pick < 200 ? "x" : pieces[pick % pieces.count]
    }
    let expected = text.utf8.contains {
      ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D) || $0 == 0xEF
    }
    #expect(LocalizationLinter.hasSuspiciousCharacters(text) == expected, "\(Array(text.utf8))")
  }
}
