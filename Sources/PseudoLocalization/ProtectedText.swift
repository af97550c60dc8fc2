import LHCBase

/// A text as Unicode scalars, each marked as kept (written back unchanged) or as text that
/// pseudo-localization may transform.
///
/// Kept:
/// - every format token but literal text, verbatim: specifiers (`%@`, `%1$lld`, `%.2f`), `%%`,
///   substitution references (`%#@name@`), `%arg`, and a `%` that starts no valid specifier with
///   what the tokenizer took with it;
/// - a backslash and the character after it (`\n` written as two characters, Markdown escapes such
///   as `\*`);
/// - Markdown code spans (`` `code` ``, a backtick run up to the next run of the same length);
/// - link destinations and attribute lists: from `](` to the matching `)` (`[text](url)`,
///   `^[text](inflect: true)`), parentheses nested;
/// - autolinks: `<scheme:…>` without spaces.
///
/// Everything else is text, Markdown delimiters (`*`, `_`, `~`, `` ` ``, `[`, `]`, `^`) included:
/// they are not letters, so no mode changes them, but they end words (see ``isWordScalar(_:)``).
struct ProtectedText {
  private(set) var scalars: [Unicode.Scalar] = []
  private(set) var kept: [Bool] = []

  init(_ text: String) {
    // `%arg` is tokenized everywhere: outside substitution forms the parser would read `%a` and
    // keep only that, and keeping the whole `%arg` is as safe.
    for token in FormatString(parsing: text, options: .argPlaceholder).tokens {
      let isLiteral: Bool
      if case .literal = token { isLiteral = true } else { isLiteral = false }
      for scalar in token.text.unicodeScalars {
        scalars.append(scalar)
        kept.append(!isLiteral)
      }
    }
    protectMarkup()
  }

  /// True for a scalar that is part of a word: not whitespace and not a Markdown delimiter.
  static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "*", "_", "~", "`", "[", "]", "^": false
    default: !scalar.properties.isWhitespace
    }
  }

  // MARK: Markup

  /// Marks escapes, code spans, link destinations and autolinks as kept, left to right.
  private mutating func protectMarkup() {
    var index = 0
    while index < scalars.count {
      if kept[index] {
        index += 1
        continue
      }
      var end = index + 1  // one past what is kept from `index`, or `index + 1` for nothing
      switch scalars[index] {
      case "\\":
        end = min(index + 2, scalars.count)
      case "`":
        let run = runLength(at: index)
        end = closingRun(of: run, from: index + run).map { $0 + run } ?? index + run
      case "]" where index + 1 < scalars.count && scalars[index + 1] == "(":
        guard let close = matchingParenthesis(from: index + 1) else {
          index += 1
          continue
        }
        end = close + 1
      case "<":
        guard let close = autolinkEnd(from: index) else {
          index += 1
          continue
        }
        end = close + 1
      default:
        index += 1
        continue
      }
      for position in index..<end { kept[position] = true }
      index = end
    }
  }

  /// The number of backticks in the run starting at `index`.
  private func runLength(at index: Int) -> Int {
    var end = index
    while end < scalars.count && scalars[end] == "`" { end += 1 }
    return end - index
  }

  /// The start of the next backtick run of exactly `length` from `start`, if any.
  private func closingRun(of length: Int, from start: Int) -> Int? {
    var index = start
    while index < scalars.count {
      guard scalars[index] == "`" else {
        index += 1
        continue
      }
      let run = runLength(at: index)
      if run == length { return index }
      index += run
    }
    return nil
  }

  /// The `)` matching the `(` at `open`, parentheses nested; nil when it is never closed.
  private func matchingParenthesis(from open: Int) -> Int? {
    var depth = 0
    for index in open..<scalars.count {
      if scalars[index] == "(" {
        depth += 1
      } else if scalars[index] == ")" {
        depth -= 1
        if depth == 0 { return index }
      }
    }
    return nil
  }

  /// The `>` closing a CommonMark URI autolink opened at `open` (`<https://example.com>`): a
  /// scheme of 2 to 32 ASCII letters, digits, `+`, `.`, `-` starting with a letter, a `:`, then no
  /// whitespace, control character, `<` or `>` before the `>`.
  private func autolinkEnd(from open: Int) -> Int? {
    var index = open + 1
    guard index < scalars.count, isASCIILetter(index) else { return nil }
    let schemeStart = index
    while index < scalars.count,
      isASCIILetter(index) || ("0"..."9").contains(scalars[index])
        || ["+", ".", "-"].contains(scalars[index])
    {
      index += 1
    }
    guard (2...32).contains(index - schemeStart), index < scalars.count, scalars[index] == ":"
    else { return nil }
    index += 1
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == ">" { return index }
      if scalar == "<" || scalar.properties.isWhitespace || scalar.value < 0x20 { return nil }
      index += 1
    }
    return nil
  }

  private func isASCIILetter(_ index: Int) -> Bool {
    ("a"..."z").contains(scalars[index]) || ("A"..."Z").contains(scalars[index])
  }
}
