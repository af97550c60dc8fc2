// JSONScanner — the byte-level half of the catalog reader.
//
// Design:
// - The scanner walks an `UnsafeBufferPointer<UInt8>` (usually a memory-mapped file) once, front to
//   back, with a single cursor `index`. It builds no tree: `CatalogReader` drives it by recursive
//   descent and turns tokens straight into model values.
// - Strings are returned as `JSONString` tokens (byte ranges plus "escaped" and "ASCII" flags).
//   Field names are compared against `StaticString` bytes without allocating; only values the
//   model keeps are turned into `String`s, by one copy of the slice (unescaped) or via a reused
//   scratch buffer (escaped). Every string is fully validated while it is scanned (escapes,
//   surrogate pairs, UTF-8, control characters), so turning a token into a `String` cannot fail
//   later and does not validate again (`String(copying: UTF8Span(unchecked:))`).
// - The hot loops (whitespace, string bodies) look at 8 bytes at a time (SWAR): 8 bytes of
//   indentation or of plain ASCII string text cost one load and a few integer operations.
// - Hot methods are `mutating` even when they only read: a non-mutating call on this struct,
//   stored inside the reader, made the optimizer copy the whole scanner per call (2x slower).
// - Positions are byte offsets only; line and column are computed by `SourceText` when a diagnostic
//   is printed, never here.
// - Errors are thrown as `DiagnosticError` holding one error with the offset of the offending byte;
//   messages say what was expected and what was found. Warnings (trailing commas) are collected in
//   `diagnostics`. Nesting is capped at `maxDepth` so hostile input cannot overflow the stack.
// - Strict RFC 8259 except one leniency: a trailing comma before `}` or `]` is a warning, because
//   real catalogs edited by hand contain them (rules_apple's example catalog).

import LHCBase

/// Named byte constants for the scanner.
enum Byte {
  static let tab: UInt8 = 0x09
  static let newline: UInt8 = 0x0A
  static let carriageReturn: UInt8 = 0x0D
  static let space: UInt8 = 0x20
  static let quote: UInt8 = 0x22
  static let plus: UInt8 = 0x2B
  static let comma: UInt8 = 0x2C
  static let minus: UInt8 = 0x2D
  static let period: UInt8 = 0x2E
  static let slash: UInt8 = 0x2F
  static let zero: UInt8 = 0x30
  static let nine: UInt8 = 0x39
  static let colon: UInt8 = 0x3A
  static let upperE: UInt8 = 0x45
  static let openBracket: UInt8 = 0x5B
  static let backslash: UInt8 = 0x5C
  static let closeBracket: UInt8 = 0x5D
  static let lowerB: UInt8 = 0x62
  static let lowerE: UInt8 = 0x65
  static let lowerF: UInt8 = 0x66
  static let lowerN: UInt8 = 0x6E
  static let lowerR: UInt8 = 0x72
  static let lowerT: UInt8 = 0x74
  static let lowerU: UInt8 = 0x75
  static let openBrace: UInt8 = 0x7B
  static let closeBrace: UInt8 = 0x7D
}

/// The JSON type of a value, told from its first byte.
enum JSONKind {
  case object, array, string, number, boolean, null

  /// The kind as a diagnostic names it ("an object", "a string", …).
  var phrase: String {
    switch self {
    case .object: "an object"
    case .array: "an array"
    case .string: "a string"
    case .number: "a number"
    case .boolean: "a boolean"
    case .null: "null"
    }
  }
}

/// A scanned string: the bytes between its quotes, still escaped if `escaped`.
struct JSONString {
  /// Offset of the opening quote.
  var offset: Int
  /// Offset of the first content byte; `end` is the closing quote.
  var start: Int
  var end: Int
  var escaped: Bool
  /// No byte of the string is above 0x7F (escapes are not looked into).
  var isASCII: Bool
}

/// A scanned number: its bytes and whether it has no fraction or exponent.
struct JSONNumber {
  var start: Int
  var end: Int
  var isInteger: Bool
}

/// A forward-only JSON tokenizer over raw UTF-8 bytes.
struct JSONScanner {
  /// Deepest allowed nesting of objects and arrays.
  static let maxDepth = 128

  let bytes: UnsafeBufferPointer<UInt8>
  private let raw: UnsafeRawBufferPointer
  private let count: Int
  /// The cursor: offset of the next byte to read.
  var index = 0
  /// Current nesting of objects and arrays.
  private(set) var depth = 0
  /// Warnings found while scanning.
  var diagnostics: [Diagnostic] = []
  /// Reused buffer for unescaping.
  private var scratch: [UInt8] = []

  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let highBits: UInt64 = 0x8080_8080_8080_8080
  private static let lowBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
  private static let spaces: UInt64 = 0x2020_2020_2020_2020
  private static let newlines: UInt64 = 0x0A0A_0A0A_0A0A_0A0A

  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
    self.raw = UnsafeRawBufferPointer(bytes)
    self.count = bytes.count
  }

  // MARK: Tiny readers

  /// The byte at the cursor, or `nil` at the end.
  @inline(__always) mutating func peek() -> UInt8? {
    index < count ? bytes[index] : nil
  }

  /// True when a whole 8-byte word starting at `offset` fits in the input.
  @inline(__always) private func hasWord(at offset: Int) -> Bool {
    offset &+ 8 <= count
  }

  /// The 8 bytes at `offset` as a little-endian word (caller checks `hasWord`, so the buffer is not
  /// empty and its base address is not nil: unwrapped without a check in the hot loops).
  @inline(__always) private func word(at offset: Int) -> UInt64 {
    UInt64(
      littleEndian: raw.baseAddress.unsafelyUnwrapped.loadUnaligned(
        fromByteOffset: offset, as: UInt64.self))
  }

  @inline(__always) private static func isDigit(_ byte: UInt8) -> Bool {
    byte &- Byte.zero < 10
  }

  /// Skips a UTF-8 byte order mark at the very start.
  mutating func skipByteOrderMark() {
    if index == 0, count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
  }

  /// Skips spaces, tabs and line breaks; spaces and newlines eight bytes at a time.
  @inline(__always) mutating func skipWhitespace() {
    var offset = index
    if offset < count && bytes[offset] > Byte.space { return }
    // Xcode's layout first: a line break and its indentation (after every `{`, `,` and value),
    // eight spaces compared as one word, half the work of the mixed loop below per word.
    if offset < count && bytes[offset] == Byte.newline {
      offset &+= 1
      while hasWord(at: offset) {
        let notSpaces = word(at: offset) ^ Self.spaces
        if notSpaces != 0 {
          offset &+= notSpaces.trailingZeroBitCount &>> 3
          break
        }
        offset &+= 8
      }
      if offset < count && bytes[offset] > Byte.space {
        index = offset
        return
      }
    }
    while true {
      if hasWord(at: offset) {
        // High bit set in each byte that is neither a space nor a newline (exact, no carries).
        let w = word(at: offset)
        let s = w ^ Self.spaces
        let n = w ^ Self.newlines
        let other =
          ((s & Self.lowBits) &+ Self.lowBits | s) & ((n & Self.lowBits) &+ Self.lowBits | n)
          & Self.highBits
        if other == 0 {
          offset &+= 8
          continue
        }
        offset &+= other.trailingZeroBitCount &>> 3
      }
      guard offset < count else { break }
      let byte = bytes[offset]
      guard
        byte == Byte.space || byte == Byte.newline || byte == Byte.carriageReturn
          || byte == Byte.tab
      else { break }
      offset &+= 1
    }
    index = offset
  }

  // MARK: Errors

  /// How a diagnostic names the byte at `offset`: `'x'`, `U+0001`, `end of file`.
  func describe(at offset: Int) -> String {
    guard offset < count else { return "end of file" }
    let byte = bytes[offset]
    if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    if byte < 0x80 {
      return "U+00" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }
    if let length = utf8SequenceLength(at: offset) {
      return "'"
        + String(
          decoding: UnsafeBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self)
        + "'"
    }
    return "byte 0x" + String(byte, radix: 16, uppercase: true)
  }

  /// An error at `offset` with exactly `message`.
  func error(_ message: String, at offset: Int) -> DiagnosticError {
    DiagnosticError(.error(message, offset: offset))
  }

  /// An error "`expected`, found X" about the byte at `offset`.
  func unexpected(_ expected: String, at offset: Int) -> DiagnosticError {
    error("\(expected), found \(describe(at: offset))", at: offset)
  }

  // MARK: Structure

  /// The kind of the value at the cursor; throws when no value can start there.
  @inline(__always) mutating func kind() throws(DiagnosticError) -> JSONKind {
    guard let byte = peek() else { throw unexpected("expected a value", at: index) }
    switch byte {
    case Byte.openBrace: return .object
    case Byte.openBracket: return .array
    case Byte.quote: return .string
    case Byte.minus, Byte.zero...Byte.nine: return .number
    case Byte.lowerT, Byte.lowerF: return .boolean
    case Byte.lowerN: return .null
    default: throw unexpected("expected a value", at: index)
    }
  }

  /// Consumes the `{` or `[` at the cursor, enforcing the nesting limit.
  @inline(__always) mutating func enterContainer() throws(DiagnosticError) {
    depth &+= 1
    if depth > Self.maxDepth {
      throw error("nesting is deeper than \(Self.maxDepth) levels", at: index)
    }
    index &+= 1
  }

  /// Moves to the next member's key (returns true) or consumes the closing `}` (returns false).
  mutating func nextMember(_ isFirst: inout Bool) throws(DiagnosticError) -> Bool {
    skipWhitespace()
    guard index < count else {
      throw unexpected(
        isFirst
          ? "expected a string key or '}' in object" : "expected ',' or '}' after object member",
        at: index)
    }
    let byte = bytes[index]
    if byte == Byte.closeBrace {
      index &+= 1
      depth &-= 1
      return false
    }
    if isFirst {
      isFirst = false
      if byte == Byte.quote { return true }
      throw unexpected("expected a string key or '}' in object", at: index)
    }
    guard byte == Byte.comma else {
      throw unexpected("expected ',' or '}' after object member", at: index)
    }
    let comma = index
    index &+= 1
    skipWhitespace()
    if index < count {
      if bytes[index] == Byte.quote { return true }
      if bytes[index] == Byte.closeBrace {
        diagnostics.append(.warning("trailing comma is not valid JSON", offset: comma))
        index &+= 1
        depth &-= 1
        return false
      }
    }
    throw unexpected("expected a string key after ',' in object", at: index)
  }

  /// Moves to the next array element (returns true) or consumes the closing `]` (returns false).
  mutating func nextElement(_ isFirst: inout Bool) throws(DiagnosticError) -> Bool {
    skipWhitespace()
    guard index < count else {
      throw unexpected(
        isFirst ? "expected a value or ']' in array" : "expected ',' or ']' after array element",
        at: index)
    }
    let byte = bytes[index]
    if byte == Byte.closeBracket {
      index &+= 1
      depth &-= 1
      return false
    }
    if isFirst {
      isFirst = false
      return true
    }
    guard byte == Byte.comma else {
      throw unexpected("expected ',' or ']' after array element", at: index)
    }
    let comma = index
    index &+= 1
    skipWhitespace()
    if index < count, bytes[index] == Byte.closeBracket {
      diagnostics.append(.warning("trailing comma is not valid JSON", offset: comma))
      index &+= 1
      depth &-= 1
      return false
    }
    return true
  }

  /// Scans a member's key and its colon; leaves the cursor on the value.
  @inline(__always) mutating func readKey() throws(DiagnosticError) -> JSONString {
    let key = try scanString()
    // Fast path for Xcode's `"key" : value` spacing.
    if index &+ 3 <= count, bytes[index] == Byte.space, bytes[index &+ 1] == Byte.colon,
      bytes[index &+ 2] == Byte.space
    {
      index &+= 3
      if index < count, bytes[index] > Byte.space { return key }
    } else {
      skipWhitespace()
      guard index < count, bytes[index] == Byte.colon else {
        throw unexpected("expected ':' after object key", at: index)
      }
      index &+= 1
    }
    skipWhitespace()
    return key
  }

  /// Moves the cursor to `offset` inside `depth` open containers (to read part of a document).
  mutating func resume(at offset: Int, depth: Int) {
    index = offset
    self.depth = depth
  }

  /// Checks that nothing but whitespace follows the top-level value.
  mutating func expectEnd() throws(DiagnosticError) {
    skipWhitespace()
    if index < count { throw unexpected("expected end of file after top-level object", at: index) }
  }

  /// Scans and discards any value at the cursor, validating it.
  mutating func skipValue() throws(DiagnosticError) {
    switch try kind() {
    case .object:
      try enterContainer()
      var first = true
      while try nextMember(&first) {
        _ = try readKey()
        try skipValue()
      }
    case .array:
      try enterContainer()
      var first = true
      while try nextElement(&first) { try skipValue() }
    case .string: _ = try scanString()
    case .number: _ = try scanNumber()
    case .boolean, .null: _ = try scanLiteral()
    }
  }

  // MARK: Literals and numbers

  /// Scans `true`, `false` or `null` (`nil`).
  mutating func scanLiteral() throws(DiagnosticError) -> Bool? {
    let (text, value): (StaticString, Bool?) =
      switch peek() {
      case Byte.lowerT: ("true", true)
      case Byte.lowerF: ("false", false)
      default: ("null", nil)
      }
    let length = text.utf8CodeUnitCount
    for offset in 0..<length
    where index + offset >= count || bytes[index + offset] != text.utf8Start[offset] {
      throw unexpected("expected '\(text)'", at: index + offset)
    }
    index += length
    return value
  }

  /// Scans a number per RFC 8259.
  mutating func scanNumber() throws(DiagnosticError) -> JSONNumber {
    let start = index
    var isInteger = true
    if peek() == Byte.minus { index &+= 1 }
    guard let first = peek(), Self.isDigit(first) else {
      throw unexpected("expected a digit in number", at: index)
    }
    index &+= 1
    if first == Byte.zero {
      if let next = peek(), Self.isDigit(next) {
        throw error("leading zeros are not allowed in numbers", at: index - 1)
      }
    } else {
      while let byte = peek(), Self.isDigit(byte) { index &+= 1 }
    }
    if peek() == Byte.period {
      isInteger = false
      index &+= 1
      guard let byte = peek(), Self.isDigit(byte) else {
        throw unexpected("expected a digit after '.' in number", at: index)
      }
      while let byte = peek(), Self.isDigit(byte) { index &+= 1 }
    }
    if peek() == Byte.lowerE || peek() == Byte.upperE {
      isInteger = false
      index &+= 1
      if peek() == Byte.plus || peek() == Byte.minus { index &+= 1 }
      guard let byte = peek(), Self.isDigit(byte) else {
        throw unexpected("expected a digit in exponent", at: index)
      }
      while let byte = peek(), Self.isDigit(byte) { index &+= 1 }
    }
    return JSONNumber(start: start, end: index, isInteger: isInteger)
  }

  /// The value of an integer token if it fits in `Int`.
  func integerValue(_ number: JSONNumber) -> Int? {
    guard number.isInteger else { return nil }
    var offset = number.start
    let negative = bytes[offset] == Byte.minus
    if negative { offset += 1 }
    var value = 0
    while offset < number.end {
      let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
      let digit = Int(bytes[offset] &- Byte.zero)
      let (sum, overflow2) =
        negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
      if overflow1 || overflow2 { return nil }
      value = sum
      offset += 1
    }
    return value
  }

  /// The token's bytes as text (for messages).
  func text(from start: Int, to end: Int) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
  }

  // MARK: Strings

  /// Scans a string starting at the quote under the cursor, validating escapes and UTF-8.
  @inline(__always) mutating func scanString() throws(DiagnosticError) -> JSONString {
    let quote = index
    var offset = index &+ 1
    var escaped = false
    var isASCII = true
    while true {
      // Skip 8 bytes at a time while none is a quote, backslash, control or non-ASCII byte.
      while hasWord(at: offset) {
        let w = word(at: offset)
        let q = w ^ 0x2222_2222_2222_2222
        let s = w ^ 0x5C5C_5C5C_5C5C_5C5C
        let special =
          (((q &- Self.ones) & ~q) | ((s &- Self.ones) & ~s) | ((w &- 0x2020_2020_2020_2020) & ~w)
            | w)
          & Self.highBits
        if special != 0 {
          offset &+= special.trailingZeroBitCount >> 3
          break
        }
        offset &+= 8
      }
      guard offset < count else { throw error("unexpected end of file in string", at: offset) }
      let byte = bytes[offset]
      if byte == Byte.quote {
        index = offset &+ 1
        return JSONString(
          offset: quote, start: quote &+ 1, end: offset, escaped: escaped, isASCII: isASCII)
      } else if byte == Byte.backslash {
        escaped = true
        offset = try validateEscape(at: offset)
      } else if byte < 0x20 {
        throw error("unescaped control character in string", at: offset)
      } else if byte >= 0x80 {
        // Non-Latin text is mostly multi-byte: validate a whole run before going back to words.
        isASCII = false
        repeat {
          guard let length = utf8SequenceLength(at: offset) else {
            throw error("invalid UTF-8 in string", at: offset)
          }
          offset &+= length
        } while offset < count && bytes[offset] >= 0x80
      } else {
        offset &+= 1
      }
    }
  }

  /// Validates the escape at `offset` (a backslash); returns the offset after it.
  private func validateEscape(at offset: Int) throws(DiagnosticError) -> Int {
    guard offset + 1 < count else {
      throw error("unexpected end of file in string", at: offset + 1)
    }
    switch bytes[offset + 1] {
    case Byte.quote, Byte.backslash, Byte.slash, Byte.lowerB, Byte.lowerF, Byte.lowerN, Byte.lowerR,
      Byte.lowerT:
      return offset + 2
    case Byte.lowerU:
      let unit = try hexQuad(at: offset + 2)
      if unit >= 0xDC00 && unit <= 0xDFFF { throw loneSurrogate(unit, at: offset) }
      guard unit >= 0xD800 && unit <= 0xDBFF else { return offset + 6 }
      guard offset + 7 < count, bytes[offset + 6] == Byte.backslash,
        bytes[offset + 7] == Byte.lowerU,
        let low = try? hexQuad(at: offset + 8), low >= 0xDC00 && low <= 0xDFFF
      else { throw loneSurrogate(unit, at: offset) }
      return offset + 12
    case let byte where byte > 0x20 && byte < 0x7F:
      throw error(
        "invalid escape sequence '\\\(Character(Unicode.Scalar(byte)))' in string", at: offset)
    default:
      throw error("invalid escape sequence in string", at: offset)
    }
  }

  /// The error for an unpaired UTF-16 surrogate escape.
  private func loneSurrogate(_ unit: UInt16, at offset: Int) -> DiagnosticError {
    error(
      "unpaired UTF-16 surrogate '\\u\(String(unit, radix: 16, uppercase: true))' in string",
      at: offset)
  }

  /// Reads four hex digits at `offset`.
  private func hexQuad(at offset: Int) throws(DiagnosticError) -> UInt16 {
    var value: UInt16 = 0
    for position in offset..<offset + 4 {
      guard position < count else { throw error("unexpected end of file in string", at: position) }
      let byte = bytes[position]
      let digit: UInt8
      switch byte {
      case 0x30...0x39: digit = byte - 0x30
      case 0x41...0x46: digit = byte - 0x41 + 10
      case 0x61...0x66: digit = byte - 0x61 + 10
      default: throw unexpected("expected 4 hex digits after '\\u'", at: position)
      }
      value = value << 4 | UInt16(digit)
    }
    return value
  }

  /// Length of the valid UTF-8 sequence at `offset` (RFC 3629), or `nil` when it is invalid.
  @inline(__always) func utf8SequenceLength(at offset: Int) -> Int? {
    let lead = bytes[offset]
    @inline(__always) func continuation(_ position: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF)
      -> Bool
    {
      position < count && bytes[position] >= low && bytes[position] <= high
    }
    switch lead {
    case 0x00...0x7F: return 1
    case 0xC2...0xDF: return continuation(offset + 1) ? 2 : nil
    case 0xE0: return continuation(offset + 1, 0xA0) && continuation(offset + 2) ? 3 : nil
    case 0xED: return continuation(offset + 1, 0x80, 0x9F) && continuation(offset + 2) ? 3 : nil
    case 0xE1...0xEF: return continuation(offset + 1) && continuation(offset + 2) ? 3 : nil
    case 0xF0:
      return continuation(offset + 1, 0x90) && continuation(offset + 2) && continuation(offset + 3)
        ? 4 : nil
    case 0xF1...0xF3:
      return continuation(offset + 1) && continuation(offset + 2) && continuation(offset + 3)
        ? 4 : nil
    case 0xF4:
      return continuation(offset + 1, 0x80, 0x8F) && continuation(offset + 2)
        && continuation(offset + 3) ? 4 : nil
    default: return nil
    }
  }

  /// True when the token is exactly `name` (compares bytes; escaped tokens are unescaped first).
  @inline(__always) mutating func equals(_ token: JSONString, _ name: StaticString) -> Bool {
    let length = name.utf8CodeUnitCount
    if token.escaped { return makeString(token) == name.description }
    guard token.end &- token.start == length else { return false }
    let expected = name.utf8Start
    var offset = 0
    while offset < length {
      if bytes[token.start &+ offset] != expected[offset] { return false }
      offset &+= 1
    }
    return true
  }

  /// True when unescaped token `lhs` sorts strictly before `rhs` by bytes.
  func precedes(_ lhs: JSONString, _ rhs: JSONString) -> Bool {
    let left = lhs.end &- lhs.start
    let right = rhs.end &- rhs.start
    var offset = 0
    while offset < left && offset < right {
      let a = bytes[lhs.start &+ offset]
      let b = bytes[rhs.start &+ offset]
      if a != b { return a < b }
      offset &+= 1
    }
    return left < right
  }

  /// The token's text as a `String` (cannot fail: the token was validated when scanned).
  ///
  /// The bytes are copied without a second UTF-8 validation (`String(decoding:)` validated them
  /// again: 22M of the 9.9 MB bench catalog's 560M instructions in `lhc compile`), and the string
  /// is marked ASCII exactly when it is, as `String(decoding:)` marks it.
  @inline(__always) mutating func makeString(_ token: JSONString) -> String {
    if !token.escaped {
      let text = UnsafeBufferPointer(rebasing: bytes[token.start..<token.end])
      return String(copying: UTF8Span(unchecked: text.span, isKnownASCII: token.isASCII))
    }
    return unescape(token)
  }

  /// Decodes an escaped token through the scratch buffer: the text between escapes is copied a
  /// run at a time, and the result becomes a `String` without a second UTF-8 validation (the
  /// token's bytes were validated when scanned; an escape adds a whole scalar).
  private mutating func unescape(_ token: JSONString) -> String {
    scratch.removeAll(keepingCapacity: true)
    var isASCII = token.isASCII
    var run = token.start
    var offset = token.start
    while offset < token.end {
      guard bytes[offset] == Byte.backslash, offset + 1 < token.end else {
        offset += 1
        continue
      }
      scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<offset]))
      let escape = bytes[offset + 1]
      offset += 2
      switch escape {
      case Byte.lowerB: scratch.append(0x08)
      case Byte.lowerF: scratch.append(0x0C)
      case Byte.lowerN: scratch.append(Byte.newline)
      case Byte.lowerR: scratch.append(Byte.carriageReturn)
      case Byte.lowerT: scratch.append(Byte.tab)
      case Byte.lowerU:
        var scalar = UInt32((try? hexQuad(at: offset)) ?? 0xFFFD)
        offset += 4
        if scalar >= 0xD800 && scalar <= 0xDBFF, offset + 6 <= token.end,
          let low = try? hexQuad(at: offset + 2)
        {
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (UInt32(low) - 0xDC00)
          offset += 6
        }
        if scalar >= 0x80 { isASCII = false }
        scratch.append(contentsOf: (Unicode.Scalar(scalar) ?? "\u{FFFD}").utf8)
      default: scratch.append(escape)  // " \ /
      }
      run = offset
    }
    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<token.end]))
    return scratch.withUnsafeBufferPointer { text in
      String(copying: UTF8Span(unchecked: text.span, isKnownASCII: isASCII))
    }
  }
}
