import StringCatalog

/// Localization nodes: string units and sets are leaves; variations, cases and substitutions are
/// merged by name, recursively.
extension Merger {
  /// A node at `path` (empty for a localization, `plural.one` for a case, …).
  mutating func node(
    _ base: LocalizationNode?, _ ours: LocalizationNode?, _ theirs: LocalizationNode?,
    _ path: String
  ) -> LocalizationNode? {
    if let settled = Self.settled(base, ours, theirs) { return settled }
    guard let ours, let theirs else {
      return conflict(path, ours, theirs, Describe.node(ours), Describe.node(theirs))
    }
    let base = base ?? LocalizationNode()
    var result = ours
    let unit = self.unit(UnitPart(base), UnitPart(ours), UnitPart(theirs), path)
    (result.stringUnit, result.stringUnitUnknownMembers) = (unit.unit, unit.unknownMembers)
    let set = leaf(
      StringSetPart(base), StringSetPart(ours), StringSetPart(theirs),
      Self.join(path, "stringSet"), describe: { Describe.values($0.set?.values) })
    (result.stringSet, result.stringSetUnknownMembers) = (set.set, set.unknownMembers)
    result.unknownMembers = members(
      base.unknownMembers, ours.unknownMembers, theirs.unknownMembers, path)
    result.variations = variations(base.variations, ours.variations, theirs.variations, path)
    result.substitutions = keyed(
      base.substitutions, ours.substitutions, theirs.substitutions, \.name
    ) { merger, base, ours, theirs in
      merger.substitution(base, ours, theirs, path)
    }
    return result
  }

  /// A string unit: a leaf, shown by its value (and its state when only the state differs).
  mutating func unit(_ base: UnitPart, _ ours: UnitPart, _ theirs: UnitPart, _ path: String)
    -> UnitPart
  {
    if let settled = Self.settled(base, ours, theirs) { return settled }
    let withState = ours.unit?.value == theirs.unit?.value
    return conflict(
      path, ours, theirs, Describe.unit(ours.unit, state: withState),
      Describe.unit(theirs.unit, state: withState))
  }

  /// `variations`: kind → case → node.
  mutating func variations(
    _ base: [Variation], _ ours: [Variation], _ theirs: [Variation], _ path: String
  ) -> [Variation] {
    keyed(base, ours, theirs, \.kind.rawValue) { merger, base, ours, theirs in
      let kind = (ours ?? theirs ?? base)!.kind
      if let settled = Self.settled(base, ours, theirs) { return settled }
      guard var result = ours, let theirs else {
        let shown = { (side: Variation?) in side.map { Describe.variation($0) } ?? "(deleted)" }
        return merger.conflict(
          Self.join(path, kind.rawValue), ours, theirs, shown(ours), shown(theirs))
      }
      result.cases = merger.keyed(base?.cases ?? [], result.cases, theirs.cases, \.name) {
        merger, base, ours, theirs in
        let name = (ours ?? theirs ?? base)!.name
        let casePath = Self.join(path, kind.rawValue + "." + name)
        return merger.node(base?.node, ours?.node, theirs?.node, casePath).map {
          VariationCase(name: name, node: $0)
        }
      }
      return result
    }
  }

  /// One substitution: `argNum` and `formatSpecifier` are leaves, `variations` merged.
  mutating func substitution(
    _ base: Substitution?, _ ours: Substitution?, _ theirs: Substitution?, _ nodePath: String
  ) -> Substitution? {
    if let settled = Self.settled(base, ours, theirs) { return settled }
    let name = (ours ?? theirs ?? base)!.name
    let path = Self.join(nodePath, "substitutions." + name)
    guard let ours, let theirs else {
      let shown = { (side: Substitution?) in side == nil ? "(deleted)" : "(changed)" }
      return conflict(path, ours, theirs, shown(ours), shown(theirs))
    }
    let base = base ?? Substitution(name: name)
    var result = ours
    result.argNum = leaf(
      base.argNum, ours.argNum, theirs.argNum, Self.join(path, "argNum"),
      describe: { $0.map(String.init) ?? "(deleted)" })
    result.formatSpecifier = leaf(
      base.formatSpecifier, ours.formatSpecifier, theirs.formatSpecifier,
      Self.join(path, "formatSpecifier"), describe: Describe.string)
    result.unknownMembers = members(
      base.unknownMembers, ours.unknownMembers, theirs.unknownMembers, path)
    result.variations = variations(base.variations, ours.variations, theirs.variations, path)
    return result
  }
}

/// A node's `stringUnit` with its unknown members: one leaf.
struct UnitPart: Equatable {
  var unit: StringUnit?
  var unknownMembers: [RawMember]

  init(_ node: LocalizationNode) {
    unit = node.stringUnit
    unknownMembers = node.stringUnitUnknownMembers
  }
}

/// A node's `stringSet` with its unknown members: one leaf.
struct StringSetPart: Equatable {
  var set: StringSet?
  var unknownMembers: [RawMember]

  init(_ node: LocalizationNode) {
    set = node.stringSet
    unknownMembers = node.stringSetUnknownMembers
  }
}
