/// Setting every offset to 0, so that `==` compares what two catalogs hold, not where it stood
/// in their files (a merge compares three versions of one catalog; a test compares a catalog with
/// its rewrite).
///
/// Only what has offsets is written to: a part already cleared, maybe shared with another
/// catalog (a merge's sides share ours' unchanged entries), is only read, so it is not copied.
extension Catalog {
  public mutating func clearOffsets() {
    for index in entries.indices where entries[index].hasOffsets { entries[index].clearOffsets() }
  }
}

extension CatalogEntry {
  /// True when an offset in the entry is not 0.
  public var hasOffsets: Bool {
    offset != 0 || localizations.contains { $0.offset != 0 || $0.node.hasOffsets }
  }

  public mutating func clearOffsets() {
    if offset != 0 { offset = 0 }
    for index in localizations.indices
    where localizations[index].offset != 0 || localizations[index].node.hasOffsets {
      localizations[index].offset = 0
      localizations[index].node.clearOffsets()
    }
  }
}

extension LocalizationNode {
  /// True when an offset in the node is not 0.
  public var hasOffsets: Bool {
    offset != 0 || (stringUnit?.offset ?? 0) != 0 || (stringSet?.offset ?? 0) != 0
      || Self.haveOffsets(variations)
      || substitutions.contains { $0.offset != 0 || Self.haveOffsets($0.variations) }
  }

  public mutating func clearOffsets() {
    if offset != 0 { offset = 0 }
    if stringUnit?.offset ?? 0 != 0 { stringUnit?.offset = 0 }
    if stringSet?.offset ?? 0 != 0 { stringSet?.offset = 0 }
    if Self.haveOffsets(variations) { Self.clearOffsets(&variations) }
    for index in substitutions.indices
    where substitutions[index].offset != 0 || Self.haveOffsets(substitutions[index].variations) {
      substitutions[index].offset = 0
      Self.clearOffsets(&substitutions[index].variations)
    }
  }

  private static func haveOffsets(_ variations: [Variation]) -> Bool {
    variations.contains { variation in
      variation.offset != 0
        || variation.cases.contains { $0.offset != 0 || $0.node.hasOffsets }
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
