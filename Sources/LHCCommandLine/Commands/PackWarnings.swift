import ReleaseFiles
import StringTables

/// What `lhc pack` warns about in a release the SDK accepts but may not use as intended.
enum PackWarnings {
  /// How many keys a key-in-both warning names.
  static let keysNamed = 3

  /// Warnings about `release`, in a stable order: language folders, then tables, then files.
  static func find(_ release: Release) -> [String] {
    unselectedLanguages(release.tables) + keysInBothFiles(release.tables)
      + release.warnings.map { warning in
        "\(warning.path): \(warning.message)" + (warning.key.map { " (key '\($0)')" } ?? "")
      }
  }

  /// Whether the SDK asks for `<name>.lproj` itself: a bare language code, as
  /// `Locale.language.languageCode` gives it (`de`, `pt`, also ISO 639-2 `fil`).
  static func isLanguageCode(_ name: String) -> Bool {
    (2...3).contains(name.utf8.count) && name.utf8.allSatisfy { (0x61...0x7A).contains($0) }
  }

  /// `Base`, and folders like `pt-BR` with no `pt` folder beside them: the SDK's lookup never
  /// picks them, only Foundation's fallback might.
  static func unselectedLanguages(_ tables: [StringTable]) -> [String] {
    let languages = Set(tables.map(\.language))
    return languages.sorted().compactMap { language in
      if language == "Base" {
        return "Base.lproj: never selected by the LingoHub SDK, which asks for "
          + "<language code>.lproj"
      }
      let code = String(language.prefix { $0 != "-" && $0 != "_" })
      guard !isLanguageCode(language), !languages.contains(code) else { return nil }
      return "\(language).lproj: never selected by the LingoHub SDK, which asks for "
        + "<language code>.lproj; add \(code).lproj (e.g. a '\(code)' localization)"
    }
  }

  /// Tables with keys in both their `.strings` and `.stringsdict` (Xcode's device-variation
  /// output): one warning per table, with a count and the first few keys.
  static func keysInBothFiles(_ tables: [StringTable]) -> [String] {
    tables.compactMap { table in
      guard !table.strings.isEmpty, !table.rules.isEmpty else { return nil }
      let both = table.strings.keys.filter { table.rules[$0] != nil }
      guard !both.isEmpty else { return nil }
      let named = both.prefix(keysNamed).map { "'\($0)'" }.joined(separator: ", ")
      let more = both.count > keysNamed ? ", …" : ""
      return "\(table.language).lproj/\(table.name): \(both.count) "
        + (both.count == 1 ? "key is" : "keys are")
        + " in both .strings and .stringsdict (SDK 1.0 serves the .strings value): \(named)\(more)"
    }
  }
}
