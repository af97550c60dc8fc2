import LHCBase
import PluralRules
import StringTables

/// Compares two sets of tables key by key, and checks what the new side would break at runtime
/// when the LingoHub SDK serves it over the old side (the app's bundled strings).
public enum TableDiffer {
  /// What to check besides content.
  public struct Options: Sendable {
    /// The new side is a release archive: also report language folders the SDK never selects.
    public var newIsRelease: Bool

    public init(newIsRelease: Bool = false) {
      self.newIsRelease = newIsRelease
    }
  }

  /// The differences from `old` to `new`, and the runtime-safety findings of `new`.
  ///
  /// Findings about content (format arguments, plural categories, a key in both files, unknown
  /// keys) are reported only for keys `new` adds or changes: what the app already ships is
  /// `lhc lint`'s business. A key whose entries are runtime-equivalent
  /// (``TableEntry/isRuntimeEquivalent(to:)``) is listed as ``KeyChange/Kind/equivalent``.
  public static func diff(old: TableSet, new: TableSet, options: Options = Options()) -> DiffResult
  {
    let oldTables = old.merged()
    let newTables = new.merged()
    let context = FindingContext(old: old, oldTables: oldTables)
    let ids = Set(oldTables.keys).union(newTables.keys).sorted()
    let compared = Parallel.map(ids) { id in
      compare(
        id, oldTables[id] ?? StringTable(name: id.table, language: id.language),
        newTables[id] ?? StringTable(name: id.table, language: id.language), context)
    }
    var result = DiffResult(
      tables: compared.compactMap(\.difference), findings: compared.flatMap(\.findings))
    if options.newIsRelease {
      result.findings += unselectableLanguages(Set(newTables.keys.map(\.language)))
    }
    result.findings.sort { lhs, rhs in
      (lhs.language, lhs.table ?? "", lhs.key ?? "", lhs.kind.rawValue)
        < (rhs.language, rhs.table ?? "", rhs.key ?? "", rhs.kind.rawValue)
    }
    return result
  }

  /// Walks both tables' keys side by side; entries are made only for keys that differ.
  private static func compare(
    _ id: TableID, _ oldTable: StringTable, _ newTable: StringTable, _ context: FindingContext
  ) -> (difference: TableDifference?, findings: [RuntimeFinding]) {
    var changes: [KeyChange] = []
    var findings: [RuntimeFinding] = []
    for key in TableWalk.differingKeys(oldTable, newTable) {
      let (was, now) = (entry(oldTable, key), entry(newTable, key))
      switch (was, now) {
      case (let was?, nil):
        changes.append(KeyChange(kind: .removed, key: key, old: was, new: nil))
      case (nil, let now?):
        changes.append(KeyChange(kind: .added, key: key, old: nil, new: now))
        findings += context.findings(id, key, now, appEntry: nil)
      case (let was?, let now?) where !was.isEquivalent(to: now):
        // Shown alike with every argument list: listed, not a difference, nothing to check.
        if was.isRuntimeEquivalent(to: now) {
          changes.append(KeyChange(kind: .equivalent, key: key, old: was, new: now))
          continue
        }
        let kind: KeyChange.Kind = was.kind == now.kind ? .changed : .kindChanged
        changes.append(KeyChange(kind: kind, key: key, old: was, new: now))
        findings += context.findings(id, key, now, appEntry: was)
      default: break
      }
    }
    let oldIsEmpty = oldTable.strings.isEmpty && oldTable.rules.isEmpty
    let newIsEmpty = newTable.strings.isEmpty && newTable.rules.isEmpty
    let difference =
      changes.isEmpty
      ? nil
      : TableDifference(
        language: id.language, table: id.table,
        presence: oldIsEmpty ? .newOnly : newIsEmpty ? .oldOnly : .both, changes: changes)
    return (difference, findings)
  }

  /// Everything `table` holds for `key`, nil when nothing.
  private static func entry(_ table: StringTable, _ key: String) -> TableEntry? {
    let (text, rule) = (table.strings[key], table.rules[key])
    return text == nil && rule == nil ? nil : TableEntry(text: text, rule: rule)
  }

  /// Language folders the SDK's lookup (`<language code>.lproj`) never reaches by itself.
  private static func unselectableLanguages(_ languages: Set<String>) -> [RuntimeFinding] {
    SDKLanguageSelection.unselectable(languages).map { folder, code in
      RuntimeFinding(
        kind: .unselectableLanguage, severity: .warning, language: folder, table: nil, key: nil,
        message:
          "'\(folder).lproj' is never selected by the SDK, which asks for '<language code>.lproj'"
          + (code.map { "; add '\($0).lproj' or rely on Foundation's fallback" } ?? ""))
    }
  }
}
