/// Lets libxml2 read the characters XML 1.0 has no place for, which lhc's writer writes as numeric
/// references (``XMLEscaping``) and other tools may write raw: C0 controls other than tab, LF and
/// CR, U+0000, U+FFFE and U+FFFF. libxml2 refuses them either way ("PCDATA invalid Char value",
/// "xmlParseCharRef: invalid xmlChar value").
///
/// Before parsing, each one, raw or as `&#N;` / `&#xH;`, is replaced by a marker (U+FDD0, a
/// noncharacter that is valid XML) followed by a private-use code point naming it (U+E000 + code:
/// 0–31 the controls, 32 U+FDD0 itself, 33 U+FFFE, 34 U+FFFF); a U+FDD0 already in the document,
/// raw or as a reference, is escaped the same way, so the mapping is reversible. ``restore(_:)``
/// maps text back after parsing. A document with nothing to shield is parsed as it is. Offsets
/// libxml2 reports after a shielded character count the substitutes. (References inside CDATA
/// sections and comments are shielded too: Xcode writes neither.)
enum XMLReferenceShield {
  /// U+FDD0 in UTF-8.
  static let marker: [UInt8] = [0xEF, 0xB7, 0x90]

  /// The shielded document, or nil when nothing needs shielding.
  static func shield(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    guard let first = firstForbidden(bytes) else { return nil }
    var result = [UInt8](bytes[..<first])
    result.reserveCapacity(bytes.count + 64)
    var index = first
    while index < bytes.count {
      if let (code, length) = candidate(bytes, index, includingMarker: true) {
        result += marker
        result += [0xEE, 0x80 | code >> 6, 0x80 | code & 0x3F]
        index += length
      } else {
        result.append(bytes[index])
        index += 1
      }
    }
    return result
  }

  /// Where the first character to shield is (U+FDD0 alone needs no shielding).
  private static func firstForbidden(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte < 0x20 || byte == 0xEF || byte == UInt8(ascii: "&"),
        let (code, _) = candidate(bytes, index, includingMarker: false), code != 32
      {
        return index
      }
      index += 1
    }
    return nil
  }

  /// The code and length of the character to shield at `index`, if one starts there.
  private static func candidate(
    _ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, includingMarker: Bool
  ) -> (code: UInt8, length: Int)? {
    let byte = bytes[index]
    if byte < 0x20 {
      return byte == 0x09 || byte == 0x0A || byte == 0x0D ? nil : (byte, 1)
    }
    if byte == 0xEF, index + 2 < bytes.count {
      let pair = (bytes[index + 1], bytes[index + 2])
      if pair == (0xBF, 0xBE) { return (33, 3) }
      if pair == (0xBF, 0xBF) { return (34, 3) }
      if pair == (0xB7, 0x90) { return (32, 3) }
      return nil
    }
    guard byte == UInt8(ascii: "&"), index + 3 < bytes.count, bytes[index + 1] == UInt8(ascii: "#")
    else { return nil }
    return reference(bytes, index)
  }

  /// A character reference at `index` (`&#24;`, `&#x18;`) to a character to shield.
  private static func reference(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> (
    code: UInt8, length: Int
  )? {
    var cursor = index + 2
    let hex = bytes[cursor] == UInt8(ascii: "x")
    if hex { cursor += 1 }
    var value: UInt32 = 0
    let start = cursor
    while cursor < bytes.count, cursor - start < 8, let digit = digit(bytes[cursor], hex: hex) {
      value = value * (hex ? 16 : 10) + digit
      cursor += 1
    }
    guard cursor > start, cursor < bytes.count, bytes[cursor] == UInt8(ascii: ";") else {
      return nil
    }
    let length = cursor + 1 - index
    switch value {
    case 0x09, 0x0A, 0x0D: return nil
    case 0..<0x20: return (UInt8(value), length)
    case 0xFDD0: return (32, length)
    case 0xFFFE: return (33, length)
    case 0xFFFF: return (34, length)
    default: return nil
    }
  }

  private static func digit(_ byte: UInt8, hex: Bool) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  /// Text of a shielded document with every marker pair mapped back to its character.
  static func restore(_ text: [UInt8]) -> [UInt8] {
    guard text.count >= 6, containsMarker(text) else { return text }
    var result: [UInt8] = []
    result.reserveCapacity(text.count)
    var index = 0
    while index < text.count {
      if index + 6 <= text.count, text[index] == 0xEF, text[index + 1] == 0xB7,
        text[index + 2] == 0x90, text[index + 3] == 0xEE
      {
        let code = (text[index + 4] & 0x3F) << 6 | text[index + 5] & 0x3F
        switch code {
        case 0..<32: result.append(code)
        case 32: result += marker
        case 33: result += [0xEF, 0xBF, 0xBE]
        default: result += [0xEF, 0xBF, 0xBF]
        }
        index += 6
      } else {
        result.append(text[index])
        index += 1
      }
    }
    return result
  }

  private static func containsMarker(_ text: [UInt8]) -> Bool {
    var index = 0
    while index + 2 < text.count {
      if text[index] == 0xEF, text[index + 1] == 0xB7, text[index + 2] == 0x90 { return true }
      index += 1
    }
    return false
  }
}
