import StringTables
import TableDiff
import Testing

/// A table from plain values and plural rules.
private func table(
  _ language: String, _ strings: [String: String] = [:], rules: [String: StringsdictEntry] = [:],
  name: String = "Localizable"
) -> StringTable {
  StringTable(
    name: name, language: language, strings: KeyedValues(strings), rules: KeyedValues(rules))
}

/// `%#@n@` with one plural variable of value type `valueType`.
private func plural(_ forms: [String: String], valueType: String = "lld") -> StringsdictEntry {
  .format(
    FormatRule(
      formatKey: "%#@n@", variables: ["n": PluralVariable(valueType: valueType, forms: forms)]))
}

private func diff(
  _ old: [StringTable], _ new: [StringTable], release: Bool = false, source: String? = nil
) -> DiffResult {
  TableDiffer.diff(
    old: TableSet(tables: old, sourceLanguage: source), new: TableSet(tables: new),
    options: TableDiffer.Options(newIsRelease: release))
}

private func kinds(_ result: DiffResult) -> [String] {
  result.findings.map {
    "\($0.kind.rawValue) \($0.severity.rawValue) \($0.language) \($0.key ?? "-")"
  }
}

@Suite struct TableDifferTests {
  @Test func identicalSidesHaveNoDifferences() {
    let tables = [
      table("de", ["a": "A", "b": "%d B"], rules: ["p": plural(["one": "1", "other": "%lld"])])
    ]
    let result = diff(tables, tables, release: true)
    #expect(result.isEmpty)
  }

  @Test func changesAreListedInKeyOrderWithTheirKinds() throws {
    let old = [table("de", ["a": "A", "b": "B", "c": "C"])]
    let new = [
      table(
        "de", ["B": "new", "b": "B2", "c": "C"], rules: ["a": plural(["one": "x", "other": "y"])])
    ]
    let result = diff(old, new)
    let changes = try #require(result.tables.first).changes
    #expect(changes.map(\.key) == ["B", "a", "b"])
    #expect(changes.map(\.kind) == [.added, .kindChanged, .changed])
    #expect(changes[1].old?.kind == "plain" && changes[1].new?.kind == "plural")
    #expect(changes[2].old?.text == "B" && changes[2].new?.text == "B2")
  }

  @Test func aTableOnlyOneSideHasIsAllAddedOrRemoved() {
    let result = diff([table("de", ["a": "A"])], [table("fr", ["a": "A"])])
    #expect(
      result.tables.map { "\($0.language) \($0.count(.added)) \($0.count(.removed))" } == [
        "de 0 1", "fr 1 0",
      ])
  }

  @Test func argumentTypeMismatchIsAnError() {
    let result = diff([table("de", ["k": "%d Dateien"])], [table("de", ["k": "%@ Dateien"])])
    #expect(kinds(result) == ["format-mismatch error de k"])
    #expect(
      result.findings[0].message == "reads argument 1 as an object but the app passes an integer")
  }

  @Test func moreArgumentsThanTheAppPassesIsAnError() {
    let result = diff([table("de", ["k": "%d Dateien"])], [table("de", ["k": "%d von %d"])])
    #expect(kinds(result) == ["extra-argument error de k"])
  }

  @Test func reorderedPositionalArgumentsAndIntegerWidthsAreSafe() {
    let result = diff(
      [table("de", ["k": "%1$@ hat %2$d", "w": "%lld"])],
      [table("de", ["k": "%2$d hat %1$@", "w": "%d"])])
    #expect(result.findings.isEmpty)
    #expect(result.count(.changed) == 2)
  }

  @Test func pluralCountTypeComesFromTheValueType() {
    let old = [table("de", rules: ["k": plural(["one": "eine", "other": "%lld"])])]
    let asObject = diff(old, [table("de", ["k": "%@"])])
    #expect(kinds(asObject) == ["format-mismatch error de k"])
    let asInteger = diff(old, [table("de", ["k": "%ld Dinge"])])
    #expect(asInteger.findings.isEmpty)
    let formReadsObject = diff(
      old, [table("de", rules: ["k": plural(["one": "%@", "other": "%lld"])])])
    #expect(kinds(formReadsObject) == ["format-mismatch error de k"])
  }

  @Test func missingPluralCategoriesFollowCLDR() {
    let old = [
      table("ru", rules: ["k": plural(["one": "1", "few": "f", "many": "m", "other": "%lld"])])
    ]
    let lacksFewMany = diff(
      old, [table("ru", rules: ["k": plural(["one": "1", "other": "%lld"])])])
    #expect(kinds(lacksFewMany) == ["missing-plural-category warning ru k"])
    #expect(lacksFewMany.findings[0].message.contains("lacks few, many"))
    let lacksOther = diff(
      old, [table("ru", rules: ["k": plural(["one": "1", "few": "f", "many": "m"])])])
    #expect(kinds(lacksOther) == ["missing-plural-category error ru k"])
  }

  @Test func keyInBothFilesIsAWarning() {
    let result = diff(
      [table("de", ["k": "x"])],
      [table("de", ["k": "x"], rules: ["k": plural(["one": "1", "other": "%lld"])])])
    #expect(kinds(result).contains("key-in-both-files warning de k"))
  }

  @Test func languagesTheSDKNeverSelectsAreReportedForReleasesOnly() {
    let old = [table("en", ["a": "A"])]
    let new = [
      table("pt-BR", ["a": "A"]), table("zh-Hant", ["a": "A"]), table("de-AT", ["a": "A"]),
      table("de", ["a": "A"]),
    ]
    #expect(
      kinds(diff(old, new, release: true)).filter { $0.hasPrefix("unselectable") } == [
        "unselectable-language warning pt-BR -", "unselectable-language warning zh-Hant -",
      ])
    #expect(!kinds(diff(old, new)).contains { $0.hasPrefix("unselectable") })
    // `Locale.language.languageCode` is ISO 639-2 where ISO 639-1 has none (Filipino: `fil`).
    let threeLetters = [table("fil", ["a": "A"]), table("Base", ["a": "A"])]
    #expect(
      kinds(diff(old, threeLetters, release: true)).filter { $0.hasPrefix("unselectable") } == [
        "unselectable-language warning Base -"
      ])
  }

  @Test func keysTheAppDoesNotKnowAreWarnings() {
    let old = [table("en", ["known": "K"]), table("de", ["a": "A"])]
    let new = [table("de", ["a": "A", "known": "K", "stray": "S"])]
    #expect(kinds(diff(old, new)) == ["unknown-key warning de stray"])
  }

  @Test func theSourceLanguageIsTheReferenceForALanguageTheAppLacks() {
    let old = [table("en", ["k": "%@ items"]), table("aa", ["k": "%d items"])]
    let new = [table("fr", ["k": "%d articles"])]
    #expect(kinds(diff(old, new, source: "en")) == ["format-mismatch error fr k"])
    #expect(kinds(diff(old, new, source: "aa")).isEmpty)
  }

  @Test func unchangedKeysAreNotChecked() {
    let broken = [
      table("ru", ["k": "%d"], rules: ["p": plural(["other": "%lld"], valueType: "lld")])
    ]
    #expect(diff(broken, broken).isEmpty)
  }
}
