/// Swift string literals and comment lines from arbitrary catalog text.
enum SwiftLiteral {
  /// `"…"` with `\` `"` and control characters escaped.
  static func string(_ text: String) -> String {
    "\"\(escaped(text))\""
  }

  /// The body of a string literal: `\\`, `\"`, `\n`, `\r`, `\t`, `\0`, and `\u{…}` for other
  /// control characters and line or paragraph separators.
  static func escaped(_ text: String) -> String {
    if isPlain(text, allowingQuotes: false) { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\\\"
      case "\"": result += "\\\""
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\0": result += "\\0"
      default:
        if isUnsafe(scalar) {
          result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }

  /// `text` split into lines safe after `///`: line breaks of every kind split, other control
  /// characters are shown as `\u{…}`.
  static func commentLines(_ text: String) -> [String] {
    if isPlain(text, allowingQuotes: true) { return [text] }
    var lines: [String] = []
    var current = ""
    var previousWasCR = false
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n" where previousWasCR:
        previousWasCR = false
        continue
      case "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}":
        lines.append(current)
        current = ""
      default:
        if isUnsafe(scalar) && scalar != "\t" {
          current += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        } else {
          current.unicodeScalars.append(scalar)
        }
      }
      previousWasCR = scalar == "\r"
    }
    lines.append(current)
    return lines
  }

  /// `text` on one comment line: ``commentLines(_:)`` joined by spaces (a table name from a
  /// file name, a key, inside a `//` or `///` line).
  static func commentText(_ text: String) -> String {
    commentLines(text).joined(separator: " ")
  }

  /// True when `text` needs no escaping: no control character, no U+2028/U+2029 (lead bytes
  /// `C2`, `E2` are checked conservatively), and no `\` or `"` unless `allowingQuotes`.
  private static func isPlain(_ text: String, allowingQuotes: Bool) -> Bool {
    for byte in text.utf8 {
      switch byte {
      case 0..<0x20, 0x7F, 0xC2, 0xE2: return false
      case UInt8(ascii: "\\"), UInt8(ascii: "\""): if !allowingQuotes { return false }
      default: continue
      }
    }
    return true
  }

  /// C0 and C1 controls, DEL, and U+2028/U+2029.
  private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028
      || scalar.value == 0x2029
  }
}
