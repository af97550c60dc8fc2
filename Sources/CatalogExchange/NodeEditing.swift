import StringCatalog

extension LocalizationNode {
  /// Changes the string unit at `path` (nil when there is none), making the variations, cases and
  /// substitutions on the way that are missing; a missing substitution copies `argNum` and
  /// `formatSpecifier` from `template` (the source's). Members lhc does not know stay as they are.
  mutating func editUnit(
    at path: ArraySlice<UnitPath.Step>, template: Substitution?,
    _ change: (inout StringUnit?) -> Void
  ) {
    guard let step = path.first else { return change(&stringUnit) }
    switch step {
    case .variation(let kind, let name):
      let axis =
        variations.firstIndex { $0.kind == kind }
        ?? {
          variations.append(Variation(kind: kind, cases: []))
          return variations.count - 1
        }()
      let index =
        variations[axis].cases.firstIndex { $0.name == name }
        ?? {
          variations[axis].cases.append(VariationCase(name: name, node: LocalizationNode()))
          return variations[axis].cases.count - 1
        }()
      variations[axis].cases[index].node.editUnit(
        at: path.dropFirst(), template: template, change)
    case .substitution(let name):
      let index =
        substitutions.firstIndex { $0.name == name }
        ?? {
          substitutions.append(
            Substitution(
              name: name, argNum: template?.argNum, formatSpecifier: template?.formatSpecifier))
          return substitutions.count - 1
        }()
      var node = LocalizationNode(variations: substitutions[index].variations)
      node.editUnit(at: path.dropFirst(), template: template, change)
      substitutions[index].variations = node.variations
    }
  }

  /// True when this node or one below it has substitutions but no string unit and no variations
  /// beside them (a shape the compiler rejects: "Missing required key 'stringUnit'"). Beside
  /// variations, the variations' leaves reference them (Xcode compiles it with `device`).
  var hasOrphanSubstitutions: Bool {
    if !substitutions.isEmpty && !holdsStrings { return true }
    return variations.contains { $0.cases.contains { $0.node.hasOrphanSubstitutions } }
  }

  /// True when the node has a string unit, a string set or variations: strings that can
  /// reference its substitutions.
  var holdsStrings: Bool {
    if case .some = stringUnit { return true }
    if case .some = stringSet { return true }
    return !variations.isEmpty
  }
}
