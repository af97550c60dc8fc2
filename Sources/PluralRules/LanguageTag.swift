/// The language, script and region of a BCP 47 / Apple language tag, for looking up CLDR rules.
struct LanguageTag: Sendable, Hashable {
  /// Lower-case language subtag (`pt`, `yue`), empty if the tag has none.
  var language: String
  /// Title-case script subtag (`Hant`), if present.
  var script: String?
  /// Upper-case region subtag (`BR`, `419`), if present.
  var region: String?

  /// Parses `tag`: `-` and `_` separate subtags, case is ignored, and everything after the
  /// region (variants, extensions, `@` keywords) is dropped.
  init(_ tag: String) {
    let core = tag.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    var subtags = core.split(whereSeparator: { $0 == "-" || $0 == "_" })[...]
    language = ""
    if let first = subtags.first, (2...8).contains(first.count), first.allSatisfy(Self.isLetter) {
      language = first.lowercased()
      subtags = subtags.dropFirst()
    }
    if let next = subtags.first, next.count == 4, next.allSatisfy(Self.isLetter) {
      script = next.prefix(1).uppercased() + next.dropFirst().lowercased()
      subtags = subtags.dropFirst()
    }
    if let next = subtags.first,
      (next.count == 2 && next.allSatisfy(Self.isLetter))
        || (next.count == 3 && next.allSatisfy(Self.isDigit))
    {
      region = next.uppercased()
    }
  }

  /// CLDR locale ids to try, most specific first: `lang_Script_REGION`, `lang_Script`,
  /// `lang_REGION`, `lang`. Empty when the tag has no language subtag.
  var candidates: [String] {
    guard !language.isEmpty else { return [] }
    var result: [String] = []
    if let script, let region { result.append("\(language)_\(script)_\(region)") }
    if let script { result.append("\(language)_\(script)") }
    if let region { result.append("\(language)_\(region)") }
    result.append(language)
    return result
  }

  /// Whether `character` is an ASCII letter.
  private static func isLetter(_ character: Character) -> Bool {
    character.isASCII && character.isLetter
  }

  /// Whether `character` is an ASCII digit.
  private static func isDigit(_ character: Character) -> Bool {
    character.isASCII && character.isNumber
  }
}
