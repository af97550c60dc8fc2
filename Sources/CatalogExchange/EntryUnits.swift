import StringCatalog

/// One entry of a catalog as Xcode exchanges it in one target language: which units it has and
/// what their source texts are (`xliff.md` §2). Export writes these units; import checks a unit's
/// `<source>` and its place against them.
///
/// The units follow the target localization's shape when it has one (a French plural under an
/// English plain string is exported as plural units; a French device variation with `iphone`
/// only exports only that case), otherwise the source's. Every plural variation also gets the
/// categories the target language needs (``ExportCategories``). A node with a string unit and
/// variations side by side, or two axes, exports every unit it has (Xcode exports only part of
/// it); a `stringSet` (App Shortcuts phrases) exports none.
struct EntryUnits {
  let key: String
  let language: String
  /// The source localization's node, or for an entry without one a unit whose value is the key
  /// (as Xcode reads such a key: `"Hello, world!"` in `xliff.md`'s Xcode 16 export).
  let sourceNode: LocalizationNode
  /// The target localization's node (the source's own when `language` is the source language).
  let targetNode: LocalizationNode?
  /// ``ExportCategories/required(for:)`` of `language`, given by the caller so that a catalog's
  /// export computes it once per language, not once per plural.
  let requiredCategories: [String]

  init(
    _ entry: CatalogEntry, sourceLanguage: String, language: String, requiredCategories: [String]
  ) {
    let source = Self.node(of: entry, sourceLanguage)
    self.init(
      key: entry.key, language: language, source: source,
      target: language == sourceLanguage ? source : Self.node(of: entry, language),
      isSourceLanguage: language == sourceLanguage, requiredCategories: requiredCategories)
  }

  /// The units of `key` whose source and target localizations' nodes the caller found
  /// (``ExportedCatalog`` finds them in a table, not by comparing language names).
  init(
    key: String, language: String, source: LocalizationNode?, target: LocalizationNode?,
    isSourceLanguage: Bool, requiredCategories: [String]
  ) {
    self.key = key
    self.language = language
    self.requiredCategories = requiredCategories
    sourceNode = source ?? Self.keyNode(key)
    targetNode = isSourceLanguage ? sourceNode : target
  }

  /// `entry.localization(for: language)?.node`, without copying each localization passed over
  /// (a copy retains and releases the node's references: a twentieth of an export's work).
  private static func node(of entry: CatalogEntry, _ language: String) -> LocalizationNode? {
    let localizations = entry.localizations
    guard let index = localizations.firstIndex(where: { $0.language == language }) else {
      return nil
    }
    return localizations[index].node
  }

  /// The paths of the units, in the order the shape is walked (not sorted).
  func paths() -> [UnitPath] {
    var result: [UnitPath] = []
    appendPaths(to: &result)
    return result
  }

  /// Appends ``paths()`` to `result` (an export reuses one array for every entry).
  func appendPaths(to result: inout [UnitPath]) {
    Self.appendPaths(
      source: sourceNode, target: targetNode, requiredCategories: requiredCategories, to: &result)
  }

  /// ``appendPaths(to:)`` of the units whose source and target localizations have the nodes
  /// `source` and `target` (the export plan calls it with the catalog's nodes in place).
  static func appendPaths(
    source: LocalizationNode, target: LocalizationNode?, requiredCategories: [String],
    to result: inout [UnitPath]
  ) {
    if let target, !target.isEmpty {
      appendPaths(shape: target, requiredCategories, to: &result)
    } else {
      appendPaths(shape: source, requiredCategories, to: &result)
    }
  }

  /// The `<source>` of the unit at `path`, in export form (``UnitText``): the source's text at
  /// that place; where the source has no such case, its `other` case; where it has no such axis,
  /// the text above it (a French plural under an English plain string: the English string);
  /// where it has no such substitution, the unit id itself (as Xcode writes target-only
  /// substitutions).
  func sourceText(at path: UnitPath) -> String {
    Self.sourceText(of: sourceNode, key: key, at: path)
  }

  /// ``sourceText(at:)`` of `key`'s unit whose source node is `sourceNode`.
  static func sourceText(of sourceNode: LocalizationNode, key: String, at path: UnitPath) -> String
  {
    // The localization's own unit (most units), without copying the node.
    if path.steps.isEmpty, let value = sourceNode.stringUnit?.value {
      return UnitText.exported(parent: value, sourceNode.substitutions)
    }
    return foundSourceText(of: sourceNode, at: path) ?? path.id(key: key)
  }

  /// ``sourceText(of:key:at:)``, nil where that is the unit id.
  private static func foundSourceText(of sourceNode: LocalizationNode, at path: UnitPath)
    -> String?
  {
    path.steps.withUnsafeBufferPointer { steps in
      sourceText(
        sourceNode.stringUnit, sourceNode.variations, sourceNode.substitutions, [], steps[...],
        nil)
    }
  }

  /// Whether the source localization has a text for the unit at `path`: false where
  /// ``sourceText(at:)`` is the unit id (a substitution only the target has).
  func hasSourceText(at path: UnitPath) -> Bool {
    Self.foundSourceText(of: sourceNode, at: path) != nil
  }

  /// Whether `source`, a unit's `<source>` in an XLIFF, is the source of the unit at `path`:
  /// ``sourceText(at:)`` (as Xcode writes it), or that text with other positions, or none, in its
  /// substitution references (the catalog's `%#@NAME@`: what lhc wrote for device leaves before it
  /// wrote them as Xcode). Any `<source>` matches where the source localization has no text for
  /// the unit (a substitution only the target has): Xcode writes the unit's id there, and a plural
  /// case a translator adds carries the id of the case it was copied from.
  func sourceMatches(_ source: String, at path: UnitPath) -> Bool {
    guard let expected = Self.foundSourceText(of: sourceNode, at: path) else { return true }
    if source == expected { return true }
    guard !path.isInSubstitution else { return false }
    let scope = NodePlace.scope(at: path, in: sourceNode)
    return UnitText.imported(parent: source, scope) == UnitText.imported(parent: expected, scope)
  }

  /// The source node of an entry without a source localization: a unit whose value is the key.
  static func keyNode(_ key: String) -> LocalizationNode {
    LocalizationNode(stringUnit: StringUnit(state: .new, value: key))
  }

  // The look-ups below walk the catalog's nodes in place: each level is a parameter (borrowed,
  // not copied), where a `var node` walked down the path copied every node on it (a retain and a
  // release of each of its references). The 9.9 MB bench catalog's export: 772.2M → 743.8M
  // instructions.

  /// ``sourceText(at:)`` of the node made of `unit`, `variations` and `substitutions` (a
  /// substitution's variations have no unit and no substitutions), `scope` the substitutions of
  /// the nearest node above it that has any (``UnitText``), `substitution` the one the path last
  /// went through; nil where the text is the unit id.
  private static func sourceText(
    _ unit: StringUnit?, _ variations: [Variation], _ substitutions: [Substitution],
    _ scope: [Substitution], _ steps: Slice<UnsafeBufferPointer<UnitPath.Step>>,
    _ substitution: Substitution?
  ) -> String? {
    let scope = substitutions.isEmpty ? scope : substitutions
    guard let step = steps.first else {
      guard let text = unit?.value ?? text(of: variations) else { return nil }
      // Matched, not compared with `nil` (see `LocalizationNode.isEmpty` below).
      if case .some = substitution { return UnitText.exported(leaf: text, substitution) }
      return UnitText.exported(parent: text, scope)
    }
    let rest = steps.dropFirst()
    switch step {
    case .variation(let kind, let name):
      guard let axis = variations.firstIndex(where: { $0.kind == kind }) else {
        return sourceText(unit, variations, substitutions, scope, rest, substitution)
      }
      guard
        let found = variations[axis].cases.firstIndex(where: { $0.name == name })
          ?? variations[axis].cases.firstIndex(where: { $0.name == "other" })
      else { return nil }
      return sourceText(node: variations[axis].cases[found].node, scope, rest, substitution)
    case .substitution(let name):
      guard let found = substitutions.firstIndex(where: { $0.name == name }) else { return nil }
      return sourceText(nil, substitutions[found].variations, [], scope, rest, substitutions[found])
    }
  }

  /// ``sourceText(_:_:_:_:_:_:)`` of `node`.
  private static func sourceText(
    node: LocalizationNode, _ scope: [Substitution],
    _ steps: Slice<UnsafeBufferPointer<UnitPath.Step>>, _ substitution: Substitution?
  ) -> String? {
    sourceText(node.stringUnit, node.variations, node.substitutions, scope, steps, substitution)
  }

  /// The value of the first axis' `other` case (or of its first axis' …).
  private static func text(of variations: [Variation]) -> String? {
    guard let first = variations.first?.cases.firstIndex(where: { $0.name == "other" }) else {
      return nil
    }
    return variations[0].cases[first].node.stringUnit?.value
      ?? text(of: variations[0].cases[first].node.variations)
  }
}

/// A node found at a path, with the substitution the path last went through.
struct NodePlace {
  var node: LocalizationNode
  var substitution: Substitution?

  /// The node at exactly `path` below `root`, nil when a step is missing.
  static func find(_ path: UnitPath, in root: LocalizationNode) -> NodePlace? {
    var place = NodePlace(node: root)
    for step in path.steps {
      switch step {
      case .variation(let kind, let name):
        // Indices, not `first(where:)`: that copies the axis and the case it returns.
        let variations = place.node.variations
        guard let axis = variations.firstIndex(where: { $0.kind == kind }),
          let found = variations[axis].cases.firstIndex(where: { $0.name == name })
        else { return nil }
        place.node = variations[axis].cases[found].node
      case .substitution(let name):
        guard let found = place.node.substitutions.first(where: { $0.name == name }) else {
          return nil
        }
        place = NodePlace(node: LocalizationNode(variations: found.variations), substitution: found)
      }
    }
    return place
  }

  /// The substitutions a string at `path` below `root` can reference (``UnitText``): those of
  /// the nearest node with any on the way down, as far as the path's variation cases exist.
  static func scope(at path: UnitPath, in root: LocalizationNode) -> [Substitution] {
    var node = root
    var scope = root.substitutions
    for step in path.steps {
      guard case .variation(let kind, let name) = step,
        let axis = node.variations.firstIndex(where: { $0.kind == kind }),
        let found = node.variations[axis].cases.firstIndex(where: { $0.name == name })
      else { break }
      node = node.variations[axis].cases[found].node
      if !node.substitutions.isEmpty { scope = node.substitutions }
    }
    return scope
  }
}

// The optionals below are matched, not compared with `nil`: `stringUnit == nil` is `Optional`'s
// `==` of two Equatable optionals, which destroys a tuple of both through the runtime's generic
// witnesses (~200 instructions; 12.5M of an export of the 9.9 MB bench catalog).

extension LocalizationNode {
  /// True when the node holds nothing (`{}`).
  var isEmpty: Bool {
    guard case .none = stringUnit, case .none = stringSet else { return false }
    return variations.isEmpty && substitutions.isEmpty
  }

  /// True when the node has a `stringUnit`.
  var hasStringUnit: Bool {
    if case .some = stringUnit { return true }
    return false
  }
}
