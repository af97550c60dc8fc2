import StringCatalog

/// The variation path of every node of a localization, by byte offset: how a finding, which
/// knows only the offset it points at, says where in the localization it is (a lint baseline
/// identifies findings by it, not by line).
///
/// Paths use Xcode's XLIFF notation (`plural.one`, `device.iphone.plural.other`,
/// `substitutions.count.plural.one`); a variation itself is `plural` or `device.mac.plural`; the
/// localization's root and its own string unit have no path.
struct VariationPaths {
  private var byOffset: [Int: String] = [:]

  init(_ node: LocalizationNode) {
    add(node, path: nil)
    for substitution in node.substitutions {
      let path = "substitutions.\(substitution.name)"
      byOffset[substitution.offset] = path
      for variation in substitution.variations { add(variation, path: path) }
    }
  }

  /// The path of the node at `offset`, if it has one.
  subscript(offset: Int?) -> String? {
    offset.flatMap { byOffset[$0] }
  }

  private mutating func add(_ node: LocalizationNode, path: String?) {
    if let path {
      byOffset[node.offset] = path
      if let unit = node.stringUnit { byOffset[unit.offset] = path }
    }
    for variation in node.variations { add(variation, path: path) }
  }

  private mutating func add(_ variation: Variation, path: String?) {
    let variationPath = path.map { "\($0).\(variation.kind.rawValue)" } ?? variation.kind.rawValue
    byOffset[variation.offset] = variationPath
    for variationCase in variation.cases {
      let casePath = "\(variationPath).\(variationCase.name)"
      byOffset[variationCase.offset] = casePath
      add(variationCase.node, path: casePath)
    }
  }
}
