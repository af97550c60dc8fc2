import LHCBase
import StringCatalog
import Testing

@testable import PseudoLocalization

/// Pseudo localizations derived from entries, and the `--pseudo` names.
@Suite("Pseudo localizer")
struct PseudoLocalizerTests {
  private let localizer = PseudoLocalizer(languages: PseudoLanguage.standard, sourceLanguage: "en")

  private func unit(_ value: String?, _ state: UnitState = .translated, at offset: Int = 0)
    -> LocalizationNode
  {
    LocalizationNode(stringUnit: StringUnit(state: state, value: value, offset: offset))
  }

  private func plural(_ forms: [(String, String)]) -> Variation {
    Variation(kind: .plural, cases: forms.map { VariationCase(name: $0.0, node: unit($0.1)) })
  }

  @Test func structureIsKeptAndEachFormTransformed() throws {
    let device = Variation(
      kind: .device,
      cases: [
        VariationCase(name: "mac", node: unit("Click")),
        VariationCase(
          name: "other", node: LocalizationNode(variations: [plural([("other", "%lld taps")])])),
      ])
    let substitution = Substitution(
      name: "files", argNum: 2, formatSpecifier: "lld",
      variations: [plural([("one", "%arg file"), ("other", "%arg files")])], offset: 40)
    let entry = CatalogEntry(
      key: "k",
      localizations: [
        Localization(language: "en", node: LocalizationNode(variations: [device]), offset: 7),
        Localization(
          language: "de",
          node: LocalizationNode(
            stringUnit: StringUnit(state: .new, value: "%@ hat %#@files@", offset: 30),
            substitutions: [substitution]), offset: 20),
      ])
    // The second localization is German: nothing is derived from it.
    let pseudo = localizer.localize(entry).localizations.dropFirst(2)
    #expect(pseudo.map(\.language) == ["en-XA", "ar-XB"])
    let accented = try #require(pseudo.first)
    #expect(accented.offset == 7)
    let cases = try #require(accented.node.variations.first).cases
    #expect(cases.map(\.name) == ["mac", "other"])
    #expect(cases[0].node.stringUnit?.value == "[Çļîçķ öñé]")
    #expect(
      cases[1].node.variations.first?.cases.first?.node.stringUnit?.value == "[%lld ţåþš öñé]")

    let source = Localization(language: "en", node: entry.localizations[1].node, offset: 20)
    let withSubstitution = localizer.localize(CatalogEntry(key: "k", localizations: [source]))
    let node = try #require(withSubstitution.localizations.first { $0.language == "en-XA" }?.node)
    // A `new` source unit gives a `translated` pseudo unit; substitution forms get no brackets.
    #expect(node.stringUnit?.state == .translated)
    #expect(node.stringUnit?.offset == 30)
    #expect(node.stringUnit?.value == "[%@ ĥåţ %#@files@ öñé]")
    let files = try #require(node.substitutions.first)
    #expect(files.argNum == 2 && files.formatSpecifier == "lld" && files.offset == 40)
    #expect(
      files.variations.first?.cases.map { $0.node.stringUnit?.value }
        == ["%arg ƒîļé öñé", "%arg ƒîļéš öñé"])
  }

  @Test func keysWithoutSourceTextAndUntranslatableKeys() {
    let bare = localizer.localize(CatalogEntry(key: "Done", offset: 12))
    #expect(bare.localizations.map(\.language) == ["en-XA", "ar-XB"])
    #expect(bare.localizations.first?.node.stringUnit?.value == "[Ðöñé öñé]")
    #expect(bare.localizations.first?.offset == 12)

    let fixed = CatalogEntry(
      key: "app", shouldTranslate: false,
      localizations: [Localization(language: "en", node: unit("Whisky", .new))])
    let copied = localizer.localize(fixed).localizations.dropFirst()
    #expect(copied.map { $0.node.stringUnit?.value } == ["Whisky", "Whisky"])
    #expect(copied.map { $0.node.stringUnit?.state } == [.translated, .translated])
    #expect(
      localizer.localize(CatalogEntry(key: "app", shouldTranslate: false)).localizations.isEmpty)
  }

  @Test func aUnitWithoutValueStaysWithoutValue() {
    let entry = CatalogEntry(
      key: "k", localizations: [Localization(language: "en", node: unit(nil, .new))])
    let pseudo = localizer.localize(entry).localizations.last?.node.stringUnit
    #expect(pseudo?.value == nil && pseudo?.state == .new)
  }

  @Test func aLanguageTheCatalogHasIsAClash() {
    let entry = CatalogEntry(
      key: "k", localizations: [Localization(language: "en_xa", node: unit("x"), offset: 99)])
    let clash = localizer.clash(in: entry)
    #expect(clash?.severity == .error && clash?.offset == 99 && clash?.language == "en_xa")
    #expect(
      clash?.message
        == "--pseudo en-XA would replace the catalog's language 'en_xa'; name the pseudo language otherwise (--pseudo NAME=accented)"
    )
    #expect(localizer.clash(in: CatalogEntry(key: "k")) == nil)
    let sourceClash = PseudoLocalizer(languages: PseudoLanguage.standard, sourceLanguage: "AR-xb")
    #expect(sourceClash.clash(in: nil)?.language == "AR-xb")
  }

  // MARK: Names

  @Test func namesAndModes() throws {
    #expect(try PseudoLanguage.list(parsing: ["en-XA,ar-XB"]) == PseudoLanguage.standard)
    #expect(
      try PseudoLanguage.list(parsing: ["en-XA=bidi", "qps_ploc=accented"]) == [
        PseudoLanguage(tag: "en-XA", mode: .bidi), PseudoLanguage(tag: "qps_ploc", mode: .accented),
      ])
    #expect(try PseudoLanguage.list(parsing: []) == [])
  }

  @Test(arguments: [
    (
      "en-XA=loud",
      "unknown pseudo-localization mode 'loud' for 'en-XA' (expected accented or bidi)"
    ),
    ("fr-XC", "pseudo language 'fr-XC' needs a mode: fr-XC=accented or fr-XC=bidi"),
    ("en-XA,", "empty name in --pseudo 'en-XA,'"),
    ("=bidi", "empty name in --pseudo '=bidi'"),
    ("en-XA,en_xa=bidi", "pseudo language 'en_xa' is given twice"),
  ])
  func badValues(_ value: String, _ message: String) {
    #expect(throws: PseudoLanguageError(message)) { try PseudoLanguage.list(parsing: [value]) }
  }

  @Test(arguments: [
    "../x=bidi", "en--XA=bidi", "-en=bidi", "en-=bidi", "en/XA=bidi", "é=bidi", "en XA=bidi",
    String(repeating: "a", count: 65) + "=bidi", "en.XA=bidi",
  ])
  func unsafeNamesAreRefused(_ value: String) {
    #expect(throws: PseudoLanguageError.self) { try PseudoLanguage.list(parsing: [value]) }
  }

  @Test func theAllowListAcceptsTags() {
    for tag in ["en", "en-XA", "zh_Hant_HK", "a", "x1-2b", String(repeating: "a", count: 64)] {
      #expect((try? PseudoLanguage.list(parsing: ["\(tag)=bidi"])) != nil, "\(tag)")
    }
  }
}
