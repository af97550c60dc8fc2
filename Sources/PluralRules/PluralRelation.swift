/// One relation of a CLDR plural condition: `operand [% modulus] (= | !=) ranges`.
///
/// `n % 10 = 2..4,9` is `PluralRelation(.n, mod: 10, .equal, [PluralRange(2, 4), PluralRange(9, 9)])`.
/// A relation on `n` holds for `=` only when `n` is a whole number (`f = 0`) whose value (or value
/// modulo `modulus`) lies in a range: `n = 1` is false for 1.5, and `n % 10 = 1` false for 1.1.
public struct PluralRelation: Sendable, Hashable {
  /// `=` or `!=`.
  public enum Operator: String, Sendable, Hashable {
    case equal = "="
    case notEqual = "!="
  }

  /// The operand the relation tests.
  public var operand: PluralOperand
  /// The modulus applied to the operand first (`%` / `mod`), if any.
  public var modulus: UInt64?
  /// Whether the operand must (`=`) or must not (`!=`) fall in `ranges`.
  public var `operator`: Operator
  /// Inclusive ranges; a single value `v` is `v..v`.
  public var ranges: [PluralRange]

  /// A relation `operand [% modulus] operator ranges`.
  public init(
    _ operand: PluralOperand, mod modulus: UInt64? = nil, _ operator: Operator,
    _ ranges: [PluralRange]
  ) {
    self.operand = operand
    self.modulus = modulus
    self.operator = `operator`
    self.ranges = ranges
  }

  /// Whether the relation holds for `operands`.
  public func matches(_ operands: PluralOperands) -> Bool {
    let inRanges: Bool
    if operand == .n && operands.f != 0 {
      inRanges = false  // a fractional n equals no integer, with or without a modulus
    } else {
      var value = operands.value(of: operand)
      if let modulus, modulus != 0 { value %= modulus }
      inRanges = ranges.contains { $0.contains(value) }
    }
    return inRanges == (self.operator == .equal)
  }
}

extension PluralRelation: CustomStringConvertible {
  /// CLDR syntax: `n % 100 != 11..19,21`.
  public var description: String {
    let modulusText = modulus.map { " % \($0)" } ?? ""
    let rangesText = ranges.map(\.description).joined(separator: ",")
    return "\(operand.rawValue)\(modulusText) \(self.operator.rawValue) \(rangesText)"
  }
}

/// A CLDR plural operand (TR35 "Plural Operand Meanings").
public enum PluralOperand: String, Sendable, Hashable, CaseIterable {
  /// Absolute value of the number (integer and decimal).
  case n
  /// Integer digits of n.
  case i
  /// Number of visible fraction digits, with trailing zeros.
  case v
  /// Number of visible fraction digits, without trailing zeros.
  case w
  /// Visible fraction digits, with trailing zeros, as an integer.
  case f
  /// Visible fraction digits, without trailing zeros, as an integer.
  case t
  /// Compact decimal exponent (`c` in CLDR's samples and rules is a synonym).
  case e
}

/// An inclusive range of whole numbers in a plural relation (`2..4`, or `7` as `7..7`).
public struct PluralRange: Sendable, Hashable, CustomStringConvertible {
  /// Smallest value in the range.
  public var lower: UInt64
  /// Largest value in the range.
  public var upper: UInt64

  /// The range `lower...upper`.
  public init(_ lower: UInt64, _ upper: UInt64) {
    self.lower = lower
    self.upper = upper
  }

  /// Whether `value` lies in the range.
  public func contains(_ value: UInt64) -> Bool { lower <= value && value <= upper }

  /// CLDR syntax: `2..4`, or `7` for a single value.
  public var description: String { lower == upper ? "\(lower)" : "\(lower)..\(upper)" }
}
