/// One argument-consuming printf conversion such as `%1$-5.2lld`, `%@` or `%.*f`.
public struct FormatSpecifier: Sendable, Hashable {
  /// The specifier as written, e.g. `%1$-5.2lld`.
  public var text: String
  /// Byte offset of the `%` in the UTF-8 of the parsed string.
  public var utf8Offset: Int
  /// `N` of an explicit `%N$` position; nil when the specifier is sequential.
  public var position: Int?
  /// Flag characters (`-+ #0'`) as written, in order.
  public var flags: String
  public var width: FormatCount?
  /// The precision; `%.f` (a dot without digits) is `.fixed(0)`, as in C.
  public var precision: FormatCount?
  public var length: LengthModifier
  public var conversion: Character

  /// Creates a specifier from its parts (the parser fills these in from the source text).
  public init(
    text: String, utf8Offset: Int, position: Int? = nil, flags: String = "",
    width: FormatCount? = nil, precision: FormatCount? = nil,
    length: LengthModifier = .none, conversion: Character
  ) {
    self.text = text
    self.utf8Offset = utf8Offset
    self.position = position
    self.flags = flags
    self.width = width
    self.precision = precision
    self.length = length
    self.conversion = conversion
  }

  /// The C type of the value argument under LP64 (Apple platforms and 64-bit Linux).
  public var argumentType: ArgumentType {
    switch conversion {
    case "d", "i":
      switch length {
      case .none: return .int32
      case .hh: return .int8
      case .h: return .int16
      case .l, .ll, .q, .L, .z, .t, .j: return .int64
      }
    case "o", "u", "x", "X":
      switch length {
      case .none: return .uint32
      case .hh: return .uint8
      case .h: return .uint16
      case .l, .ll, .q, .L, .z, .t, .j: return .uint64
      }
    case "D": return .int64
    case "U", "O": return .uint64
    case "f", "F", "e", "E", "g", "G", "a", "A": return length == .L ? .longDouble : .double
    case "c": return length == .l ? .wideCharacter : .character
    case "C": return .wideCharacter
    case "s": return length == .l ? .wideCString : .cString
    case "S": return .wideCString
    case "p": return .pointer
    case "n": return .countPointer
    default: return .object
    }
  }

  /// Specifier text without `%`, position, flags, width and precision: length + conversion,
  /// e.g. `lld`, `@`, `d`, `lf`.
  public var valueType: String {
    length.rawValue + String(conversion)
  }
}

/// A width or precision: a number in the format, or one read from an `int` argument (`*`, `*N$`).
public enum FormatCount: Sendable, Hashable {
  case fixed(Int)
  /// `*` (position nil, the next sequential argument) or `*N$`.
  case argument(position: Int?)
}

/// The length modifier between precision and conversion.
public enum LengthModifier: String, Sendable, Hashable {
  case none = ""
  case hh, h, l, ll, q, L, z, t, j
}

/// The C type a conversion reads from the argument list.
public enum ArgumentType: Sendable, Hashable {
  case int8, int16, int32, int64, uint8, uint16, uint32, uint64, double, longDouble,
    object, cString, wideCString, character, wideCharacter, pointer, countPointer

  /// True for the signed and unsigned integer types.
  public var isInteger: Bool {
    switch self {
    case .int8, .int16, .int32, .int64, .uint8, .uint16, .uint32, .uint64: return true
    default: return false
    }
  }

  /// True for `double` and `long double`.
  public var isFloatingPoint: Bool {
    self == .double || self == .longDouble
  }

  /// True for integer and floating-point types.
  public var isNumeric: Bool {
    isInteger || isFloatingPoint
  }
}

/// A `%#@name@` or `%N$#@name@` reference to a stringsdict variable or catalog substitution.
public struct SubstitutionReference: Sendable, Hashable {
  /// The text between `#@` and the closing `@`; never empty.
  public var name: String
  public var position: Int?
  /// The reference as written, e.g. `%2$#@count@`.
  public var text: String
  /// Byte offset of the `%` in the UTF-8 of the parsed string.
  public var utf8Offset: Int

  /// Creates a reference from its parts.
  public init(name: String, position: Int? = nil, text: String, utf8Offset: Int) {
    self.name = name
    self.position = position
    self.text = text
    self.utf8Offset = utf8Offset
  }
}

/// Everything in a format string that reads one argument position.
public struct FormatArgument: Sendable, Hashable {
  /// 1-based argument position.
  public var position: Int
  /// Every specifier using this position, in text order.
  public var specifiers: [FormatSpecifier]
  /// Names of the substitution references at this position, in text order.
  public var substitutionNames: [String]
  /// True when a `*` width or precision reads this position (as an `int`).
  public var widthOrPrecision: Bool

  /// Creates an argument record.
  public init(
    position: Int, specifiers: [FormatSpecifier] = [], substitutionNames: [String] = [],
    widthOrPrecision: Bool = false
  ) {
    self.position = position
    self.specifiers = specifiers
    self.substitutionNames = substitutionNames
    self.widthOrPrecision = widthOrPrecision
  }

  /// Distinct types this position is read as, in text order of the specifiers, then `.int32` for
  /// a `*` width or precision. More than one element: the format reads the argument inconsistently.
  public var types: [ArgumentType] {
    var result: [ArgumentType] = []
    for specifier in specifiers where !result.contains(specifier.argumentType) {
      result.append(specifier.argumentType)
    }
    if widthOrPrecision && !result.contains(.int32) { result.append(.int32) }
    return result
  }

  /// The type of the first use: the first specifier's type, `.int32` for a `*`, nil for a
  /// position only read by substitution references (their type lives in the substitution).
  public var argumentType: ArgumentType? {
    specifiers.first?.argumentType ?? (widthOrPrecision ? .int32 : nil)
  }
}
