/// Translation checks against the source language's text of the same case: empty, identical,
/// leading/trailing whitespace, line count (translate-toolkit `pofilter`'s checks).
///
/// Decisions: a translation identical to the source is not reported when the source text has at
/// most 3 characters or no letter (`OK`, `%@`, `1/2`), when the key is marked
/// `shouldTranslate: false`, when the unit is in state `new` (not shipped), or when the language is a regional variant of the source language
/// (`en-GB` for `en`), where identical text is normal.
extension LocalizationLinter {
  mutating func checkText(_ leaf: LintLeaf) {
    guard let reference = source.textReference(for: leaf) else { return }
    let text = leaf.value
    let sourceText = reference.value
    if text.isEmpty {
      if !sourceText.isEmpty {
        report(
          "empty-translation",
          "Translation is empty while the \(sourceLanguage) value is not; the app shows an empty string",
          at: leaf.offset)
      }
      return
    }
    if text == sourceText && entry.shouldTranslate != false && leaf.state != .new && sourceText.count > 3
      && sourceText.contains(where: \.isLetter) && !Self.isVariant(language, of: sourceLanguage)
    {
      report(
        "identical-to-source",
        "Translation is identical to the \(sourceLanguage) value; users of \(language) see untranslated text",
        at: leaf.offset)
    }
    let leading = (String(text.prefix(while: \.isWhitespace)), String(sourceText.prefix(while: \.isWhitespace)))
    if leading.0 != leading.1 && !sourceText.isEmpty {
      report(
        "whitespace-mismatch",
        "Leading whitespace \(Self.quoted(leading.0)) differs from the \(sourceLanguage) value's \(Self.quoted(leading.1)); text placed next to it gains or loses a space or line break",
        at: leaf.offset)
    }
    let trailing = (Self.trailingWhitespace(text), Self.trailingWhitespace(sourceText))
    if trailing.0 != trailing.1 && !sourceText.isEmpty && !text.allSatisfy(\.isWhitespace) {
      report(
        "whitespace-mismatch",
        "Trailing whitespace \(Self.quoted(trailing.0)) differs from the \(sourceLanguage) value's \(Self.quoted(trailing.1)); text placed next to it gains or loses a space or line break",
        at: leaf.offset)
    }
    let lines = text.utf8.count { $0 == 0x0A } + 1
    let sourceLines = sourceText.utf8.count { $0 == 0x0A } + 1
    if lines != sourceLines && !sourceText.isEmpty {
      report(
        "line-count-mismatch",
        "Translation has \(lines) line\(lines == 1 ? "" : "s") but the \(sourceLanguage) value has \(sourceLines); a layout made for the source's lines clips or misaligns it",
        at: leaf.offset)
    }
  }

  private static func trailingWhitespace(_ text: String) -> String {
    String(text.reversed().prefix(while: \.isWhitespace).reversed())
  }

  /// `"\n"`, `" "`, `""`: whitespace made visible.
  private static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      case " ": result += " "
      default: result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      }
    }
    return result + "\""
  }

  /// True when `language` is `source` or a regional or script variant of it (`en-GB` of `en`).
  static func isVariant(_ language: String, of source: String) -> Bool {
    func primary(_ tag: String) -> Substring {
      tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).first?.lowercased()[...] ?? ""
    }
    return primary(language) == primary(source)
  }
}
