/// The byte-level scanner behind `FormatString(parsing:)`.
///
/// Grammar after `%`: `%` | `arg` (option) | [`N$`] (`#@name@` | [flags] [width] [`.` precision]
/// [length] conversion). Token boundaries always fall on `%`, on ASCII bytes or after whole
/// scalars, so every token's bytes are valid UTF-8 when the input is.
struct FormatStringParser {
  private let bytes: UnsafeBufferPointer<UInt8>
  private let options: FormatString.Options
  private var tokens: [FormatToken] = []

  /// Largest number kept for positions, widths and precisions; longer digit runs saturate.
  static let numberLimit = Int(Int32.max)

  private init(bytes: UnsafeBufferPointer<UInt8>, options: FormatString.Options) {
    self.bytes = bytes
    self.options = options
  }

  /// Tokens of `bytes`.
  static func parse(_ bytes: UnsafeBufferPointer<UInt8>, options: FormatString.Options)
    -> [FormatToken]
  {
    var parser = FormatStringParser(bytes: bytes, options: options)
    parser.tokens.reserveCapacity(4)  // most strings: literal, specifier, literal
    parser.run()
    return parser.tokens
  }

  /// Alternates literal runs and `%` directives up to the end of the input.
  private mutating func run() {
    let count = bytes.count
    var literalStart = 0
    var index = 0
    while index < count {
      if bytes[index] != UInt8(ascii: "%") {
        index += 1
        continue
      }
      if literalStart < index { tokens.append(.literal(string(literalStart, index))) }
      let (token, end) = directive(at: index)
      tokens.append(token)
      index = end
      literalStart = end
    }
    if literalStart < count { tokens.append(.literal(string(literalStart, count))) }
  }

  /// The input bytes `start..<end` as a string.
  private func string(_ start: Int, _ end: Int) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private static func isFlag(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: " "), UInt8(ascii: "#"),
      UInt8(ascii: "0"), UInt8(ascii: "'"):
      return true
    default: return false
    }
  }

  private static func isConversion(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "d"), UInt8(ascii: "i"), UInt8(ascii: "o"), UInt8(ascii: "u"),
      UInt8(ascii: "x"), UInt8(ascii: "X"), UInt8(ascii: "D"), UInt8(ascii: "U"),
      UInt8(ascii: "O"), UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "e"),
      UInt8(ascii: "E"), UInt8(ascii: "g"), UInt8(ascii: "G"), UInt8(ascii: "a"),
      UInt8(ascii: "A"), UInt8(ascii: "c"), UInt8(ascii: "C"), UInt8(ascii: "s"),
      UInt8(ascii: "S"), UInt8(ascii: "p"), UInt8(ascii: "n"), UInt8(ascii: "@"):
      return true
    default: return false
    }
  }

  /// Reads a run of decimal digits from `index`: the value (saturated) and the index after it.
  private func number(at index: Int) -> (value: Int, end: Int) {
    var value = 0
    var end = index
    while end < bytes.count, Self.isDigit(bytes[end]) {
      value = min(value * 10 + Int(bytes[end] - UInt8(ascii: "0")), Self.numberLimit)
      end += 1
    }
    return (value, end)
  }

  /// An invalid token from `start` through the character at `index` (the one that broke the
  /// grammar), or to the end. A breaking `%` is left to start the next token.
  private func invalid(_ start: Int, breakingAt index: Int) -> (FormatToken, Int) {
    var end = index
    if end < bytes.count && bytes[end] != UInt8(ascii: "%") {
      end += 1
      while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
    }
    return (.invalid(string(start, end)), end)
  }

  /// Reads `*` or `*N$` at `index` (which holds `*`): the count and the index after it, or nil
  /// and the index of the breaking character.
  private func starCount(at index: Int) -> (FormatCount?, Int) {
    let afterStar = index + 1
    guard afterStar < bytes.count, Self.isDigit(bytes[afterStar]) else {
      return (.argument(position: nil), afterStar)
    }
    let (value, end) = number(at: afterStar)
    guard end < bytes.count, bytes[end] == UInt8(ascii: "$"), value > 0 else { return (nil, end) }
    return (.argument(position: value), end + 1)
  }

  /// Reads a width or precision that is digits, `*` or `*N$` at `index`.
  private func count(at index: Int) -> (FormatCount?, Int, failed: Bool) {
    guard index < bytes.count else { return (nil, index, false) }
    if Self.isDigit(bytes[index]) {
      let (value, end) = number(at: index)
      return (.fixed(value), end, false)
    }
    if bytes[index] == UInt8(ascii: "*") {
      let (count, end) = starCount(at: index)
      return (count, end, count == nil)
    }
    return (nil, index, false)
  }

  /// Parses the directive whose `%` is at `start`: the token and the index after it.
  private func directive(at start: Int) -> (FormatToken, Int) {
    let count = bytes.count
    var index = start + 1
    guard index < count else { return (.invalid("%"), index) }
    if bytes[index] == UInt8(ascii: "%") { return (.percent, index + 1) }
    if options.contains(.argPlaceholder), index + 2 < count, bytes[index] == UInt8(ascii: "a"),
      bytes[index + 1] == UInt8(ascii: "r"), bytes[index + 2] == UInt8(ascii: "g")
    {
      return (.argPlaceholder, index + 3)
    }

    var position: Int?
    if Self.isDigit(bytes[index]) {
      let (value, end) = number(at: index)
      if end < count && bytes[end] == UInt8(ascii: "$") {
        if value == 0 { return invalid(start, breakingAt: end) }
        position = value
        index = end + 1
      }
    }

    if index + 1 < count && bytes[index] == UInt8(ascii: "#")
      && bytes[index + 1] == UInt8(ascii: "@")
    {
      return substitution(start: start, position: position, nameStart: index + 2)
    }

    let flagsStart = index
    while index < count && Self.isFlag(bytes[index]) { index += 1 }
    let flags = flagsStart == index ? "" : string(flagsStart, index)

    let (width, afterWidth, widthFailed) = self.count(at: index)
    if widthFailed { return invalid(start, breakingAt: afterWidth) }
    index = afterWidth

    var precision: FormatCount?
    if index < count && bytes[index] == UInt8(ascii: ".") {
      let (parsed, afterPrecision, precisionFailed) = self.count(at: index + 1)
      if precisionFailed { return invalid(start, breakingAt: afterPrecision) }
      precision = parsed ?? .fixed(0)
      index = afterPrecision
    }

    let (length, afterLength) = lengthModifier(at: index)
    index = afterLength
    guard index < count, Self.isConversion(bytes[index]) else {
      return invalid(start, breakingAt: index)
    }
    let specifier = FormatSpecifier(
      text: string(start, index + 1), utf8Offset: start, position: position, flags: flags,
      width: width, precision: precision, length: length,
      conversion: Character(Unicode.Scalar(bytes[index])))
    return (.specifier(specifier), index + 1)
  }

  /// Reads a length modifier at `index`: the modifier and the index after it.
  private func lengthModifier(at index: Int) -> (LengthModifier, Int) {
    guard index < bytes.count else { return (.none, index) }
    let doubled = index + 1 < bytes.count && bytes[index + 1] == bytes[index]
    switch bytes[index] {
    case UInt8(ascii: "h"): return doubled ? (.hh, index + 2) : (.h, index + 1)
    case UInt8(ascii: "l"): return doubled ? (.ll, index + 2) : (.l, index + 1)
    case UInt8(ascii: "q"): return (.q, index + 1)
    case UInt8(ascii: "L"): return (.L, index + 1)
    case UInt8(ascii: "z"): return (.z, index + 1)
    case UInt8(ascii: "t"): return (.t, index + 1)
    case UInt8(ascii: "j"): return (.j, index + 1)
    default: return (.none, index)
    }
  }

  /// Parses `name@` after `%#@` or `%N$#@`. No closing `@` makes the rest of the input invalid;
  /// an empty name (`%#@@`) is invalid through the second `@`.
  private func substitution(start: Int, position: Int?, nameStart: Int) -> (FormatToken, Int) {
    var end = nameStart
    while end < bytes.count && bytes[end] != UInt8(ascii: "@") { end += 1 }
    guard end < bytes.count else { return (.invalid(string(start, end)), end) }
    guard end > nameStart else { return (.invalid(string(start, end + 1)), end + 1) }
    let reference = SubstitutionReference(
      name: string(nameStart, end), position: position, text: string(start, end + 1),
      utf8Offset: start)
    return (.substitution(reference), end + 1)
  }
}
