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

/// A table of a language: `de` · `Localizable`.
struct TableID: Hashable, Comparable {
  var language: String
  var table: String

  static func < (lhs: TableID, rhs: TableID) -> Bool {
    (lhs.language, lhs.table) < (rhs.language, rhs.table)
  }
}
