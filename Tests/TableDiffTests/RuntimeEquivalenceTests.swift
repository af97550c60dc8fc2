import StringTables
import TableDiff
import Testing

/// `lhc diff`'s runtime equivalence: entries written differently that Foundation binds to the
/// same arguments, as the same types, in the same places are `equivalent` (no difference, no
/// finding); a change of an argument's type, order or presence stays a change, and a text whose
/// binding is not certain equals only itself.
@Suite struct RuntimeEquivalenceTests {
  /// A format rule of plural variables (value type `ld` unless given), each `(name, forms)`.
  static func rule(
    _ formatKey: String, _ variables: [(String, [String: String])], valueType: String = "ld"
  ) -> TableEntry {
    var made: [String: PluralVariable] = [:]
    for (name, forms) in variables {
      made[name] = PluralVariable(valueType: valueType, forms: forms)
    }
    return TableEntry(rule: .format(FormatRule(formatKey: formatKey, variables: made)))
  }

  /// The diff of one key, `ja` (plurals need `other` only).
  static func diff(_ old: TableEntry, _ new: TableEntry) -> DiffResult {
    func table(_ entry: TableEntry) -> StringTable {
      StringTable(
        name: "Localizable", language: "ja",
        strings: KeyedValues(entry.text.map { ["k": $0] } ?? [:]),
        rules: KeyedValues(entry.rule.map { ["k": $0] } ?? [:]))
    }
    return TableDiffer.diff(
      old: TableSet(tables: [table(old)]), new: TableSet(tables: [table(new)]))
  }

  /// Legacy entries of mastodon-ios' shapes (old) and what `lhc compile` makes of their import (new).
  static let equivalentPairs: [(String, TableEntry, TableEntry)] = [
    (
      "a sequential format key and the mixed one compile writes",
      rule("%@ %#@post_count@", [("post_count", ["one": "Beitrag", "other": "Beiträge"])]),
      rule("%@ %2$#@post_count@", [("post_count", ["one": "Beitrag", "other": "Beiträge"])])
    ),
    (
      "a sequential form and %arg compiled to its numbered specifier",
      rule(
        "Um %#@character_count@ zu lang",
        [("character_count", ["one": "1 Zeichen", "other": "%ld Zeichen"])]),
      rule(
        "Um %1$#@character_count@ zu lang",
        [("character_count", ["one": "1 Zeichen", "other": "%1$ld Zeichen"])])
    ),
    (
      "forms counting from their variable's argument, beside a numbered one",
      rule(
        "%#@names@%#@count_mutual@",
        [
          ("names", ["one": "", "other": ""]),
          ("count_mutual", ["one": "%1$@ und eine weitere", "other": "%1$@ und %ld weitere"]),
        ]),
      rule(
        "%1$#@names@%2$#@count_mutual@",
        [
          ("names", ["one": "", "other": ""]),
          ("count_mutual", ["one": "%1$@ und eine weitere", "other": "%1$@ und %2$ld weitere"]),
        ])
    ),
    (
      "a variable at argument 2 whose form counts from it",
      rule("%1$@ hat %2$#@n@", [("n", ["one": "ein Foto", "other": "%ld Fotos"])]),
      rule("%1$@ hat %2$#@n@", [("n", ["one": "ein Foto", "other": "%2$ld Fotos"])])
    ),
    (
      "renamed variables, numbered",
      rule("%#@files@", [("files", ["one": "eine Datei", "other": "%ld Dateien"])]),
      rule("%1$#@arg1@", [("arg1", ["one": "eine Datei", "other": "%1$ld Dateien"])])
    ),
    (
      "plain text",
      TableEntry(text: "%@ von %d, 100%%"), TableEntry(text: "%1$@ von %2$d, 100%%")
    ),
    (
      "device forms",
      TableEntry(rule: .device(["iphone": .text("%@ tippt"), "mac": .text("%1$@ schreibt")])),
      TableEntry(rule: .device(["iphone": .text("%1$@ tippt"), "mac": .text("%@ schreibt")]))
    ),
  ]

  @Test(arguments: equivalentPairs.indices)
  func equivalentEntriesAreNoDifference(_ index: Int) throws {
    let (name, old, new) = Self.equivalentPairs[index]
    #expect(old.isRuntimeEquivalent(to: new), "\(name)")
    #expect(new.isRuntimeEquivalent(to: old), "\(name)")
    let result = Self.diff(old, new)
    let table = try #require(result.tables.first)
    #expect(table.changes.map(\.kind) == [.equivalent], "\(name)")
    #expect(!result.hasDifferences && result.isEmpty && result.findings.isEmpty, "\(name)")
    #expect(result.count(.equivalent) == 1)
  }

  /// Real changes: what is read, as what, where.
  static let changedPairs: [(String, TableEntry, TableEntry, [String])] = [
    (
      "a form reads an object instead of the count",
      rule("Noch %#@n@", [("n", ["one": "1 Zeichen", "other": "%ld Zeichen"])]),
      rule("Noch %1$#@n@", [("n", ["one": "1 Zeichen", "other": "%1$@ Zeichen"])]),
      ["format-mismatch"]
    ),
    (
      "an integer of another width",
      TableEntry(text: "%d Dateien"), TableEntry(text: "%1$ld Dateien"), []
    ),
    (
      "the count's value type",
      rule("%#@n@", [("n", ["other": "%ld"])]),
      rule("%1$#@n@", [("n", ["other": "%1$ld"])], valueType: "d"),
      []
    ),
    (
      "numbered arguments in another order",
      TableEntry(text: "%1$@ ist %2$@ beigetreten"), TableEntry(text: "%2$@ ist %1$@ beigetreten"),
      []
    ),
    (
      "unnumbered arguments in another order",
      rule("%@ %#@n@", [("n", ["other": "Beiträge"])]),
      rule("%#@n@ %@", [("n", ["other": "Beiträge"])]),
      ["format-mismatch", "format-mismatch"]
    ),
    (
      "an argument dropped from the format key",
      rule("%@ %#@n@", [("n", ["other": "Beiträge"])]),
      rule("%2$#@n@", [("n", ["other": "Beiträge"])]), []
    ),
    (
      "the count dropped from a form",
      rule("Noch %#@n@", [("n", ["other": "%ld Zeichen"])]),
      rule("Noch %1$#@n@", [("n", ["other": "Zeichen"])]), []
    ),
    (
      "a form reading argument 1 where it read its variable's argument 2",
      rule("%@ %#@n@", [("n", ["other": "%ld Beiträge"])]),
      rule("%@ %2$#@n@", [("n", ["other": "%1$ld Beiträge"])]), ["format-mismatch"]
    ),
    (
      "a sequential argument after a numbered one (undefined by POSIX)",
      TableEntry(text: "%1$@ und %@"), TableEntry(text: "%1$@ und %1$@"), []
    ),
    (
      "a * width",
      TableEntry(text: "%*d"), TableEntry(text: "%2$*1$d"), []
    ),
  ]

  @Test(arguments: changedPairs.indices)
  func realChangesStayChanges(_ index: Int) throws {
    let (name, old, new, findings) = Self.changedPairs[index]
    #expect(!old.isRuntimeEquivalent(to: new), "\(name)")
    let result = Self.diff(old, new)
    let table = try #require(result.tables.first)
    #expect(table.changes.map(\.kind) == [.changed], "\(name)")
    #expect(result.hasDifferences, "\(name)")
    #expect(result.findings.map(\.kind.rawValue) == findings, "\(name)")
  }

  /// A variable whose forms would be numbered from two arguments (referenced twice, or again in
  /// a form at another argument) keeps its forms as written: equal only to the same text.
  @Test func aVariableBoundTwiceIsComparedAsWritten() {
    let twice = Self.rule("%#@n@ / %#@n@", [("n", ["other": "%ld"])])
    let numbered = Self.rule("%1$#@n@ / %2$#@n@", [("n", ["other": "%1$ld"])])
    #expect(!twice.isRuntimeEquivalent(to: numbered))
    #expect(
      twice.isRuntimeEquivalent(to: Self.rule("%1$#@n@ / %2$#@n@", [("n", ["other": "%ld"])])))
    let nested = Self.rule(
      "%#@a@ %#@b@", [("a", ["other": "%ld"]), ("b", ["other": "%ld and %1$#@a@"])])
    let nestedNumbered = Self.rule(
      "%1$#@a@ %2$#@b@", [("a", ["other": "%1$ld"]), ("b", ["other": "%2$ld and %1$#@a@"])])
    #expect(nested.isRuntimeEquivalent(to: nestedNumbered))
    let rebound = Self.rule(
      "%1$#@a@ %2$#@b@", [("a", ["other": "%1$ld"]), ("b", ["other": "%2$ld and %2$#@a@"])])
    #expect(!nested.isRuntimeEquivalent(to: rebound))
  }
}
