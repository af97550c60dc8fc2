extension StringsTextParser {
  /// The character an escape stands for; the backslash at `start` is consumed, the current
  /// position is the character after it.
  mutating func escaped(start: Int) throws(PlistReadError) -> Unicode.Scalar {
    let byte = text[index]
    index += 1
    switch byte {
    case UInt8(ascii: "a"): return "\u{7}"
    case UInt8(ascii: "b"): return "\u{8}"
    case UInt8(ascii: "f"): return "\u{C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "v"): return "\u{B}"
    case UInt8(ascii: "0")...UInt8(ascii: "7"): return octal(first: byte)
    case UInt8(ascii: "U"), UInt8(ascii: "u"): return try unicode(start: start)
    default:
      // Any other character stands for itself (a multi-byte one is copied whole).
      index -= 1
      var iterator = text[index...].makeIterator()
      var decoder = UTF8()
      guard case .scalarValue(let scalar) = decoder.decode(&iterator) else {
        throw TextPosition.error("invalid UTF-8", in: text, at: index)
      }
      index += UTF8.width(scalar)
      return scalar
    }
  }

  /// `\NNN`: up to three octal digits (the first already read), a byte in NeXTSTEP Latin as in
  /// CoreFoundation (ASCII below 0o200).
  private mutating func octal(first: UInt8) -> Unicode.Scalar {
    var value = UInt32(first - UInt8(ascii: "0"))
    var digits = 1
    while digits < 3, index < text.count,
      (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(text[index])
    {
      value = value * 8 + UInt32(text[index] - UInt8(ascii: "0"))
      index += 1
      digits += 1
    }
    let byte = UInt8(truncatingIfNeeded: value)
    guard byte >= 0x80 else { return Unicode.Scalar(byte) }
    return Unicode.Scalar(Self.nextStepLatin[Int(byte - 0x80)]) ?? "\u{FFFD}"
  }

  /// NeXTSTEP Latin bytes 0x80–0xFF as Unicode (0xFE and 0xFF are unassigned: U+FFFD), the
  /// table Foundation's `.nextstep` encoding uses.
  private static let nextStepLatin: [UInt16] = [
    0x00A0, 0x00C0, 0x00C1, 0x00C2, 0x00C3, 0x00C4, 0x00C5, 0x00C7,
    0x00C8, 0x00C9, 0x00CA, 0x00CB, 0x00CC, 0x00CD, 0x00CE, 0x00CF,
    0x00D0, 0x00D1, 0x00D2, 0x00D3, 0x00D4, 0x00D5, 0x00D6, 0x00D9,
    0x00DA, 0x00DB, 0x00DC, 0x00DD, 0x00DE, 0x00B5, 0x00D7, 0x00F7,
    0x00A9, 0x00A1, 0x00A2, 0x00A3, 0x2044, 0x00A5, 0x0192, 0x00A7,
    0x00A4, 0x2019, 0x201C, 0x00AB, 0x2039, 0x203A, 0xFB01, 0xFB02,
    0x00AE, 0x2013, 0x2020, 0x2021, 0x00B7, 0x00A6, 0x00B6, 0x2022,
    0x201A, 0x201E, 0x201D, 0x00BB, 0x2026, 0x2030, 0x00AC, 0x00BF,
    0x00B9, 0x02CB, 0x00B4, 0x02C6, 0x02DC, 0x00AF, 0x02D8, 0x02D9,
    0x00A8, 0x00B2, 0x02DA, 0x00B8, 0x00B3, 0x02DD, 0x02DB, 0x02C7,
    0x2014, 0x00B1, 0x00BC, 0x00BD, 0x00BE, 0x00E0, 0x00E1, 0x00E2,
    0x00E3, 0x00E4, 0x00E5, 0x00E7, 0x00E8, 0x00E9, 0x00EA, 0x00EB,
    0x00EC, 0x00C6, 0x00ED, 0x00AA, 0x00EE, 0x00EF, 0x00F0, 0x00F1,
    0x0141, 0x00D8, 0x0152, 0x00BA, 0x00F2, 0x00F3, 0x00F4, 0x00F5,
    0x00F6, 0x00E6, 0x00F9, 0x00FA, 0x00FB, 0x0131, 0x00FC, 0x00FD,
    0x0142, 0x00F8, 0x0153, 0x00DF, 0x00FE, 0x00FF, 0xFFFD, 0xFFFD,
  ]

  /// `\UXXXX` / `\uXXXX` (after the `U`), combining a surrogate pair written as two escapes.
  private mutating func unicode(start: Int) throws(PlistReadError) -> Unicode.Scalar {
    let unit = try hexUnit(start: start)
    if UTF16.isTrailSurrogate(unit) { throw unpaired(unit, at: start) }
    guard UTF16.isLeadSurrogate(unit) else {
      return Unicode.Scalar(unit) ?? "\u{FFFD}"  // not a surrogate, so always a scalar
    }
    let next = index
    guard next + 1 < text.count, text[next] == UInt8(ascii: "\\"),
      text[next + 1] == UInt8(ascii: "U") || text[next + 1] == UInt8(ascii: "u")
    else { throw unpaired(unit, at: start) }
    index += 2
    let trail = try hexUnit(start: next)
    guard UTF16.isTrailSurrogate(trail) else { throw unpaired(unit, at: start) }
    let value = 0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(trail - 0xDC00)
    return Unicode.Scalar(value) ?? "\u{FFFD}"
  }

  /// One to four hex digits.
  private mutating func hexUnit(start: Int) throws(PlistReadError) -> UInt16 {
    var value: UInt16 = 0
    var digits = 0
    while digits < 4, index < text.count, let nibble = Self.hexValue(text[index]) {
      value = value << 4 | UInt16(nibble)
      index += 1
      digits += 1
    }
    guard digits > 0 else {
      throw TextPosition.error("missing hex digits after \\U", in: text, at: start)
    }
    return value
  }

  /// The error for a surrogate escape without its partner.
  private func unpaired(_ unit: UInt16, at offset: Int) -> PlistReadError {
    let digits = String(unit, radix: 16, uppercase: true)
    return TextPosition.error("unpaired surrogate \\U\(digits) in string", in: text, at: offset)
  }
}
