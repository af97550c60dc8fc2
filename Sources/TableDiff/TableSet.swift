import LHCBase
import StringTables

/// One side of a comparison: the tables of an app (compiled catalogs, a bundle's `.lproj`
/// folders) or of a release.
public struct TableSet: Sendable {
  public var tables: [StringTable]
  /// The development language when known (catalogs): the first place to look for the arguments
  /// the app passes for a key its own language lacks.
  public var sourceLanguage: String?

  public init(tables: [StringTable], sourceLanguage: String? = nil) {
    self.tables = tables
    self.sourceLanguage = sourceLanguage
  }

  /// The table of each language and name, tables of the same name and language merged.
  func merged() -> [TableID: StringTable] {
    var grouped: [TableID: [StringTable]] = [:]
    for table in tables {
      grouped[TableID(language: table.language, table: table.name), default: []].append(table)
    }
    return grouped.mapValues { tables in
      tables.count == 1
        ? tables[0]
        : tables.reduce(into: tables[0]) { merged, next in
          for (key, value) in next.strings { merged.strings[key] = value }
          for (key, value) in next.rules { merged.rules[key] = value }
        }
    }
  }
}

/// Walks a table's `.strings` and `.stringsdict` keys together, in key order, without copying
/// them into entries: a ``TableEntry`` is made only for a key that is reported.
struct TableCursor {
  /// One key of the table: its positions in `strings` and `rules`, whichever files have it.
  struct Key {
    var key: String
    var text: Int?
    var rule: Int?
  }

  let table: StringTable
  private var s = 0
  private var r = 0

  init(_ table: StringTable) {
    self.table = table
  }

  /// True when the table has no entry at all.
  var isEmpty: Bool { table.strings.isEmpty && table.rules.isEmpty }

  /// True past the last key.
  var isAtEnd: Bool { s == table.strings.count && r == table.rules.count }

  /// The key at the cursor (not at the end).
  var current: Key {
    if r == table.rules.count { return Key(key: table.strings.keys[s], text: s) }
    if s == table.strings.count { return Key(key: table.rules.keys[r], rule: r) }
    let (text, rule) = (table.strings.keys[s], table.rules.keys[r])
    if KeyOrder.precedes(text, rule) { return Key(key: text, text: s) }
    return text != rule ? Key(key: rule, rule: r) : Key(key: text, text: s, rule: r)
  }

  /// Moves past `key` (the current one).
  mutating func advance(past key: Key) {
    if key.text != nil { s += 1 }
    if key.rule != nil { r += 1 }
  }

  /// Whether `key` here holds the same text and rule as `other` in `cursor`'s table.
  func isEqual(_ key: Key, to other: Key, in cursor: TableCursor) -> Bool {
    text(key) == cursor.text(other) && rule(key) == cursor.rule(other)
  }

  func text(_ key: Key) -> String? { key.text.map { table.strings.values[$0] } }

  func rule(_ key: Key) -> StringsdictEntry? { key.rule.map { table.rules.values[$0] } }

  /// Everything the table holds for `key`.
  func entry(_ key: Key) -> TableEntry { TableEntry(text: text(key), rule: rule(key)) }
}

/// A table of a language: `de` · `Localizable`.
struct TableID: Hashable, Comparable {
  var language: String
  var table: String

  static func < (lhs: TableID, rhs: TableID) -> Bool {
    (lhs.language, lhs.table) < (rhs.language, rhs.table)
  }
}
