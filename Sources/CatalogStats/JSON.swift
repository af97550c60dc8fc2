/// A minimal JSON value for the stats report: objects keep the order given (callers pass keys
/// sorted), numbers are written as given, strings escaped as RFC 8259 requires.
enum JSON: Sendable, Equatable {
  case object([(String, JSON)])
  case array([JSON])
  case string(String)
  case number(String)

  static func == (lhs: JSON, rhs: JSON) -> Bool { lhs.text(indent: "") == rhs.text(indent: "") }

  /// Pretty-printed with two-space indentation, `"key": value`, empty containers as `{}` / `[]`.
  func text(indent: String) -> String {
    let inner = indent + "  "
    switch self {
    case .object(let members):
      if members.isEmpty { return "{}" }
      let lines = members.map { "\(inner)\(JSON.quoted($0.0)): \($0.1.text(indent: inner))" }
      return "{\n" + lines.joined(separator: ",\n") + "\n\(indent)}"
    case .array(let elements):
      if elements.isEmpty { return "[]" }
      let lines = elements.map { inner + $0.text(indent: inner) }
      return "[\n" + lines.joined(separator: ",\n") + "\n\(indent)]"
    case .string(let string):
      return JSON.quoted(string)
    case .number(let number):
      return number
    }
  }

  /// `string` as a JSON string literal: `"` and `\` escaped, control characters as `\n`, `\t`,
  /// `\r`, `\b`, `\f` or `\u00XX`; everything else verbatim (UTF-8).
  static func quoted(_ string: String) -> String {
    var text = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      case "\u{08}": text += "\\b"
      case "\u{0C}": text += "\\f"
      case let control where control.value < 0x20:
        let hex = String(control.value, radix: 16, uppercase: false)
        text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: text.unicodeScalars.append(scalar)
      }
    }
    return text + "\""
  }
}
