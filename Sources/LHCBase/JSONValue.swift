/// A JSON document for lhc's machine-readable reports (`lint`, `stats`), written the same way on
/// every platform: object members in the order given (callers pass keys sorted), Apple's
/// pretty-printing (`"key" : value`, two-space indentation), strings as UTF-8 with only what RFC 8259
/// requires escaped.
public enum JSONValue: Sendable, Equatable {
  case object([(String, JSONValue)])
  case array([JSONValue])
  case string(String)
  /// A number, written as given (`12`, `71.4`).
  case number(String)
  case null

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    lhs.text() == rhs.text()
  }

  /// An integer.
  public static func integer(_ value: Int) -> JSONValue { .number(String(value)) }

  /// The document, ending with a newline.
  public func document() -> String {
    text() + "\n"
  }

  /// Pretty-printed at `indent`; empty containers as `{}` / `[]`.
  public func text(indent: String = "") -> String {
    let inner = indent + "  "
    switch self {
    case .object(let members):
      if members.isEmpty { return "{}" }
      let lines = members.map { "\(inner)\(JSONValue.quoted($0.0)) : \($0.1.text(indent: inner))" }
      return "{\n" + lines.joined(separator: ",\n") + "\n\(indent)}"
    case .array(let elements):
      if elements.isEmpty { return "[]" }
      let lines = elements.map { inner + $0.text(indent: inner) }
      return "[\n" + lines.joined(separator: ",\n") + "\n\(indent)]"
    case .string(let string):
      return JSONValue.quoted(string)
    case .number(let number):
      return number
    case .null:
      return "null"
    }
  }

  /// `string` as a JSON string literal: `"` and `\` escaped, control characters as `\n`, `\t`,
  /// `\r`, `\b`, `\f` or `\u00xx`; everything else verbatim (UTF-8).
  public static func quoted<S: StringProtocol>(_ string: S) -> String {
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
