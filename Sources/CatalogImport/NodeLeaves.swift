import StringCatalog

/// The string units of a localization node by path, and edits of one unit in place: how a
/// release import changes only the units whose text differs, keeping everything else of the node
/// (states, unknown members, cases the release does not name) as read.
///
/// A path is the list of steps from the node to a unit: `plural.one`, `device.iphone` (a
/// variation's kind and case), `@files` (a substitution, followed by its variation's steps); the
/// empty path is the node's own string unit.
extension LocalizationNode {
  /// Every string unit's value by path.
  func leafValues() -> [[String]: String] {
    var values: [[String]: String] = [:]
    collectLeaves(under: [], into: &values)
    return values
  }

  private func collectLeaves(under path: [String], into values: inout [[String]: String]) {
    if let value = stringUnit?.value { values[path] = value }
    for variation in variations {
      for variationCase in variation.cases {
        variationCase.node.collectLeaves(
          under: path + ["\(variation.kind.rawValue).\(variationCase.name)"], into: &values)
      }
    }
    for substitution in substitutions {
      for variation in substitution.variations {
        for variationCase in variation.cases {
          variationCase.node.collectLeaves(
            under: path + [
              "@" + substitution.name, "\(variation.kind.rawValue).\(variationCase.name)",
            ],
            into: &values)
        }
      }
    }
  }

  /// Sets the unit at `path` to `value` in `state` (its other members kept); a missing last case
  /// of an existing variation is added. False when the node has no place for it (another shape).
  mutating func setLeaf(_ path: ArraySlice<String>, value: String, state: UnitState) -> Bool {
    guard let step = path.first else {
      guard variations.isEmpty, stringSet == nil else { return false }
      if stringUnit == nil {
        stringUnit = StringUnit(state: state, value: value)
      } else {
        stringUnit?.value = value
        stringUnit?.state = state
      }
      return true
    }
    if step.hasPrefix("@") {
      let name = String(step.dropFirst())
      guard let index = substitutions.firstIndex(where: { $0.name == name }) else { return false }
      return Self.setLeaf(
        in: &substitutions[index].variations, path.dropFirst(), value: value, state: state)
    }
    return Self.setLeaf(in: &variations, path, value: value, state: state)
  }

  private static func setLeaf(
    in variations: inout [Variation], _ path: ArraySlice<String>, value: String, state: UnitState
  ) -> Bool {
    guard let (kind, name) = path.first.flatMap(step),
      let index = variations.firstIndex(where: { $0.kind == kind })
    else { return false }
    let rest = path.dropFirst()
    if let caseIndex = variations[index].cases.firstIndex(where: { $0.name == name }) {
      return variations[index].cases[caseIndex].node.setLeaf(rest, value: value, state: state)
    }
    guard rest.isEmpty else { return false }
    variations[index].cases.append(
      VariationCase(
        name: name, node: LocalizationNode(stringUnit: StringUnit(state: state, value: value))))
    return true
  }

  /// Removes the variation case that holds the unit at `path`. False when there is none, or when
  /// it is the variation's only case (another shape).
  mutating func removeLeaf(_ path: ArraySlice<String>) -> Bool {
    guard let step = path.first else { return false }
    if step.hasPrefix("@") {
      let name = String(step.dropFirst())
      guard let index = substitutions.firstIndex(where: { $0.name == name }) else { return false }
      return Self.removeLeaf(in: &substitutions[index].variations, path.dropFirst())
    }
    return Self.removeLeaf(in: &variations, path)
  }

  private static func removeLeaf(in variations: inout [Variation], _ path: ArraySlice<String>)
    -> Bool
  {
    guard let (kind, name) = path.first.flatMap(step),
      let index = variations.firstIndex(where: { $0.kind == kind }),
      let caseIndex = variations[index].cases.firstIndex(where: { $0.name == name })
    else { return false }
    let rest = path.dropFirst()
    if !rest.isEmpty { return variations[index].cases[caseIndex].node.removeLeaf(rest) }
    guard variations[index].cases.count > 1 else { return false }
    variations[index].cases.remove(at: caseIndex)
    return true
  }

  /// `plural.one` → (`plural`, `one`).
  private static func step(_ text: String) -> (VariationKind, String)? {
    guard let dot = text.firstIndex(of: ".") else { return nil }
    return (
      VariationKind(rawValue: String(text[..<dot])), String(text[text.index(after: dot)...])
    )
  }
}
