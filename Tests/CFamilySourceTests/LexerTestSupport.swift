import CFamilySource

/// A lexed source text and the views of it the tests compare.
struct Lexed {
  let bytes: [UInt8]
  let stream: CFamilyTokenStream

  init(_ source: String) {
    self.init(bytes: Array(source.utf8))
  }

  init(bytes: [UInt8]) {
    self.bytes = bytes
    stream = CFamilyLexer.tokenize(bytes)
  }

  /// Every token but the end.
  var tokens: [CFamilyToken] { stream.tokens.filter { $0.kind != .end } }

  /// The tokens' spellings (continuations removed).
  var spellings: [String] { tokens.map(spelling) }

  var kinds: [CFamilyTokenKind] { tokens.map(\.kind) }

  /// The literals, in order.
  var literals: [CFamilyStringLiteral] { stream.literals }

  /// The literals' values.
  var values: [String] { stream.literals.map(\.value) }

  /// The only literal (fails the test's expectation through `nil` otherwise).
  var literal: CFamilyStringLiteral? { stream.literals.count == 1 ? stream.literals[0] : nil }

  /// A token's bytes as text, continuations removed.
  func spelling(_ token: CFamilyToken) -> String {
    String(decoding: CFamilyLexer.spelling(of: token, in: bytes), as: UTF8.self)
  }

  /// A token's bytes exactly as in the input.
  func text(_ token: CFamilyToken) -> String {
    String(decoding: bytes[token.range], as: UTF8.self)
  }

  /// The spellings of the tokens with `flag`.
  func spellings(with flag: CFamilyTokenFlags) -> [String] {
    tokens.filter { $0.flags.contains(flag) }.map(spelling)
  }

  /// The values of the literals whose token has (or, with `without`, lacks) `flag`.
  func values(with flag: CFamilyTokenFlags, without: Bool = false) -> [String] {
    stream.tokens.filter { $0.kind == .string && $0.flags.contains(flag) != without }.compactMap {
      stream.literal(of: $0)?.value
    }
  }

  /// The directives, in order.
  var directives: [CFamilyDirective] { tokens.compactMap(\.directive) }

  /// Whether the tokens are in order, inside the input, and every literal's range is its token's.
  var isWellFormed: Bool {
    var previous: Int32 = 0
    for token in stream.tokens {
      guard token.start >= previous, token.end >= token.start, Int(token.end) <= bytes.count
      else { return false }
      previous = token.end
      if let literal = stream.literal(of: token) {
        guard literal.start == token.start, literal.end == token.end else { return false }
      }
    }
    return stream.tokens.last?.kind == .end
  }
}
