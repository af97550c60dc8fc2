/// Which `.lproj` folders the LingoHub iOS SDK's own lookup picks: it asks for
/// `<Locale.language.languageCode>.lproj` and nothing else (lingohub-release.md §1.6).
public enum SDKLanguageSelection {
  /// Whether the SDK asks for `<name>.lproj` itself: a bare language code as
  /// `Locale.language.languageCode` gives it (`de`, `pt`, also ISO 639-2 `fil`).
  public static func isLanguageCode(_ name: String) -> Bool {
    (2...3).contains(name.utf8.count) && name.utf8.allSatisfy { (0x61...0x7A).contains($0) }
  }

  /// The folders the SDK never picks, sorted: not a language code, and no folder of their
  /// language beside them (`pt-BR` without `pt`, `Base`), each with the code of the folder that
  /// would make it reachable, when there is one.
  public static func unselectable(_ languages: Set<String>) -> [(folder: String, code: String?)] {
    languages.sorted().compactMap { language in
      let code = String(language.prefix { $0 != "-" && $0 != "_" })
      guard !isLanguageCode(language), code == language || !languages.contains(code) else {
        return nil
      }
      return (language, isLanguageCode(code) ? code : nil)
    }
  }
}
