import LHCBase
import StringCatalog

/// Variations: plural, device and width rules, and what their cases may hold.
///
/// Nesting Xcode builds: device → plural, width → plural, width → device → plural. Xcode rejects a
/// plural case that is itself varied ("Plural case cannot be further varied") and a device `other`
/// case that is ("Fallback value cannot be further varied"); lhc also rejects a variation nested
/// in one of its own kind, and width under device.
extension LocalizationCompiler {
  // MARK: Cases

  /// What one device or width case compiles to; nil when nothing (an invalid shape is reported).
  /// `parent`: the kind of the variation holding the case; `isFallback`: a device's `other` case.
  mutating func caseForm(_ node: LocalizationNode, in parent: VariationKind, isFallback: Bool)
    -> WidthForm?
  {
    guard !node.variations.isEmpty else { return leafForm(node) }
    if isFallback {
      error(TextCheck.fallbackCannotBeVaried, node.variations[0].offset)
      return nil
    }
    guard let variation = axis(of: node) else { return leafForm(node) }
    switch variation.kind {
    case .plural:
      return pluralRule(variation).map(WidthForm.format)
    case .device where parent == .width:
      let (_, forms) = deviceRule(variation, nested: true)
      return forms.isEmpty ? nil : .device(forms)
    default:
      error(TextCheck.nestedVariation(variation.kind, inside: parent), variation.offset)
      return nil
    }
  }

  /// The text or format of a case's own string unit.
  private mutating func leafForm(_ node: LocalizationNode) -> WidthForm? {
    guard let unit = node.stringUnit, let value = unit.value else { return nil }
    switch resolveText(value, offset: unit.offset) {
    case .text(let text): return .text(text)
    case .format(let rule): return .format(rule)
    }
  }

  // MARK: Plural variations

  /// The leaf units of a plural variation that have values, by category; reports varied cases and
  /// missing or unknown categories.
  mutating func pluralForms(_ variation: Variation) -> [(String, StringUnit)] {
    var forms: [(String, StringUnit)] = []
    forms.reserveCapacity(variation.cases.count)
    // The cases are read in place, not copied out of the array (see `anyUnitQualifies`).
    variation.cases.withUnsafeBufferPointer { cases in
      for index in cases.indices {
        let name = cases[index].name
        path.append(.plural(name))
        defer { path.removeLast() }
        if let nested = cases[index].node.variations.first {
          error(TextCheck.pluralCaseCannotBeVaried, nested.offset)
          continue
        }
        if !PluralCategory.isKnown(name) {
          warning("Unknown plural category '\(name)'", cases[index].offset)
        }
        if let unit = cases[index].node.stringUnit, unit.value != nil { forms.append((name, unit)) }
      }
    }
    if !forms.isEmpty && !forms.contains(where: { $0.0 == "other" }) {
      warning("Plural variation has no 'other' form", variation.offset)
    }
    return forms
  }

  /// The format rule of a plural variation: one variable bound to the inferred argument.
  mutating func pluralRule(_ variation: Variation) -> FormatRule? {
    let units = pluralForms(variation)
    guard !units.isEmpty else { return nil }
    var pending: [String] = []
    var forms = [String: String](minimumCapacity: units.count)
    var count = PluralCount()
    for (category, unit) in units {
      let value = unit.value ?? ""
      path.append(.plural(category))
      defer { path.removeLast() }
      if let simple = SimpleFormat(value) {
        checkControlCharacters(value, offset: unit.offset)
        forms[category] = value
        for argument in simple.arguments where argument.isNumeric {
          count.note(argument.position, argument.valueType)
        }
        continue
      }
      let format = FormatString(parsing: value)
      check(value, format, offset: unit.offset)
      forms[category] =
        format.substitutionReferences.isEmpty
        ? value : rewrite(format, offset: unit.offset, pending: &pending)
      count.note(format)
    }
    let (position, valueType) = count.resolved(key: key)
    if count.isAmbiguous {
      warning(
        "Cannot reliably infer argument number for plural variation because %\(valueType) is used in multiple positions. Use an explicit substitution instead.",
        variation.offset)
    }
    var name = "arg\(position)"
    while substitutions[name] != nil { name += "_" }
    var variables = self.variables(for: pending)
    variables[name] = PluralVariable(valueType: valueType, forms: forms)
    let reference = position == 1 ? "%#@\(name)@" : "%\(position)$#@\(name)@"
    return FormatRule(formatKey: reference, variables: variables)
  }

  // MARK: Device variations

  /// A device variation's forms by device, and its `.strings` fallback: the plain `other` case.
  ///
  /// Where `other` has no `.strings` slot (the variation is `nested` in a width case, or `other`
  /// references substitutions, which makes it a format), it is written for every documented device
  /// class the variation does not name.
  mutating func deviceRule(_ variation: Variation, nested: Bool) -> (
    fallback: String?, forms: [String: DeviceForm]
  ) {
    var forms: [String: DeviceForm] = [:]
    for variationCase in variation.cases {
      let name = variationCase.name
      path.append(.device(name))
      defer { path.removeLast() }
      if name != "other" && !DeviceClass.all.contains(name) {
        warning("Unknown device '\(name)'", variationCase.offset)
      }
      switch caseForm(variationCase.node, in: .device, isFallback: name == "other") {
      case .text(let text)?: forms[name] = .text(text)
      case .format(let rule)?: forms[name] = .format(rule)
      case .device?, nil: break
      }
    }
    switch forms.removeValue(forKey: "other") {
    case .text(let text)? where !nested:
      return (text, forms)
    case let other?:
      for device in DeviceClass.all where forms[device] == nil { forms[device] = other }
    case nil:
      if !forms.isEmpty && !variation.cases.contains(where: { $0.name == "other" }) {
        warning(
          "Device variation has no 'other' case; devices it does not name show the key",
          variation.offset)
      }
    }
    return (nil, forms)
  }

  // MARK: Width variations

  /// `NSStringVariableWidthRuleType`: the form of each width, keyed by the width as written.
  mutating func widthRule(_ variation: Variation) -> StringsdictEntry? {
    var forms: [String: WidthForm] = [:]
    for variationCase in variation.cases {
      let width = variationCase.name
      path.append(.width(width))
      defer { path.removeLast() }
      if width.isEmpty || !width.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
        warning(
          "Width '\(width)' is not a whole number; the runtime never selects it",
          variationCase.offset)
      }
      if let form = caseForm(variationCase.node, in: .width, isFallback: false) {
        forms[width] = form
      }
    }
    return forms.isEmpty ? nil : .width(forms)
  }
}
