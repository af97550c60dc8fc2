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
  /// A value already rendered with ``text(indent:)`` at the indentation where it is placed
  /// (large reports render their parts in parallel).
  case rendered(String)

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    lhs.text() == rhs.text()
  }

  /// An integer.
  public static func integer(_ value: Int) -> JSONValue { .number(String(value)) }

  /// The document, ending with a newline.
  public func document() -> String {
    var out = ""
    write(to: &out, indent: "")
    return out + "\n"
  }

  /// Pretty-printed at `indent`; empty containers as `{}` / `[]`.
  public func text(indent: String = "") -> String {
    var out = ""
    write(to: &out, indent: indent)
    return out
  }

  /// Appends the pretty-printed value to `out` (one growing string: reports have many findings).
  private func write(to out: inout String, indent: String) {
    let inner = indent + "  "
    switch self {
    case .object(let members):
      if members.isEmpty { return out += "{}" }
      out += "{\n"
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { out += ",\n" }
        out += inner
        JSONValue.appendQuoted(key, to: &out)
        out += " : "
        value.write(to: &out, indent: inner)
      }
      out += "\n"
      out += indent
      out += "}"
    case .array(let elements):
      if elements.isEmpty { return out += "[]" }
      out += "[\n"
      for (index, element) in elements.enumerated() {
        if index > 0 { out += ",\n" }
        out += inner
        element.write(to: &out, indent: inner)
      }
      out += "\n"
      out += indent
      out += "]"
    case .string(let string):
      JSONValue.appendQuoted(string, to: &out)
    case .number(let number):
      out += number
    case .null:
      out += "null"
    case .rendered(let text):
      out += text
    }
  }

  /// `string` as a JSON string literal: `"` and `\` escaped, control characters as `\n`, `\t`,
  /// `\r`, `\b`, `\f` or `\u00xx`; everything else verbatim (UTF-8).
  public static func quoted<S: StringProtocol>(_ string: S) -> String {
    var text = ""
    appendQuoted(string, to: &text)
    return text
  }

  /// Appends `string` as a JSON string literal to `text`.
  private static func appendQuoted<S: StringProtocol>(_ string: S, to text: inout String) {
    text += "\""
    defer { text += "\"" }
    // Nearly every string has nothing to escape: one scan, then one copy.
    if !string.utf8.contains(where: {
      $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\")
    }) {
      text += string
      return
    }
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
  }
}
