import LHCBase

/// The declared type of a named placeholder: what an Apple specifier passes.
enum PlaceholderType: String, Equatable {
  /// `%@`.
  case string
  /// `%d`, `%i`, `%u`, `%D`, `%U` with any length modifier (`%lld`).
  case int

  /// The type of a specifier, or why it has none: named placeholders are replaced by plain values,
  /// so flags, widths, precisions, floats, hex, octal and C strings cannot be kept.
  init(_ specifier: FormatSpecifier) throws(Unrepresentable) {
    guard specifier.flags.isEmpty, specifier.width == nil, specifier.precision == nil else {
      throw Unrepresentable(
        "specifier '\(specifier.text)' has flags, a width or a precision, which named placeholders cannot keep"
      )
    }
    switch (specifier.conversion, specifier.length) {
    case ("@", .none): self = .string
    case ("d", _), ("i", _), ("u", _), ("D", .none), ("U", .none): self = .int
    default:
      throw Unrepresentable(
        "specifier '\(specifier.text)' has no named-placeholder type (only %@ and integers)")
    }
  }

  /// Records this type for argument `position` in `types`; one argument cannot have two types.
  func record(at position: Int, in types: inout [Int: PlaceholderType]) throws(Unrepresentable) {
    if let known = types[position], known != self {
      throw Unrepresentable("argument \(position) is read as both \(known) and \(self)")
    }
    types[position] = self
  }

  /// The type of a `NSStringFormatValueTypeKey` such as `lld`.
  init(valueType: String) throws(Unrepresentable) {
    guard let specifier = FormatString(parsing: "%" + valueType).specifiers.first else {
      throw Unrepresentable("plural value type '\(valueType)' is not a format specifier")
    }
    try self.init(specifier)
  }
}

/// An Apple format string as literal text and argument references, ready to be written with named
/// placeholders (`{{name}}`, `{name}`).
///
/// `%%` becomes `%`: the targets' templates are not printf formats. Anything that reads arguments
/// other than `%@` and plain integers makes the key unrepresentable.
struct Template: Equatable {
  /// Literal text, or the 1-based argument a placeholder stands for.
  enum Segment: Equatable {
    case text(String)
    case argument(Int)
  }

  var segments: [Segment] = []
  /// The type of every argument used.
  var types: [Int: PlaceholderType] = [:]

  /// The template of `text`.
  init(_ text: String) throws(Unrepresentable) {
    let format = FormatString(parsing: text)
    var positions: [Int: Int] = [:]  // specifier offset → argument position
    for argument in format.arguments {
      for specifier in argument.specifiers { positions[specifier.utf8Offset] = argument.position }
    }
    for token in format.tokens {
      switch token {
      case .literal(let literal): append(literal)
      case .percent: append("%")
      case .specifier(let specifier):
        let position = positions[specifier.utf8Offset] ?? 0
        try declare(position, try PlaceholderType(specifier))
        segments.append(.argument(position))
      case .substitution(let reference):
        throw Unrepresentable("unresolved substitution reference '\(reference.text)'")
      case .invalid(let invalid):
        throw Unrepresentable("malformed format specifier '\(invalid)'")
      case .argPlaceholder:
        throw Unrepresentable("unresolved '%arg' placeholder")
      }
    }
  }

  /// Records that argument `position` is read as `type`.
  private mutating func declare(_ position: Int, _ type: PlaceholderType) throws(Unrepresentable) {
    try type.record(at: position, in: &types)
  }

  /// The `argN` name of every argument.
  var argumentNames: [Int: String] {
    PlaceholderNames.names(for: types.keys, variable: nil)
  }

  /// Appends literal text, joined with the text before it.
  private mutating func append(_ text: String) {
    if case .text(let previous)? = segments.last {
      segments[segments.count - 1] = .text(previous + text)
    } else {
      segments.append(.text(text))
    }
  }

  /// The literal parts, concatenated.
  var literalText: String {
    segments.reduce(into: "") { if case .text(let text) = $1 { $0 += text } }
  }

  /// The text with each argument written as `open + name + close`.
  func rendered(names: [Int: String], open: String, close: String) -> String {
    segments.reduce(into: "") { result, segment in
      switch segment {
      case .text(let text): result += text
      case .argument(let position): result += open + (names[position] ?? "arg\(position)") + close
      }
    }
  }
}

/// Placeholder names: `argN` for argument N, or the plural variable's own name (a catalog
/// substitution name such as `count`) for the argument it selects on.
enum PlaceholderNames {
  /// Names for `positions`; `variable` names its position when it is a usable name (ASCII
  /// letters, digits, `_`, `.`, `-`) that no `argN` of the message already takes.
  static func names(for positions: some Sequence<Int>, variable: (name: String, position: Int)?)
    -> [Int: String]
  {
    var names: [Int: String] = [:]
    for position in positions { names[position] = "arg\(position)" }
    if let variable, isUsable(variable.name),
      !names.contains(where: { $0.key != variable.position && $0.value == variable.name })
    {
      names[variable.position] = variable.name
    }
    return names
  }

  /// True for a non-empty name of ASCII letters, digits, `_`, `.` and `-`.
  private static func isUsable(_ name: String) -> Bool {
    !name.isEmpty
      && name.utf8.allSatisfy { byte in
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."),
          UInt8(ascii: "-"):
          true
        default: false
        }
      }
  }
}
