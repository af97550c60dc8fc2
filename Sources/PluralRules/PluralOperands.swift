/// The CLDR plural operands of a number (TR35 "Plural Operand Meanings").
///
/// Operands keep the number's visible form: `"1.50"` has `v = 2`, `w = 1`, `f = 50`, `t = 5`, so it
/// can select a different category than `"1.5"` or `1`. Compact forms `"1.2c6"` (or `"1.2e6"`)
/// mean 1200000 with exponent `e = 6`, as in CLDR's sample numbers.
public struct PluralOperands: Sendable, Hashable {
  /// Integer digits of the absolute value.
  public var i: UInt64
  /// Number of visible fraction digits, with trailing zeros.
  public var v: Int
  /// Number of visible fraction digits, without trailing zeros.
  public var w: Int
  /// Visible fraction digits, with trailing zeros, as an integer.
  public var f: UInt64
  /// Visible fraction digits, without trailing zeros, as an integer.
  public var t: UInt64
  /// Compact decimal exponent (`c`/`e` in CLDR samples); 0 for plain numbers.
  public var e: Int

  /// The absolute value, `i + f / 10^v` (approximate for very long fractions).
  public var n: Double {
    var scale = 1.0
    for _ in 0..<v { scale *= 10 }
    return Double(i) + Double(f) / scale
  }

  /// The operands of an integer: `i = |value|`, every other operand 0.
  public init(_ value: Int) {
    self.init(i: UInt64(value.magnitude), fractionDigits: [], exponent: 0)
  }

  /// The operands of a decimal numeral such as `"1.50"`, `"-3"`, `"1.0000001c6"` or `"2e3"`.
  ///
  /// Accepted: optional `-`, digits, optional `.` and digits, optional `c` or `e` and exponent
  /// digits. Nil for anything else, or when the integer part or the visible fraction digits do
  /// not fit in 64 bits.
  public init?(_ text: String) {
    var bytes = Array(text.utf8)[...]
    if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
    let integerDigits = bytes.prefix(while: Self.isDigit)
    bytes = bytes.dropFirst(integerDigits.count)
    guard !integerDigits.isEmpty else { return nil }
    var fractionDigits = ArraySlice<UInt8>()
    if bytes.first == UInt8(ascii: ".") {
      fractionDigits = bytes.dropFirst().prefix(while: Self.isDigit)
      guard !fractionDigits.isEmpty else { return nil }
      bytes = bytes.dropFirst(1 + fractionDigits.count)
    }
    var exponent = 0
    if let marker = bytes.first, marker == UInt8(ascii: "c") || marker == UInt8(ascii: "e") {
      let exponentDigits = bytes.dropFirst().prefix(while: Self.isDigit)
      guard !exponentDigits.isEmpty, exponentDigits.count <= 4,
        let value = Self.number(exponentDigits)
      else { return nil }
      exponent = Int(value)
      bytes = bytes.dropFirst(1 + exponentDigits.count)
    }
    guard bytes.isEmpty else { return nil }
    // Shift the decimal point `exponent` places right: 1.0000001c6 → 1000000.1.
    let shifted = min(exponent, fractionDigits.count)
    var integerPart = Array(integerDigits) + fractionDigits.prefix(shifted)
    integerPart += repeatElement(UInt8(ascii: "0"), count: exponent - shifted)
    let fractionPart = Array(fractionDigits.dropFirst(shifted))
    guard let i = Self.number(integerPart.drop { $0 == UInt8(ascii: "0") }),
      Self.number(fractionPart) != nil
    else { return nil }
    self.init(i: i, fractionDigits: fractionPart, exponent: exponent)
  }

  /// Operands from the integer part and the visible fraction digits (ASCII).
  private init(i: UInt64, fractionDigits: [UInt8], exponent: Int) {
    let trimmed = fractionDigits[...].reversed().drop { $0 == UInt8(ascii: "0") }.reversed()
    self.i = i
    self.v = fractionDigits.count
    self.w = trimmed.count
    self.f = Self.number(fractionDigits[...]) ?? 0
    self.t = Self.number(ArraySlice(trimmed)) ?? 0
    self.e = exponent
  }

  /// The value of one operand as a whole number (`n` gives its integer digits, like `i`).
  public func value(of operand: PluralOperand) -> UInt64 {
    switch operand {
    case .n, .i: i
    case .v: UInt64(v)
    case .w: UInt64(w)
    case .f: f
    case .t: t
    case .e: UInt64(e)
    }
  }

  /// Whether `byte` is an ASCII digit.
  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  /// The value of ASCII `digits` (0 when empty), nil on 64-bit overflow.
  private static func number<C: Collection>(_ digits: C) -> UInt64? where C.Element == UInt8 {
    var value: UInt64 = 0
    for digit in digits {
      let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit - UInt8(ascii: "0")))
      if overflow1 || overflow2 { return nil }
      value = sum
    }
    return value
  }
}

extension PluralOperands: CustomStringConvertible {
  /// `i=1 v=2 w=1 f=50 t=5 e=0`.
  public var description: String { "i=\(i) v=\(v) w=\(w) f=\(f) t=\(t) e=\(e)" }
}
