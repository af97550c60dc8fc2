import LHCBase

/// What a lossless read keeps beyond the model's fields (see ``Catalog``).
extension CatalogParser {
  /// The member at the cursor, whose name the model does not know: kept in `members` in a
  /// lossless read (a repeated name keeps the last value, with a warning), skipped otherwise.
  @inline(__always) mutating func keepOrSkip(_ key: JSONString, in members: inout [RawMember])
    throws(DiagnosticError)
  {
    guard lossless else { return try scanner.skipValue() }
    let name = scanner.makeString(key)
    let value = try readRaw()
    if members.contains(where: { $0.name == name }) {
      warn("duplicate key '\(name)'", at: key.offset)
    }
    members.keep(RawMember(name, value))
  }

  /// Reads any value at the cursor as it is written (nesting is capped by the scanner).
  mutating func readRaw() throws(DiagnosticError) -> RawJSON {
    switch try scanner.kind() {
    case .object:
      try scanner.enterContainer()
      var members: [RawMember] = []
      // Names seen, once an object is large enough for a linear search to cost (hostile input).
      var indexByName: [String: Int] = [:]
      var first = true
      while try scanner.nextMember(&first) {
        let key = try scanner.readKey()
        let member = RawMember(scanner.makeString(key), try readRaw())
        if members.count >= 16 && indexByName.isEmpty {
          for (index, member) in members.enumerated() { indexByName[member.name] = index }
        }
        let earlier =
          indexByName.isEmpty
          ? members.firstIndex { $0.name == member.name } : indexByName[member.name]
        if let earlier {
          warn("duplicate key '\(member.name)'", at: key.offset)
          members[earlier] = member
        } else {
          if !indexByName.isEmpty { indexByName[member.name] = members.count }
          members.append(member)
        }
      }
      return .object(members)
    case .array:
      try scanner.enterContainer()
      var elements: [RawJSON] = []
      var first = true
      while try scanner.nextElement(&first) { elements.append(try readRaw()) }
      return .array(elements)
    case .string:
      return .string(scanner.makeString(try scanner.scanString()))
    case .number:
      let number = try scanner.scanNumber()
      return .number(scanner.text(from: number.start, to: number.end))
    case .boolean:
      return .bool(try scanner.scanLiteral() ?? false)
    case .null:
      _ = try scanner.scanLiteral()
      return .null
    }
  }
}

extension CatalogReader {
  /// Reads everything a catalog holds, for commands that write it back (`format`, `merge-driver`,
  /// imports): the model plus unknown members at every level and empty known containers (see
  /// ``Catalog``). Duplicate keys behave as in ``read(_:)``: the last wins, in the first one's place,
  /// with a warning.
  ///
  /// With `parts` > 1 a large catalog is read on as many threads (as ``read(_:parts:makeSinks:)``
  /// does); the catalog is the sequential reader's.
  public static func readLossless(_ source: SourceText, parts: Int = 1) throws(DiagnosticError)
    -> (catalog: Catalog, diagnostics: [Diagnostic])
  {
    final class Part: @unchecked Sendable {
      var entries: [CatalogEntry] = []
    }
    var collected: [Part] = []
    var (catalog, diagnostics) = try read(source, parts: parts, lossless: true) { count in
      collected = (0..<count).map { _ in Part() }
      return collected.map { part in { part.entries.append($0) } }
    }
    var entries = UniqueEntries(capacity: collected.reduce(0) { $0 + $1.entries.count })
    for part in collected {
      for entry in part.entries { entries.add(entry) }
      part.entries = []
    }
    catalog.entries = entries.entries
    return (catalog, diagnostics)
  }
}
