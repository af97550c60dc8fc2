/// Whether a string asks for format arguments: the one rule lhc uses to decide whether the code
/// formats a string, read the way Xcode writes keys (`man/lhc-compile.1`, FORMAT ARGUMENTS).
///
/// Xcode writes an interpolation as a specifier without flags (`%lld`, `%@`, `%lf`, or the
/// `specifier:` given), a literal `%` of a key with interpolations as `%%`, and keeps the `%` of a
/// key without interpolation as written (`100%`). So a `%` followed by a space or by `-` and a
/// letter is prose, not an argument: `100% natural` reads as `% n`, `50% faster` as `% f`, Swedish
/// `50%-ig` as `%-i`. Such a specifier is ``FormatSpecifier/isProseLike``; a string whose
/// arguments are all prose-like asks for none.
extension FormatSpecifier {
  /// True for a specifier no interpolation writes, which in text is a literal `%` before a word: a
  /// space flag (`% n`, `% f`, `% a`), a `-` flag without a field width (`%-i`), or `%n` (no Swift
  /// type has it). It reads an argument only where the code formats the string anyway.
  public var isProseLike: Bool {
    conversion == "n" || flags.contains(" ") || (flags.contains("-") && width == nil)
  }
}

extension FormatString {
  /// True when the string asks for arguments: it holds a substitution reference, `%arg`, or a
  /// specifier that is not ``FormatSpecifier/isProseLike``.
  ///
  /// A key or source-language value that asks for none is never formatted: the code passes no
  /// arguments (`Text("100% natural")`), so its translations are text whatever `%` they hold.
  public var asksForArguments: Bool {
    tokens.contains { token in
      switch token {
      case .specifier(let specifier): !specifier.isProseLike
      case .substitution, .argPlaceholder: true
      case .literal, .percent, .invalid: false
      }
    }
  }

  /// ``asksForArguments`` of `text` (`%arg` counts with `options`), without parsing a text that
  /// has no `%`.
  public static func asksForArguments(_ text: String, options: Options = []) -> Bool {
    text.containsUTF8(UInt8(ascii: "%"))
      && FormatString(parsing: text, options: options).asksForArguments
  }
}
