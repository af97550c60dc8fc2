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
  /// `lhc lint`'s business.
  public static func diff(old: TableSet, new: TableSet, options: Options = Options()) -> DiffResult
  {
    let oldTables = old.merged()
    let newTables = new.merged()
    let context = FindingContext(old: old, oldTables: oldTables)
    let ids = Set(oldTables.keys).union(newTables.keys).sorted()
    let compared = Parallel.map(ids) { id in
      compare(id, oldTables[id] ?? [], newTables[id] ?? [], context)
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

  private static func compare(
    _ id: TableID, _ old: [(key: String, entry: TableEntry)],
    _ new: [(key: String, entry: TableEntry)],
    _ context: FindingContext
  ) -> (difference: TableDifference?, findings: [RuntimeFinding]) {
    var changes: [KeyChange] = []
    var findings: [RuntimeFinding] = []
    var o = 0
    var n = 0
    while o < old.count || n < new.count {
      if n == new.count || (o < old.count && KeyOrder.precedes(old[o].key, new[n].key)) {
        changes.append(KeyChange(kind: .removed, key: old[o].key, old: old[o].entry, new: nil))
        o += 1
      } else if o == old.count || old[o].key != new[n].key {
        changes.append(KeyChange(kind: .added, key: new[n].key, old: nil, new: new[n].entry))
        findings += context.findings(id, new[n].key, new[n].entry, appEntry: nil)
        n += 1
      } else {
        let (key, before, after) = (new[n].key, old[o].entry, new[n].entry)
        if !before.isEquivalent(to: after) {
          let kind: KeyChange.Kind = before.kind == after.kind ? .changed : .kindChanged
          changes.append(KeyChange(kind: kind, key: key, old: before, new: after))
          findings += context.findings(id, key, after, appEntry: before)
        }
        o += 1
        n += 1
      }
    }
    let difference =
      changes.isEmpty
      ? nil
      : TableDifference(
        language: id.language, table: id.table,
        presence: old.isEmpty ? .newOnly : new.isEmpty ? .oldOnly : .both, changes: changes)
    return (difference, findings)
  }

  /// Language folders the SDK's lookup (`<ISO 639-1 code>.lproj`) never reaches by itself: not
  /// a two-letter code, and no folder of their two-letter language beside them.
  private static func unselectableLanguages(_ languages: Set<String>) -> [RuntimeFinding] {
    languages.sorted().compactMap { language in
      guard !isISO639_1(language) else { return nil }
      let base = String(language.prefix { $0 != "-" && $0 != "_" })
      if isISO639_1(base) && languages.contains(base) { return nil }
      return RuntimeFinding(
        kind: .unselectableLanguage, severity: .warning, language: language, table: nil, key: nil,
        message:
          "'\(language).lproj' is never selected by the SDK, which asks for '<ISO 639-1 code>.lproj'"
          + (isISO639_1(base) ? "; add '\(base).lproj' or rely on Foundation's fallback" : ""))
    }
  }

  static func isISO639_1(_ language: String) -> Bool {
    language.utf8.count == 2
      && language.utf8.allSatisfy { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }
  }
}
