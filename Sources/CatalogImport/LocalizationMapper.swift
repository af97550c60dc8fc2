import LHCBase
import StringCatalog
import StringTables

/// What one table holds for one key in one language — a `.strings` value, a `.stringsdict`
/// entry, or both — mapped back to a catalog localization: the reverse of `lhc compile`, by the
/// rules of Xcode's "Migrate to String Catalog" (`catalog-writing.md` §3, `man/lhc-import.1`):
///
/// - a `.strings` value alone is the localization's string unit, verbatim;
/// - a `.stringsdict` entry beats a `.strings` value for the same key, except that a device rule
///   without `other` takes the `.strings` value as its `other` case (what compile writes there);
/// - a format whose key is exactly `%#@v@` with a form holding v's specifier is a plural variation
///   (forms verbatim); without such a form, a string unit `%#@v@` and a substitution `v` (unless a
///   plural variation compiles back to exactly this format: lhc's own output of such a plural);
///   any other format key (text around, several variables) is a string unit with one substitution
///   per variable: in a format key without positions each variable's own specifier becomes `%arg`
///   in its forms, with positions (`%2$#@v@`) the references lose them, `argNum` is written and
///   the forms keep their specifiers;
/// - device and width rules become `variations.device` / `variations.width`, their cases mapped as
///   above.
///
/// Every unit gets `state`. A shape a catalog has no form for throws.
struct LocalizationMapper {
  let key: String
  let state: UnitState
  /// The localization's substitutions, gathered from every format of the entry.
  private var substitutions: [Substitution] = []
  /// True when a `.strings` value was left out because the `.stringsdict` entry wins.
  private(set) var droppedText = false

  init(key: String, state: UnitState) {
    self.key = key
    self.state = state
  }

  /// The localization for `text` (the `.strings` value) and `rule` (the `.stringsdict` entry).
  mutating func node(text: String?, rule: StringsdictEntry?) throws(MappingError)
    -> LocalizationNode
  {
    var node: LocalizationNode
    switch rule {
    case nil:
      return leaf(text ?? "")
    case .format(let format):
      droppedText = text != nil
      node = try formatNode(format)
    case .device(let forms):
      var cases = try deviceCases(forms, nested: false)
      if let text {
        if forms["other"] == nil {
          cases.append(VariationCase(name: "other", node: leaf(text)))
        } else {
          droppedText = true
        }
      }
      node = LocalizationNode(variations: [Variation(kind: .device, cases: cases)])
    case .width(let forms):
      droppedText = text != nil
      var cases: [VariationCase] = []
      for (width, form) in KeyOrder.sortedEntries(forms) {
        let caseNode: LocalizationNode
        switch form {
        case .text(let text): caseNode = leaf(text)
        case .format(let format): caseNode = try formatNode(format)
        case .device(let devices):
          caseNode = LocalizationNode(
            variations: [Variation(kind: .device, cases: try deviceCases(devices, nested: true))])
        }
        cases.append(VariationCase(name: width, node: caseNode))
      }
      node = LocalizationNode(variations: [Variation(kind: .width, cases: cases)])
    }
    node.substitutions = substitutions
    return node
  }

  /// A string unit with `text`.
  func leaf(_ text: String) -> LocalizationNode {
    LocalizationNode(stringUnit: StringUnit(state: state, value: text))
  }

  /// The cases of a device rule. A rule that names every device class, where most share a form
  /// that compile would spell out for every class the variation does not name (a format, or any
  /// form in a width case: `nested`; never a plural, which `other` cannot be), gets that form
  /// back as its `other` case.
  private mutating func deviceCases(_ forms: [String: DeviceForm], nested: Bool)
    throws(MappingError) -> [VariationCase]
  {
    var forms = forms
    if forms["other"] == nil, DeviceClass.all.allSatisfy({ forms[$0] != nil }) {
      let shared = DeviceClass.all.compactMap { forms[$0] }.map { form in
        (form, DeviceClass.all.filter { forms[$0] == form })
      }.max { $0.1.count < $1.1.count }
      if let (form, devices) = shared, devices.count > 1, nested || Self.isFormat(form),
        try !isVaried(form)
      {
        forms["other"] = form
        for device in devices { forms[device] = nil }
      }
    }
    var cases: [VariationCase] = []
    for (device, form) in KeyOrder.sortedEntries(forms) {
      switch form {
      case .text(let text): cases.append(VariationCase(name: device, node: leaf(text)))
      case .format(let format):
        cases.append(VariationCase(name: device, node: try formatNode(format)))
      }
    }
    return cases
  }

  private static func isFormat(_ form: DeviceForm) -> Bool {
    if case .format = form { true } else { false }
  }

  /// True when `form` maps to a varied node (a plural variation), which a device's `other` case
  /// cannot be ("Fallback value cannot be further varied"): compile never spelled it out then.
  private mutating func isVaried(_ form: DeviceForm) throws(MappingError) -> Bool {
    guard case .format(let format) = form else { return false }
    return try !formatNode(format).variations.isEmpty
  }

  // MARK: Formats

  /// A format rule (`NSStringLocalizedFormatKey` and its variables) as a node, its variables
  /// other than a plural variation's added to ``substitutions``.
  private mutating func formatNode(_ format: FormatRule) throws(MappingError) -> LocalizationNode {
    for (name, variable) in KeyOrder.sortedEntries(format.variables) {
      guard variable.specType == PluralVariable.pluralRuleType else {
        throw MappingError(
          "variable '\(name)' is a \(variable.specType) rule; a String Catalog has plural variables only"
        )
      }
      guard !variable.forms.isEmpty else {
        throw MappingError("variable '\(name)' has no plural forms")
      }
    }
    let references = FormatString(parsing: format.formatKey).substitutionReferences
    for reference in references where format.variables[reference.name] == nil {
      throw MappingError(
        "the format key references variable '\(reference.name)', which the entry does not define; "
          + "Foundation then has no rule for '\(reference.text)' and formats it as '%@', reading "
          + "the argument the app passes there (a count) as an object: a crash, or garbage")
    }
    if references.count == 1, let only = references.first, only.position == nil,
      only.text == format.formatKey, let variable = format.variables[only.name]
    {
      let plural = pluralNode(variable)
      // Xcode's rule 1; or lhc's own output for a plural whose forms name no count.
      if variable.forms.values.contains(where: { Self.holdsSpecifier($0, of: variable) })
        || (format.variables.count == 1 && compilesBack(plural, to: format))
      {
        try addSubstitutions(format, except: only.name)
        return plural
      }
    }
    var text = ""
    for token in FormatString(parsing: format.formatKey).tokens {
      if case .substitution(let reference) = token, reference.position != nil {
        text += "%#@\(reference.name)@"
      } else {
        text += token.text
      }
    }
    try addSubstitutions(format, except: nil)
    return leaf(text)
  }

  /// A plural variation with `variable`'s forms verbatim.
  private func pluralNode(_ variable: PluralVariable) -> LocalizationNode {
    let cases = KeyOrder.sortedEntries(variable.forms).map { category, form in
      VariationCase(name: category, node: leaf(form))
    }
    return LocalizationNode(variations: [Variation(kind: .plural, cases: cases)])
  }

  /// True when `form` holds the variable's own specifier: its `NSStringFormatValueTypeKey` (`%d`
  /// for `d`), or any numeric specifier when the variable has none.
  private static func holdsSpecifier(_ form: String, of variable: PluralVariable) -> Bool {
    guard form.containsASCII("%") ?? form.contains("%") else { return false }
    return FormatString(parsing: form).specifiers.contains { specifier in
      variable.valueType.map { specifier.valueType == $0 } ?? specifier.argumentType.isNumeric
    }
  }

  /// True when `plural`, compiled as this key's localization, gives exactly `format`.
  private func compilesBack(_ plural: LocalizationNode, to format: FormatRule) -> Bool {
    let entry = CatalogEntry(key: key, localizations: [Localization(language: "en", node: plural)])
    let catalog = Catalog(sourceLanguage: "en", version: "1.0", entries: [entry])
    let result = CatalogCompiler.compile(catalog, table: "Import")
    return result.tables.first?.rules[key] == .format(format)
  }

  /// Every variable of `format` but `except` as a substitution: with `argNum` and its forms
  /// verbatim when its first reference (in the format key, else in a form) names a position,
  /// else without `argNum` and its own specifier made `%arg` in its forms.
  private mutating func addSubstitutions(_ format: FormatRule, except: String?)
    throws(MappingError)
  {
    // A plural's only variable (the usual entry): nothing to add, no text to search.
    if format.variables.keys.allSatisfy({ $0 == except }) { return }
    var references: [String: SubstitutionReference] = [:]
    let texts =
      [format.formatKey]
      + KeyOrder.sortedEntries(format.variables).flatMap { _, variable in
        KeyOrder.sortedEntries(variable.forms).map(\.value)
      }
    for text in texts where text.containsASCII("#@") ?? text.contains("#@") {
      for reference in FormatString(parsing: text).substitutionReferences
      where references[reference.name] == nil {
        references[reference.name] = reference
      }
    }
    for (name, variable) in KeyOrder.sortedEntries(format.variables) where name != except {
      guard let specifier = variable.valueType else {
        throw MappingError(
          "variable '\(name)' has no \(StringsdictKey.formatValueTypeKey), which a catalog "
            + "substitution needs (its formatSpecifier)")
      }
      let position = references[name]?.position
      let cases = KeyOrder.sortedEntries(variable.forms).map { category, form in
        VariationCase(
          name: category,
          node: leaf(position == nil ? Self.placeholders(form, replacing: "%" + specifier) : form))
      }
      try add(
        Substitution(
          name: name, argNum: position, formatSpecifier: specifier,
          variations: [Variation(kind: .plural, cases: cases)]))
    }
  }

  /// `text` with every specifier spelled exactly `specifier` (`%lld`: no position, flags, width
  /// or precision unless `specifier` has them) made `%arg`.
  static func placeholders(_ text: String, replacing specifier: String) -> String {
    guard text.containsASCII("%") ?? text.contains("%") else { return text }
    var result = ""
    for token in FormatString(parsing: text).tokens {
      if case .specifier(let found) = token, found.text == specifier {
        result += "%arg"
      } else {
        result += token.text
      }
    }
    return result
  }

  /// Adds a substitution; one of the same name must be the same (a catalog has one per name for
  /// the whole localization, a `.stringsdict` entry one per format).
  private mutating func add(_ substitution: Substitution) throws(MappingError) {
    if let existing = substitutions.first(where: { $0.name == substitution.name }) {
      guard existing == substitution else {
        throw MappingError(
          "variable '\(substitution.name)' differs between the cases of the entry; a catalog "
            + "has one substitution per name")
      }
      return
    }
    substitutions.append(substitution)
  }
}
