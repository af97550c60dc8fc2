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
public enum CatalogCompiler {
  /// Compiles `catalog` as the table `table` (the catalog's basename).
  public static func compile(
    _ catalog: Catalog, table: String, options: CompileOptions = CompileOptions()
  ) -> CompileResult {
    var tables: [String: StringTable] = [:]
    var diagnostics: [Diagnostic] = []
    var reportedStates: Set<UnitState> = []

    for entry in catalog.entries {
      diagnostics += TextCheck.diagnostics(forKey: entry.key, offset: entry.offset)
      for localization in entry.localizations {
        if let languages = options.languages, !languages.contains(localization.language) {
          continue
        }
        var compiler = LocalizationCompiler(
          key: entry.key, language: localization.language,
          forceBuildAllStrings: options.forceBuildAllStrings)
        let output = compiler.compile(localization.node)
        diagnostics += compiler.diagnostics
        for (state, offset) in compiler.unknownStates where !reportedStates.contains(state) {
          reportedStates.insert(state)
          diagnostics.append(
            .warning(
              "unknown string unit state '\(state.rawValue)'; units in this state are emitted like translated ones",
              offset: offset, language: localization.language, key: entry.key))
        }
        guard output.plain != nil || output.rule != nil else { continue }
        var table =
          tables[localization.language]
          ?? StringTable(name: table, language: localization.language)
        if let plain = output.plain { table.strings[entry.key] = plain }
        if let rule = output.rule { table.rules[entry.key] = rule }
        tables[localization.language] = table
      }
    }

    let sortedTables = KeyOrder.sorted(tables.keys).compactMap { tables[$0] }
    return CompileResult(tables: sortedTables, diagnostics: diagnostics.sortedByOffset())
  }
}
