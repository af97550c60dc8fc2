import LHCBase
import StringCatalog
import XLIFF

/// The units of one key applied to its localization in one language (see ``XLIFFImport``).
struct EntryImport {
  let entry: CatalogEntry
  let language: String
  /// Whether the catalog had the language before the import.
  let catalogHasLanguage: Bool
  let catalogName: String
  private let units: EntryUnits
  private(set) var diagnostics: [Diagnostic] = []
  private(set) var changes: [ImportChange] = []
  /// The changed localization; nil when nothing changed (or the key was skipped or refused).
  private(set) var result: Localization?

  /// XLIFF states whose targets Xcode does not apply.
  static let unfinishedStates: Set<String> = [
    "new", "needs-review-l10n", "needs-review-translation",
  ]

  /// `requiredCategories`: ``ExportCategories/required(for:)`` of `language`.
  init(
    entry: CatalogEntry, sourceLanguage: String, language: String, requiredCategories: [String],
    catalogHasLanguage: Bool, catalogName: String
  ) {
    self.entry = entry
    self.language = language
    self.catalogHasLanguage = catalogHasLanguage
    self.catalogName = catalogName
    units = EntryUnits(
      entry, sourceLanguage: sourceLanguage, language: language,
      requiredCategories: requiredCategories)
  }

  mutating func apply(_ found: [(unit: TransUnit, path: UnitPath)]) {
    guard sourcesMatch(found), fitShape(found) else { return }
    let original = entry.localization(for: language)
    var node = original?.node ?? LocalizationNode()
    var missing: [(unit: TransUnit, path: UnitPath)] = []
    for (unit, path) in found {
      guard let target = unit.target else {
        diagnostics.append(
          Diagnostic(
            .note, "No translation found in the XLIFF (Key: \"\(unit.id)\")", offset: unit.offset))
        if path.pluralCategory != nil && catalogHasLanguage { missing.append((unit, path)) }
        continue
      }
      if let state = target.state, Self.unfinishedStates.contains(state) {
        diagnostics.append(
          .warning(
            "Target has unfinished state \"\(state)\" (Key: \"\(unit.id)\")",
            offset: target.offset))
        continue
      }
      let state: UnitState =
        target.stateQualifier == "leveraged-mt" ? .machineTranslated : .translated
      set(&node, path, id: unit.id, state: state, text: target.text)
    }
    // Xcode adds the plural cases it exported without a target, as `new` with the source text
    // (not the cases of a substitution whose string the localization lacks: the compiler would
    // reject the catalog; nor those of a substitution only the target has: their `<source>` is
    // the unit id, no text to show).
    for (unit, path) in missing where NodePlace.find(path, in: node)?.node.stringUnit == nil {
      if path.isInSubstitution && !hasString(above: path, in: node) { continue }
      if !units.hasSourceText(at: path) { continue }
      set(&node, path, id: unit.id, state: .new, text: unit.source ?? units.sourceText(at: path))
    }
    if node.hasOrphanSubstitutions && original?.node.hasOrphanSubstitutions != true {
      diagnostics.append(
        .error(
          "the units of this key would give its \(language) localization substitutions without "
            + "their string, which the compiler rejects; translate unit '\(entry.key)' too",
          offset: found[0].unit.offset, language: language, key: entry.key))
      return
    }
    // A language the key did not have stays absent when nothing was set for it.
    if node != (original?.node ?? LocalizationNode()) {
      result = Localization(language: language, node: node, offset: original?.offset ?? 0)
    }
  }

  /// False, with Xcode's warning, when a unit's `<source>` is not the catalog's source for it.
  private mutating func sourcesMatch(_ found: [(unit: TransUnit, path: UnitPath)]) -> Bool {
    for (unit, path) in found {
      guard let source = unit.source, !units.sourceMatches(source, at: path) else { continue }
      diagnostics.append(
        .warning(
          "Ignoring overrides for top-level key '\(entry.key)' in \(catalogName) because the "
            + "source string '\(source)' was not found in the project file",
          offset: unit.offset))
      return false
    }
    return true
  }

  /// False, with an error per unit, when a unit is neither one `lhc export` writes for this
  /// localization nor another plural category of a plural it has.
  private mutating func fitShape(_ found: [(unit: TransUnit, path: UnitPath)]) -> Bool {
    let shape = units.paths()
    let exported = Set(shape)
    let plurals = Set(
      shape.filter { $0.pluralCategory != nil }.map { UnitPath($0.steps.dropLast()) })
    var fits = true
    for (unit, path) in found where !exported.contains(path) {
      if path.pluralCategory != nil && plurals.contains(UnitPath(path.steps.dropLast())) {
        continue
      }
      diagnostics.append(
        .error(
          "trans-unit '\(unit.id)' does not fit the shape of this key's \(language) "
            + "localization (it is not among the units lhc export writes for it); nothing of the "
            + "file was imported", offset: unit.offset, language: language, key: entry.key))
      fits = false
    }
    return fits
  }

  /// Sets the unit at `path` to `text` (XLIFF form) and `state`, noting the change.
  private mutating func set(
    _ node: inout LocalizationNode, _ path: UnitPath, id: String, state: UnitState, text: String
  ) {
    let value = catalogText(text, path, node)
    let old = NodePlace.find(path, in: node)?.node.stringUnit
    let template = substitution(on: path, in: units.sourceNode)
    node.editUnit(at: path.steps[...], template: template) { unit in
      if unit == nil {
        unit = StringUnit(state: state, value: value)
      } else {
        unit!.state = state
        unit!.value = value
      }
    }
    if old?.state != state || old?.value != value {
      changes.append(
        ImportChange(
          key: entry.key, language: language, id: id, old: old,
          new: StringUnit(state: state, value: value)))
    }
  }

  /// `text` in catalog form at `path` (``UnitText``), with the substitutions in scope there in
  /// the localization, and in the source (the localization may have none yet).
  private func catalogText(_ text: String, _ path: UnitPath, _ node: LocalizationNode) -> String {
    if path.isInSubstitution {
      let substitution =
        substitution(on: path, in: node) ?? substitution(on: path, in: units.sourceNode)
      return UnitText.imported(leaf: text, substitution)
    }
    return UnitText.imported(
      parent: text,
      NodePlace.scope(at: path, in: node) + NodePlace.scope(at: path, in: units.sourceNode))
  }

  /// The substitution `path` last goes through, in `root`.
  private func substitution(on path: UnitPath, in root: LocalizationNode) -> Substitution? {
    guard
      let last = path.steps.lastIndex(where: {
        if case .substitution = $0 { true } else { false }
      })
    else { return nil }
    return NodePlace.find(UnitPath(Array(path.steps[...last])), in: root)?.substitution
  }

  /// True when the node holding the substitution `path` goes through has strings that can
  /// reference it (``LocalizationNode/hasOrphanSubstitutions``).
  private func hasString(above path: UnitPath, in root: LocalizationNode) -> Bool {
    guard
      let last = path.steps.lastIndex(where: {
        if case .substitution = $0 { true } else { false }
      })
    else { return true }
    return NodePlace.find(UnitPath(Array(path.steps[..<last])), in: root)?.node.holdsStrings
      == true
  }
}
