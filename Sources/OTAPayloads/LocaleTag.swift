/// Language tags and URLs as the targets spell them.
enum LocaleTag {
  /// `tag` with `_` made `-` and BCP 47 case: language lower case, a 4-letter script capitalised,
  /// a 2-letter region upper case (`pt_br` → `pt-BR`, `zh-hans` → `zh-Hans`).
  static func canonical(_ tag: String) -> String {
    let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
      .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
    return subtags.enumerated().map { index, subtag in
      if index == 0 { return subtag.lowercased() }
      if subtag.count == 4, subtag.allSatisfy(\.isLetter) {
        return subtag.prefix(1).uppercased() + subtag.dropFirst().lowercased()
      }
      if subtag.count == 2 { return subtag.uppercased() }
      return String(subtag)
    }.joined(separator: "-")
  }

  /// True when a canonical tag is `language[-Script][-REGION]`: 2–3 letters, 4 letters, 2 letters
  /// or 3 digits (ReRune's rule for locale keys and `main_language`).
  static func isLanguageScriptRegion(_ tag: String) -> Bool {
    var subtags = tag.split(separator: "-", omittingEmptySubsequences: false)[...]
    guard let language = subtags.popFirst(), (2...3).contains(language.count),
      language.allSatisfy(\.isASCIILetterLowercase)
    else { return false }
    if let script = subtags.first, script.count == 4, script.allSatisfy(\.isASCIILetter) {
      subtags.removeFirst()
    }
    if let region = subtags.first,
      (region.count == 2 && region.allSatisfy(\.isASCIILetter))
        || (region.count == 3 && region.allSatisfy(\.isASCIIDigit))
    {
      subtags.removeFirst()
    }
    return subtags.isEmpty
  }

  /// `--base-url` without trailing `/`, checked: absolute `https` (or, unless `httpsOnly`,
  /// `http`) with a host, no query, fragment or white space (paths are appended to it).
  static func baseURL(_ url: String, httpsOnly: Bool = false) throws(PayloadError) -> String {
    var trimmed = Substring(url)
    while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    let rest = trimmed.hasPrefix("https://") ? trimmed.dropFirst(8) : trimmed.dropFirst(7)
    guard trimmed.hasPrefix("https://") || (!httpsOnly && trimmed.hasPrefix("http://")),
      !rest.isEmpty, !rest.hasPrefix("/"),
      !rest.contains(where: { $0 == "?" || $0 == "#" || $0.isWhitespace })
    else {
      let scheme = httpsOnly ? "https" : "http(s)"
      throw PayloadError(
        "invalid base URL '\(url)': expected an absolute \(scheme) URL without query or fragment")
    }
    return String(trimmed)
  }
}

extension Character {
  fileprivate var isASCIILetter: Bool { isASCII && isLetter }
  fileprivate var isASCIILetterLowercase: Bool { isASCII && isLowercase }
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
