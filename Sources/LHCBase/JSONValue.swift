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
    var out: [UInt8] = []
    out.reserveCapacity(renderedSize)
    write(to: &out, indent: 0)
    out.append(UInt8(ascii: "\n"))
    return String(decoding: out, as: UTF8.self)
  }

  /// Elements of an array, pretty-printed as one ``rendered(_:)`` piece for an array whose
  /// elements stand `indent` spaces in: the separators the array writes between its elements
  /// are written between these (a large report renders its arrays in parallel pieces).
  public static func elements(_ values: [JSONValue], indent: Int) -> JSONValue {
    var out: [UInt8] = []
    for (index, value) in values.enumerated() {
      if index > 0 {
        out.append(UInt8(ascii: ","))
        newline(&out, indent: indent)
      }
      value.write(to: &out, indent: indent)
    }
    return .rendered(String(decoding: out, as: UTF8.self))
  }

  /// Pretty-printed at `indent`; empty containers as `{}` / `[]`.
  public func text(indent: String = "") -> String {
    var out: [UInt8] = []
    write(to: &out, indent: indent.utf8.count)
    return String(decoding: out, as: UTF8.self)
  }

  /// Appends the pretty-printed value, `indent` spaces in, to `out`: one growing byte array
  /// (reports have tens of thousands of findings; appending bytes costs less than appending strings).
  private func write(to out: inout [UInt8], indent: Int) {
    switch self {
    case .object(let members):
      if members.isEmpty { return out += "{}".utf8 }
      out.append(UInt8(ascii: "{"))
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        Self.newline(&out, indent: indent + 2)
        Self.appendQuoted(key, to: &out)
        out += " : ".utf8
        value.write(to: &out, indent: indent + 2)
      }
      Self.newline(&out, indent: indent)
      out.append(UInt8(ascii: "}"))
    case .array(let elements):
      if elements.isEmpty { return out += "[]".utf8 }
      out.append(UInt8(ascii: "["))
      for (index, element) in elements.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        Self.newline(&out, indent: indent + 2)
        element.write(to: &out, indent: indent + 2)
      }
      Self.newline(&out, indent: indent)
      out.append(UInt8(ascii: "]"))
    case .string(let string):
      Self.appendQuoted(string, to: &out)
    case .number(let number):
      out += number.utf8
    case .null:
      out += "null".utf8
    case .rendered(let text):
      Self.append(text, to: &out)
    }
  }

  /// The bytes of the values already rendered: most of a large report (room is made for them at once).
  private var renderedSize: Int {
    switch self {
    case .object(let members): members.reduce(0) { $0 + $1.1.renderedSize }
    case .array(let elements): elements.reduce(0) { $0 + $1.renderedSize + 16 }
    case .rendered(let text): text.utf8.count
    case .string, .number, .null: 0
    }
  }

  /// Appends `text`'s UTF-8 in one copy.
  private static func append(_ text: String, to out: inout [UInt8]) {
    text.withUTF8Bytes { out += $0 }
  }

  /// A line feed and `indent` spaces.
  private static func newline(_ out: inout [UInt8], indent: Int) {
    out.append(UInt8(ascii: "\n"))
    out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
  }

  /// `string` as a JSON string literal: `"` and `\` escaped, control characters as `\n`, `\t`,
  /// `\r`, `\b`, `\f` or `\u00xx`; everything else verbatim (UTF-8).
  public static func quoted<S: StringProtocol>(_ string: S) -> String {
    var bytes: [UInt8] = []
    appendQuoted(string, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `string` as a JSON string literal to `out`.
  private static func appendQuoted<S: StringProtocol>(_ string: S, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    defer { out.append(UInt8(ascii: "\"")) }
    // Nearly every string has nothing to escape: one scan, then one copy. The scan reads the
    // bytes in place: through the UTF-8 view's iterator it cost ~4,700 of the ~16,000
    // instructions a lint JSON report spent per finding (9.9 MB bench catalog).
    let isPlain = { (byte: UInt8) in
      byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }
    let copied = string.utf8.withContiguousStorageIfAvailable { bytes in
      guard bytes.allSatisfy(isPlain) else { return false }
      out += bytes
      return true
    }
    if copied == true { return }
    if copied == nil, string.utf8.allSatisfy(isPlain) { return out += string.utf8 }
    for byte in string.utf8 {
      switch byte {
      case UInt8(ascii: "\""): out += "\\\"".utf8
      case UInt8(ascii: "\\"): out += "\\\\".utf8
      case UInt8(ascii: "\n"): out += "\\n".utf8
      case UInt8(ascii: "\r"): out += "\\r".utf8
      case UInt8(ascii: "\t"): out += "\\t".utf8
      case 0x08: out += "\\b".utf8
      case 0x0C: out += "\\f".utf8
      case ..<0x20:
        let hex = Array("0123456789abcdef".utf8)
        out += "\\u00".utf8
        out += [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
      default: out.append(byte)
      }
    }
  }
}
