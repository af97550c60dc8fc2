import LHCBase
import StringCatalog
import StringTables
import TableDiff

/// A release's tables (a LingoHub release, a compiled bundle, legacy files) brought back into the
/// catalog the app is built from (`lhc import --into`): the catalog is compiled as `lhc compile`
/// does, compared with the release as `lhc diff` compares them, and every unit whose text differs
/// gets the release's value and the chosen state. Only keys the catalog has change (a key it
/// lacks is reported, never added); a value `lhc diff` finds a runtime error in (a format
/// mismatch, an extra argument, a plural without `other`) is refused.
///
/// Each changed localization is edited in place, unit by unit (see `NodeLeaves.swift`): the
/// release entry and the catalog's compiled entry are both mapped to catalog form (as
/// ``LegacyImport`` maps legacy files), and the units where they differ are set, added or
/// removed in the catalog's own node. When the node has another shape (plain text that became a
/// plural), or the edited node would not compile to the release's entry, the localization is
/// replaced by the mapped release entry. Either way the result compiles to the release's entry.
public enum ReleaseImport {
  /// What an import did to one catalog.
  public struct Outcome: Sendable {
    /// The catalog with the applied changes (equal to the input when nothing changed).
    public var catalog: Catalog
    /// The changes applied, as `lhc diff` reports them (old: the catalog, new: the release).
    public var applied: DiffResult
    /// Values refused (with `skipUnsafe`: skipped), as `lhc diff`'s findings.
    public var refused: [RuntimeFinding]
    /// Keys of the release the catalog does not have, by language: not added.
    public var unknownKeys: [(language: String, key: String)]
    /// Values the catalog form cannot hold (not applied).
    public var unrepresentable: [ImportIssue]
    /// Units set, added or removed.
    public var changedUnits: Int
  }

  /// The kinds of `lhc diff` finding that refuse a value: what breaks the app at runtime.
  static func refuses(_ finding: RuntimeFinding) -> Bool {
    finding.severity == .error && finding.kind != .unknownKey
  }

  /// True when `change` gives the catalog a new value: a key the release adds or changes; not
  /// one it removes (a release may hold a subset), nor an equivalent value (runtime-equal, see
  /// `lhc diff`), which is no update.
  static func updates(_ change: KeyChange) -> Bool {
    change.new != nil && change.kind != .removed && change.kind != .equivalent
  }

  /// Applies `release` (its tables named `table`) to `catalog`; units get `state`.
  public static func apply(
    _ release: [StringTable], to catalog: Catalog, table: String, state: UnitState
  ) -> Outcome {
    let compiled = compile(catalog, table: table)
    let comparison = compare(
      release, compiled: compiled, table: table, sourceLanguage: catalog.sourceLanguage)
    return apply(comparison, to: catalog, state: state)
  }

  /// What an import applies: `lhc diff` of the catalog's compiled tables (old; as ``compile(_:table:)``
  /// or `lhc compile` makes them) and the release's tables named `table` (new).
  public static func compare(
    _ release: [StringTable], compiled: [StringTable], table: String, sourceLanguage: String
  ) -> DiffResult {
    TableDiffer.diff(
      old: TableSet(tables: compiled, sourceLanguage: sourceLanguage),
      new: TableSet(tables: release.filter { $0.name == table }))
  }

  /// True when applying `comparison` (see ``compare(_:compiled:table:sourceLanguage:)``) to its
  /// catalog changes nothing and reports nothing: no key of the release differs from the
  /// compiled catalog, and no value is refused. A caller that compiled the catalog as it read it
  /// then needs no full read (`lhc import --into` of a release that holds the catalog's text).
  public static func changesNothing(_ comparison: DiffResult) -> Bool {
    comparison.tables.allSatisfy { table in
      table.changes.allSatisfy { !updates($0) }
    } && !comparison.findings.contains { refuses($0) && $0.key != nil }
  }

  /// Applies `comparison` (see ``compare(_:compiled:table:sourceLanguage:)``, made from this
  /// catalog's compiled tables) to `catalog`; units get `state`.
  public static func apply(_ comparison: DiffResult, to catalog: Catalog, state: UnitState)
    -> Outcome
  {
    let result = comparison
    var index: [String: Int] = [:]
    for (position, entry) in catalog.entries.enumerated() { index[entry.key] = position }
    var refusedUnits: Set<[String]> = []
    var refused: [RuntimeFinding] = []
    // A key the catalog lacks is not imported anyway (reported below), so never refused.
    for finding in result.findings where refuses(finding) {
      guard let key = finding.key, index[key] != nil else { continue }
      refused.append(finding)
      refusedUnits.insert([finding.language, key])
    }
    var updated = catalog
    var applied: [TableDifference] = []
    var unknownKeys: [(language: String, key: String)] = []
    var unrepresentable: [ImportIssue] = []
    var changedUnits = 0
    for difference in result.tables {
      var kept: [KeyChange] = []
      for change in difference.changes where updates(change) {
        guard let new = change.new else { continue }
        guard let position = index[change.key] else {
          unknownKeys.append((difference.language, change.key))
          continue
        }
        if refusedUnits.contains([difference.language, change.key]) { continue }
        var entry = updated.entries[position]
        do {
          let count = try update(
            &entry, language: difference.language, old: change.old, new: new, state: state,
            sourceLanguage: catalog.sourceLanguage)
          updated.entries[position] = entry
          changedUnits += count
          kept.append(change)
        } catch {
          unrepresentable.append(
            ImportIssue(language: difference.language, key: change.key, reason: error.reason))
        }
      }
      if !kept.isEmpty {
        var table = difference
        table.changes = kept
        applied.append(table)
      }
    }
    var appliedResult = result
    appliedResult.tables = applied
    appliedResult.findings = []
    return Outcome(
      catalog: updated, applied: appliedResult, refused: refused,
      unknownKeys: unknownKeys, unrepresentable: unrepresentable, changedUnits: changedUnits)
  }

  /// The catalog's tables as `lhc compile` makes them, its entries compiled on every core.
  public static func compile(_ catalog: Catalog, table: String) -> [StringTable] {
    let chunks =
      catalog.entries.count < 256 ? [catalog.entries[...]] : Parallel.chunks(of: catalog.entries)
    let parts = Parallel.map(chunks) { chunk in
      var compiler = CatalogCompiler(table: table, sourceLanguage: catalog.sourceLanguage)
      for entry in chunk { compiler.add(entry) }
      return compiler
    }
    return CatalogCompiler.finish(parts).tables
  }

  /// Gives `entry`'s localization `language` the release's `new` entry (the catalog compiled to
  /// `old`); returns the number of units changed.
  static func update(
    _ entry: inout CatalogEntry, language: String, old: TableEntry?, new: TableEntry,
    state: UnitState, sourceLanguage: String
  ) throws(MappingError) -> Int {
    var mapper = LocalizationMapper(key: entry.key, state: state)
    let release = try mapper.node(text: new.text, rule: new.rule)
    let wanted = release.leafValues()
    let position = entry.localizations.firstIndex { $0.language == language }
    guard let position else {
      entry.localizations.append(Localization(language: language, node: release))
      return wanted.count
    }
    var before: [[String]: String] = [:]
    if let old {
      var oldMapper = LocalizationMapper(key: entry.key, state: state)
      before = (try? oldMapper.node(text: old.text, rule: old.rule))?.leafValues() ?? [:]
    }
    var node = entry.localizations[position].node
    let current = node.leafValues()
    var changed = 0
    var fits = true
    for (path, value) in wanted where before[path] != value {
      let spelled = respelled(value, like: current[path], compiled: before[path])
      fits = fits && node.setLeaf(path[...], value: spelled, state: state)
      changed += 1
    }
    for path in before.keys where wanted[path] == nil {
      fits = fits && node.removeLeaf(path[...])
      changed += 1
    }
    var edited = entry
    edited.localizations[position].node = node
    if !fits || !compiles(edited, language: language, to: new, sourceLanguage: sourceLanguage) {
      entry.localizations[position].node = release
      return max(changed, wanted.count)
    }
    entry = edited
    return changed
  }

  /// `value` spelled as the catalog spells the unit it replaces: where the catalog's text
  /// (`%arg Foto`) writes `%arg` for a specifier of the compiled text (`%1$lld Foto`), so does the
  /// new value (`%1$lld Fotos!` → `%arg Fotos!`). Any other value is returned as it is.
  static func respelled(_ value: String, like catalog: String?, compiled: String?) -> String {
    guard let catalog, let compiled, catalog.contains("%arg"), value.contains("%") else {
      return value
    }
    let specifiers = FormatString(parsing: compiled).specifiers.map(\.text)
    guard
      let own = specifiers.first(where: {
        LocalizationMapper.placeholders(compiled, replacing: $0) == catalog
      })
    else { return value }
    return LocalizationMapper.placeholders(value, replacing: own)
  }

  /// True when `entry` compiles, in `language`, to what `expected` shows.
  private static func compiles(
    _ entry: CatalogEntry, language: String, to expected: TableEntry, sourceLanguage: String
  ) -> Bool {
    let catalog = Catalog(sourceLanguage: sourceLanguage, version: "1.0", entries: [entry])
    let options = CompileOptions(languages: [language])
    guard
      let table = CatalogCompiler.compile(catalog, table: "Import", options: options).tables
        .first(where: { $0.language == language })
    else { return false }
    let found = TableEntry(text: table.strings[entry.key], rule: table.rules[entry.key])
    return found.isEquivalent(to: expected)
  }
}
