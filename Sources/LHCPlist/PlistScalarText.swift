import Foundation
import LHCBase

/// Text forms of the scalar plist types in XML, as CoreFoundation writes and reads them:
/// `<real>`, `<date>`, `<data>` (base64) and `<integer>`.
enum PlistScalarText {
  /// Seconds from 1970-01-01 to 2001-01-01 (Apple's reference date).
  static let referenceDateFrom1970: Double = 978_307_200

  /// CoreFoundation's text for a real: `nan`, `+infinity`, `-infinity`, `0.0`, else `%.17g`.
  static func real(_ value: Double) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value > 0 ? "+infinity" : "-infinity" }
    if value == 0 { return "0.0" }
    return String(format: "%.17g", value)
  }

  /// A real read from `<real>` text: C `strtod` syntax plus CoreFoundation's spellings.
  static func parseReal(_ text: String) -> Double? {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    switch trimmed.lowercased() {
    case "nan": return .nan
    case "+infinity", "infinity", "+inf", "inf": return .infinity
    case "-infinity", "-inf": return -.infinity
    default: return Double(trimmed)
    }
  }

  /// An integer read from `<integer>` text: optional sign, decimal or `0x` hexadecimal,
  /// surrounding whitespace ignored; nil when malformed or outside `Int`.
  static func parseInteger(_ text: String) -> Int? {
    var digits = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
    var negative = false
    if let sign = digits.first, sign == "-" || sign == "+" {
      negative = sign == "-"
      digits = digits.dropFirst()
    }
    var radix = 10
    if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
      radix = 16
      digits = digits.dropFirst(2)
    }
    guard !digits.isEmpty, digits.allSatisfy(\.isHexDigit),
      let magnitude = UInt64(digits, radix: radix)
    else { return nil }
    if negative {
      return magnitude <= UInt64(Int.max) + 1 ? Int(truncatingIfNeeded: 0 &- magnitude) : nil
    }
    return magnitude <= UInt64(Int.max) ? Int(magnitude) : nil
  }

  /// `YYYY-MM-DDTHH:MM:SSZ` (UTC) for an absolute time, seconds truncated toward the past.
  static func date(_ absolute: Double) -> String {
    // Beyond ±1e15 s (30 million years) the calendar arithmetic would overflow; such dates
    // are written as the reference date.
    let seconds = abs(absolute) < 1e15 ? Int(absolute.rounded(.down)) : 0
    let (days, secondOfDay) = (seconds + 11_323 * 86_400).quotientAndRemainderFloored(by: 86_400)
    let (year, month, day) = CivilDate.civil(fromDays: days)
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    let yearText = String(format: "%04d", year)
    return "\(yearText)-\(two(month))-\(two(day))T\(two(secondOfDay / 3600))"
      + ":\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))Z"
  }

  /// An absolute time from `YYYY[-MM[-DD[THH[:MM[:SS]]]]]Z`; nil when malformed.
  static func parseDate(_ text: String) -> Double? {
    var utf8 = Array(text.trimmingCharacters(in: .whitespacesAndNewlines).utf8)
    guard utf8.last == UInt8(ascii: "Z") else { return nil }
    utf8.removeLast()
    var fields = [1, 1, 1, 0, 0, 0]
    let separators: [UInt8] =
      [0, UInt8(ascii: "-"), UInt8(ascii: "-"), UInt8(ascii: "T")]
      + [UInt8(ascii: ":"), UInt8(ascii: ":")]
    var index = 0
    for field in 0..<6 where index < utf8.count {
      if field > 0 {
        guard utf8[index] == separators[field] else { return nil }
        index += 1
      }
      let width = field == 0 ? 4 : 2
      guard index + width <= utf8.count, let value = Int(decimal: utf8[index..<index + width])
      else { return nil }
      fields[field] = value
      index += width
    }
    guard index == utf8.count, !utf8.isEmpty else { return nil }
    let days = CivilDate.days(fromCivil: fields[0], fields[1], fields[2]) - 11_323
    return Double(days * 86_400 + fields[3] * 3600 + fields[4] * 60 + fields[5])
  }

  /// Base64 of `bytes` in lines of `lineLength` characters, as CoreFoundation lays out `<data>`.
  static func base64Lines(_ bytes: [UInt8], lineLength: Int) -> [String] {
    let encoded = Base64.encoded(bytes)
    return stride(from: 0, to: encoded.count, by: lineLength).map {
      String(decoding: encoded[$0..<min($0 + lineLength, encoded.count)], as: UTF8.self)
    }
  }

  /// Bytes of base64 text; characters outside the alphabet (whitespace, `=`) are skipped, as
  /// CoreFoundation and Python's `plistlib` skip them.
  static func decodeBase64(_ text: some Sequence<UInt8>) -> [UInt8] {
    var result: [UInt8] = []
    var accumulator: UInt32 = 0
    var bits = 0
    for byte in text {
      guard let sextet = sextet(byte) else { continue }
      accumulator = accumulator << 6 | UInt32(sextet)
      bits += 6
      if bits >= 8 {
        bits -= 8
        result.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
      }
    }
    return result
  }

  /// The 6-bit value of a base64 character.
  private static func sextet(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
    case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
    case UInt8(ascii: "+"): 62
    case UInt8(ascii: "/"): 63
    default: nil
    }
  }
}

extension Int {
  /// Floored division: the remainder is never negative.
  fileprivate func quotientAndRemainderFloored(by divisor: Int) -> (Int, Int) {
    let (q, r) = quotientAndRemainder(dividingBy: divisor)
    return r < 0 ? (q - 1, r + divisor) : (q, r)
  }

  /// A decimal number made of ASCII digits only.
  fileprivate init?(decimal digits: ArraySlice<UInt8>) {
    var value = 0
    for digit in digits {
      guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + Int(digit - UInt8(ascii: "0"))
    }
    self = value
  }
}
