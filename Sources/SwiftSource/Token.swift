/// What a token is. Keywords are identifiers (the parser compares their text), so that a
/// keyword used as a name (`default:`, `.init`, `` `class` ``) needs no special case here.
public enum TokenKind: UInt8, Sendable {
  case identifier
  /// `$0`, `$name` (a closure's anonymous parameter, a property wrapper's projection).
  case dollarIdentifier
  /// `#if`, `#else`, `#available`, `#Preview`, `#selector`, …
  case poundKeyword
  case integer
  case float
  /// A string literal; ``Token/literal`` indexes ``TokenStream/literals``.
  case string
  /// A regular expression literal (`/…/`, `#/…/#`): skipped as one token.
  case regex
  /// An operator (`+`, `==`, `?`, `!`, `->`, `=`, `...`, `&`, …).
  case op
  case period
  case leftParen, rightParen, leftBracket, rightBracket, leftBrace, rightBrace
  case comma, colon, semicolon
  /// `@` before an attribute name.
  case at
  /// `\` starting a key path.
  case backslash
  /// A byte that starts no token (kept so that the parser can step over it).
  case unknown
  case end
}

/// One token: a byte range of the file and what surrounds it.
public struct Token: Sendable {
  public var kind: TokenKind
  /// Whitespace or a comment right before the token (or the start of the file).
  public var spaceBefore: Bool
  /// A line break between the previous token and this one.
  public var newlineBefore: Bool
  public var start: Int32
  public var end: Int32
  /// For ``TokenKind/string``: the index of its literal; otherwise -1.
  public var literal: Int32

  public var range: Range<Int> { Int(start)..<Int(end) }
}

/// A string literal, decoded: its text between interpolations, and each interpolation's bytes.
public struct StringLiteral: Sendable {
  public enum Segment: Sendable, Equatable {
    /// Text with escapes resolved (and, in a multi-line literal, the indentation removed).
    case text(String)
    /// The bytes between `\(` and its `)`: an argument list, read by the parser on demand.
    case interpolation(Range<Int>)
  }

  public var segments: [Segment]
  public var isMultiline: Bool
  /// The number of `#` around a raw literal (0 for an ordinary one).
  public var rawDelimiters: Int
  /// The literal is not terminated or has an invalid escape: its text is not used as a key.
  public var isMalformed: Bool

  /// The literal's text when it has no interpolation.
  public var plainText: String? {
    var text = ""
    for segment in segments {
      guard case .text(let part) = segment else { return nil }
      text += part
    }
    return text
  }

  public var hasInterpolation: Bool {
    segments.contains { if case .interpolation = $0 { true } else { false } }
  }
}

/// A file's tokens and string literals.
public struct TokenStream: Sendable {
  public var tokens: [Token]
  public var literals: [StringLiteral]
  /// The byte ranges of its comments, delimiters included (only when asked for:
  /// ``Lexer/tokenize(_:range:recordingComments:)``).
  public var comments: [Range<Int>] = []
}
