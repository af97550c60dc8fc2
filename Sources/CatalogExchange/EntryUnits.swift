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
    sourceNode = source ?? LocalizationNode(stringUnit: StringUnit(state: .new, value: key))
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
    if let targetNode, !targetNode.isEmpty {
      walk(targetNode, .root, into: &result)
    } else {
      walk(sourceNode, .root, into: &result)
    }
  }

  private func walk(_ node: LocalizationNode, _ path: UnitPath, into result: inout [UnitPath]) {
    if node.stringUnit != nil || (node.isEmpty) { result.append(path) }
    walk(node.variations, path, into: &result)
    for substitution in node.substitutions {
      walk(substitution.variations, path.appending(.substitution(substitution.name)), into: &result)
    }
  }

  private func walk(_ variations: [Variation], _ path: UnitPath, into result: inout [UnitPath]) {
    for variation in variations {
      for variationCase in variation.cases {
        let step = UnitPath.Step.variation(variation.kind, variationCase.name)
        walk(variationCase.node, path.appending(step), into: &result)
      }
      guard variation.kind == .plural else { continue }
      for category in requiredCategories
      where !variation.cases.contains(where: { $0.name == category }) {
        result.append(path.appending(.variation(.plural, category)))
      }
    }
  }

  /// The `<source>` of the unit at `path`, in export form (``UnitText``): the source's text at
  /// that place; where the source has no such case, its `other` case; where it has no such axis,
  /// the text above it (a French plural under an English plain string: the English string);
  /// where it has no such substitution, the unit id itself (as Xcode writes target-only
  /// substitutions).
  func sourceText(at path: UnitPath) -> String {
    // The localization's own unit (most units), without copying the node.
    if path.steps.isEmpty, let value = sourceNode.stringUnit?.value {
      return UnitText.exported(parent: value, sourceNode.substitutions)
    }
    var node = sourceNode
    var substitution: Substitution?
    for step in path.steps {
      switch step {
      case .variation(let kind, let name):
        // Indices, not `first(where:)`: that copies the axis and the case it returns.
        guard let axis = node.variations.firstIndex(where: { $0.kind == kind }) else { continue }
        let cases = node.variations[axis].cases
        guard
          let found = cases.firstIndex(where: { $0.name == name })
            ?? cases.firstIndex(where: { $0.name == "other" })
        else { return path.id(key: key) }
        node = cases[found].node
      case .substitution(let name):
        guard let found = node.substitutions.first(where: { $0.name == name }) else {
          return path.id(key: key)
        }
        substitution = found
        node = LocalizationNode(variations: found.variations)
      }
    }
    guard let text = Self.text(of: node) else { return path.id(key: key) }
    return substitution == nil
      ? UnitText.exported(parent: text, node.substitutions)
      : UnitText.exported(leaf: text, substitution)
  }

  /// The node's value, or its first axis' `other` case's.
  private static func text(of node: LocalizationNode) -> String? {
    if let value = node.stringUnit?.value { return value }
    guard let other = node.variations.first?.cases.first(where: { $0.name == "other" }) else {
      return nil
    }
    return text(of: other.node)
  }

  /// The target's string unit at exactly `path` and its value in export form; nil when the target
  /// has no value there.
  func target(at path: UnitPath) -> (unit: StringUnit, text: String)? {
    guard let targetNode else { return nil }
    // The localization's own unit (most units), without copying the node.
    if path.steps.isEmpty {
      guard let unit = targetNode.stringUnit, let value = unit.value else { return nil }
      return (unit, UnitText.exported(parent: value, targetNode.substitutions))
    }
    guard let place = NodePlace.find(path, in: targetNode),
      let unit = place.node.stringUnit, let value = unit.value
    else { return nil }
    let text =
      place.substitution == nil
      ? UnitText.exported(parent: value, place.node.substitutions)
      : UnitText.exported(leaf: value, place.substitution)
    return (unit, text)
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
}

extension LocalizationNode {
  /// True when the node holds nothing (`{}`).
  var isEmpty: Bool {
    stringUnit == nil && stringSet == nil && variations.isEmpty && substitutions.isEmpty
  }
}
