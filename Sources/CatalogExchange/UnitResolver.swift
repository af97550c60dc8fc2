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
    for range in UnitPath.delimiters(in: id) {
      let key = String(id[..<range.lowerBound])
      if let entry = index[key], let path = UnitPath(parsing: id[range.upperBound...]) {
        found = (entry, path)
      }
    }
    return found
  }
}
