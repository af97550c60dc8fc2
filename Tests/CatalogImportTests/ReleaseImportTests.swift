import CatalogImport
import Foundation
import LHCBase
import LHCTestSupport
import StringCatalog
import StringTables
import TableDiff
import Testing

/// ``ReleaseImport`` on every corpus catalog Xcode builds: its own compiled tables change
/// nothing; every value edited (text appended to every plain value, plural form and device case)
/// comes back, so that the updated catalog compiles to the edited tables (`lhc diff`'s
/// comparison finds no difference but on refused values); and the edge cases one by one.
@Suite("Release import")
struct ReleaseImportTests {
  static let catalogs = TestPaths.buildableCatalogs

  static func read(_ path: String) throws -> Catalog {
    let source = try SourceText(contentsOf: TestPaths.corpus.appendingPathComponent(path).path)
    return try CatalogReader.readLossless(source).catalog
  }

  /// `text` with a mark appended, before a trailing line break (keeps format arguments).
  static func edited(_ text: String) -> String { text + " ✓" }

  static func edited(_ rule: FormatRule) -> FormatRule {
    var rule = rule
    rule.variables = rule.variables.mapValues { variable in
      var variable = variable
      variable.forms = variable.forms.mapValues(edited)
      return variable
    }
    return rule
  }

  static func edited(_ form: DeviceForm) -> DeviceForm {
    switch form {
    case .text(let text): .text(edited(text))
    case .format(let rule): .format(edited(rule))
    }
  }

  static func edited(_ entry: StringsdictEntry) -> StringsdictEntry {
    switch entry {
    case .format(let rule): return .format(edited(rule))
    case .device(let forms): return .device(forms.mapValues(edited))
    case .width(let forms):
      return .width(
        forms.mapValues { form in
          switch form {
          case .text(let text): .text(edited(text))
          case .format(let rule): .format(edited(rule))
          case .device(let devices): .device(devices.mapValues(edited))
          }
        })
    }
  }

  @Test(arguments: catalogs)
  func ownReleaseChangesNothingAndEditedValuesComeBack(_ path: String) throws {
    let catalog = try Self.read(path)
    let table = TestPaths.table(ofCatalog: path)
    let compiled = CatalogCompiler.compile(catalog, table: table).tables
    let same = ReleaseImport.apply(compiled, to: catalog, table: table, state: .translated)
    #expect(same.changedUnits == 0)
    #expect(same.catalog == catalog)

    let release = compiled.map { table in
      var table = table
      table.strings = KeyedValues(
        pairsKeepingLast: table.strings.map { ($0.key, Self.edited($0.value)) })
      table.rules = KeyedValues(
        pairsKeepingLast: table.rules.map { ($0.key, Self.edited($0.value)) })
      return table
    }
    let outcome = ReleaseImport.apply(release, to: catalog, table: table, state: .needsReview)
    #expect(compiled.allSatisfy(\.isEmpty) || outcome.changedUnits > 0)
    #expect(outcome.unknownKeys.isEmpty)
    #expect(outcome.unrepresentable.isEmpty)
    let refused = Set(
      outcome.refused.compactMap { finding in finding.key.map { [finding.language, $0] } })
    let recompiled = CatalogCompiler.compile(outcome.catalog, table: table).tables
    let left = TableDiffer.diff(old: TableSet(tables: recompiled), new: TableSet(tables: release))
    for difference in left.tables {
      for change in difference.changes {
        #expect(
          refused.contains([difference.language, change.key]),
          "\(difference.language): \(change.key)")
      }
    }
    // Entries keep their order and metadata; only localizations change.
    #expect(outcome.catalog.entries.map(\.key) == catalog.entries.map(\.key))
    #expect(outcome.catalog.entries.map(\.comment) == catalog.entries.map(\.comment))
  }

  /// One entry `k` with `node` in `de`, source `en` plain.
  static func catalog(_ node: LocalizationNode) -> Catalog {
    Catalog(
      sourceLanguage: "en", version: "1.0",
      entries: [
        CatalogEntry(
          key: "k",
          localizations: [
            Localization(
              language: "en",
              node: LocalizationNode(
                stringUnit: StringUnit(state: .translated, value: "%lld items"))),
            Localization(language: "de", node: node),
          ])
      ])
  }

  static func unit(_ value: String, _ state: UnitState = .translated) -> LocalizationNode {
    LocalizationNode(stringUnit: StringUnit(state: state, value: value))
  }

  static func plural(_ forms: [(String, String)]) -> LocalizationNode {
    LocalizationNode(
      variations: [
        Variation(kind: .plural, cases: forms.map { VariationCase(name: $0.0, node: unit($0.1)) })
      ])
  }

  static func release(_ rule: StringsdictEntry? = nil, text: String? = nil, language: String = "de")
    -> [StringTable]
  {
    [
      StringTable(
        name: "Localizable", language: language, strings: text.map { ["k": $0] } ?? [:],
        rules: rule.map { ["k": $0] } ?? [:])
    ]
  }

  static func pluralRule(_ forms: [String: String]) -> StringsdictEntry {
    .format(
      FormatRule(
        formatKey: "%#@arg1@", variables: ["arg1": PluralVariable(valueType: "lld", forms: forms)]))
  }

  @Test func aPluralCaseTheReleaseAddsIsAddedAndTheOthersKeepTheirState() {
    let catalog = Self.catalog(
      LocalizationNode(
        variations: [
          Variation(
            kind: .plural,
            cases: [
              VariationCase(name: "one", node: Self.unit("%lld Ding", "needs_review")),
              VariationCase(name: "other", node: Self.unit("%lld Dinge")),
            ])
        ]))
    let outcome = ReleaseImport.apply(
      Self.release(
        Self.pluralRule(["one": "%lld Ding", "few": "%lld Dinger", "other": "%lld Dinge!"])),
      to: catalog, table: "Localizable", state: .translated)
    #expect(outcome.changedUnits == 2)
    let cases =
      outcome.catalog.entries[0].localization(for: "de")?.node.variations.first?.cases ?? []
    #expect(
      cases.map {
        [$0.name, $0.node.stringUnit?.state.rawValue ?? "", $0.node.stringUnit?.value ?? ""]
      } == [
        ["one", "needs_review", "%lld Ding"], ["other", "translated", "%lld Dinge!"],
        ["few", "translated", "%lld Dinger"],
      ])
  }

  @Test func aSubstitutionFormKeepsTheCatalogsArgSpelling() {
    let substitution = Substitution(
      name: "n", argNum: 1, formatSpecifier: "lld",
      variations: [
        Variation(
          kind: .plural,
          cases: [
            VariationCase(name: "one", node: Self.unit("%arg Ding")),
            VariationCase(name: "other", node: Self.unit("%arg Dinge")),
          ])
      ])
    var node = Self.unit("Es gibt %#@n@")
    node.substitutions = [substitution]
    let catalog = Self.catalog(node)
    let compiled = ReleaseImport.compile(catalog, table: "Localizable")
    guard case .format(var rule)? = compiled.first(where: { $0.language == "de" })?.rules["k"]
    else {
      Issue.record("no rule compiled")
      return
    }
    let name = rule.variables.keys.first ?? ""
    rule.variables[name]?.forms["one"]? += "!"
    let outcome = ReleaseImport.apply(
      Self.release(.format(rule)), to: catalog, table: "Localizable", state: .translated)
    #expect(outcome.changedUnits == 1)
    let forms = outcome.catalog.entries[0].localization(for: "de")?.node.substitutions.first?
      .variations.first?.cases.map { $0.node.stringUnit?.value ?? "" }
    #expect(forms == ["%arg Ding!", "%arg Dinge"])
  }

  @Test func anotherShapeReplacesTheLocalization() {
    let catalog = Self.catalog(Self.unit("%lld Dinge"))
    let outcome = ReleaseImport.apply(
      Self.release(Self.pluralRule(["one": "%lld Ding", "other": "%lld Dinge"])), to: catalog,
      table: "Localizable", state: .needsReview)
    #expect(
      outcome.catalog.entries[0].localization(for: "de")?.node
        == LocalizationNode(
          variations: [
            Variation(
              kind: .plural,
              cases: [
                VariationCase(name: "one", node: Self.unit("%lld Ding", .needsReview)),
                VariationCase(name: "other", node: Self.unit("%lld Dinge", .needsReview)),
              ])
          ]))
    #expect(outcome.applied.tables.first?.changes.first?.kind == .kindChanged)
  }

  @Test func aLanguageTheEntryLacksIsAddedButAKeyTheCatalogLacksIsNot() {
    let catalog = Self.catalog(Self.unit("Dinge"))
    var release = Self.release(text: "%lld choses", language: "fr")
    release[0].strings = ["k": "%lld choses", "new": "Nouveau"]
    let outcome = ReleaseImport.apply(
      release, to: catalog, table: "Localizable", state: .translated)
    #expect(outcome.catalog.entries.count == 1)
    #expect(outcome.catalog.entries[0].localization(for: "fr")?.node == Self.unit("%lld choses"))
    #expect(outcome.unknownKeys.map { [$0.language, $0.key] } == [["fr", "new"]])
    // A plural without `other` for a key the catalog lacks: reported as unknown, not refused.
    release[0].rules = ["missing": Self.pluralRule(["one": "%lld chose"])]
    let unknown = ReleaseImport.apply(
      release, to: catalog, table: "Localizable", state: .translated)
    #expect(unknown.refused.isEmpty)
    #expect(unknown.unknownKeys.map(\.key).sorted() == ["missing", "new"])
  }

  @Test func aTableOfAnotherNameIsNotImported() {
    let catalog = Self.catalog(Self.unit("Dinge"))
    var release = Self.release(text: "Sachen")
    release[0].name = "InfoPlist"
    let outcome = ReleaseImport.apply(
      release, to: catalog, table: "Localizable", state: .translated)
    #expect(outcome.changedUnits == 0)
    #expect(outcome.catalog == catalog)
  }
}
