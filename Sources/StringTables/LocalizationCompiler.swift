import LHCBase
import StringCatalog

/// Compiles one localization (one key in one language) into a `.strings` value and/or a
/// `.stringsdict` entry.
///
/// Mapping (decisions documented in `man/lhc-compile.1`):
/// - plain `stringUnit` → `.strings`;
/// - `stringUnit` + `substitutions` → `{NSStringLocalizedFormatKey: value with %#@name@ made
///   %N$#@name@, name: {plural forms with %arg made %N$<formatSpecifier>}}`;
/// - `variations.plural` → `{NSStringLocalizedFormatKey: %#@argN@ (or %N$#@argN@ when the plural's
///   argument N is not the first), argN: {forms verbatim}}`, N inferred from the forms' numeric
///   specifiers;
/// - `variations.device` → `{NSStringDeviceSpecificRuleType: {device: text or format}}`, the plain
///   `other` case in `.strings`; an `other` that needs a format (plural, substitutions) is written for
///   every documented device class the catalog does not name.
struct LocalizationCompiler {
  let key: String
  let language: String
  let forceBuildAllStrings: Bool
  private(set) var diagnostics: [Diagnostic] = []
  /// Unknown states seen, with the offset of their first unit.
  private(set) var unknownStates: [(UnitState, Int)] = []

  private var substitutions: [String: Substitution] = [:]
  private var resolvedArgNums: [String: Int] = [:]
  /// Whether the key has format arguments (the code then passes some), found when first needed.
  private var keyHasArguments: Bool?

  init(key: String, language: String, forceBuildAllStrings: Bool) {
    self.key = key
    self.language = language
    self.forceBuildAllStrings = forceBuildAllStrings
  }

  /// The `.strings` value and `.stringsdict` entry of a localization; both `nil` when nothing is emitted.
  mutating func compile(_ node: LocalizationNode) -> (plain: String?, rule: StringsdictEntry?) {
    if node.variations.isEmpty && node.substitutions.isEmpty {
      guard let unit = node.stringUnit, let value = unit.value, qualifies(unit) else {
        return (nil, nil)
      }
      return output(of: resolveText(value, offset: unit.offset))
    }
    guard anyUnitQualifies(node) else { return (nil, nil) }
    for substitution in node.substitutions { substitutions[substitution.name] = substitution }

    switch axis(of: node) {
    case nil:
      guard let unit = node.stringUnit, let value = unit.value else {
        if !node.substitutions.isEmpty && node.stringUnit == nil {
          error(TextCheck.missingStringUnit, node.offset)
        }
        return (nil, nil)
      }
      return output(of: resolveText(value, offset: unit.offset))
    case let variation? where variation.kind == .plural:
      return (nil, pluralRule(variation).map(StringsdictEntry.format))
    case let variation?:
      return deviceEntry(variation)
    }
  }

  /// A text goes to `.strings`, a format (substitutions) to `.stringsdict`.
  private func output(of form: DeviceForm) -> (plain: String?, rule: StringsdictEntry?) {
    switch form {
    case .text(let text): (text, nil)
    case .format(let rule): (nil, .format(rule))
    }
  }

  // MARK: Unit states

  /// True when a unit is emitted on its own: it has a value and is not `new` (or the build is forced).
  private mutating func qualifies(_ unit: StringUnit) -> Bool {
    guard unit.value != nil else { return false }
    if !unit.state.isKnown && !unknownStates.contains(where: { $0.0 == unit.state }) {
      unknownStates.append((unit.state, unit.offset))
    }
    return forceBuildAllStrings || unit.state != .new
  }

  /// True when any unit of the localization qualifies, which emits the whole localization.
  private mutating func anyUnitQualifies(_ node: LocalizationNode) -> Bool {
    var result = false
    if let unit = node.stringUnit, qualifies(unit) { result = true }
    for variation in node.variations {
      for variationCase in variation.cases where anyUnitQualifies(variationCase.node) {
        result = true
      }
    }
    for substitution in node.substitutions {
      for variation in substitution.variations {
        for variationCase in variation.cases where anyUnitQualifies(variationCase.node) {
          result = true
        }
      }
    }
    return result
  }

  // MARK: Structure

  /// The variation axis compiled for a node, reporting unknown kinds and nodes with several axes.
  private mutating func axis(of node: LocalizationNode) -> Variation? {
    for variation in node.variations where variation.kind != .plural && variation.kind != .device {
      warning(
        "Unsupported variation type '\(variation.kind.rawValue)' is ignored", variation.offset)
    }
    let supported = node.variations.filter { $0.kind == .plural || $0.kind == .device }
    let chosen = supported.first { $0.kind == .device } ?? supported.first
    if supported.count > 1 {
      warning(
        "Localization has both device and plural variations; only the device variation is compiled",
        node.offset)
    }
    if chosen != nil, node.stringUnit != nil {
      warning(
        "Localization has both a stringUnit and variations; the stringUnit is ignored",
        node.stringUnit?.offset ?? node.offset)
    }
    return chosen
  }

  // MARK: Texts and substitutions

  /// A text as plain `.strings` value, or as a format rule when it references substitutions.
  private mutating func resolveText(_ text: String, offset: Int) -> DeviceForm {
    // The common cases: no `%` at all, or only common specifiers: nothing to report or rewrite.
    let scan = TextScan(text)
    if !scan.hasPercent || SimpleFormat(text) != nil {
      checkControlCharacters(text, scan, offset: offset)
      return .text(text)
    }
    let format = FormatString(parsing: text)
    check(text, format, scan, offset: offset)
    guard !format.substitutionReferences.isEmpty else { return .text(text) }
    var pending: [String] = []
    let formatKey = rewrite(format, offset: offset, pending: &pending)
    return .format(FormatRule(formatKey: formatKey, variables: variables(for: pending)))
  }

  /// The text with `%#@name@` made positional and `%arg` expanded to `%N$spec`; referenced
  /// substitution names are appended to `pending`.
  private mutating func rewrite(
    _ format: FormatString, offset: Int, pending: inout [String], argument: (Int, String)? = nil
  ) -> String {
    var result = ""
    for token in format.tokens {
      switch token {
      case .substitution(let reference):
        guard substitutions[reference.name] != nil else {
          error(TextCheck.undefinedSubstitution(reference.name), offset)
          result += token.text
          continue
        }
        let argNum = argumentNumber(of: reference.name, in: format, offset: offset)
        result += "%\(argNum)$#@\(reference.name)@"
        if !pending.contains(reference.name) { pending.append(reference.name) }
      case .argPlaceholder:
        if let (argNum, specifier) = argument {
          result += "%\(argNum)$\(specifier)"
        } else {
          result += token.text
        }
      default:
        result += token.text
      }
    }
    return result
  }

  /// The argument number of a substitution: its `argNum`, or the position of its reference among
  /// the format arguments of the text that references it (warning when that is ambiguous).
  private mutating func argumentNumber(of name: String, in format: FormatString, offset: Int) -> Int
  {
    if let argNum = substitutions[name]?.argNum { return argNum }
    let positions = format.arguments.filter { $0.substitutionNames.contains(name) }.map(\.position)
    let inferred = positions.first ?? 1
    if positions.count > 1 || (format.hasPositionalArguments && format.hasNonPositionalArguments) {
      warning(
        "Cannot reliably infer argument number for substitution '\(name)' because it is used in multiple positions. Add an explicit argNum.",
        offset)
    }
    if let previous = resolvedArgNums[name] {
      if previous != inferred {
        warning(
          "Cannot reliably infer argument number for substitution '\(name)' because its position differs between variations. Add an explicit argNum.",
          offset)
      }
      return previous
    }
    resolvedArgNums[name] = inferred
    return inferred
  }

  /// Plural variables for the substitutions named in `pending` and those their forms reference.
  private mutating func variables(for pending: [String]) -> [String: PluralVariable] {
    if pending.isEmpty { return [:] }
    var pending = pending
    var variables: [String: PluralVariable] = [:]
    var index = 0
    while index < pending.count {
      let name = pending[index]
      index += 1
      guard let substitution = substitutions[name] else { continue }
      guard let specifier = substitution.formatSpecifier else {
        error(TextCheck.missingFormatSpecifier(name), substitution.offset)
        continue
      }
      guard let plural = substitution.variations.first(where: { $0.kind == .plural }) else {
        error(TextCheck.missingPluralVariation(name), substitution.offset)
        continue
      }
      let argNum = resolvedArgNums[name] ?? substitution.argNum ?? 1
      var forms: [String: String] = [:]
      for (category, unit) in pluralForms(plural) {
        let format = FormatString(parsing: unit.value ?? "", options: .argPlaceholder)
        check(unit.value ?? "", format, offset: unit.offset)
        forms[category] = rewrite(
          format, offset: unit.offset, pending: &pending, argument: (argNum, specifier))
      }
      variables[name] = PluralVariable(valueType: specifier, forms: forms)
    }
    return variables
  }

  // MARK: Plural variations

  /// The leaf units of a plural variation that have values, by category; reports nesting and
  /// missing or unknown categories.
  private mutating func pluralForms(_ variation: Variation) -> [(String, StringUnit)] {
    var forms: [(String, StringUnit)] = []
    forms.reserveCapacity(variation.cases.count)
    for variationCase in variation.cases {
      let node = variationCase.node
      if let nested = node.variations.first {
        error(
          nested.kind == .plural
            ? "Plural variations cannot be nested inside plural variations"
            : "'\(nested.kind.rawValue)' variations cannot be nested inside plural variations",
          nested.offset)
        continue
      }
      if !PluralCategory.isKnown(variationCase.name) {
        warning("Unknown plural category '\(variationCase.name)'", variationCase.offset)
      }
      if let unit = node.stringUnit, unit.value != nil { forms.append((variationCase.name, unit)) }
    }
    if !forms.isEmpty && !forms.contains(where: { $0.0 == "other" }) {
      warning("Plural variation has no 'other' form", variation.offset)
    }
    return forms
  }

  /// The format rule of a plural variation: one variable bound to the inferred argument.
  private mutating func pluralRule(_ variation: Variation) -> FormatRule? {
    let units = pluralForms(variation)
    guard !units.isEmpty else { return nil }
    var pending: [String] = []
    var forms = [String: String](minimumCapacity: units.count)
    // Numeric arguments of the forms, by position: the first value type seen for each.
    var candidates: [(position: Int, valueType: String)] = []
    func note(_ position: Int, _ valueType: String) {
      if !candidates.contains(where: { $0.position == position }) {
        candidates.append((position, valueType))
      }
    }
    for (category, unit) in units {
      let value = unit.value ?? ""
      if let simple = SimpleFormat(value) {
        checkControlCharacters(value, offset: unit.offset)
        forms[category] = value
        for argument in simple.arguments where argument.isNumeric {
          note(argument.position, argument.valueType)
        }
        continue
      }
      let format = FormatString(parsing: value)
      check(value, format, offset: unit.offset)
      forms[category] =
        format.substitutionReferences.isEmpty
        ? value : rewrite(format, offset: unit.offset, pending: &pending)
      for argument in format.arguments where argument.substitutionNames.isEmpty {
        if let specifier = argument.specifiers.first(where: { $0.argumentType.isNumeric }) {
          note(argument.position, specifier.valueType)
        }
      }
    }
    if candidates.isEmpty {
      // No form names the count: the key's own specifiers say what the code passes.
      for argument in FormatString(parsing: key).arguments {
        if let specifier = argument.specifiers.first(where: { $0.argumentType.isNumeric }) {
          candidates.append((argument.position, specifier.valueType))
          break
        }
      }
    }
    candidates.sort { $0.position < $1.position }
    if candidates.count > 1 {
      warning(
        "Cannot reliably infer argument number for plural variation because %\(candidates[0].valueType) is used in multiple positions. Use an explicit substitution instead.",
        variation.offset)
    }
    let position = candidates.first?.position ?? 1
    var name = "arg\(position)"
    while substitutions[name] != nil { name += "_" }
    var variables = self.variables(for: pending)
    variables[name] = PluralVariable(valueType: candidates.first?.valueType ?? "lld", forms: forms)
    let reference = position == 1 ? "%#@\(name)@" : "%\(position)$#@\(name)@"
    return FormatRule(formatKey: reference, variables: variables)
  }

  // MARK: Device variations

  /// The `.stringsdict` device entry and the `.strings` fallback of a device variation.
  private mutating func deviceEntry(_ variation: Variation) -> (String?, StringsdictEntry?) {
    var forms: [String: DeviceForm] = [:]
    for variationCase in variation.cases {
      let node = variationCase.node
      if variationCase.name != "other" && !DeviceClass.all.contains(variationCase.name) {
        warning("Unknown device '\(variationCase.name)'", variationCase.offset)
      }
      if node.variations.contains(where: { $0.kind == .device }) {
        error("Device variations cannot be nested inside device variations", node.offset)
        continue
      }
      if let plural = node.variations.first(where: { $0.kind == .plural }) {
        if let rule = pluralRule(plural) { forms[variationCase.name] = .format(rule) }
      } else if let unit = node.stringUnit, let value = unit.value {
        forms[variationCase.name] = resolveText(value, offset: unit.offset)
      }
    }
    var fallback: String?
    switch forms.removeValue(forKey: "other") {
    case .text(let text):
      fallback = text
    case .format(let rule):
      for device in DeviceClass.all where forms[device] == nil { forms[device] = .format(rule) }
    case nil:
      if !forms.isEmpty {
        warning(
          "Device variation has no 'other' case; devices it does not name show the key",
          variation.offset)
      }
    }
    return (fallback, forms.isEmpty ? nil : .device(forms))
  }

  // MARK: Diagnostics

  private mutating func check(
    _ text: String, _ format: FormatString, _ scan: TextScan? = nil, offset: Int
  ) {
    diagnostics += TextCheck.formatDiagnostics(
      format,
      codePassesArguments: TextCheck.hasFlaggedSpecifier(format) && keyPassesArguments(),
      offset: offset, language: language, key: key)
    checkControlCharacters(text, scan, offset: offset)
  }

  /// Whether the key reads format arguments, computed once.
  private mutating func keyPassesArguments() -> Bool {
    if let keyHasArguments { return keyHasArguments }
    let found =
      key.containsUTF8(UInt8(ascii: "%")) && TextCheck.readsArguments(FormatString(parsing: key))
    keyHasArguments = found
    return found
  }

  /// `scan`: the text's ``TextScan`` when the caller has it already.
  private mutating func checkControlCharacters(
    _ text: String, _ scan: TextScan? = nil, offset: Int
  ) {
    if (scan ?? TextScan(text)).hasControlCharacter {
      diagnostics += TextCheck.controlCharacterDiagnostics(
        text, what: "value", offset: offset, language: language, key: key)
    }
  }

  private mutating func error(_ message: String, _ offset: Int) {
    diagnostics.append(.error(message, offset: offset, language: language, key: key))
  }

  private mutating func warning(_ message: String, _ offset: Int) {
    diagnostics.append(.warning(message, offset: offset, language: language, key: key))
  }
}
