// Old-style (OpenStep) `.strings` text, read byte by byte from UTF-8 (see StringsTextDecoder),
// with CoreFoundation's grammar:
//
//   file    := entries | '{' entries '}'
//   entries := (key '=' value ';' | key ';')*          `"key";` means key = value = "key"
//   value   := string | '(' (value (',' value)* ','?)? ')' | '{' entries '}' | '<' hex '>'
//   string  := '"' … '"' | [A-Za-z0-9_$+/:.-]+
//
// Whitespace (ASCII space, tab, LF, CR, VT, FF, and U+2028/U+2029) and comments (`/* … */`, `//` to the end of the
// line, `///` included) may come between tokens, never inside a quoted string. Escapes in quoted
// strings follow CoreFoundation: `\a \b \f \n \r \t \v`, `\"`, `\\`, octal `\NNN` (up to 3
// digits), `\UXXXX` (1–4 hex digits; a high surrogate must be followed by an escaped low one),
// and any other character after a backslash stands for itself, so a backslash before a line
// break (a continuation) keeps the line break and a lower-case `\u203A` reads as `u203A`, as on
// every Apple device (Home Assistant's files have such escapes; `lhc diff` shows what the device
// shows). Octal escapes above
// `\177` are NeXTSTEP Latin, as in CoreFoundation. A quoted string without escapes is copied
// straight from the input.
//
// Where this differs from CoreFoundation (swift-corelibs-foundation checked): an unpaired
// surrogate escape is an error (CoreFoundation makes it U+FFFD); `+` is allowed in unquoted strings (CoreFoundation
// refuses it); a stray `;` or a U+FEFF between entries is an error (CoreFoundation silently
// stops reading there).

/// Parses old-style `.strings` text into entries in file order, repeated keys kept.
struct StringsTextParser {
  /// Deepest nesting of arrays and dictionaries accepted.
  static let maximumDepth = 512

  let text: [UInt8]
  var index = 0
  private var depth = 0
  /// With ``collectsGaps``: for each top-level entry, the bytes between the end of the previous
  /// entry (or the start of the file) and its key, where only spaces and comments can be.
  var collectsGaps = false
  private(set) var gaps: [Range<Int>] = []

  init(_ text: [UInt8]) {
    self.text = text
  }

  /// All entries of the file.
  mutating func entries() throws(PlistReadError) -> [(key: String, value: PlistValue)] {
    let start = index
    try skipSpace()
    guard peek == UInt8(ascii: "{") else {
      index = start  // the first entry's gap starts at the top of the file
      return try dictionaryContent(opening: nil)
    }
    let opening = index
    index += 1
    let entries = try dictionaryContent(opening: opening)
    try skipSpace()
    if index < text.count { throw error("unexpected text after the closing '}'") }
    return entries
  }

  /// True for the whitespace old-style text allows between tokens.
  @inline(__always) static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
  }

  /// True for a character of an unquoted string.
  @inline(__always) private static func isUnquoted(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"),
      UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."),
      UInt8(ascii: "-"):
      true
    default: false
    }
  }

  /// The current byte, or nil at the end.
  private var peek: UInt8? {
    @inline(__always) get { index < text.count ? text[index] : nil }
  }

  /// An error at `offset` (the current position by default).
  private func error(_ message: String, at offset: Int? = nil) -> PlistReadError {
    TextPosition.error(message, in: text, at: offset ?? index)
  }

  /// The current character, quoted for a message (`'x'`, or "end of file").
  private var found: String {
    guard index < text.count else { return "end of file" }
    var end = index + 1
    while end < text.count, text[end] & 0xC0 == 0x80 { end += 1 }
    return "'" + String(decoding: text[index..<end], as: UTF8.self) + "'"
  }

  /// Skips whitespace and comments.
  private mutating func skipSpace() throws(PlistReadError) {
    while index < text.count {
      let byte = text[index]
      if Self.isSpace(byte) {
        index += 1
      } else if byte == 0xE2, index + 2 < text.count, text[index + 1] == 0x80,
        text[index + 2] == 0xA8 || text[index + 2] == 0xA9
      {
        index += 3  // U+2028 LINE SEPARATOR, U+2029 PARAGRAPH SEPARATOR
      } else if byte == UInt8(ascii: "/"), index + 1 < text.count,
        text[index + 1] == UInt8(ascii: "*")
      {
        try skipBlockComment()
      } else if byte == UInt8(ascii: "/"), index + 1 < text.count,
        text[index + 1] == UInt8(ascii: "/")
      {
        while index < text.count, text[index] != 0x0A, text[index] != 0x0D { index += 1 }
      } else {
        return
      }
    }
  }

  /// Skips `/* … */`.
  private mutating func skipBlockComment() throws(PlistReadError) {
    let start = index
    index += 2
    while index + 1 < text.count {
      if text[index] == UInt8(ascii: "*"), text[index + 1] == UInt8(ascii: "/") {
        index += 2
        return
      }
      index += 1
    }
    throw error("unterminated comment", at: start)
  }

  /// Entries up to the closing `}` (when `opening` is the offset of a `{`) or the end of the text.
  private mutating func dictionaryContent(opening: Int?) throws(PlistReadError) -> [(
    key: String, value: PlistValue
  )] {
    var entries: [(key: String, value: PlistValue)] = []
    while true {
      let gapStart = index
      try skipSpace()
      guard let byte = peek else {
        if let opening { throw error("unterminated dictionary", at: opening) }
        return entries
      }
      if opening != nil, byte == UInt8(ascii: "}") {
        index += 1
        return entries
      }
      if collectsGaps && depth == 0 { gaps.append(gapStart..<index) }
      entries.append(try entry())
    }
  }

  /// One `key = value;` or `key;`.
  private mutating func entry() throws(PlistReadError) -> (key: String, value: PlistValue) {
    guard let key = try string() else { throw error("expected a key, found \(found)") }
    try skipSpace()
    if peek == UInt8(ascii: ";") {
      index += 1
      return (key, .string(key))
    }
    guard peek == UInt8(ascii: "=") else {
      throw error("missing '=' after key \"\(key)\", found \(found)")
    }
    index += 1
    try skipSpace()
    let value = try self.value(for: key)
    try skipSpace()
    guard peek == UInt8(ascii: ";") else {
      throw error("missing ';' after value for key \"\(key)\"")
    }
    index += 1
    return (key, value)
  }

  /// A value: string, array, dictionary or data.
  private mutating func value(for key: String) throws(PlistReadError) -> PlistValue {
    if let string = try string() { return .string(string) }
    guard let byte = peek,
      byte == UInt8(ascii: "(") || byte == UInt8(ascii: "{")
        || byte == UInt8(ascii: "<")
    else { throw error("expected a value for key \"\(key)\", found \(found)") }
    guard depth < Self.maximumDepth else {
      throw error("nesting deeper than \(Self.maximumDepth) levels")
    }
    depth += 1
    defer { depth -= 1 }
    let opening = index
    index += 1
    switch byte {
    case UInt8(ascii: "("): return try array(for: key, opening: opening)
    case UInt8(ascii: "{"):
      let entries = try dictionaryContent(opening: opening)
      return .dictionary(Dictionary(entries, uniquingKeysWith: { _, last in last }))
    default: return try data(opening: opening)
    }
  }

  /// The elements of `( a, b, )` after the `(`.
  private mutating func array(for key: String, opening: Int) throws(PlistReadError) -> PlistValue {
    var elements: [PlistValue] = []
    while true {
      try skipSpace()
      if peek == UInt8(ascii: ")") {
        index += 1
        return .array(elements)
      }
      if peek == nil { throw error("unterminated array", at: opening) }
      elements.append(try value(for: key))
      try skipSpace()
      if peek == UInt8(ascii: ",") {
        index += 1
      } else if peek != UInt8(ascii: ")") {
        throw error("missing ',' or ')' in array for key \"\(key)\", found \(found)")
      }
    }
  }

  /// The bytes of `<0fbd 77>` after the `<`.
  private mutating func data(opening: Int) throws(PlistReadError) -> PlistValue {
    var bytes: [UInt8] = []
    var high: UInt8?
    while let byte = peek, byte != UInt8(ascii: ">") {
      if Self.isSpace(byte) {
        index += 1
        continue
      }
      guard let nibble = Self.hexValue(byte) else {
        throw error("invalid character \(found) in data")
      }
      if let first = high {
        bytes.append(first << 4 | nibble)
        high = nil
      } else {
        high = nibble
      }
      index += 1
    }
    guard peek != nil else { throw error("unterminated data", at: opening) }
    guard high == nil else { throw error("odd number of hex digits in data") }
    index += 1
    return .data(bytes)
  }

  /// The value of a hex digit.
  @inline(__always) static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// A quoted or unquoted string at the current position, or nil when none starts here.
  private mutating func string() throws(PlistReadError) -> String? {
    guard let byte = peek else { return nil }
    if byte == UInt8(ascii: "\"") { return try quoted() }
    guard Self.isUnquoted(byte) else { return nil }
    let start = index
    while index < text.count, Self.isUnquoted(text[index]) { index += 1 }
    return String(decoding: text[start..<index], as: UTF8.self)
  }

  /// A quoted string, the opening quote at the current position.
  private mutating func quoted() throws(PlistReadError) -> String {
    let opening = index
    index += 1
    let start = index
    while index < text.count, text[index] != UInt8(ascii: "\""), text[index] != UInt8(ascii: "\\") {
      index += 1
    }
    guard index < text.count else { throw error("unterminated string", at: opening) }
    if text[index] == UInt8(ascii: "\"") {
      index += 1
      return String(decoding: text[start..<index - 1], as: UTF8.self)
    }
    var buffer = Array(text[start..<index])
    try unescape(into: &buffer, opening: opening)
    return String(decoding: buffer, as: UTF8.self)
  }

  /// The rest of a quoted string with escapes, up to and including the closing quote.
  private mutating func unescape(into buffer: inout [UInt8], opening: Int) throws(PlistReadError) {
    while index < text.count {
      let byte = text[index]
      index += 1
      if byte == UInt8(ascii: "\"") { return }
      if byte != UInt8(ascii: "\\") {
        buffer.append(byte)
        continue
      }
      guard index < text.count else { break }
      let escapeStart = index - 1
      let scalar = try escaped(start: escapeStart)
      UTF8.encode(scalar) { buffer.append($0) }
    }
    throw error("unterminated string", at: opening)
  }
}
