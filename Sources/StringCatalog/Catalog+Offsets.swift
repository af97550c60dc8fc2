/// Setting every offset to 0, so that `==` compares what two catalogs hold, not where it stood
/// in their files (a merge compares three versions of one catalog; a test compares a catalog with
/// its rewrite).
extension Catalog {
  public mutating func clearOffsets() {
    for index in entries.indices { entries[index].clearOffsets() }
  }
}

extension CatalogEntry {
  public mutating func clearOffsets() {
    offset = 0
    for index in localizations.indices {
      localizations[index].offset = 0
      localizations[index].node.clearOffsets()
    }
  }
}

extension LocalizationNode {
  public mutating func clearOffsets() {
    offset = 0
    stringUnit?.offset = 0
    if stringSet?.offset ?? 0 != 0 { stringSet?.offset = 0 }
    Self.clearOffsets(&variations)
    for index in substitutions.indices {
      substitutions[index].offset = 0
      Self.clearOffsets(&substitutions[index].variations)
    }
  }

  private static func clearOffsets(_ variations: inout [Variation]) {
    for index in variations.indices {
      variations[index].offset = 0
      for caseIndex in variations[index].cases.indices {
        variations[index].cases[caseIndex].offset = 0
        variations[index].cases[caseIndex].node.clearOffsets()
      }
    }
  }
}
