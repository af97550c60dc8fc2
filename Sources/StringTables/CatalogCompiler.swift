import LHCBase
import StringCatalog

/// Compiles a catalog into one ``StringTable`` per language, with `xcstringstool compile`'s semantics.
///
/// Which units are emitted:
/// - a unit with a value whose state is not `new` (`translated`, `needs_review`, `machine_translated`,
///   `stale` and any unknown state, which is reported once); `--force-build-all-strings` emits every
///   unit with a value;
/// - a localization with variations or substitutions is emitted whole (every form with a value) as soon
///   as one of its units qualifies, because a partial plural breaks every other count at runtime.
///
/// Values are copied verbatim. Plurals, substitutions and device variations become `.stringsdict`
/// entries (see ``LocalizationCompiler``); a device variation's plain `other` case also goes to
/// `.strings`, as Xcode does.
public struct CatalogCompiler {
  /// The table name: the catalog's basename.
  public let table: String
  public let options: CompileOptions
  /// Per language, the values in the order they were compiled; dictionaries are built once at
  /// the end with their final capacity (growing 30 dictionaries key by key costs more than reading).
  private var pending: [PendingTable] = []
  private var tableIndex: [String: Int] = [:]
  /// The table used by each localization position of the previous entry: entries list their
  /// languages in the same order, so this usually finds the table without hashing.
  private var recentTables: [Int] = []
  private var seenKeys: Set<String> = []
  private var diagnostics: [Diagnostic] = []
  private var reportedStates: Set<UnitState> = []

  /// One language's compiled values, before they become a ``StringTable``.
  private struct PendingTable {
    var language: String
    var strings: [(String, String)] = []
    var rules: [(String, StringsdictEntry)] = []
  }

  public init(table: String, options: CompileOptions = CompileOptions()) {
    self.table = table
    self.options = options
  }

  /// Compiles a whole catalog as the table `table` (the catalog's basename).
  public static func compile(
    _ catalog: Catalog, table: String, options: CompileOptions = CompileOptions()
  ) -> CompileResult {
    var compiler = CatalogCompiler(table: table, options: options)
    for entry in catalog.entries { compiler.add(entry) }
    return compiler.finish()
  }

  /// Compiles one entry into the tables; a later entry with the same key replaces an earlier one.
  public mutating func add(_ entry: CatalogEntry) {
    if !seenKeys.insert(entry.key).inserted {
      for index in pending.indices {
        pending[index].strings.removeAll { $0.0 == entry.key }
        pending[index].rules.removeAll { $0.0 == entry.key }
      }
    }
    if TextScan(entry.key).hasControlCharacter {
      diagnostics += TextCheck.diagnostics(forKey: entry.key, offset: entry.offset)
    }
    for (position, localization) in entry.localizations.enumerated() {
      if let languages = options.languages, !languages.contains(localization.language) {
        continue
      }
      let index = tableIndex(for: localization.language, at: position)
      let node = localization.node
      // Fast path, most units: a plain value with no `%` and no control character.
      if node.variations.isEmpty, node.substitutions.isEmpty, let unit = node.stringUnit,
        let value = unit.value, unit.state == .translated || options.forceBuildAllStrings,
        TextScan(value).isPlain
      {
        pending[index].strings.append((entry.key, value))
        continue
      }
      var compiler = LocalizationCompiler(
        key: entry.key, language: localization.language,
        forceBuildAllStrings: options.forceBuildAllStrings)
      let output = compiler.compile(node)
      diagnostics += compiler.diagnostics
      for (state, offset) in compiler.unknownStates where reportedStates.insert(state).inserted {
        diagnostics.append(
          .warning(
            "unknown string unit state '\(state.rawValue)'; units in this state are emitted like translated ones",
            offset: offset, language: localization.language, key: entry.key))
      }
      if let plain = output.plain { pending[index].strings.append((entry.key, plain)) }
      if let rule = output.rule { pending[index].rules.append((entry.key, rule)) }
    }
  }

  /// The index in `pending` of the table for `language`, created when new.
  private mutating func tableIndex(for language: String, at position: Int) -> Int {
    if position < recentTables.count, pending[recentTables[position]].language == language {
      return recentTables[position]
    }
    let index: Int
    if let existing = tableIndex[language] {
      index = existing
    } else {
      index = pending.count
      pending.append(PendingTable(language: language))
      tableIndex[language] = index
    }
    if position < recentTables.count {
      recentTables[position] = index
    } else {
      recentTables.append(index)
    }
    return index
  }

  /// The tables with something to emit, sorted by language, and the diagnostics in file order.
  public consuming func finish() -> CompileResult {
    let tables = pending.filter { !$0.strings.isEmpty || !$0.rules.isEmpty }
      .sorted { KeyOrder.precedes($0.language, $1.language) }
      .map { table in
        StringTable(
          name: self.table, language: table.language,
          strings: Dictionary(uniqueKeysWithValues: table.strings),
          rules: Dictionary(uniqueKeysWithValues: table.rules))
      }
    return CompileResult(tables: tables, diagnostics: diagnostics.sortedByOffset())
  }
}
