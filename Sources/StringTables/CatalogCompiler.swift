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
  /// Entry keys by ordinal (the order `add` saw them), and the ordinal of each key.
  private var entryKeys: [String] = []
  private var ordinals: [String: Int] = [:]
  private var diagnostics: [Diagnostic] = []
  /// One warning per unknown unit state, the first seen.
  private var stateWarnings: [(state: UnitState, diagnostic: Diagnostic)] = []

  /// One language's compiled values by entry ordinal, before they become a ``StringTable``.
  private struct PendingTable {
    var language: String
    var strings: [(ordinal: Int, value: String)] = []
    var rules: [(ordinal: Int, value: StringsdictEntry)] = []
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
    let ordinal = entryKeys.count
    entryKeys.append(entry.key)
    if let earlier = ordinals.updateValue(ordinal, forKey: entry.key) {  // duplicate: last wins
      for index in pending.indices {
        pending[index].strings.removeAll { $0.ordinal == earlier }
        pending[index].rules.removeAll { $0.ordinal == earlier }
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
        pending[index].strings.append((ordinal, value))
        continue
      }
      var compiler = LocalizationCompiler(
        key: entry.key, language: localization.language,
        forceBuildAllStrings: options.forceBuildAllStrings)
      let output = compiler.compile(node)
      diagnostics += compiler.diagnostics
      for (state, offset) in compiler.unknownStates
      where !stateWarnings.contains(where: { $0.state == state }) {
        stateWarnings.append(
          (
            state,
            .warning(
              "unknown string unit state '\(state.rawValue)'; units in this state are emitted like translated ones",
              offset: offset, language: localization.language, key: entry.key)
          ))
      }
      if let plain = output.plain { pending[index].strings.append((ordinal, plain)) }
      if let rule = output.rule { pending[index].rules.append((ordinal, rule)) }
    }
  }

  /// Adds what `other` compiled from the entries that follow this compiler's in the catalog
  /// (catalogs read in parts): its keys win over this compiler's, as later entries do.
  public mutating func append(_ other: CatalogCompiler) {
    let base = entryKeys.count
    for (ordinal, key) in other.entryKeys.enumerated() {
      if let earlier = ordinals.updateValue(base + ordinal, forKey: key), earlier < base {
        for index in pending.indices {
          pending[index].strings.removeAll { $0.ordinal == earlier }
          pending[index].rules.removeAll { $0.ordinal == earlier }
        }
      }
    }
    entryKeys += other.entryKeys
    for table in other.pending {
      let index = tableIndex(for: table.language)
      pending[index].strings += table.strings.map { (base + $0.ordinal, $0.value) }
      pending[index].rules += table.rules.map { (base + $0.ordinal, $0.value) }
    }
    diagnostics += other.diagnostics
    for warning in other.stateWarnings
    where !stateWarnings.contains(where: { $0.state == warning.state }) {
      stateWarnings.append(warning)
    }
  }

  /// The index in `pending` of the table for `language`, created when new.
  private mutating func tableIndex(for language: String) -> Int {
    if let existing = tableIndex[language] { return existing }
    pending.append(PendingTable(language: language))
    tableIndex[language] = pending.count - 1
    return pending.count - 1
  }

  /// ``tableIndex(for:)``, first trying the table the previous entry used at the same position.
  private mutating func tableIndex(for language: String, at position: Int) -> Int {
    if position < recentTables.count, pending[recentTables[position]].language == language {
      return recentTables[position]
    }
    let index = tableIndex(for: language)
    if position < recentTables.count {
      recentTables[position] = index
    } else {
      recentTables.append(index)
    }
    return index
  }

  /// The tables with something to emit, sorted by language, and the diagnostics in file order.
  ///
  /// Every table's keys come from the same entries, so the keys are sorted once and each table
  /// is ordered by the entries' ranks (integer comparisons, no string work per table).
  public consuming func finish() -> CompileResult {
    let order = KeyOrder.sortedIndices(of: entryKeys)
    var rank = [Int](repeating: 0, count: order.count)
    for (position, ordinal) in order.enumerated() { rank[ordinal] = position }
    let keys = entryKeys
    func ordered<Value>(_ pairs: [(ordinal: Int, value: Value)]) -> KeyedValues<Value> {
      let sorted = pairs.sorted { rank[$0.ordinal] < rank[$1.ordinal] }
      return KeyedValues(sortedKeys: sorted.map { keys[$0.ordinal] }, values: sorted.map(\.value))
    }
    let name = table
    let languages = pending.filter { !$0.strings.isEmpty || !$0.rules.isEmpty }
      .sorted { KeyOrder.precedes($0.language, $1.language) }
    let tables = Parallel.map(languages) { pending in
      StringTable(
        name: name, language: pending.language, strings: ordered(pending.strings),
        rules: ordered(pending.rules))
    }
    return CompileResult(
      tables: tables, diagnostics: (diagnostics + stateWarnings.map(\.diagnostic)).sortedByOffset())
  }
}
