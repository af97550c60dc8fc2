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
/// With ``CompileOptions/sourceTextLanguage`` (payloads of other SDKs), that language's table holds
/// the source text of every key: each unit whatever its state, and the key itself where the entry
/// emits nothing in that language.
///
/// Every language compiled becomes a folder or file name: a tag ``LanguageTag`` refuses is an
/// error, reported once, at its first localization.
///
/// Values are copied verbatim. Plurals, substitutions and device variations become `.stringsdict`
/// entries (see ``LocalizationCompiler``); a device variation's plain `other` case also goes to
/// `.strings`, as Xcode does.
public struct CatalogCompiler {
  /// The table name: the catalog's basename.
  public let table: String
  public let options: CompileOptions
  /// The catalog's source language, when known before its entries.
  public let sourceLanguage: String?
  /// Per language, the values in the order they were compiled; dictionaries are built once at
  /// the end with their final capacity (growing 30 dictionaries key by key costs more than reading).
  private var pending: [PendingTable] = []
  private var tableIndex: [String: Int] = [:]
  /// The table used by each localization position of the previous entry: entries list their
  /// languages in the same order, so this usually finds the table without hashing.
  private var recentTables: [Int] = []
  /// Entry keys by ordinal (the order `add` saw them); a repeated key is resolved in `finish`.
  private var entryKeys: [String] = []
  private var diagnostics: [Diagnostic] = []
  /// Diagnostics reported once per catalog, the first seen of each id: unknown unit states
  /// (`state:<name>`), tags that cannot be path components (`tag:<tag>`), string sets
  /// (`stringSet`: App Shortcuts phrases, not compiled).
  private var onceDiagnostics: [(id: String, diagnostic: Diagnostic)] = []

  /// One language's compiled values by entry ordinal, before they become a ``StringTable``.
  private struct PendingTable {
    var language: String
    var strings: [(ordinal: Int, value: String)] = []
    var rules: [(ordinal: Int, value: StringsdictEntry)] = []
  }

  /// `sourceLanguage`: the catalog's, which with each key tells whether the code formats the
  /// key's strings (``TextCheck/codeFormats(key:source:)``); without it the key alone does.
  public init(
    table: String, options: CompileOptions = CompileOptions(), sourceLanguage: String? = nil
  ) {
    self.table = table
    self.options = options
    self.sourceLanguage = sourceLanguage
  }

  /// Compiles a whole catalog as the table `table` (the catalog's basename).
  public static func compile(
    _ catalog: Catalog, table: String, options: CompileOptions = CompileOptions()
  ) -> CompileResult {
    var compiler = CatalogCompiler(
      table: table, options: options, sourceLanguage: catalog.sourceLanguage)
    for entry in catalog.entries { compiler.add(entry) }
    return compiler.finish()
  }

  /// Compiles one entry into the tables; a later entry with the same key replaces an earlier one.
  public mutating func add(_ entry: CatalogEntry) {
    let ordinal = entryKeys.count
    entryKeys.append(entry.key)
    if TextScan(entry.key).hasControlCharacter {
      diagnostics += TextCheck.diagnostics(forKey: entry.key, offset: entry.offset)
    }
    let sourceText = options.sourceTextLanguage
    var emitsSourceText = false
    // The source-language localization, found for the first localization that needs it.
    var sourceNode: LocalizationNode??
    for (position, localization) in entry.localizations.enumerated() {
      if let languages = options.languages, !languages.contains(localization.language) {
        continue
      }
      let index = tableIndex(for: localization.language, at: position, offset: localization.offset)
      let node = localization.node
      let isSourceText = sourceText != nil && localization.language == sourceText
      let force = options.forceBuildAllStrings || isSourceText
      if let stringSet = node.stringSet {
        reportOnce(
          "stringSet",
          .warning(
            TextCheck.stringSetNotCompiled, offset: stringSet.offset,
            language: localization.language, key: entry.key))
      }
      // Fast path, most units: a plain value with no `%` and no control character.
      if node.variations.isEmpty, node.substitutions.isEmpty, let unit = node.stringUnit,
        let value = unit.value, unit.state == .translated || force, TextScan(value).isPlain
      {
        pending[index].strings.append((ordinal, value))
        emitsSourceText = emitsSourceText || isSourceText
        continue
      }
      if sourceNode == nil {
        sourceNode = .some(sourceLanguage.flatMap { entry.localization(for: $0)?.node })
      }
      var compiler = LocalizationCompiler(
        key: entry.key, language: localization.language, forceBuildAllStrings: force,
        source: sourceNode ?? nil)
      let output = compiler.compile(node)
      diagnostics += compiler.diagnostics
      for (state, offset) in compiler.unknownStates {
        reportOnce(
          "state:" + state.rawValue,
          .warning(
            "unknown string unit state '\(state.rawValue)'; units in this state are emitted like translated ones",
            offset: offset, language: localization.language, key: entry.key))
      }
      if let plain = output.plain { pending[index].strings.append((ordinal, plain)) }
      if let rule = output.rule { pending[index].rules.append((ordinal, rule)) }
      emitsSourceText =
        emitsSourceText || (isSourceText && (output.plain != nil || output.rule != nil))
    }
    // What Apple's runtime shows in the development language for a key without its text: the key.
    if let sourceText, !emitsSourceText, options.languages?.contains(sourceText) ?? true {
      pending[tableIndex(for: sourceText, offset: entry.offset)].strings.append(
        (ordinal, entry.key))
    }
  }

  /// Records `diagnostic` unless one with the same `id` was recorded (in any part, see `finish`).
  private mutating func reportOnce(_ id: String, _ diagnostic: @autoclosure () -> Diagnostic) {
    if !onceDiagnostics.contains(where: { $0.id == id }) {
      onceDiagnostics.append((id, diagnostic()))
    }
  }

  /// The index in `pending` of the table for `language`, created when new; a new language whose
  /// tag cannot be a path component is reported at `offset`.
  private mutating func tableIndex(for language: String, offset: Int) -> Int {
    if let existing = tableIndex[language] { return existing }
    if let message = LanguageTag.pathComponentError(language) {
      reportOnce("tag:" + language, .error(message, offset: offset))
    }
    pending.append(PendingTable(language: language))
    tableIndex[language] = pending.count - 1
    return pending.count - 1
  }

  /// ``tableIndex(for:offset:)``, first trying the table the previous entry used at the same
  /// position.
  private mutating func tableIndex(for language: String, at position: Int, offset: Int) -> Int {
    if position < recentTables.count, pending[recentTables[position]].language == language {
      return recentTables[position]
    }
    let index = tableIndex(for: language, offset: offset)
    if position < recentTables.count {
      recentTables[position] = index
    } else {
      recentTables.append(index)
    }
    return index
  }

  /// The tables with something to emit, sorted by language, and the diagnostics in file order.
  public consuming func finish() -> CompileResult {
    Self.finish([self])
  }

  /// The tables of a catalog compiled in parts, `parts` in file order: a key compiled by several
  /// parts keeps its last entry, as a later duplicate does within one part.
  ///
  /// Every table's keys come from the same entries, so the keys are sorted once and each table is
  /// gathered from the parts and ordered by the entries' ranks, one table per core at a time.
  public static func finish(_ parts: [CatalogCompiler]) -> CompileResult {
    var bases: [Int] = []
    var keys: [String] = []
    for part in parts {
      bases.append(keys.count)
      keys += part.entryKeys
    }
    // A key compiled again (later in the file) replaces the earlier entry: last wins.
    var superseded: Set<Int> = []
    var last: [String: Int] = [:]
    for (ordinal, key) in keys.enumerated() {
      if let earlier = last.updateValue(ordinal, forKey: key) { superseded.insert(earlier) }
    }
    let order = KeyOrder.sortedIndices(of: keys)
    var rank = [Int](repeating: 0, count: order.count)
    for (position, ordinal) in order.enumerated() { rank[ordinal] = position }
    let keyBytes = UTF8Column(order.lazy.map { keys[$0] })

    /// One language's values from every part, ordered by key; `sortedKeys`: the keys in rank order.
    /// Positions are sorted first, so that each value is copied (retained) once.
    func gather<Value>(
      _ language: String, _ sortedKeys: [String],
      _ pairs: (PendingTable) -> [(ordinal: Int, value: Value)]
    )
      -> KeyedValues<Value>
    {
      var sources: [[(ordinal: Int, value: Value)]] = []
      var found: [(rank: Int32, source: Int32, position: Int32)] = []
      for (part, base) in zip(parts, bases) {
        guard let index = part.tableIndex[language] else { continue }
        let source = pairs(part.pending[index])
        source.withUnsafeBufferPointer { source in
          for position in source.indices {
            let ordinal = base + source[position].ordinal
            if superseded.isEmpty || !superseded.contains(ordinal) {
              found.append((Int32(rank[ordinal]), Int32(sources.count), Int32(position)))
            }
          }
        }
        sources.append(source)
      }
      found.sort { $0.rank < $1.rank }
      return KeyedValues(
        sortedKeys: found.map { sortedKeys[Int($0.rank)] },
        values: found.map { sources[Int($0.source)][Int($0.position)].value }, bytes: keyBytes,
        indices: found.map(\.rank))
    }

    let languages = KeyOrder.sorted(Set(parts.flatMap { $0.tableIndex.keys }))
    let name = parts.first?.table ?? ""
    // Every table holds every key string: threads retaining the same strings at once contend for
    // their reference counts (a twentieth of a large compile). Each thread gets its own copies.
    let tables = Parallel.map(Parallel.chunks(of: languages)) { chunk in
      let sortedKeys = keyBytes.strings()
      return chunk.map { language in
        StringTable(
          name: name, language: language,
          strings: gather(language, sortedKeys) { $0.strings }.withContiguousValues(),
          rules: gather(language, sortedKeys) { $0.rules })
      }
    }.joined().filter { !$0.isEmpty }
    var diagnostics = parts.flatMap(\.diagnostics)
    var reported: Set<String> = []
    for (id, diagnostic) in parts.flatMap(\.onceDiagnostics) where reported.insert(id).inserted {
      diagnostics.append(diagnostic)
    }
    return CompileResult(
      tables: tables, diagnostics: diagnostics.sortedByOffset(), languages: languages)
  }
}
