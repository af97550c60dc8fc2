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
///   `other` case in `.strings`;
/// - `variations.width` → `{NSStringVariableWidthRuleType: {width: text, format or device rule}}`.
///
/// Diagnostics name the place inside the key as Apple does: `key|==|device.iphone.plural.one`,
/// `key|==|substitutions.NAME`, the plain key for the localization's own unit.
struct LocalizationCompiler {
  let key: String
  let language: String
  let forceBuildAllStrings: Bool
  private(set) var diagnostics: [Diagnostic] = []
  /// Unknown states seen, with the offset of their first unit.
  private(set) var unknownStates: [(UnitState, Int)] = []

  var substitutions: [String: Substitution] = [:]
  private var resolvedArgNums: [String: Int] = [:]
  /// The source-language localization of the key (nil when it has none or the language is not
  /// known): with the key, it tells whether the code formats the key's strings.
  let source: LocalizationNode?
  /// Whether the code formats the key's strings (``TextCheck/codeFormats(key:source:)``), found
  /// when first needed.
  private var codeFormats: Bool?
  /// The case being compiled, from the localization down (`device.iphone`, `plural.one`): kept in
  /// parts and joined only when a diagnostic names it (``placeKey``), which few localizations have.
  var path: [Place] = []

  /// One step of ``path``.
  enum Place {
    case plural(String), device(String), width(String), substitution(String)

    /// The step as Apple writes it in a key path: `plural.one`, `substitutions.NAME`.
    var text: String {
      switch self {
      case .plural(let name): "plural." + name
      case .device(let name): "device." + name
      case .width(let name): "width." + name
      case .substitution(let name): LocalizationCompiler.pathComponent(substitution: name)
      }
    }
  }

  init(key: String, language: String, forceBuildAllStrings: Bool, source: LocalizationNode?) {
    self.key = key
    self.language = language
    self.forceBuildAllStrings = forceBuildAllStrings
    self.source = source
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
    let result: (plain: String?, rule: StringsdictEntry?)
    switch axis(of: node) {
    case nil:
      guard let unit = node.stringUnit, let value = unit.value else {
        if !node.substitutions.isEmpty && node.stringUnit == nil {
          // Xcode reports only this for the localization (its substitutions have no parent).
          diagnostics.append(
            .error(TextCheck.missingStringUnit(key: key, language: language), offset: node.offset))
          return (nil, nil)
        }
        result = (nil, nil)
        break
      }
      result = output(of: resolveText(value, offset: unit.offset))
    case let variation? where variation.kind == .plural:
      result = (nil, pluralRule(variation).map(StringsdictEntry.format))
    case let variation? where variation.kind == .device:
      let (fallback, forms) = deviceRule(variation, nested: false)
      result = (fallback, forms.isEmpty ? nil : .device(forms))
    case let variation?:
      result = (nil, widthRule(variation))
    }
    checkReferences(node)
    return result
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
    for index in node.variations.indices where anyUnitQualifies(node.variations[index].cases) {
      result = true
    }
    for substitution in node.substitutions.indices {
      for index in node.substitutions[substitution].variations.indices
      where anyUnitQualifies(node.substitutions[substitution].variations[index].cases) {
        result = true
      }
    }
    return result
  }

  /// ``anyUnitQualifies(_:)`` of every case (each visited, so that every unknown state is
  /// noted), the cases read in place: copying each out of the array cost more than the check.
  private mutating func anyUnitQualifies(_ cases: [VariationCase]) -> Bool {
    var result = false
    cases.withUnsafeBufferPointer { cases in
      for index in cases.indices where anyUnitQualifies(cases[index].node) { result = true }
    }
    return result
  }

  // MARK: Structure

  /// The variation axis compiled for a node: width, else device, else plural (the order they nest
  /// in), reporting unknown kinds, nodes with several axes, and a string unit beside variations.
  mutating func axis(of node: LocalizationNode) -> Variation? {
    // The first variation of each supported kind, by index: no array is made for the common
    // node with one variation (the arrays made per call were most of this function's cost).
    var width: Int?
    var device: Int?
    var plural: Int?
    for index in node.variations.indices {
      let kind = node.variations[index].kind
      if kind == .width {
        width = width ?? index
      } else if kind == .device {
        device = device ?? index
      } else if kind == .plural {
        plural = plural ?? index
      } else {
        warning(
          "Unsupported variation type '\(kind.rawValue)' is ignored", node.variations[index].offset)
      }
    }
    guard let first = width ?? device ?? plural else { return nil }
    if (width == nil ? 0 : 1) + (device == nil ? 0 : 1) + (plural == nil ? 0 : 1) > 1 {
      let names = [width, device, plural].compactMap { $0 }.map {
        node.variations[$0].kind.rawValue
      }
      let kinds =
        names.count == 2
        ? "both \(names[0]) and \(names[1])"
        : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
      warning(
        "Localization has \(kinds) variations; only the \(names[0]) variation is compiled",
        node.offset)
    }
    if let unit = node.stringUnit {
      warning(
        "Localization has both a stringUnit and variations; the stringUnit is ignored", unit.offset)
    }
    return node.variations[first]
  }

  // MARK: Texts and substitutions

  /// A text as plain `.strings` value, or as a format rule when it references substitutions.
  mutating func resolveText(_ text: String, offset: Int) -> DeviceForm {
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
  mutating func rewrite(
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
  mutating func variables(for pending: [String]) -> [String: PluralVariable] {
    if pending.isEmpty { return [:] }
    var pending = pending
    var variables: [String: PluralVariable] = [:]
    var index = 0
    while index < pending.count {
      let name = pending[index]
      index += 1
      guard let substitution = substitutions[name] else { continue }
      path.append(.substitution(name))
      defer { path.removeLast() }
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
        path.append(.plural(category))
        let format = FormatString(parsing: unit.value ?? "", options: .argPlaceholder)
        check(unit.value ?? "", format, offset: unit.offset)
        forms[category] = rewrite(
          format, offset: unit.offset, pending: &pending, argument: (argNum, specifier))
        path.removeLast()
      }
      variables[name] = PluralVariable(valueType: specifier, forms: forms)
    }
    return variables
  }

  /// `substitutions.NAME` as Apple writes it in a path: a name with a dot is wrapped in `@`.
  static func pathComponent(substitution name: String) -> String {
    "substitutions." + (name.contains(".") ? "@\(name)@" : name)
  }

  /// Warns about each substitution of the localization that no text of it references.
  private mutating func checkReferences(_ node: LocalizationNode) {
    guard !node.substitutions.isEmpty else { return }
    var referenced: Set<String> = []
    func collect(_ node: LocalizationNode, options: FormatString.Options) {
      if let value = node.stringUnit?.value, value.containsUTF8(UInt8(ascii: "#")) {
        for reference in FormatString(parsing: value, options: options).substitutionReferences {
          referenced.insert(reference.name)
        }
      }
      for variation in node.variations {
        for variationCase in variation.cases { collect(variationCase.node, options: options) }
      }
    }
    collect(node, options: [])
    for substitution in node.substitutions {
      for variation in substitution.variations {
        for variationCase in variation.cases {
          collect(variationCase.node, options: .argPlaceholder)
        }
      }
    }
    for substitution in node.substitutions where !referenced.contains(substitution.name) {
      path = [.substitution(substitution.name)]
      warning(TextCheck.unreferencedSubstitution(substitution.name), substitution.offset)
    }
    path = []
  }

  // MARK: Diagnostics

  /// Reports the specifier problems and control characters of a text at ``path``.
  mutating func check(
    _ text: String, _ format: FormatString, _ scan: TextScan? = nil, offset: Int
  ) {
    // Only a prose-like specifier or a stray `%` can be a problem: most texts have neither.
    let suspicious = format.tokens.contains { token in
      switch token {
      case .specifier(let specifier): specifier.isProseLike
      case .invalid: true
      case .literal, .percent, .substitution, .argPlaceholder: false
      }
    }
    if suspicious {
      let problems = TextCheck.formatProblems(format, codeFormats: codeFormatsKey())
      let place = placeKey
      diagnostics += problems.map {
        .warning($0.message, offset: offset, language: language, key: place)
      }
    }
    checkControlCharacters(text, scan, offset: offset)
  }

  /// Whether the code formats the key's strings, computed once.
  private mutating func codeFormatsKey() -> Bool {
    if let codeFormats { return codeFormats }
    let found = TextCheck.codeFormats(key: key, source: source)
    codeFormats = found
    return found
  }

  /// `scan`: the text's ``TextScan`` when the caller has it already.
  mutating func checkControlCharacters(_ text: String, _ scan: TextScan? = nil, offset: Int) {
    if (scan ?? TextScan(text)).hasControlCharacter {
      diagnostics += TextCheck.controlCharacterDiagnostics(
        text, what: "value", offset: offset, language: language, key: placeKey)
    }
  }

  /// The key with the place inside it, as Apple names it: `key|==|plural.one`, or the plain key.
  private var placeKey: String {
    path.isEmpty ? key : key + "|==|" + path.map(\.text).joined(separator: ".")
  }

  mutating func error(_ message: String, _ offset: Int) {
    diagnostics.append(.error(message, offset: offset, language: language, key: placeKey))
  }

  mutating func warning(_ message: String, _ offset: Int) {
    diagnostics.append(.warning(message, offset: offset, language: language, key: placeKey))
  }
}
