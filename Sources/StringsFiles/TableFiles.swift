import StringTables

/// The tables of a set looked up by file: `de.lproj/Localizable.strings` → the `.strings` part of
/// the `de` table `Localizable`. For readers that may take a file as a known table's part instead
/// of parsing it (see `Release.Recognizer`).
public struct TableFiles: Sendable {
  /// `<language>.lproj/<table>` → its table; nil for a name two tables share (never looked up).
  private let tables: [String: StringTable?]

  public init(_ tables: [StringTable]) {
    var byName: [String: StringTable?] = [:]
    for table in tables {
      let name = Self.name(language: table.language, table: table.name)
      byName[name] = byName[name] == nil ? table : .some(nil)
    }
    self.tables = byName
  }

  /// The part of a table that the file at `path` (relative: `<language>.lproj/<table>.<kind>`)
  /// would hold, and the file's kind; nil for another path or an unknown table.
  public func part(at path: String) -> (table: StringTable, kind: TableFile.Kind)? {
    guard let dot = path.lastIndex(of: "."),
      let kind = TableFile.Kind(rawValue: String(path[path.index(after: dot)...])),
      let found = tables[String(path[..<dot])], let table = found
    else { return nil }
    let part =
      kind == .strings
      ? StringTable(name: table.name, language: table.language, strings: table.strings)
      : StringTable(name: table.name, language: table.language, rules: table.rules)
    return (part, kind)
  }

  private static func name(language: String, table: String) -> String {
    "\(language).lproj/\(table)"
  }
}
