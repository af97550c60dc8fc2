/// The lexical structure of C, C++, Objective-C and Objective-C++ (translation phases 1 to 6 of
/// C17 and C++20, without macro expansion or `#include`), enough to read every string literal of
/// a source file and the calls around it: identifiers, numbers, string literals of every form
/// (prefixes, `@"…"`, raw `R"d(…)d"`, escapes decoded, adjacent literals concatenated), character
/// literals, punctuators, comments (skipped), preprocessing directives and the code `#if 0`
/// excludes. Bytes that start no token become ``CFamilyTokenKind/unknown`` tokens; nothing here
/// fails or traps on any input, and the work is linear in the input's size.
///
/// Every file is read with one set of rules, the union of the languages': raw string literals and
/// digit separators (`1'000`) are recognized everywhere (as GCC's GNU C modes and clang 20 and
/// later do for raw strings), `$` belongs to identifiers, `@` starts Objective-C tokens. A C++11
/// user-defined literal suffix (`"abc"s`, `'c'_x`) is an identifier of its own, as in C and
/// Objective-C (which have none); the literal's value is the same.
///
/// Preprocessing directives: a `#` (or `%:`) that is the first token of a logical line starts
/// one, read as a ``CFamilyTokenKind/directive`` token carrying its name. The rest of the logical
/// line of `#define`, `#undef`, `#if`, `#ifdef`, `#ifndef`, `#elif`, `#elifdef` and `#elifndef`
/// is lexed into ordinary tokens flagged ``CFamilyTokenFlags/inDirective`` (a `#define` body can
/// hold a string to localize); that of every other directive is skipped, so that `#import "A.h"`
/// or `#pragma mark - "x"` yield no literal. A multi-line `/* */` comment is one space (phase
/// 3): it neither ends a directive nor starts a new line for the next `#`.
///
/// Conditional inclusion: a group under `#if 0` (or `#elif 0`), and every group after one under
/// `#if 1` (or `#elif 1`) in the same conditional, is certainly skipped by the preprocessor; its
/// tokens, directives nested in it included, are flagged ``CFamilyTokenFlags/isInactive``. Any
/// other condition (`#ifdef`, `#if DEBUG`, `#if 0 && X`) may be true or false: its groups are
/// taken as possibly active. The lexer still reads inactive code (as the preprocessor does, for
/// its directives).
public enum CFamilyLexer {
  /// The tokens and string literals of a C-family source file's bytes (UTF-8 or ASCII; a leading
  /// UTF-8 byte order mark is skipped). Offsets past 2 GiB are clamped to `Int32.max`.
  /// With `recordingComments`, the ranges of the comments of code not excluded by `#if 0` too
  /// (input offsets, delimiters included).
  public static func tokenize(_ bytes: [UInt8], recordingComments: Bool = false)
    -> CFamilyTokenStream
  {
    var scanner = CFamilyScanner(input: bytes)
    scanner.recordsComments = recordingComments
    scanner.run()
    var stream = CFamilyTokenStream(tokens: scanner.tokens, literals: scanner.literals)
    stream.comments = scanner.comments
    return stream
  }

  /// A token's bytes with the line continuations inside it removed: an identifier's or
  /// punctuator's spelling (`NSLocalized\` + line break + `String` is `NSLocalizedString`). For a
  /// string literal, use its decoded ``CFamilyStringLiteral/value`` instead.
  public static func spelling(of token: CFamilyToken, in bytes: [UInt8]) -> [UInt8] {
    let upper = min(Int(token.end), bytes.count)
    let lower = min(max(Int(token.start), 0), upper)
    var result: [UInt8] = []
    result.reserveCapacity(upper - lower)
    var index = lower
    while index < upper {
      if bytes[index] == UInt8(ascii: "\\"), let after = LineSplices.continuationEnd(bytes, index),
        after <= upper
      {
        index = after
        continue
      }
      result.append(bytes[index])
      index += 1
    }
    return result
  }
}

/// The lexer's state over one input: the logical bytes (continuations removed), the position,
/// the tokens so far, and the preprocessing state (the directive being read, the conditional
/// groups).
struct CFamilyScanner {
  /// The input, as given (raw string literals are read from it: phase 2 is reverted in them).
  let input: [UInt8]
  let splices: LineSplices
  /// The logical bytes: ``input`` without line continuations.
  let bytes: [UInt8]
  var position = 0
  let end: Int
  var tokens: [CFamilyToken] = []
  var literals: [CFamilyStringLiteral] = []
  /// Whitespace or a comment since the last token.
  var sawSpace = true
  /// A line break since the last token, in whitespace or in a comment.
  var sawNewline = true
  /// No token yet on this logical line: a `#` here starts a directive.
  var atLineStart = true
  /// The directive whose line is being read.
  var directive: DirectiveState?
  /// The rest of a directive's line is being read and dropped.
  var discarding = false
  /// The conditionals (`#if` … `#endif`) open at this point, innermost last. An array, not
  /// recursion: nesting depth is bounded only by the input's size.
  var groups: [ConditionalGroup] = []
  /// The code at this point is certainly excluded by a conditional.
  var inactive = false
  /// Comments are recorded (``CFamilyTokenStream/comments``).
  var recordsComments = false
  var comments: [Range<Int>] = []
  /// For raw string literals: every `)delimiter"` of the input, by delimiter, in input order
  /// (built on the first raw literal).
  var rawTerminators: [[UInt8]: [Int]]?

  /// The directive being read: which one, and for `#if` / `#elif` what its condition is so far.
  struct DirectiveState {
    var kind: CFamilyDirective
    /// Tokens of the rest of the line so far.
    var conditionTokens = 0
    /// The condition when it is exactly the number `0` or `1`.
    var condition: ConditionValue = .unknown
  }

  /// What the lexer knows of a condition: only `0` and `1` are known.
  enum ConditionValue {
    case unknown, zero, one
  }

  /// One open conditional.
  struct ConditionalGroup {
    /// The code around the conditional is certainly excluded.
    var parentInactive: Bool
    /// A group of this conditional certainly taken (`#if 1`, `#elif 1`, `#else`) came before:
    /// the groups after it are excluded.
    var taken: Bool
  }

  /// A scanner at the start of `input`, its continuations removed.
  init(input: [UInt8]) {
    self.input = input
    splices = LineSplices(input)
    bytes = splices.bytes
    end = bytes.count
  }

  /// The byte `offset` past the position, or 0 past the end.
  func peek(_ offset: Int = 0) -> UInt8 {
    let index = position + offset
    return index < end ? bytes[index] : 0
  }

  /// The byte at `index`, or 0 outside the logical bytes.
  func byte(at index: Int) -> UInt8 {
    index >= 0 && index < end ? bytes[index] : 0
  }

  /// Lexes the whole input (after a UTF-8 byte order mark), then appends the end token.
  mutating func run() {
    tokens.reserveCapacity(end / 5)
    if peek() == 0xEF, peek(1) == 0xBB, peek(2) == 0xBF { position = 3 }
    while true {
      skipTrivia()
      guard position < end else { break }
      lexToken()
    }
    endDirective()
    let endOffset = Self.offset(input.count)
    var flags: CFamilyTokenFlags = []
    if sawSpace { flags.insert(.spaceBefore) }
    if sawNewline { flags.insert(.newlineBefore) }
    tokens.append(
      CFamilyToken(kind: .end, flags: flags, start: endOffset, end: endOffset, value: -1))
  }

  /// An offset as a token stores it (clamped for inputs past 2 GiB).
  static func offset(_ value: Int) -> Int32 { Int32(clamping: value) }

  // MARK: - Trivia

  /// Whitespace and comments, noting line breaks; a line break outside a comment ends the
  /// directive being read.
  mutating func skipTrivia() {
    while position < end {
      switch bytes[position] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0B, 0x0C, 0:
        sawSpace = true
        position += 1
      case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        sawSpace = true
        sawNewline = true
        atLineStart = true
        position += 1
        if directive != nil { endDirective() }
      case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
        sawSpace = true
        let start = position
        position = lineCommentEnd(from: position)
        recordComment(start)
      case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
        sawSpace = true
        let start = position
        let (after, hasNewline) = blockCommentEnd(from: position)
        position = after
        if hasNewline { sawNewline = true }
        recordComment(start)
      default:
        return
      }
    }
  }

  /// Records the comment from `start` to the position (logical offsets) when comments are
  /// recorded and the code is not excluded.
  mutating func recordComment(_ start: Int) {
    guard recordsComments, !inactive else { return }
    comments.append(splices.inputOffset(start)..<splices.inputEnd(position, start: start))
  }

  /// The line break ending the `//` comment at `start` (continuations were removed: a comment
  /// ending in `\` goes on), or the end of the input.
  func lineCommentEnd(from start: Int) -> Int {
    var index = start + 2
    while index < end, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r") {
      index += 1
    }
    return index
  }

  /// The offset after the `/* */` comment at `start` (not nested; unterminated, the end of the
  /// input), and whether it holds a line break.
  func blockCommentEnd(from start: Int) -> (end: Int, hasNewline: Bool) {
    var index = start + 2
    var hasNewline = false
    while index < end {
      let byte = bytes[index]
      if byte == UInt8(ascii: "*"), index + 1 < end, bytes[index + 1] == UInt8(ascii: "/") {
        return (index + 2, hasNewline)
      }
      if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { hasNewline = true }
      index += 1
    }
    return (end, hasNewline)
  }

  // MARK: - Tokens

  /// Appends a token from `start` to the position (logical offsets), unless the rest of a
  /// directive is being dropped.
  mutating func emit(
    _ kind: CFamilyTokenKind, from start: Int, value: Int32 = -1, malformed: Bool = false
  ) {
    defer {
      sawSpace = false
      sawNewline = false
      atLineStart = false
    }
    guard !discarding else { return }
    var flags: CFamilyTokenFlags = []
    if sawSpace { flags.insert(.spaceBefore) }
    if sawNewline { flags.insert(.newlineBefore) }
    if inactive { flags.insert(.isInactive) }
    if malformed { flags.insert(.isMalformed) }
    if directive != nil {
      flags.insert(.inDirective)
      if kind != .directive { noteConditionToken(kind, from: start) }
    }
    tokens.append(
      CFamilyToken(
        kind: kind, flags: flags, start: Self.offset(splices.inputOffset(start)),
        end: Self.offset(splices.inputEnd(position, start: start)), value: value))
  }

  /// One token at the position (not trivia).
  mutating func lexToken() {
    let start = position
    let byte = bytes[position]
    switch byte {
    case UInt8(ascii: "\""):
      lexStringLiteral(from: start)
    case UInt8(ascii: "'"):
      lexCharacterLiteral(from: start, quote: start, unitBits: 8)
    case UInt8(ascii: "@"):
      if stringOpening(at: start) != nil {
        lexStringLiteral(from: start)
      } else if Self.isIdentifierStart(peek(1)), stringOpening(at: start + 1) == nil,
        characterOpening(at: start + 1) == nil
      {
        position += 1
        scanIdentifier()
        emit(.atKeyword, from: start)
      } else {
        position += 1
        emit(.punctuator, from: start, value: Int32(CFamilyPunctuator.at.rawValue))
      }
    case UInt8(ascii: "0")...UInt8(ascii: "9"):
      lexNumber(from: start)
    case UInt8(ascii: ".") where Self.isDigit(peek(1)):
      lexNumber(from: start)
    // A directive starts with the `#` punctuator: `##` (and `%:%:`) first on a line is not one.
    case UInt8(ascii: "#") where atLineStart && directive == nil && peek(1) != UInt8(ascii: "#"):
      lexDirective(from: start, introducer: 1)
    case UInt8(ascii: "%")
    where peek(1) == UInt8(ascii: ":") && atLineStart && directive == nil
      && !(peek(2) == UInt8(ascii: "%") && peek(3) == UInt8(ascii: ":")):
      lexDirective(from: start, introducer: 2)
    default:
      if Self.isIdentifierStart(byte) || ucnLength(at: position) > 0 {
        if stringOpening(at: start) != nil {
          lexStringLiteral(from: start)
        } else if let (quote, bits) = characterOpening(at: start) {
          lexCharacterLiteral(from: start, quote: quote, unitBits: bits)
        } else {
          scanIdentifier()
          emit(.identifier, from: start)
        }
      } else if let (punctuator, length) = punctuator(at: start) {
        position += length
        emit(.punctuator, from: start, value: Int32(punctuator.rawValue))
      } else {
        position += 1
        emit(.unknown, from: start)
      }
    }
  }

  /// Moves past identifier characters (and universal character names) from the position.
  mutating func scanIdentifier() {
    while position < end {
      if Self.isIdentifierByte(bytes[position]) {
        position += 1
      } else {
        let length = ucnLength(at: position)
        guard length > 0 else { return }
        position += length
      }
    }
  }

  /// The length of a universal character name (`\uXXXX`, `\UXXXXXXXX`) at `index`, else 0.
  func ucnLength(at index: Int) -> Int {
    guard byte(at: index) == UInt8(ascii: "\\") else { return 0 }
    let digits: Int
    switch byte(at: index + 1) {
    case UInt8(ascii: "u"): digits = 4
    case UInt8(ascii: "U"): digits = 8
    default: return 0
    }
    for offset in 0..<digits where Self.hexValue(byte(at: index + 2 + offset)) == nil {
      return 0
    }
    return 2 + digits
  }

  /// A preprocessing number: a digit (or `.` and a digit), then digits, identifier characters
  /// but `$` (as clang and GCC read them), `.`, an exponent's sign (`e+`, `p-`) and digit
  /// separators (`'` before an ASCII digit, letter or `_`).
  mutating func lexNumber(from start: Int) {
    position += 1
    while position < end {
      let byte = bytes[position]
      if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") || byte == UInt8(ascii: "p")
        || byte == UInt8(ascii: "P"), peek(1) == UInt8(ascii: "+") || peek(1) == UInt8(ascii: "-")
      {
        position += 2
      } else if Self.isIdentifierByte(byte) && byte != UInt8(ascii: "$")
        || byte == UInt8(ascii: ".")
      {
        position += 1
      } else if byte == UInt8(ascii: "'"), Self.isIdentifierByte(peek(1)), peek(1) < 0x80,
        peek(1) != UInt8(ascii: "$")
      {
        position += 2
      } else if ucnLength(at: position) > 0 {
        position += ucnLength(at: position)
      } else {
        break
      }
    }
    emit(.number, from: start)
  }

  /// The punctuator at `index` (the longest that matches) and its length.
  func punctuator(at index: Int) -> (CFamilyPunctuator, Int)? {
    let next = byte(at: index + 1)
    let third = byte(at: index + 2)
    /// `single`, or `double` when the next byte is `second` (no array: this runs per token).
    func pair(
      _ single: CFamilyPunctuator, _ second: UInt8, _ double: CFamilyPunctuator
    ) -> (CFamilyPunctuator, Int) {
      next == second ? (double, 2) : (single, 1)
    }
    switch byte(at: index) {
    case UInt8(ascii: "("): return (.leftParen, 1)
    case UInt8(ascii: ")"): return (.rightParen, 1)
    case UInt8(ascii: "["): return (.leftBracket, 1)
    case UInt8(ascii: "]"): return (.rightBracket, 1)
    case UInt8(ascii: "{"): return (.leftBrace, 1)
    case UInt8(ascii: "}"): return (.rightBrace, 1)
    case UInt8(ascii: ","): return (.comma, 1)
    case UInt8(ascii: ";"): return (.semicolon, 1)
    case UInt8(ascii: "?"): return (.question, 1)
    case UInt8(ascii: "~"): return (.tilde, 1)
    case UInt8(ascii: "@"): return (.at, 1)
    case UInt8(ascii: ":"):
      if next == UInt8(ascii: ">") { return (.rightBracket, 2) }
      return pair(.colon, UInt8(ascii: ":"), .colonColon)
    case UInt8(ascii: "."):
      if next == UInt8(ascii: "."), third == UInt8(ascii: ".") { return (.ellipsis, 3) }
      return pair(.period, UInt8(ascii: "*"), .periodStar)
    case UInt8(ascii: "-"):
      switch next {
      case UInt8(ascii: ">"): return third == UInt8(ascii: "*") ? (.arrowStar, 3) : (.arrow, 2)
      case UInt8(ascii: "-"): return (.minusMinus, 2)
      case UInt8(ascii: "="): return (.minusEqual, 2)
      default: return (.minus, 1)
      }
    case UInt8(ascii: "+"):
      if next == UInt8(ascii: "+") { return (.plusPlus, 2) }
      return pair(.plus, UInt8(ascii: "="), .plusEqual)
    case UInt8(ascii: "*"): return pair(.star, UInt8(ascii: "="), .starEqual)
    case UInt8(ascii: "/"): return pair(.slash, UInt8(ascii: "="), .slashEqual)
    case UInt8(ascii: "%"):
      switch next {
      case UInt8(ascii: ":"):
        return third == UInt8(ascii: "%") && byte(at: index + 3) == UInt8(ascii: ":")
          ? (.hashHash, 4) : (.hash, 2)
      case UInt8(ascii: "="): return (.percentEqual, 2)
      case UInt8(ascii: ">"): return (.rightBrace, 2)
      default: return (.percent, 1)
      }
    case UInt8(ascii: "^"): return pair(.caret, UInt8(ascii: "="), .caretEqual)
    case UInt8(ascii: "&"):
      if next == UInt8(ascii: "&") { return (.ampersandAmpersand, 2) }
      return pair(.ampersand, UInt8(ascii: "="), .ampersandEqual)
    case UInt8(ascii: "|"):
      if next == UInt8(ascii: "|") { return (.pipePipe, 2) }
      return pair(.pipe, UInt8(ascii: "="), .pipeEqual)
    case UInt8(ascii: "!"): return pair(.exclamation, UInt8(ascii: "="), .exclamationEqual)
    case UInt8(ascii: "="): return pair(.equal, UInt8(ascii: "="), .equalEqual)
    case UInt8(ascii: "#"): return pair(.hash, UInt8(ascii: "#"), .hashHash)
    case UInt8(ascii: "<"):
      switch next {
      case UInt8(ascii: "<"):
        return third == UInt8(ascii: "=") ? (.lessLessEqual, 3) : (.lessLess, 2)
      case UInt8(ascii: "="): return third == UInt8(ascii: ">") ? (.spaceship, 3) : (.lessEqual, 2)
      case UInt8(ascii: "%"): return (.leftBrace, 2)
      case UInt8(ascii: ":"):
        // C++11: `<::` is `<` `::` unless `:` or `>` follows (`std::vector<::T>`).
        let fourth = byte(at: index + 3)
        if third == UInt8(ascii: ":"), fourth != UInt8(ascii: ":"), fourth != UInt8(ascii: ">") {
          return (.less, 1)
        }
        return (.leftBracket, 2)
      default: return (.less, 1)
      }
    case UInt8(ascii: ">"):
      if next == UInt8(ascii: ">") {
        return third == UInt8(ascii: "=") ? (.greaterGreaterEqual, 3) : (.greaterGreater, 2)
      }
      return pair(.greater, UInt8(ascii: "="), .greaterEqual)
    default:
      return nil
    }
  }

  // MARK: - Directives

  /// A `#` (or `%:`, `introducer` bytes) first on its line: the directive's name (after spaces
  /// and `/* */` comments), the conditional state it changes, and how the rest of its line is
  /// read.
  mutating func lexDirective(from start: Int, introducer: Int) {
    position += introducer
    let (savedSpace, savedNewline) = (sawSpace, sawNewline)
    while position < end {
      let byte = bytes[position]
      if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == 0x0B || byte == 0x0C
        || byte == 0
      {
        position += 1
      } else if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
        position = blockCommentEnd(from: position).end
      } else {
        break
      }
    }
    (sawSpace, sawNewline) = (savedSpace, savedNewline)
    let kind: CFamilyDirective
    let nameStart = position
    let next = peek()
    if Self.isIdentifierStart(next), stringOpening(at: nameStart) == nil,
      characterOpening(at: nameStart) == nil
    {
      // (`#R"(…)"` is `#` and a raw literal, possibly over several lines, not `#R`.)
      scanIdentifier()
      kind = CFamilyDirective.named(bytes[nameStart..<position])
    } else if position >= end || next == UInt8(ascii: "\n") || next == UInt8(ascii: "\r")
      || next == UInt8(ascii: "/") && peek(1) == UInt8(ascii: "/")
    {
      kind = .null
    } else {
      kind = .other
    }
    if position == nameStart {
      // No name: the token is the `#` alone.
      position = start + introducer
    }
    switch kind {
    case .if, .ifdef, .ifndef:
      groups.append(ConditionalGroup(parentInactive: inactive, taken: false))
    case .elif, .elifdef, .elifndef, .else, .endif:
      if let group = groups.last { inactive = group.parentInactive }
    default:
      break
    }
    directive = DirectiveState(kind: kind)
    emit(.directive, from: start, value: Int32(kind.rawValue))
    discarding = !kind.lexesRestOfLine
  }

  /// Records a token of a directive's rest: a condition is known only when it is exactly `0`
  /// or `1`.
  mutating func noteConditionToken(_ kind: CFamilyTokenKind, from start: Int) {
    guard var state = directive, state.kind == .if || state.kind == .elif else { return }
    state.conditionTokens += 1
    state.condition = .unknown
    if state.conditionTokens == 1, kind == .number, position == start + 1 {
      if bytes[start] == UInt8(ascii: "0") { state.condition = .zero }
      if bytes[start] == UInt8(ascii: "1") { state.condition = .one }
    }
    directive = state
  }

  /// The end of a directive's logical line: a conditional directive decides whether the code
  /// after it is excluded.
  mutating func endDirective() {
    guard let state = directive else { return }
    directive = nil
    discarding = false
    switch state.kind {
    case .if, .ifdef, .ifndef, .elif, .elifdef, .elifndef:
      guard var group = groups.last else { return }
      let isElif = state.kind == .elif || state.kind == .elifdef || state.kind == .elifndef
      let condition = state.kind == .if || state.kind == .elif ? state.condition : .unknown
      let earlierTaken = isElif && group.taken
      inactive = group.parentInactive || earlierTaken || condition == .zero
      if condition == .one { group.taken = true }
      groups[groups.count - 1] = group
    case .else:
      guard var group = groups.last else { return }
      inactive = group.parentInactive || group.taken
      group.taken = true
      groups[groups.count - 1] = group
    case .endif:
      if let group = groups.popLast() { inactive = group.parentInactive }
    default:
      break
    }
  }

  // MARK: - Character classes

  static func isIdentifierStart(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "_")
      || byte == UInt8(ascii: "$") || byte >= 0x80
  }

  static func isIdentifierByte(_ byte: UInt8) -> Bool {
    isIdentifierStart(byte) || isDigit(byte)
  }

  static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }
}
