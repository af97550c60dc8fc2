import LHCBase
import StringCatalog

/// One catalog entry → one ``Symbol``: parameters from every source-language text, the fallback
/// format and the `LocalizedStringResource` default value.
///
/// Arguments are collected from every string unit of the source localization (all plural and
/// device cases), so a `one` case without `%lld` still gives the parameter its `other` case reads.
/// A substitution `%#@name@` reads argument `argNum`, else the reference's own position (the rule
/// `lhc compile` applies), with the type of its `formatSpecifier`; its plural forms may read further
/// arguments with explicit positions.
struct EntrySymbol {
  let entry: CatalogEntry
  let source: SourceNode
  /// Why the key cannot get a symbol (``build()`` returned nil), one message per problem.
  private(set) var problems: [String] = []
  private var substitutions: [String: Substitution] = [:]
  /// Argument position → how the texts use it.
  private var uses: [Int: Use] = [:]

  /// The uses of one argument position.
  private struct Use {
    var types: [String] = []
    var label: String?
    var specifier: String?
  }

  init(entry: CatalogEntry, texts: SourceNode) {
    self.entry = entry
    self.source = texts
  }

  /// The symbol, or nil (with ``problems``) when it cannot be generated.
  mutating func build() -> Symbol? {
    let node: LocalizationNode
    switch source {
    case .node(let found): node = found
    case .key: node = LocalizationNode(stringUnit: StringUnit(state: .translated, value: entry.key))
    }
    collectSubstitutions(node)
    for text in Self.leaves(of: node) { record(text) }
    for name in substitutions.keys.sorted() {
      for variation in substitutions[name]!.variations {
        for form in variation.cases.flatMap({ Self.leaves(of: $0.node) }) { recordForm(form) }
      }
    }
    let count = uses.keys.max() ?? 0
    for position in Array(1...max(count, 1)) where count > 0 {
      guard let use = uses[position] else {
        problem(
          "argument \(position) is never used although argument \(count) is; every argument from 1 to \(count) must appear in the source text"
        )
        continue
      }
      if use.types.count > 1 {
        problem(
          "argument \(position) is used as \(use.types.joined(separator: " and as ")); use one type"
        )
      }
    }
    guard problems.isEmpty else { return nil }

    let parameters = (0..<count).map { index in
      let use = uses[index + 1]!
      return Symbol.Parameter(
        position: index + 1, label: use.label.map(SwiftIdentifier.labelName),
        type: use.types[0], specifier: use.types[0] == "String" ? nil : use.specifier)
    }
    let fallback = expand(NamedPlaceholders(Self.chosenLeaf(of: node) ?? "").text)
    return Symbol(
      key: entry.key, name: SwiftIdentifier.memberName(forKey: entry.key), comment: entry.comment,
      fallback: fallback, parameters: parameters,
      resourceDefault: Self.resourceDefault(fallback, count: count))
  }

  // MARK: Collecting arguments

  private mutating func collectSubstitutions(_ node: LocalizationNode) {
    for substitution in node.substitutions where substitutions[substitution.name] == nil {
      substitutions[substitution.name] = substitution
    }
    for variation in node.variations {
      for variationCase in variation.cases { collectSubstitutions(variationCase.node) }
    }
  }

  /// Records the arguments of one text of the key.
  private mutating func record(_ text: String) {
    let named = NamedPlaceholders(text)
    for argument in FormatString(parsing: named.text).arguments {
      for specifier in argument.specifiers {
        use(argument.position, specifier, label: named.names[specifier.utf8Offset])
      }
      if argument.widthOrPrecision { use(argument.position, type: "Int32", specifier: "%d") }
      for name in argument.substitutionNames {
        guard let substitution = substitutions[name] else {
          problem("substitution '\(name)' is referenced but not defined")
          continue
        }
        guard let specifier = Self.specifier(of: substitution) else {
          problem("substitution '\(name)' has no valid formatSpecifier")
          continue
        }
        use(substitution.argNum ?? argument.position, specifier, label: name)
      }
    }
  }

  /// Records the explicitly positioned arguments of a substitution's plural form.
  private mutating func recordForm(_ text: String) {
    let named = NamedPlaceholders(text)
    for specifier in FormatString(parsing: named.text, options: .argPlaceholder).specifiers {
      guard let position = specifier.position else { continue }
      use(position, specifier, label: named.names[specifier.utf8Offset])
    }
  }

  private mutating func use(_ position: Int, _ specifier: FormatSpecifier, label: String?) {
    guard let type = Self.swiftType(of: specifier) else {
      problem(
        "format specifier '\(specifier.text)' has no safe Swift type in generated symbols; use %@ with a String or a numeric specifier"
      )
      // Used, if unsafely: no second message about a gap at its position.
      if uses[position] == nil { uses[position] = Use() }
      return
    }
    use(position, type: type, specifier: Self.interpolationSpecifier(specifier), label: label)
  }

  private mutating func use(_ position: Int, type: String, specifier: String, label: String? = nil)
  {
    var use = uses[position] ?? Use()
    if !use.types.contains(type) { use.types.append(type) }
    if use.label == nil { use.label = label }
    if use.specifier == nil { use.specifier = specifier }
    uses[position] = use
  }

  /// The substitution called `name` in any node of the source localization.
  func substitutionNamed(_ name: String) -> Substitution? {
    substitutions[name]
  }

  private mutating func problem(_ message: String) {
    problems.append(message)
  }

  /// The specifier of a substitution's `formatSpecifier` (`lld` → `%lld`).
  static func specifier(of substitution: Substitution) -> FormatSpecifier? {
    guard let text = substitution.formatSpecifier else { return nil }
    let tokens = FormatString(parsing: "%" + text).tokens
    guard tokens.count == 1, case .specifier(let specifier) = tokens[0] else { return nil }
    return specifier
  }

  /// The Swift type of a conversion, or nil when none is sound (C strings, pointers, `long double`).
  ///
  /// `%d %i` → `Int32` and `%u %o %x` → `UInt32` (C `int`/`unsigned`, as Xcode generates), `h`/`hh`
  /// → 16/8-bit, `l ll q z t j` and `%D %U %O` → `Int`/`UInt`, every floating conversion → `Double`,
  /// `%@` → `String`.
  static func swiftType(of specifier: FormatSpecifier) -> String? {
    switch specifier.argumentType {
    case .int8: "Int8"
    case .int16: "Int16"
    case .int32: "Int32"
    case .int64: "Int"
    case .uint8: "UInt8"
    case .uint16: "UInt16"
    case .uint32: "UInt32"
    case .uint64: "UInt"
    case .double: "Double"
    case .object: "String"
    case .longDouble, .cString, .wideCString, .character, .wideCharacter, .pointer, .countPointer:
      nil
    }
  }

  /// The specifier without its position and `*` counts, for `String.LocalizationValue`.
  static func interpolationSpecifier(_ specifier: FormatSpecifier) -> String {
    var text = "%" + specifier.flags
    if case .fixed(let width)? = specifier.width { text += "\(width)" }
    if case .fixed(let precision)? = specifier.precision { text += ".\(precision)" }
    return text + specifier.valueType
  }
}
