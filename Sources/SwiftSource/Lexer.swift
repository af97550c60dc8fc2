/// Swift's lexical structure (The Swift Programming Language, "Lexical Structure"), enough of it to
/// read every token of real sources: identifiers (backquoted, `$0`, Unicode), numbers, string
/// literals of every form (escapes, `\u{…}`, interpolations nested to any depth, multi-line with
/// indentation stripping and line continuations, raw `#"…"#`), regular expression literals,
/// operators, punctuation, nested `/* */` comments. Bytes that start no token become
/// ``TokenKind/unknown`` tokens; nothing here fails or traps on any input.
public struct Lexer {
  private let bytes: [UInt8]
  private var position: Int
  private let end: Int
  private var tokens: [Token] = []
  private var literals: [StringLiteral] = []
  private var sawSpace = true
  private var sawNewline = false
  /// Comments are recorded (``TokenStream/comments``).
  private var recordsComments = false
  private var comments: [Range<Int>] = []
  /// How deep string literals are nested in interpolations being skipped (a limit, so that a
  /// hostile file cannot exhaust the stack).
  private var depth = 0
  private static let maximumDepth = 64

  /// Lexes `range` of `bytes` (the whole file, or an interpolation's bytes); with
  /// `recordingComments`, the comments' ranges too.
  public static func tokenize(
    _ bytes: [UInt8], range: Range<Int>? = nil, recordingComments: Bool = false
  ) -> TokenStream {
    let range = range ?? 0..<bytes.count
    var lexer = Lexer(bytes: bytes, position: range.lowerBound, end: range.upperBound)
    lexer.recordsComments = recordingComments
    lexer.tokens.reserveCapacity(range.count / 4)
    lexer.run()
    return TokenStream(tokens: lexer.tokens, literals: lexer.literals, comments: lexer.comments)
  }

  private init(bytes: [UInt8], position: Int, end: Int) {
    self.bytes = bytes
    self.position = position
    self.end = end
  }

  private func peek(_ offset: Int = 0) -> UInt8 {
    let index = position + offset
    return index < end ? bytes[index] : 0
  }

  private mutating func run() {
    if peek() == UInt8(ascii: "#"), peek(1) == UInt8(ascii: "!"), position == 0 {
      skipLine()
    }
    while true {
      skipTrivia()
      guard position < end else { break }
      lexToken()
    }
    tokens.append(
      Token(
        kind: .end, spaceBefore: true, newlineBefore: true, start: Int32(end), end: Int32(end),
        literal: -1))
  }

  private mutating func skipLine() {
    while position < end, bytes[position] != UInt8(ascii: "\n") { position += 1 }
  }

  /// Whitespace and comments, noting whether a line ended among them.
  private mutating func skipTrivia() {
    while position < end {
      let byte = bytes[position]
      switch byte {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0B, 0x0C, 0:
        sawSpace = true
        position += 1
      case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        sawSpace = true
        sawNewline = true
        position += 1
      case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
        sawSpace = true
        let start = position
        skipLine()
        if recordsComments { comments.append(start..<position) }
      case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
        sawSpace = true
        let start = position
        skipBlockComment()
        if recordsComments { comments.append(start..<position) }
      default:
        return
      }
    }
  }

  private mutating func skipBlockComment() {
    var nesting = 0
    while position < end {
      if peek() == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
        nesting += 1
        position += 2
      } else if peek() == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
        nesting -= 1
        position += 2
        if nesting == 0 { return }
      } else {
        if bytes[position] == UInt8(ascii: "\n") { sawNewline = true }
        position += 1
      }
    }
  }

  private mutating func emit(_ kind: TokenKind, from start: Int, literal: Int32 = -1) {
    tokens.append(
      Token(
        kind: kind, spaceBefore: sawSpace, newlineBefore: sawNewline, start: Int32(start),
        end: Int32(position), literal: literal))
    sawSpace = false
    sawNewline = false
  }

  private mutating func lexToken() {
    let start = position
    let byte = bytes[position]
    switch byte {
    case UInt8(ascii: "("): single(.leftParen)
    case UInt8(ascii: ")"): single(.rightParen)
    case UInt8(ascii: "["): single(.leftBracket)
    case UInt8(ascii: "]"): single(.rightBracket)
    case UInt8(ascii: "{"): single(.leftBrace)
    case UInt8(ascii: "}"): single(.rightBrace)
    case UInt8(ascii: ","): single(.comma)
    case UInt8(ascii: ":"): single(.colon)
    case UInt8(ascii: ";"): single(.semicolon)
    case UInt8(ascii: "@"): single(.at)
    case UInt8(ascii: "\\"): single(.backslash)
    case UInt8(ascii: "\""):
      lexString(rawDelimiters: 0, from: start)
    case UInt8(ascii: "#"):
      lexPound(from: start)
    case UInt8(ascii: "`"):
      position += 1
      while position < end, bytes[position] != UInt8(ascii: "`"),
        bytes[position] != UInt8(ascii: "\n")
      {
        position += 1
      }
      if peek() == UInt8(ascii: "`") { position += 1 }
      emit(.identifier, from: start)
    case UInt8(ascii: "$"):
      position += 1
      while position < end, Self.isIdentifierByte(bytes[position]) { position += 1 }
      emit(.dollarIdentifier, from: start)
    case UInt8(ascii: "0")...UInt8(ascii: "9"):
      lexNumber(from: start)
    case UInt8(ascii: "."):
      if peek(1) == UInt8(ascii: ".") {
        while position < end,
          bytes[position] == UInt8(ascii: ".") || Self.isOperatorByte(bytes[position])
        {
          position += 1
        }
        emit(.op, from: start)
      } else {
        single(.period)
      }
    case UInt8(ascii: "/") where startsRegex():
      lexRegex(from: start, delimiters: 0)
    default:
      if Self.isOperatorByte(byte) {
        lexOperator(from: start)
      } else if Self.isIdentifierStart(byte) {
        while position < end, Self.isIdentifierByte(bytes[position]) { position += 1 }
        emit(.identifier, from: start)
      } else {
        position += 1
        emit(.unknown, from: start)
      }
    }
  }

  private mutating func single(_ kind: TokenKind) {
    let start = position
    position += 1
    emit(kind, from: start)
  }

  private mutating func lexPound(from start: Int) {
    var hashes = 0
    while peek(hashes) == UInt8(ascii: "#") { hashes += 1 }
    if peek(hashes) == UInt8(ascii: "\"") {
      position += hashes
      lexString(rawDelimiters: hashes, from: start)
    } else if peek(hashes) == UInt8(ascii: "/") {
      position += hashes
      lexRegex(from: start, delimiters: hashes)
    } else if hashes == 1, Self.isIdentifierStart(peek(1)) {
      position += 1
      while position < end, Self.isIdentifierByte(bytes[position]) { position += 1 }
      emit(.poundKeyword, from: start)
    } else {
      position += 1
      emit(.unknown, from: start)
    }
  }

  private mutating func lexOperator(from start: Int) {
    // A left-bound `?` or `!` before `>` is a postfix operator of its own: `Binding<Item?>`
    // closes its generic arguments (postfix operators cannot start with either).
    if !sawSpace, bytes[start] == UInt8(ascii: "?") || bytes[start] == UInt8(ascii: "!"),
      peek(1) == UInt8(ascii: ">")
    {
      position += 1
      emit(.op, from: start)
      return
    }
    while position < end, Self.isOperatorByte(bytes[position]) {
      // A comment starts inside an operator's characters (`a+/* c */b`).
      if bytes[position] == UInt8(ascii: "/"), position > start,
        peek(1) == UInt8(ascii: "/") || peek(1) == UInt8(ascii: "*")
      {
        break
      }
      position += 1
    }
    emit(.op, from: start)
  }

  private mutating func lexNumber(from start: Int) {
    var isFloat = false
    if peek() == UInt8(ascii: "0"),
      [UInt8(ascii: "x"), UInt8(ascii: "b"), UInt8(ascii: "o")].contains(peek(1))
    {
      let hex = peek(1) == UInt8(ascii: "x")
      position += 2
      while position < end, Self.isHexDigit(bytes[position]) || bytes[position] == UInt8(ascii: "_")
      {
        position += 1
      }
      if hex, peek() == UInt8(ascii: "."), Self.isHexDigit(peek(1)) {
        isFloat = true
        position += 1
        while position < end,
          Self.isHexDigit(bytes[position]) || bytes[position] == UInt8(ascii: "_")
        {
          position += 1
        }
      }
      if hex, peek() == UInt8(ascii: "p") || peek() == UInt8(ascii: "P") {
        isFloat = true
        skipExponent()
      }
    } else {
      skipDigits()
      if peek() == UInt8(ascii: "."), Self.isDigit(peek(1)) {
        isFloat = true
        position += 1
        skipDigits()
      }
      if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
        let sign = peek(1) == UInt8(ascii: "+") || peek(1) == UInt8(ascii: "-") ? 1 : 0
        if Self.isDigit(peek(1 + sign)) {
          isFloat = true
          skipExponent()
        }
      }
    }
    // Trailing identifier characters belong to the (malformed) literal.
    while position < end, Self.isIdentifierByte(bytes[position]) { position += 1 }
    emit(isFloat ? .float : .integer, from: start)
  }

  private mutating func skipDigits() {
    while position < end, Self.isDigit(bytes[position]) || bytes[position] == UInt8(ascii: "_") {
      position += 1
    }
  }

  private mutating func skipExponent() {
    position += 1
    if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
    skipDigits()
  }

  /// A `/` starts a regular expression literal where an expression may begin (after an operator,
  /// an opening bracket, a comma, a colon, …), when no space follows it and its closing `/` is on
  /// the same line: the rule of SE-0354 for bare literals, which the lexer can apply without the
  /// parser.
  private func startsRegex() -> Bool {
    let next = peek(1)
    if next == UInt8(ascii: " ") || next == UInt8(ascii: "\t") || next == UInt8(ascii: "\n")
      || next == UInt8(ascii: "\r") || next == UInt8(ascii: "=") || next == 0
    {
      return false
    }
    if let previous = tokens.last, !sawNewline || previous.kind != .rightBrace {
      switch previous.kind {
      case .op:
        // A postfix operator (`x! / y`) ends an expression.
        if !sawSpace, !tokens.isEmpty { return false }
      case .leftParen, .leftBracket, .leftBrace, .comma, .colon, .semicolon:
        break
      case .identifier:
        let text = bytes[Int(previous.start)..<Int(previous.end)]
        let prefixKeywords: [String] = [
          "return", "case", "in", "where", "if", "guard", "while", "try", "await",
        ]
        guard prefixKeywords.contains(where: { $0.utf8.elementsEqual(text) }) else { return false }
      default:
        return false
      }
    }
    var index = position + 1
    var inClass = false
    while index < end {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { return false }
      if byte == UInt8(ascii: "\\") {
        index += 2
        continue
      }
      if byte == UInt8(ascii: "[") { inClass = true }
      if byte == UInt8(ascii: "]") { inClass = false }
      if byte == UInt8(ascii: "/"), !inClass {
        // `/ … /` closing before a space with an operand after is division (`a / b / c`).
        return bytes[index - 1] != UInt8(ascii: " ")
      }
      index += 1
    }
    return false
  }

  private mutating func lexRegex(from start: Int, delimiters: Int) {
    position += 1
    var inClass = false
    while position < end {
      let byte = bytes[position]
      if delimiters == 0, byte == UInt8(ascii: "\n") { break }
      if byte == UInt8(ascii: "\\") {
        position += 2
        continue
      }
      if byte == UInt8(ascii: "[") { inClass = true }
      if byte == UInt8(ascii: "]") { inClass = false }
      if byte == UInt8(ascii: "/"), !inClass || delimiters > 0 {
        var hashes = 0
        while hashes < delimiters, peek(1 + hashes) == UInt8(ascii: "#") { hashes += 1 }
        if hashes == delimiters {
          position += 1 + hashes
          break
        }
      }
      position += 1
    }
    position = min(position, end)
    emit(.regex, from: start)
  }

  // MARK: - String literals

  /// A string literal starting at the opening quote (after its `#`s).
  private mutating func lexString(rawDelimiters: Int, from start: Int) {
    var literal = StringLiteral(
      segments: [], isMultiline: false, rawDelimiters: rawDelimiters, isMalformed: false)
    if peek() == UInt8(ascii: "\""), peek(1) == UInt8(ascii: "\""), peek(2) == UInt8(ascii: "\"") {
      literal.isMultiline = true
      position += 3
      readMultiline(&literal)
    } else {
      position += 1
      readSingleLine(&literal)
    }
    let index = Int32(literals.count)
    literals.append(literal)
    emit(.string, from: start, literal: index)
  }

  /// The escape introducer of a literal with `delimiters` `#`s at `position`: `\` then the `#`s.
  private func escapeLength(at index: Int, delimiters: Int) -> Int? {
    guard index < end, bytes[index] == UInt8(ascii: "\\") else { return nil }
    for offset in 0..<delimiters {
      guard index + 1 + offset < end, bytes[index + 1 + offset] == UInt8(ascii: "#") else {
        return nil
      }
    }
    return 1 + delimiters
  }

  /// A closing quote followed by the literal's `#`s (and, multi-line, by two more quotes).
  private func closes(at index: Int, delimiters: Int, multiline: Bool) -> Bool {
    let quotes = multiline ? 3 : 1
    for offset in 0..<quotes {
      guard index + offset < end, bytes[index + offset] == UInt8(ascii: "\"") else { return false }
    }
    for offset in 0..<delimiters {
      guard index + quotes + offset < end, bytes[index + quotes + offset] == UInt8(ascii: "#")
      else {
        return false
      }
    }
    return true
  }

  private mutating func readSingleLine(_ literal: inout StringLiteral) {
    var text: [UInt8] = []
    let delimiters = literal.rawDelimiters
    while true {
      guard position < end, bytes[position] != UInt8(ascii: "\n"),
        bytes[position] != UInt8(ascii: "\r")
      else {
        literal.isMalformed = true
        break
      }
      if closes(at: position, delimiters: delimiters, multiline: false) {
        position += 1 + delimiters
        break
      }
      if let length = escapeLength(at: position, delimiters: delimiters) {
        position += length
        if peek() == UInt8(ascii: "(") {
          flush(&text, into: &literal)
          readInterpolation(&literal)
        } else if !readEscape(into: &text) {
          literal.isMalformed = true
        }
        continue
      }
      text.append(bytes[position])
      position += 1
    }
    flush(&text, into: &literal)
  }

  private func flush(_ text: inout [UInt8], into literal: inout StringLiteral) {
    guard !text.isEmpty else { return }
    let string = String(decoding: text, as: UTF8.self)
    if case .text(let previous)? = literal.segments.last {
      literal.segments[literal.segments.count - 1] = .text(previous + string)
    } else {
      literal.segments.append(.text(string))
    }
    text.removeAll(keepingCapacity: true)
  }

  /// After `\` (and the `#`s): one escape sequence into `text`; false when it is not one.
  private mutating func readEscape(into text: inout [UInt8]) -> Bool {
    guard position < end else { return false }
    let byte = bytes[position]
    position += 1
    switch byte {
    case UInt8(ascii: "0"): text.append(0)
    case UInt8(ascii: "\\"): text.append(UInt8(ascii: "\\"))
    case UInt8(ascii: "t"): text.append(UInt8(ascii: "\t"))
    case UInt8(ascii: "n"): text.append(UInt8(ascii: "\n"))
    case UInt8(ascii: "r"): text.append(UInt8(ascii: "\r"))
    case UInt8(ascii: "\""): text.append(UInt8(ascii: "\""))
    case UInt8(ascii: "'"): text.append(UInt8(ascii: "'"))
    case UInt8(ascii: "u"):
      guard peek() == UInt8(ascii: "{") else { return false }
      position += 1
      var value: UInt32 = 0
      var digits = 0
      while position < end, let digit = Self.hexValue(bytes[position]) {
        value = value &* 16 &+ UInt32(digit)
        digits += 1
        position += 1
      }
      guard peek() == UInt8(ascii: "}"), (1...8).contains(digits),
        let scalar = Unicode.Scalar(value)
      else {
        return false
      }
      position += 1
      text.append(contentsOf: String(Character(scalar)).utf8)
    default:
      return false
    }
    return true
  }

  /// At the `(` of an interpolation: its bytes up to the matching `)`, skipping nested literals.
  private mutating func readInterpolation(_ literal: inout StringLiteral) {
    position += 1
    let start = position
    var nesting = 0
    depth += 1
    defer { depth -= 1 }
    while position < end {
      let byte = bytes[position]
      if byte == UInt8(ascii: "(") {
        nesting += 1
      } else if byte == UInt8(ascii: ")") {
        if nesting == 0 {
          literal.segments.append(.interpolation(start..<position))
          position += 1
          return
        }
        nesting -= 1
      } else if byte == UInt8(ascii: "\"")
        || byte == UInt8(ascii: "#") && peek(1) == UInt8(ascii: "\"")
      {
        guard depth < Self.maximumDepth else { break }
        skipNestedString()
        continue
      } else if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") {
        skipLine()
        continue
      } else if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
        skipBlockComment()
        continue
      } else if byte == UInt8(ascii: "\n"), !literal.isMultiline {
        break
      }
      position += 1
    }
    literal.isMalformed = true
    literal.segments.append(.interpolation(start..<position))
  }

  /// A string literal inside an interpolation being skipped (its contents are lexed again when
  /// the interpolation is parsed).
  private mutating func skipNestedString() {
    var hashes = 0
    while peek(hashes) == UInt8(ascii: "#") { hashes += 1 }
    position += hashes
    var nested = StringLiteral(
      segments: [], isMultiline: false, rawDelimiters: hashes, isMalformed: false)
    if peek() == UInt8(ascii: "\""), peek(1) == UInt8(ascii: "\""), peek(2) == UInt8(ascii: "\"") {
      nested.isMultiline = true
      position += 3
      readMultiline(&nested)
    } else {
      position += 1
      readSingleLine(&nested)
    }
  }

  /// A multi-line literal after its opening `"""`: the lines up to the closing delimiter, whose
  /// indentation is removed from every line; a line ending in `\` continues on the next.
  private mutating func readMultiline(_ literal: inout StringLiteral) {
    let delimiters = literal.rawDelimiters
    // The opening delimiter must end its line.
    while position < end,
      bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t")
    {
      position += 1
    }
    if peek() == UInt8(ascii: "\r") { position += 1 }
    guard peek() == UInt8(ascii: "\n") else {
      literal.isMalformed = true
      readSingleLine(&literal)
      return
    }
    position += 1
    let contentStart = position
    // First pass: find the closing delimiter (skipping escapes and interpolations).
    var scan = contentStart
    var closing: Int?
    var scratch = literal
    let saved = position
    while scan < end {
      if closes(at: scan, delimiters: delimiters, multiline: true) {
        closing = scan
        break
      }
      if let length = escapeLength(at: scan, delimiters: delimiters) {
        position = scan + length
        if peek() == UInt8(ascii: "(") {
          readInterpolation(&scratch)
          scan = position
        } else {
          scan = position + 1
        }
        continue
      }
      scan += 1
    }
    position = saved
    guard let closing else {
      literal.isMalformed = true
      position = end
      return
    }
    // The closing line's indentation.
    var indentStart = closing
    while indentStart > contentStart,
      bytes[indentStart - 1] == UInt8(ascii: " ") || bytes[indentStart - 1] == UInt8(ascii: "\t")
    {
      indentStart -= 1
    }
    if indentStart > contentStart, bytes[indentStart - 1] != UInt8(ascii: "\n") {
      // Text before the closing delimiter on its line.
      literal.isMalformed = true
    }
    let indent = Array(bytes[indentStart..<closing])
    // The last line break before the closing line is not part of the value.
    var contentEnd = indentStart
    if contentEnd > contentStart, bytes[contentEnd - 1] == UInt8(ascii: "\n") { contentEnd -= 1 }
    if contentEnd > contentStart, bytes[contentEnd - 1] == UInt8(ascii: "\r") { contentEnd -= 1 }
    var text: [UInt8] = []
    var atLineStart = true
    position = contentStart
    while position < contentEnd {
      if atLineStart {
        atLineStart = false
        if bytes[position...].starts(with: indent) {
          position += indent.count
        } else if !Self.isBlankLine(bytes, from: position, before: contentEnd) {
          literal.isMalformed = true
        }
        continue
      }
      let byte = bytes[position]
      if let length = escapeLength(at: position, delimiters: delimiters) {
        position += length
        if peek() == UInt8(ascii: "(") {
          flush(&text, into: &literal)
          readInterpolation(&literal)
          continue
        }
        // A line continuation: `\`, optional spaces, the line break.
        var after = position
        while after < contentEnd,
          bytes[after] == UInt8(ascii: " ") || bytes[after] == UInt8(ascii: "\t")
        {
          after += 1
        }
        if after < end, bytes[after] == UInt8(ascii: "\n") || bytes[after] == UInt8(ascii: "\r") {
          position =
            after
            + (bytes[after] == UInt8(ascii: "\r") && after + 1 < end
              && bytes[after + 1] == UInt8(ascii: "\n") ? 2 : 1)
          atLineStart = true
          continue
        }
        if !readEscape(into: &text) { literal.isMalformed = true }
        continue
      }
      if byte == UInt8(ascii: "\r") {
        // CRLF and CR line breaks are LF in the value.
        text.append(UInt8(ascii: "\n"))
        position += position + 1 < contentEnd && bytes[position + 1] == UInt8(ascii: "\n") ? 2 : 1
        atLineStart = true
        continue
      }
      text.append(byte)
      position += 1
      if byte == UInt8(ascii: "\n") { atLineStart = true }
    }
    flush(&text, into: &literal)
    position = closing + 3 + delimiters
  }

  private static func isBlankLine(_ bytes: [UInt8], from start: Int, before end: Int) -> Bool {
    var index = start
    while index < end, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
      index += 1
    }
    return index >= end || bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "\r")
  }

  // MARK: - Character classes

  static func isIdentifierStart(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "_")
      || byte >= 0x80
  }

  static func isIdentifierByte(_ byte: UInt8) -> Bool {
    isIdentifierStart(byte) || isDigit(byte)
  }

  static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  static func isHexDigit(_ byte: UInt8) -> Bool { hexValue(byte) != nil }

  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  static func isOperatorByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"),
      UInt8(ascii: "!"), UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "<"),
      UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "^"),
      UInt8(ascii: "~"), UInt8(ascii: "?"):
      true
    default:
      false
    }
  }
}
