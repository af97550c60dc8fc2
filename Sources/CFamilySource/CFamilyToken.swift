/// What a token of a C, C++, Objective-C or Objective-C++ file is. Keywords are identifiers (a
/// reader compares their text), as in SwiftSource.
public enum CFamilyTokenKind: UInt8, Sendable {
  /// A name or keyword: ASCII letters, digits, `_` and `$` (as GCC and clang allow), bytes of
  /// UTF-8 characters and `\u`/`\U` universal character names.
  case identifier
  /// An Objective-C `@` keyword as one token, `@` included: `@interface`, `@end`, `@selector`,
  /// `@property`, `@YES`. An `@` before anything else is a ``CFamilyPunctuator/at`` punctuator
  /// (`@[`, `@{`, `@(`, `@42`), except directly before `"` or `R"`, where it starts a string
  /// literal (`@ "x"` with a space, which clang also accepts, is the punctuator and a C literal).
  case atKeyword
  /// A preprocessing number (C's pp-number): `42`, `0x1Fu`, `1.5e-3f`, `.5`, `1'000'000`.
  case number
  /// A string literal, with every literal adjacent to it (translation phase 6);
  /// ``CFamilyToken/value`` indexes ``CFamilyTokenStream/literals``.
  case string
  /// A character literal: `'a'`, `'\''`, `'abcd'`, `L'x'`, `u8'x'` (never decoded; flagged
  /// ``CFamilyTokenFlags/isMalformed`` when empty, unterminated or with an invalid escape).
  case character
  /// One punctuator (`(`, `->`, `::`, `...`, `##`, digraphs); ``CFamilyToken/value`` is its
  /// ``CFamilyPunctuator`` raw value.
  case punctuator
  /// The `#` that starts a preprocessing directive, with the directive's name: the range runs
  /// from `#` to the end of the name; ``CFamilyToken/value`` is its ``CFamilyDirective`` raw
  /// value.
  case directive
  /// A byte that starts no token (a stray `\`, a backquote, a control character).
  case unknown
  /// The end of the input: an empty range at its end, always the last token.
  case end
}

/// What surrounds a token, and whether it can be compiled.
public struct CFamilyTokenFlags: OptionSet, Sendable, Hashable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Whitespace or a comment right before the token (or the start of the input).
  public static let spaceBefore = CFamilyTokenFlags(rawValue: 1 << 0)
  /// A line break between the previous token and this one (in whitespace or inside a comment),
  /// or the token is the first of the input.
  public static let newlineBefore = CFamilyTokenFlags(rawValue: 1 << 1)
  /// The token belongs to a preprocessing directive: its ``CFamilyTokenKind/directive`` token and
  /// the tokens of the rest of its logical line.
  public static let inDirective = CFamilyTokenFlags(rawValue: 1 << 2)
  /// The token lies in code the preprocessor certainly skips: a group under `#if 0`, or after an
  /// `#if 1` (or `#elif 1`) group of the same conditional.
  public static let isInactive = CFamilyTokenFlags(rawValue: 1 << 3)
  /// The token cannot be compiled: a string or character literal that is unterminated or has an
  /// invalid escape (see ``CFamilyStringLiteral/isMalformed``), an empty character literal.
  public static let isMalformed = CFamilyTokenFlags(rawValue: 1 << 4)
}

/// One punctuator of C, C++ and Objective-C. Digraphs are their punctuator (`<:` is
/// ``leftBracket``, `%:` is ``hash``).
public enum CFamilyPunctuator: UInt8, Sendable, CaseIterable {
  case leftParen, rightParen, leftBracket, rightBracket, leftBrace, rightBrace
  case comma, semicolon, colon, colonColon, question, period, ellipsis, at
  case arrow, arrowStar, periodStar
  case plus, minus, star, slash, percent, caret, ampersand, pipe, tilde, exclamation
  case equal, less, greater
  case plusPlus, minusMinus, lessLess, greaterGreater
  case lessEqual, greaterEqual, equalEqual, exclamationEqual, spaceship
  case ampersandAmpersand, pipePipe
  case plusEqual, minusEqual, starEqual, slashEqual, percentEqual, caretEqual, ampersandEqual
  case pipeEqual, lessLessEqual, greaterGreaterEqual
  /// `#` (stringizing, in a `#define` body) and `##` (token pasting).
  case hash, hashHash
}

/// The preprocessing directive a ``CFamilyTokenKind/directive`` token starts.
public enum CFamilyDirective: UInt8, Sendable, CaseIterable {
  case define, undef, include, includeNext, `import`
  case `if`, ifdef, ifndef, elif, elifdef, elifndef, `else`, endif
  case pragma, error, warning, line
  /// `#` alone on its line (the null directive).
  case null
  /// Any other name (`#ident`, `#assert`, GNU's `# 12 "file"` line markers, …).
  case other

  /// The directive of a name, `other` for unknown names.
  static func named(_ name: ArraySlice<UInt8>) -> CFamilyDirective {
    switch String(decoding: name, as: UTF8.self) {
    case "define": .define
    case "undef": .undef
    case "include": .include
    case "include_next": .includeNext
    case "import": .import
    case "if": .if
    case "ifdef": .ifdef
    case "ifndef": .ifndef
    case "elif": .elif
    case "elifdef": .elifdef
    case "elifndef": .elifndef
    case "else": .else
    case "endif": .endif
    case "pragma": .pragma
    case "error": .error
    case "warning": .warning
    case "line": .line
    default: .other
    }
  }

  /// Whether the rest of the directive's line becomes ordinary tokens (flagged
  /// ``CFamilyTokenFlags/inDirective``): the macro definitions and the conditions, where code
  /// (and strings to localize) can be. The others' rest is skipped: header names, pragmas,
  /// messages, line numbers, and the text after `#else` and `#endif`.
  public var lexesRestOfLine: Bool {
    switch self {
    case .define, .undef, .if, .ifdef, .ifndef, .elif, .elifdef, .elifndef: true
    default: false
    }
  }
}

/// One token: what it is and its byte range in the input.
public struct CFamilyToken: Sendable {
  public var kind: CFamilyTokenKind
  public var flags: CFamilyTokenFlags
  /// The byte range in the input. Line continuations (`\` + line break) inside a token are part
  /// of its range; those before its first byte or after its last are not.
  public var start: Int32
  public var end: Int32
  /// For ``CFamilyTokenKind/string``: the index of its literal; ``CFamilyTokenKind/punctuator``:
  /// the ``CFamilyPunctuator`` raw value; ``CFamilyTokenKind/directive``: the
  /// ``CFamilyDirective`` raw value; otherwise -1.
  public var value: Int32

  public var range: Range<Int> { Int(start)..<Int(end) }

  /// The index of a string token's literal in ``CFamilyTokenStream/literals``.
  public var literal: Int? { kind == .string ? Int(value) : nil }

  /// A punctuator token's punctuator.
  public var punctuator: CFamilyPunctuator? {
    kind == .punctuator ? CFamilyPunctuator(rawValue: UInt8(truncatingIfNeeded: value)) : nil
  }

  /// A directive token's directive.
  public var directive: CFamilyDirective? {
    kind == .directive ? CFamilyDirective(rawValue: UInt8(truncatingIfNeeded: value)) : nil
  }
}

/// The character type of a string literal, from its encoding prefix.
public enum CFamilyStringEncoding: UInt8, Sendable {
  /// No prefix (`"…"`, `@"…"`): `char`, UTF-8 as on Apple platforms.
  case ordinary
  /// `u8"…"`: UTF-8.
  case utf8
  /// `u"…"`: UTF-16.
  case utf16
  /// `U"…"`: UTF-32.
  case utf32
  /// `L"…"`: `wchar_t`, 32 bits (UTF-32) as on Apple platforms and Linux.
  case wide

  /// Bits per code unit.
  var unitBits: Int {
    switch self {
    case .ordinary, .utf8: 8
    case .utf16: 16
    case .utf32, .wide: 32
    }
  }
}

/// A string literal after translation phases 5 and 6: escapes decoded, then adjacent literals
/// concatenated into one.
public struct CFamilyStringLiteral: Sendable {
  /// The decoded text. Code units that are not Unicode (invalid UTF-8 bytes in an ordinary or
  /// `u8` literal, for instance from `\xFF`; lone UTF-16 surrogates; values past U+10FFFF) are
  /// U+FFFD here, and ``isRepaired`` is set.
  public var value: String
  /// The byte range from the first literal's prefix (or `@`) to the last one's closing quote,
  /// comments and line breaks between them included.
  public var start: Int32
  public var end: Int32
  /// The concatenation's encoding: that of its prefixed literals (all must agree).
  public var encoding: CFamilyStringEncoding
  /// Any part was an Objective-C literal (`@"…"`): the whole is an `NSString`.
  public var isObjectiveC: Bool
  /// Any part was a raw literal (`R"delim(…)delim"`).
  public var isRaw: Bool
  /// How many literals were concatenated (1 for a lone literal).
  public var partCount: Int32
  /// The literal cannot be compiled: a part is unterminated (a line break or the end of the
  /// input comes first), has an escape GCC or clang rejects (`\x` without digits, `\u` with too
  /// few digits or naming a surrogate, a value past U+10FFFF or, as in C and Objective-C, a basic
  /// character; an octal or hex value too large for the code unit, which clang rejects), an
  /// unsupported `\N{…}` name, parts with different encoding prefixes, an Objective-C literal
  /// with a prefixed part or after a part without `@`, or a raw literal without its closing
  /// delimiter.
  public var isMalformed: Bool
  /// A part has an escape C does not define (`\q`, `\%`, `\(`): GCC and clang compile it with a
  /// warning at most, and the value holds the character after the backslash, as theirs does.
  public var hasUnknownEscape: Bool
  /// ``value`` holds U+FFFD for code units that are not Unicode.
  public var isRepaired: Bool

  public var range: Range<Int> { Int(start)..<Int(end) }
}

/// A file's tokens, in file order and ending with ``CFamilyTokenKind/end``, and its string
/// literals.
public struct CFamilyTokenStream: Sendable {
  public var tokens: [CFamilyToken]
  public var literals: [CFamilyStringLiteral]
  /// The comments' ranges, when asked for (``CFamilyLexer/tokenize(_:recordingComments:)``).
  public var comments: [Range<Int>] = []

  public init(tokens: [CFamilyToken], literals: [CFamilyStringLiteral]) {
    self.tokens = tokens
    self.literals = literals
  }

  /// A string token's literal.
  public func literal(of token: CFamilyToken) -> CFamilyStringLiteral? {
    guard let index = token.literal, index >= 0, index < literals.count else { return nil }
    return literals[index]
  }
}
