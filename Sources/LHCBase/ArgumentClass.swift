/// What kind of value a format argument is read as, for comparing two formats of one key.
///
/// Integers of every width and signedness are one class (and `%c`/`%C`, which read an `int`):
/// on 64-bit Apple platforms every variadic argument takes an 8-byte slot, so `%d` where the
/// source says `%lld` reads the same argument (a value beyond 32 bits is truncated, nothing is
/// misread). Integer, floating point, object, C string and pointer are incompatible with each other.
public enum ArgumentClass: String, Sendable {
  case integer, floatingPoint = "floating-point number", object, cString = "C string"
  case wideCString = "wide C string", pointer, countPointer = "count pointer"

  /// The class of `type`.
  public init(_ type: ArgumentType) {
    switch type {
    case .int8, .int16, .int32, .int64, .uint8, .uint16, .uint32, .uint64, .character,
      .wideCharacter:
      self = .integer
    case .double, .longDouble: self = .floatingPoint
    case .object: self = .object
    case .cString: self = .cString
    case .wideCString: self = .wideCString
    case .pointer: self = .pointer
    case .countPointer: self = .countPointer
    }
  }

  /// `an integer`, `a C string`.
  public var withArticle: String {
    let first = rawValue.first.map { "aeiou".contains($0) } ?? false
    return (first ? "an " : "a ") + rawValue
  }
}

extension FormatArgument {
  /// How the argument is first written (`%lld`, `%#@name@`).
  public var writtenAs: String {
    specifiers.first?.text ?? substitutionNames.first.map { "%#@\($0)@" } ?? "*"
  }

  /// The class of the argument's first reading; nil when only substitution references read it.
  public var argumentClass: ArgumentClass? { argumentType.map(ArgumentClass.init) }
}
