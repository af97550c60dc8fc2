import LHCBase

/// The tokens of a format string that are neither literal text nor invalid (specifiers, `%%`,
/// `%#@name@`, `%arg`), as texts in order: what a transformed text must keep.
public func formatTokenTexts(_ text: String, options: FormatString.Options = []) -> [String] {
  FormatString(parsing: text, options: options).tokens.compactMap {
    switch $0 {
    case .literal, .invalid: nil
    default: $0.text
    }
  }
}
