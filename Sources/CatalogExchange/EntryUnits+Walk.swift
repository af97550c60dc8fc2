import StringCatalog

// The walk of a localization's shape, unit by unit (``EntryUnits/paths()``, the export plan).

extension EntryUnits {
  /// Appends the paths of the units of the node `shape` (the target's, or the source's when the
  /// target has none) to `result`.
  static func appendPaths(
    shape: LocalizationNode, _ requiredCategories: [String], to result: inout [UnitPath]
  ) {
    var collector = PathCollector()
    forEachPath(shape: shape, requiredCategories, &collector)
    result += collector.paths
  }

  /// Calls `visitor` with the path of each unit of the node `shape`, in walk order, and the node
  /// there with the substitution the path last went through and the substitutions its string can
  /// reference (for a plural category the shape lacks: no node). The path is one value grown and
  /// shrunk along the walk (no path made per unit: the export plan walks every entry in every
  /// language and keeps few of the paths); a visitor, not a closure, so that the walk is
  /// specialized for the plan and captures nothing.
  static func forEachPath<Visitor: UnitPathVisitor>(
    shape: LocalizationNode, _ requiredCategories: [String], _ visitor: inout Visitor
  ) {
    var path = UnitPath()
    walk(shape, &path, nil, [], requiredCategories, &visitor)
  }

  /// `scope`: the substitutions of the nearest node above `node` that has any (the strings'
  /// scope, ``UnitText``).
  private static func walk<Visitor: UnitPathVisitor>(
    _ node: LocalizationNode, _ path: inout UnitPath, _ substitution: Substitution?,
    _ scope: [Substitution], _ requiredCategories: [String], _ visitor: inout Visitor
  ) {
    let scope = node.substitutions.isEmpty ? scope : node.substitutions
    if node.hasStringUnit || node.isEmpty { visitor.visit(path, at: node, substitution, scope) }
    walk(node.variations, &path, substitution, scope, requiredCategories, &visitor)
    for substitution in node.substitutions {
      path.steps.append(.substitution(substitution.name))
      walk(substitution.variations, &path, substitution, scope, requiredCategories, &visitor)
      path.steps.removeLast()
    }
  }

  private static func walk<Visitor: UnitPathVisitor>(
    _ variations: [Variation], _ path: inout UnitPath, _ substitution: Substitution?,
    _ scope: [Substitution], _ requiredCategories: [String], _ visitor: inout Visitor
  ) {
    for variation in variations {
      for variationCase in variation.cases {
        path.steps.append(.variation(variation.kind, variationCase.name))
        walk(variationCase.node, &path, substitution, scope, requiredCategories, &visitor)
        path.steps.removeLast()
      }
      guard variation.kind == .plural else { continue }
      for category in requiredCategories
      where !variation.cases.contains(where: { $0.name == category }) {
        path.steps.append(.variation(.plural, category))
        visitor.visit(missing: path)
        path.steps.removeLast()
      }
    }
  }
}

/// What ``EntryUnits/forEachPath(shape:_:_:)`` calls with each unit's path.
protocol UnitPathVisitor {
  /// A unit at `node`, below `substitution` (the one its path last went through, if any);
  /// `scope`: the substitutions its string can reference (``UnitText``).
  mutating func visit(
    _ path: UnitPath, at node: LocalizationNode, _ substitution: Substitution?,
    _ scope: [Substitution])
  /// A plural category the shape does not have.
  mutating func visit(missing path: UnitPath)
}

/// The paths visited, in order.
private struct PathCollector: UnitPathVisitor {
  var paths: [UnitPath] = []

  mutating func visit(
    _ path: UnitPath, at node: LocalizationNode, _ substitution: Substitution?,
    _ scope: [Substitution]
  ) {
    paths.append(path)
  }

  mutating func visit(missing path: UnitPath) { paths.append(path) }
}
