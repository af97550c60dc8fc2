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

  /// A key whose code passes no arguments (neither the key nor the source value asks for one:
  /// `Text("Up to 50% faster")`, a manual key whose value is prose) is never formatted: `% f`,
  /// `% s`, `% n` and `%-i` in it are text, whatever the translations hold.
  @Test func stringsNobodyFormatsHaveNoFormatFindings() {
    #expect(lint("Up to 50% faster", [("de", unit("Bis zu 50% schneller"))]) == [])
    #expect(
      lint(
        "questions.body",
        [
          ("en", unit("Yes, it runs 100% native, 50% faster.")),
          ("cs", unit("Ano, běží 100% nativně, o 50% rychleji.")),
          ("sv", unit("Ja, 50%-igt snabbare")),
          ("nl", unit("%1$d Open %2$s")),
        ]) == [])
    // The twin: the same prose in a key the code formats reads arguments.
    #expect(
      lint("%@ is 50%% faster", [("de", unit("%@ ist 50% schneller"))]).sorted() == [
        "format-argument-count", "format-unusual-specifier",
      ])
    #expect(
      lint("speed", [("en", unit("%@ is 50%% faster")), ("de", unit("%@ ist 50% schneller"))])
        .sorted() == ["format-argument-count", "format-unusual-specifier"])
  }

  /// `% @` reads the argument `%@` does: only the flag is reported, as a warning.
  @Test func anUnusualFlagThatReadsTheRightArgumentIsAWarning() {
    let found = Linter.lint(
      Catalog(
        sourceLanguage: "en", version: "1.0",
        entries: [
          CatalogEntry(
            key: "Open in %@",
            localizations: [
              Localization(language: "en", node: unit("Open in %@")),
              Localization(language: "it", node: unit("Apri in % @")),
            ])
        ]))
    #expect(found.map(\.check) == ["format-unusual-specifier"])
    #expect(found.map(\.diagnostic.severity) == [.warning])
  }

  /// identical-to-source looks at words: not at a value of specifiers, digits and symbols only,
  /// nor at a unit after a number; the twin with words is reported.
  @Test func identicalTextMeansIdenticalWords() {
    for value in ["%lld", "$%lld", "%1$@ (%2$@)", "%lld km", "%@ – %@", "100%%"] {
      #expect(lint(value, [("en", unit(value)), ("de", unit(value))]) == [], "\(value)")
    }
    #expect(
      lint("%lld files", [("en", unit("%lld files")), ("de", unit("%lld files"))]) == [
        "identical-to-source"
      ])
  }

  /// A text referencing substitutions is identical to the source's only when the forms are too.
  @Test func identicalParentsCountOnlyWithIdenticalSubstitutions() {
    func node(_ parent: String, one: String, other: String) -> LocalizationNode {
      LocalizationNode(
        stringUnit: StringUnit(state: .translated, value: parent),
        substitutions: [
          Substitution(
            name: "count", argNum: 1, formatSpecifier: "lld",
            variations: [
              Variation(
                kind: .plural,
                cases: [
                  VariationCase(name: "one", node: unit(one)),
                  VariationCase(name: "other", node: unit(other)),
                ])
            ])
        ])
    }
    let source = ("en", node("Delete %#@count@?", one: "%arg photo", other: "%arg photos"))
    #expect(
      lint(
        "k", [source, ("nl", node("Delete %#@count@?", one: "%arg foto", other: "%arg foto's"))])
        == [])
    #expect(
      lint(
        "k", [source, ("nl", node("Delete %#@count@?", one: "%arg photo", other: "%arg photos"))])
        == ["identical-to-source", "identical-to-source", "identical-to-source"])
  }

  /// A plural asks only for the categories its count reaches: an integer never reaches Czech
  /// `many` (`v != 0`); a floating-point count reaches it.
  @Test func pluralCategoriesFollowTheCountsType() {
    let integer = plural([
      ("one", "%lld soubor"), ("few", "%lld soubory"), ("other", "%lld souborů"),
    ])
    #expect(lint("%lld files", [("cs", integer)]) == [])
    let decimal = plural([("one", "%.1f km"), ("few", "%.1f km"), ("other", "%.1f km")])
    #expect(lint("%.1f km", [("cs", decimal)]) == ["plural-missing-category"])
    // The key names the count when the forms do not.
    let wordsOnly = plural([("one", "jeden"), ("few", "několik"), ("other", "mnoho")])
    #expect(lint("%lld files", [("cs", wordsOnly)]) == [])
    #expect(lint("%f km", [("cs", wordsOnly)]) == ["plural-missing-category"])
  }

  /// A bare specifier in a substitution form is reported only where it may read another argument
  /// than the substituted number: the runtime puts the form in place of the reference and
  /// CoreFoundation numbers the unnumbered specifiers from 1, apart from the numbered ones.
  @Test func bareSpecifiersThatReadTheSubstitutedValueAreFine() {
    func substitution(_ name: String, argNum: Int?, _ spec: String, _ forms: [(String, String)])
      -> Substitution
    {
      Substitution(
        name: name, argNum: argNum, formatSpecifier: spec,
        variations: [
          Variation(
            kind: .plural, cases: forms.map { VariationCase(name: $0.0, node: unit($0.1)) })
        ])
    }
    func node(_ parent: String, _ substitutions: [Substitution]) -> LocalizationNode {
      LocalizationNode(
        stringUnit: StringUnit(state: .translated, value: parent), substitutions: substitutions)
    }
    /// The check's findings only (a form is also compared with its `other` form).
    func bare(_ node: LocalizationNode) -> [String] {
      lint("k", [("en", node)]).filter { $0 == "substitution-bare-specifier" }
    }
    let km = [("one", "%.1f kilometer"), ("other", "%.1f kilometers")]
    // The only argument: `%.1f` reads argument 1, the value.
    #expect(
      bare(node("%#@value@", [substitution("value", argNum: 1, "f", km)])) == [])
    // After `%@`, the value is argument 2 and `%.1f` the second unnumbered read: the value.
    #expect(
      bare(node("%@: %#@value@", [substitution("value", argNum: 2, "f", km)])) == [])
    // Twins: the value is argument 1, but `%.1f` is read after the parent's `%@` (argument 2).
    #expect(
      bare(node("%@: %1$#@value@", [substitution("value", argNum: 1, "f", km)]))
        == ["substitution-bare-specifier", "substitution-bare-specifier"])
    // Which argument `%ld` reads depends on the other substitution's form (GoMap's Occitan:
    // `%arg` is numbered, its `zero` form's `%ld` is not).
    let meters = substitution("meters", argNum: 1, "ld", [("zero", "%ld m"), ("other", "%arg m")])
    let points = substitution(
      "points", argNum: 2, "ld", [("zero", "%ld points"), ("other", "%arg points")])
    #expect(
      bare(node("%#@meters@, %#@points@", [meters, points])) == [
        "substitution-bare-specifier"
      ])
    // Both substitutions' forms all bare: each reads its own argument, whatever the forms.
    let bareMeters = substitution(
      "meters", argNum: 1, "ld", [("one", "%ld m"), ("other", "%ld m")])
    let barePoints = substitution(
      "points", argNum: 2, "ld", [("one", "%ld point"), ("other", "%ld points")])
    #expect(bare(node("%#@meters@, %#@points@", [bareMeters, barePoints])) == [])
    // A bare specifier of another class than the substitution's reads the value as the wrong type.
    let files = substitution(
      "count", argNum: 1, "lld", [("one", "%@ file"), ("other", "%@ files")])
    #expect(
      bare(node("%#@count@", [files])) == [
        "substitution-bare-specifier", "substitution-bare-specifier",
      ])
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
