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

  /// The table of `language` named `name`, tables of the same name and language merged.
  func merged() -> [TableID: [(key: String, entry: TableEntry)]] {
    var grouped: [TableID: [StringTable]] = [:]
    for table in tables {
      grouped[TableID(language: table.language, table: table.name), default: []].append(table)
    }
    return grouped.mapValues { tables in
      tables.count == 1
        ? Self.entries(of: tables[0])
        : Self.entries(
          of: tables.reduce(into: tables[0]) { merged, next in
            for (key, value) in next.strings { merged.strings[key] = value }
            for (key, value) in next.rules { merged.rules[key] = value }
          })
    }
  }

  /// A table's `.strings` and `.stringsdict` entries merged into one sorted list.
  static func entries(of table: StringTable) -> [(key: String, entry: TableEntry)] {
    var result: [(key: String, entry: TableEntry)] = []
    result.reserveCapacity(table.strings.count + table.rules.count)
    var s = 0
    var r = 0
    let strings = table.strings
    let rules = table.rules
    while s < strings.count || r < rules.count {
      if r == rules.count
        || (s < strings.count && KeyOrder.precedes(strings.keys[s], rules.keys[r]))
      {
        result.append((strings.keys[s], TableEntry(text: strings.values[s])))
        s += 1
      } else if s == strings.count || strings.keys[s] != rules.keys[r] {
        result.append((rules.keys[r], TableEntry(rule: rules.values[r])))
        r += 1
      } else {
        result.append((strings.keys[s], TableEntry(text: strings.values[s], rule: rules.values[r])))
        s += 1
        r += 1
      }
    }
    return result
  }
}

/// A table of a language: `de` · `Localizable`.
struct TableID: Hashable, Comparable {
  var language: String
  var table: String

  static func < (lhs: TableID, rhs: TableID) -> Bool {
    (lhs.language, lhs.table) < (rhs.language, rhs.table)
  }
}
