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
    let edges = (Self.whitespaceEdges(text), Self.whitespaceEdges(sourceText))
    if edges.0.leading != edges.1.leading && !sourceText.isEmpty {
      report(
        "whitespace-mismatch",
        "Leading whitespace \(Self.quoted(edges.0.leading)) differs from the \(sourceLanguage) value's \(Self.quoted(edges.1.leading)); text placed next to it gains or loses a space or line break",
        at: leaf.offset)
    }
    if edges.0.trailing != edges.1.trailing && !sourceText.isEmpty && !edges.0.isBlank {
      report(
        "whitespace-mismatch",
        "Trailing whitespace \(Self.quoted(edges.0.trailing)) differs from the \(sourceLanguage) value's \(Self.quoted(edges.1.trailing)); text placed next to it gains or loses a space or line break",
        at: leaf.offset)
    }
    let lines = Self.lineCount(text)
    let sourceLines = Self.lineCount(sourceText)
    if lines != sourceLines && !sourceText.isEmpty {
      report(
        "line-count-mismatch",
        "Translation has \(lines) line\(lines == 1 ? "" : "s") but the \(sourceLanguage) value has \(sourceLines); a layout made for the source's lines clips or misaligns it",
        at: leaf.offset)
    }
  }

  /// The number of lines: line feeds plus one.
  private static func lineCount(_ text: String) -> Int {
    var text = text
    return text.withUTF8 { bytes in
      var count = 1
      for byte in bytes where byte == 0x0A { count += 1 }
      return count
    }
  }

  /// The whitespace a text starts and ends with (a blank text is all leading and trailing).
  private static func whitespaceEdges(_ text: String) -> (
    leading: Substring, trailing: Substring, isBlank: Bool
  ) {
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !isWhitespace($0) }),
      let last = scalars.lastIndex(where: { !isWhitespace($0) })
    else { return (text[...], text[...], true) }
    return (text[..<first], text[scalars.index(after: last)...], false)
  }

  /// Unicode whitespace, without a property lookup for ASCII (nearly every character checked).
  private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII
      ? scalar == " " || (scalar.value >= 0x09 && scalar.value <= 0x0D)
      : scalar.properties.isWhitespace
  }

  /// `"\n"`, `" "`, `""`: whitespace made visible.
  private static func quoted(_ text: Substring) -> String {
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
