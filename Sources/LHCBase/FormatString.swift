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

  /// Splits `text` into tokens.
  public init(parsing text: String, options: Options = []) {
    let parsed = text.withUTF8Bytes { FormatStringParser.parse($0, options: options) }
    tokens = parsed
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
    var result: [FormatArgument] = []
    var next = 1
    /// Updates the argument at `explicit` or the next sequential position; keeps `result` sorted.
    func use(_ explicit: Int?, _ update: (inout FormatArgument) -> Void) {
      let position: Int
      if let explicit {
        position = explicit
      } else {
        position = next
        next += 1
      }
      var low = 0
      var high = result.count
      if let last = result.last, last.position < position {
        low = high
      } else {
        while low < high {
          let middle = (low + high) / 2
          if result[middle].position < position { low = middle + 1 } else { high = middle }
        }
      }
      if low == result.count || result[low].position != position {
        result.insert(FormatArgument(position: position), at: low)
      }
      update(&result[low])
    }
    for token in tokens {
      switch token {
      case .specifier(let specifier):
        if case .argument(let explicit)? = specifier.width {
          use(explicit) { $0.widthOrPrecision = true }
        }
        if case .argument(let explicit)? = specifier.precision {
          use(explicit) { $0.widthOrPrecision = true }
        }
        use(specifier.position) { $0.specifiers.append(specifier) }
      case .substitution(let reference):
        use(reference.position) { $0.substitutionNames.append(reference.name) }
      case .literal, .percent, .argPlaceholder, .invalid:
        break
      }
    }
    return result
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

  /// The text with every specifier and substitution reference numbered with the argument it
  /// reads (`%@ %#@n@` → `%1$@ %2$#@n@`), as Foundation binds them: a numbered one keeps its
  /// number, the others count from `first` (1 for a whole format; a `.stringsdict` variable's
  /// argument for the form Foundation formats in its place), and only they advance the count.
  ///
  /// Nil when that binding is not certain: an invalid directive, a `*` width or precision, or an
  /// unnumbered argument after a numbered one that does not read the argument after the one read
  /// just before it (POSIX leaves mixing undefined; CoreFoundation counts the unnumbered ones
  /// apart, other implementations go on from the previous argument: the binding is taken only
  /// where both agree, as in `%@ %2$#@n@` and `%1$@ … %2$ld`).
  public func numberedArguments(from first: Int = 1) -> String? {
    var result = ""
    var next = first
    var previous = 0
    var sawNumbered = false
    /// The argument an item reads, nil when uncertain.
    func bind(_ explicit: Int?) -> Int? {
      let position: Int
      if let explicit {
        sawNumbered = true
        position = explicit
      } else {
        position = next
        next += 1
        if sawNumbered && previous + 1 != position { return nil }
      }
      previous = position
      return position
    }
    /// `text` without its `%` and its `N$`.
    func rest(_ text: String, numbered: Bool) -> Substring {
      let afterPercent = text.dropFirst()
      guard numbered, let dollar = afterPercent.firstIndex(of: "$") else { return afterPercent }
      return afterPercent[afterPercent.index(after: dollar)...]
    }
    for token in tokens {
      switch token {
      case .literal, .percent, .argPlaceholder:
        result += token.text
      case .invalid:
        return nil
      case .specifier(let specifier):
        for count in [specifier.width, specifier.precision] {
          if case .argument? = count { return nil }
        }
        guard let position = bind(specifier.position) else { return nil }
        result += "%\(position)$" + rest(specifier.text, numbered: specifier.position != nil)
      case .substitution(let reference):
        guard let position = bind(reference.position) else { return nil }
        result += "%\(position)$" + rest(reference.text, numbered: reference.position != nil)
      }
    }
    return result
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
