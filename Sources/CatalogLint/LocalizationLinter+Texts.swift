import LHCBase
import StringCatalog

/// Translation checks against the source language's text of the same case: empty, identical,
/// leading/trailing whitespace, line count (translate-toolkit `pofilter`'s checks).
///
/// Decisions: a translation identical to the source is not reported when the source's words (its
/// text without format specifiers, substitution references and `%%`, trimmed) are at most 3
/// characters or hold no letter (`OK`, `%@`, `$%lld`, `%lld km`, `1/2`), when the key is marked
/// `shouldTranslate: false`, when the unit is in state `new` (not shipped), when the language is a
/// regional variant of the source language (`en-GB` for `en`), where identical text is normal, or
/// for a text referencing substitutions (`%#@count@ selected`) whose forms differ from the
/// source's: the translation is in the forms.
extension LocalizationLinter {
  mutating func checkText(_ leaf: LintLeaf) {
    guard let reference = source.textReference(for: leaf) else { return }
    for (id, message) in Self.textProblems(
      leaf.value, state: leaf.state, source: reference.value,
      shouldTranslate: entry.shouldTranslate,
      language: language, sourceLanguage: sourceLanguage)
    where id != "identical-to-source" || !substitutionsDiffer(leaf) {
      report(id, message, at: leaf.offset)
    }
  }

  /// True when a leaf references a substitution whose forms are not those of the source
  /// language's substitution of that name (other cases or other texts).
  private func substitutionsDiffer(_ leaf: LintLeaf) -> Bool {
    guard leaf.value.containsUTF8(UInt8(ascii: "#")) else { return false }
    for reference in leaf.format.substitutionReferences {
      let mine = leaves.leaves.filter { $0.substitution == reference.name }
      let theirs = source.leaves(ofSubstitution: reference.name)
      guard mine.count == theirs.count,
        mine.allSatisfy({ form in
          theirs.contains { $0.path == form.path && $0.value == form.value }
        })
      else { return true }
    }
    return false
  }

  /// The words of a text: without format specifiers Xcode's interpolation writes, substitution
  /// references, `%arg` and `%%` (a prose-like `% n` stays: it is text), whitespace trimmed.
  static func words(_ text: String) -> Substring {
    var words = ""
    if text.containsUTF8(UInt8(ascii: "%")) {
      for token in FormatString(parsing: text, options: .argPlaceholder).tokens {
        switch token {
        case .specifier(let specifier) where !specifier.isProseLike: break
        case .substitution, .argPlaceholder, .percent: break
        default: words += token.text
        }
      }
    } else {
      words = text
    }
    let scalars = words.unicodeScalars
    guard let first = scalars.firstIndex(where: { !isWhitespace($0) }),
      let last = scalars.lastIndex(where: { !isWhitespace($0) })
    else { return "" }
    return words[first...last]
  }

  /// The text checks of a translation against its source text: `(check id, message)` pairs.
  static func textProblems(
    _ text: String, state: UnitState?, source sourceText: String, shouldTranslate: Bool?,
    language: String, sourceLanguage: String
  ) -> [(String, String)] {
    if text.isEmpty {
      return sourceText.isEmpty
        ? []
        : [
          (
            "empty-translation",
            "Translation is empty while the \(sourceLanguage) value is not; the app shows an empty string"
          )
        ]
    }
    var problems: [(String, String)] = []
    if text == sourceText && shouldTranslate != false && state != .new
      && !isVariant(language, of: sourceLanguage), case let words = words(sourceText),
      words.count > 3, words.contains(where: \.isLetter)
    {
      problems.append(
        (
          "identical-to-source",
          "Translation is identical to the \(sourceLanguage) value; users of \(language) see untranslated text"
        ))
    }
    guard !sourceText.isEmpty else { return problems }
    // Most texts start and end with a visible ASCII character: no whitespace to compare then.
    if mayHaveEdgeWhitespace(text) || mayHaveEdgeWhitespace(sourceText) {
      problems += whitespaceProblems(text, sourceText, sourceLanguage: sourceLanguage)
    }
    let lines = lineCount(text)
    let sourceLines = lineCount(sourceText)
    if lines != sourceLines {
      problems.append(
        (
          "line-count-mismatch",
          "Translation has \(lines) line\(lines == 1 ? "" : "s") but the \(sourceLanguage) value has \(sourceLines); a layout made for the source's lines clips or misaligns it"
        ))
    }
    return problems
  }

  /// True when the first or last character is whitespace: the first and last scalars decoded from
  /// the UTF-8 in place (the string's scalar view decodes the last one at a higher cost), and only
  /// when their lead byte can start whitespace (``mayStartWhitespace(_:)``: decoding the edges of
  /// every text cost 13.2M of lint's 612.6M instructions for the 9.9 MB bench catalog).
  private static func mayHaveEdgeWhitespace(_ text: String) -> Bool {
    text.withUTF8Bytes { bytes in
      guard !bytes.isEmpty else { return false }
      var end = bytes.count - 1
      while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }  // back to the last scalar's lead byte
      return mayStartWhitespace(bytes[0]) && isWhitespace(scalar(at: 0, in: bytes))
        || mayStartWhitespace(bytes[end]) && isWhitespace(scalar(at: end, in: bytes))
    }
  }

  /// False when a scalar whose UTF-8 starts with `lead` is never whitespace: every scalar of
  /// ``isWhitespace(_:)`` is ASCII 0x09–0x0D or 0x20, or starts with 0xC2 (U+0085, U+00A0), 0xE1
  /// (U+1680), 0xE2 (U+2000–U+205F) or 0xE3 (U+3000). A test checks it against the set.
  static func mayStartWhitespace(_ lead: UInt8) -> Bool {
    switch lead {
    case 0x09...0x0D, 0x20, 0xC2, 0xE1, 0xE2, 0xE3: true
    default: false
    }
  }

  /// The scalar whose UTF-8 starts at `index` of valid UTF-8 `bytes`.
  private static func scalar(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar
  {
    var iterator = bytes[index...].makeIterator()
    var decoder = UTF8()
    guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return "\u{FFFD}" }
    return scalar
  }

  /// Leading and trailing whitespace compared with the source text's.
  private static func whitespaceProblems(
    _ text: String, _ sourceText: String, sourceLanguage: String
  )
    -> [(String, String)]
  {
    var problems: [(String, String)] = []
    let edges = (whitespaceEdges(text), whitespaceEdges(sourceText))
    if edges.0.leading != edges.1.leading {
      problems.append(
        (
          "whitespace-mismatch",
          "Leading whitespace \(quoted(edges.0.leading)) differs from the \(sourceLanguage) value's \(quoted(edges.1.leading)); text placed next to it gains or loses a space or line break"
        ))
    }
    if edges.0.trailing != edges.1.trailing && !edges.0.isBlank {
      problems.append(
        (
          "whitespace-mismatch",
          "Trailing whitespace \(quoted(edges.0.trailing)) differs from the \(sourceLanguage) value's \(quoted(edges.1.trailing)); text placed next to it gains or loses a space or line break"
        ))
    }
    return problems
  }

  /// The number of lines: line feeds plus one.
  private static func lineCount(_ text: String) -> Int {
    guard text.containsUTF8(0x0A) else { return 1 }  // memchr: most texts are one line
    return text.withUTF8Bytes { bytes in
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

  /// Unicode's `White_Space` property, spelled out: a property lookup for every non-Latin text's
  /// first and last character cost more than the rest of the text checks (the set has not changed
  /// since Unicode 6.3; a test compares it with `Unicode.Scalar.Properties.isWhitespace`).
  static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F,
      0x3000:
      true
    default: false
    }
  }

  /// `"\n"`, `" "`, `""`: whitespace made visible (other whitespace as `\u{A0}`).
  private static func quoted(_ text: Substring) -> String {
    let visible = text.unicodeScalars.map { scalar in
      switch scalar {
      case "\n": "\\n"
      case "\t": "\\t"
      case "\r": "\\r"
      case " ": " "
      default: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      }
    }
    return "\"" + visible.joined() + "\""
  }

  /// True when `language` is `source` or a regional or script variant of it (`en-GB` of `en`).
  static func isVariant(_ language: String, of source: String) -> Bool {
    func primary(_ tag: String) -> Substring {
      tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).first?.lowercased()[...] ?? ""
    }
    return primary(language) == primary(source)
  }
}
