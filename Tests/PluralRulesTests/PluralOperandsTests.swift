import PluralRules
import Testing

/// Operand computation (TR35 "Plural Operand Meanings" table and compact exponents).
@Suite("Plural operands")
struct PluralOperandsTests {
  /// A numeral and its expected `i v w f t e`.
  struct Case: Sendable, CustomTestStringConvertible {
    let numeral: String
    let i: UInt64, v: Int, w: Int, f: UInt64, t: UInt64, e: Int
    /// The numeral, as the test's argument label.
    var testDescription: String { numeral }
  }

  /// TR35's table plus trailing zeros, big numbers and compact exponents.
  static let cases: [Case] = [
    Case(numeral: "1", i: 1, v: 0, w: 0, f: 0, t: 0, e: 0),
    Case(numeral: "1.0", i: 1, v: 1, w: 0, f: 0, t: 0, e: 0),
    Case(numeral: "1.00", i: 1, v: 2, w: 0, f: 0, t: 0, e: 0),
    Case(numeral: "1.3", i: 1, v: 1, w: 1, f: 3, t: 3, e: 0),
    Case(numeral: "1.30", i: 1, v: 2, w: 1, f: 30, t: 3, e: 0),
    Case(numeral: "1.03", i: 1, v: 2, w: 2, f: 3, t: 3, e: 0),
    Case(numeral: "1.230", i: 1, v: 3, w: 2, f: 230, t: 23, e: 0),
    Case(numeral: "1.50", i: 1, v: 2, w: 1, f: 50, t: 5, e: 0),
    Case(numeral: "-1.50", i: 1, v: 2, w: 1, f: 50, t: 5, e: 0),
    Case(numeral: "0.001", i: 0, v: 3, w: 3, f: 1, t: 1, e: 0),
    Case(numeral: "007", i: 7, v: 0, w: 0, f: 0, t: 0, e: 0),
    Case(numeral: "1000000", i: 1_000_000, v: 0, w: 0, f: 0, t: 0, e: 0),
    Case(numeral: "1000000.0", i: 1_000_000, v: 1, w: 0, f: 0, t: 0, e: 0),
    Case(numeral: "1200000", i: 1_200_000, v: 0, w: 0, f: 0, t: 0, e: 0),
    Case(numeral: "1.2c6", i: 1_200_000, v: 0, w: 0, f: 0, t: 0, e: 6),
    Case(numeral: "1.2e6", i: 1_200_000, v: 0, w: 0, f: 0, t: 0, e: 6),
    Case(numeral: "1c6", i: 1_000_000, v: 0, w: 0, f: 0, t: 0, e: 6),
    Case(numeral: "1.0000001c6", i: 1_000_000, v: 1, w: 1, f: 1, t: 1, e: 6),
    Case(numeral: "1.0001c3", i: 1000, v: 1, w: 1, f: 1, t: 1, e: 3),
    Case(numeral: "123c0", i: 123, v: 0, w: 0, f: 0, t: 0, e: 0),
    Case(numeral: "18446744073709551615", i: .max, v: 0, w: 0, f: 0, t: 0, e: 0),
  ]

  /// Each numeral gives the expected operands.
  @Test(arguments: cases)
  func operands(of expected: Case) throws {
    let operands = try #require(PluralOperands(expected.numeral))
    #expect(operands.i == expected.i)
    #expect(operands.v == expected.v)
    #expect(operands.w == expected.w)
    #expect(operands.f == expected.f)
    #expect(operands.t == expected.t)
    #expect(operands.e == expected.e)
  }

  /// `n` is the absolute value; `value(of:)` reads each operand.
  @Test func absoluteValue() throws {
    let operands = try #require(PluralOperands("-2.25"))
    #expect(operands.n == 2.25)
    #expect(operands.value(of: .n) == 2)
    #expect(operands.value(of: .f) == 25)
    #expect(PluralOperands(-7) == PluralOperands("7"))
    #expect(PluralOperands(Int.min).i == 9_223_372_036_854_775_808)
    #expect(PluralOperands(42).description == "i=42 v=0 w=0 f=0 t=0 e=0")
  }

  /// Malformed numerals and numbers beyond 64 bits are rejected.
  @Test(arguments: [
    "", "-", ".5", "1.", "1..2", "1,5", "+1", "1.2c", "c6", "1e-3", "1 ", "١",
    "18446744073709551616",
    "0.99999999999999999999", "1c20",
  ])
  func rejects(numeral: String) {
    #expect(PluralOperands(numeral) == nil)
  }

  /// `n` relations hold only for whole numbers; other operands compare as integers.
  @Test func relationsOnN() throws {
    let half = try #require(PluralOperands("1.5"))
    let whole = try #require(PluralOperands("1.0"))
    let equalsOne = PluralRelation(.n, .equal, [PluralRange(1, 1)])
    let notOne = PluralRelation(.n, .notEqual, [PluralRange(1, 1)])
    let modTen = PluralRelation(.n, mod: 10, .equal, [PluralRange(1, 1)])
    #expect(!equalsOne.matches(half) && notOne.matches(half) && !modTen.matches(half))
    #expect(equalsOne.matches(whole) && !notOne.matches(whole) && modTen.matches(whole))
    #expect(PluralRelation(.i, .equal, [PluralRange(1, 1)]).matches(half))
    #expect(modTen.matches(PluralOperands(21)))
    #expect(modTen.description == "n % 10 = 1")
    #expect(
      PluralRelation(.i, .notEqual, [PluralRange(2, 4), PluralRange(9, 9)]).description
        == "i != 2..4,9")
  }
}
