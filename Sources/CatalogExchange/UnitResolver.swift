import StringCatalog

/// Unit id → (key, path) for one catalog: the key the id names exactly when there is one (so a
/// literal key `label|==|plural.one` gets its own updates, which Xcode's import ignores), otherwise
/// the key before a `|==|` whose rest is a unit path (the longest such key: `varied|==|key` in
/// `varied|==|key|==|plural.one`).
struct UnitResolver {
  /// Entry index by key.
  let index: [String: Int]

  init(_ catalog: Catalog) {
    var index: [String: Int] = [:]
    index.reserveCapacity(catalog.entries.count)
    for (position, entry) in catalog.entries.enumerated() { index[entry.key] = position }
    self.index = index
  }

  /// The entry index and path `id` names, nil when no key of the catalog fits.
  func resolve(_ id: String) -> (entry: Int, path: UnitPath)? {
    if let entry = index[id] { return (entry, .root) }
    var found: (entry: Int, path: UnitPath)?
    for range in Self.delimiters(in: id) {
      let key = String(id[..<range.lowerBound])
      if let entry = index[key], let path = UnitPath(parsing: id[range.upperBound...]) {
        found = (entry, path)
      }
    }
    return found
  }

  /// Where `|==|` occurs in `id`, left to right, each search starting after the previous match,
  /// as ``characterDelimiters(in:)`` finds them, mostly without calling it (`firstRange(of:)`
  /// searches characters: 15 % of an import's instructions). A match between ASCII bytes (or the
  /// id's ends) is one no grapheme cluster crosses; with a non-ASCII neighbour, which might
  /// combine with it, the character search decides.
  static func delimiters(in id: String) -> [Range<String.Index>] {
    var found: [Range<String.Index>] = []
    let bytes = id.utf8
    var index = bytes.startIndex
    while index < bytes.endIndex {
      guard bytes[index] == UInt8(ascii: "|"),
        let end = bytes.index(index, offsetBy: 4, limitedBy: bytes.endIndex),
        bytes[bytes.index(index, offsetBy: 1)] == UInt8(ascii: "="),
        bytes[bytes.index(index, offsetBy: 2)] == UInt8(ascii: "="),
        bytes[bytes.index(index, offsetBy: 3)] == UInt8(ascii: "|")
      else {
        index = bytes.index(after: index)
        continue
      }
      if (index > bytes.startIndex && bytes[bytes.index(before: index)] >= 0x80)
        || (end < bytes.endIndex && bytes[end] >= 0x80)
      {
        return characterDelimiters(in: id)
      }
      found.append(index..<end)
      index = end
    }
    return found
  }

  /// ``delimiters(in:)`` by characters, as `String` searches.
  static func characterDelimiters(in id: String) -> [Range<String.Index>] {
    var found: [Range<String.Index>] = []
    var rest = Substring(id)
    while let range = rest.firstRange(of: UnitPath.delimiter) {
      found.append(range)
      rest = id[range.upperBound...]
    }
    return found
  }
}
