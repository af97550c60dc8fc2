/// A printf-style format string (`String(format:)`, CFString, stringsdict) split into tokens.
///
/// Parsing never fails: text that starts with `%` but breaks the grammar becomes an `.invalid`
/// token, and concatenating the tokens' texts always reproduces the input exactly.
public struct FormatString: Sendable, Equatable {
  /// Parser options.
  public struct Options: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Recognise `%arg` (the placeholder in String Catalog substitution leaves) as its own token.
    public static let argPlaceholder = Options(rawValue: 1 << 0)
  }

  public var tokens: [FormatToken]

  /// Wraps already-split tokens.
  public init(tokens: [FormatToken]) {
    self.tokens = tokens
  }

  /// Splits `text` into tokens.
  public init(parsing text: String, options: Options = []) {
    var text = text
    let parsed = text.withUTF8 { FormatStringParser.parse($0, options: options) }
    tokens = parsed
  }

  /// Splits UTF-8 bytes into tokens (invalid UTF-8 in literals is repaired with U+FFFD).
  public init(utf8 bytes: UnsafeBufferPointer<UInt8>, options: Options = []) {
    tokens = FormatStringParser.parse(bytes, options: options)
  }

  /// The source text: all token texts concatenated.
  public var text: String {
    tokens.reduce(into: "") { $0 += $1.text }
  }

  /// Argument-consuming specifiers and substitution references, resolved to 1-based positions.
  ///
  /// Explicit `N$` positions are used as given; non-positional items take the next number of a
  /// sequential counter that only non-positional items advance (C order: width `*`, precision `*`,
  /// then the value). Sorted by position, one element per position.
  public var arguments: [FormatArgument] {
    var byPosition: [Int: FormatArgument] = [:]
    var next = 1
    func resolve(_ explicit: Int?) -> Int {
      if let explicit { return explicit }
      defer { next += 1 }
      return next
    }
    for token in tokens {
      switch token {
      case .specifier(let specifier):
        for count in [specifier.width, specifier.precision] {
          guard case .argument(let explicit)? = count else { continue }
          let position = resolve(explicit)
          byPosition[position, default: FormatArgument(position: position)].widthOrPrecision = true
        }
        let position = resolve(specifier.position)
        byPosition[position, default: FormatArgument(position: position)].specifiers.append(specifier)
      case .substitution(let reference):
        let position = resolve(reference.position)
        byPosition[position, default: FormatArgument(position: position)]
          .substitutionNames.append(reference.name)
      case .literal, .percent, .argPlaceholder, .invalid:
        break
      }
    }
    return byPosition.values.sorted { $0.position < $1.position }
  }

  /// The specifiers, in text order.
  public var specifiers: [FormatSpecifier] {
    tokens.compactMap { if case .specifier(let specifier) = $0 { specifier } else { nil } }
  }

  /// The substitution references, in text order.
  public var substitutionReferences: [SubstitutionReference] {
    tokens.compactMap { if case .substitution(let reference) = $0 { reference } else { nil } }
  }

  /// Texts of the `.invalid` tokens, in order.
  public var invalidTokens: [String] {
    tokens.compactMap { if case .invalid(let text) = $0 { text } else { nil } }
  }

  /// True when the string contains the `.argPlaceholder` token.
  public var hasArgPlaceholder: Bool {
    tokens.contains(.argPlaceholder)
  }

  /// True when any specifier, `*N$` or substitution reference names its position explicitly.
  public var hasPositionalArguments: Bool {
    argumentReferences.contains { $0 != nil }
  }

  /// True when any specifier, `*` or substitution reference takes the next sequential argument.
  public var hasNonPositionalArguments: Bool {
    argumentReferences.contains { $0 == nil }
  }

  /// Every argument read in text order, as its explicit position or nil for a sequential one.
  private var argumentReferences: [Int?] {
    var result: [Int?] = []
    for token in tokens {
      switch token {
      case .specifier(let specifier):
        for count in [specifier.width, specifier.precision] {
          if case .argument(let explicit)? = count { result.append(explicit) }
        }
        result.append(specifier.position)
      case .substitution(let reference):
        result.append(reference.position)
      case .literal, .percent, .argPlaceholder, .invalid:
        break
      }
    }
    return result
  }
}

/// One piece of a format string.
public enum FormatToken: Sendable, Hashable {
  case literal(String)
  /// `%%`.
  case percent
  case specifier(FormatSpecifier)
  case substitution(SubstitutionReference)
  /// `%arg` (only with `FormatString.Options.argPlaceholder`).
  case argPlaceholder
  /// Text starting with `%` that breaks the grammar, as written.
  case invalid(String)

  /// The exact source text of the token.
  public var text: String {
    switch self {
    case .literal(let text), .invalid(let text): return text
    case .percent: return "%%"
    case .specifier(let specifier): return specifier.text
    case .substitution(let reference): return reference.text
    case .argPlaceholder: return "%arg"
    }
  }
}
