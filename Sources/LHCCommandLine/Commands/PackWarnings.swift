import TableDiff

/// What `lhc pack` warns about in a release the SDK accepts but may not use as intended.
enum PackWarnings {
  /// How many keys a key-in-both warning names.
  static let keysNamed = 3

  /// Warnings about `release`, in a stable order: language folders, then tables, then files.
  static func find(_ release: PackedRelease) -> [String] {
    unselectedLanguages(Set(release.tables.map(\.language))) + keysInBothFiles(release.tables)
      + release.warnings.map { warning in
        "\(warning.path): \(warning.message)" + (warning.key.map { " (key '\($0)')" } ?? "")
      }
  }

  /// `Base`, and folders like `pt-BR` with no `pt` folder beside them: the SDK's lookup never
  /// picks them, only Foundation's fallback might.
  static func unselectedLanguages(_ languages: Set<String>) -> [String] {
    SDKLanguageSelection.unselectable(languages).map { folder, code in
      "\(folder).lproj: never selected by the LingoHub SDK, which asks for <language code>.lproj"
        + (code.map { "; add \($0).lproj (e.g. a '\($0)' localization)" } ?? "")
    }
  }

  /// Tables with keys in both their `.strings` and `.stringsdict` (Xcode's device-variation
  /// output): one warning per table, with a count and the first few keys.
  static func keysInBothFiles(_ tables: [PackedRelease.Table]) -> [String] {
    tables.compactMap { table in
      let both = table.keysInBothFiles
      guard !both.isEmpty else { return nil }
      let named = both.prefix(keysNamed).map { "'\($0)'" }.joined(separator: ", ")
      let more = both.count > keysNamed ? ", …" : ""
      return "\(table.language).lproj/\(table.name): \(both.count) "
        + (both.count == 1 ? "key is" : "keys are")
        + " in both .strings and .stringsdict (SDK 1.0 serves the .strings value): \(named)\(more)"
    }
  }
}
