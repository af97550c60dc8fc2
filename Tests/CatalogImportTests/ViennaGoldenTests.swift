import CatalogImport
import CatalogWriter
import Foundation
import LHCTestSupport
import ReleaseFiles
import Testing

/// The golden pair of `catalog-writing.md` §3: ViennaRSS's legacy files of commit `f840aa2`
/// (`../shared/corpus/legacy/ViennaRSS__vienna-rss`, 9 of its 23 languages) imported as lhc
/// imports them, against the catalog Xcode's "Migrate to String Catalog" made of them in
/// `e5bb013`. Every entry equals Xcode's in the languages present (values, variations, states),
/// except for the differences below, each asserted exactly (also listed in `lhc-import(1)`):
///
/// 1. `extractionState`: that commit also ran a build, which found every key in code and removed
///    the field; lhc writes `migrated` on every key.
/// 2. Four keys only in Xcode's catalog (`%@, %@`, `Development Options`, `Log Formatting
///    Strings`, `Log Predicate String`): the build extracted them from code; no legacy file has them.
/// 3. 82 comments only in Xcode's catalog: `en.lproj/Localizable.strings` holds no entry (only a
///    comment), so the source language documents no key; Xcode's comments come from the code's
///    `NSLocalizedString(_, comment:)`, which the build read. lhc takes comments from the source
///    language's file only (`catalog-writing.md` §3: other languages' comments are dropped).
/// 4. Nine plural localizations (lt ×7, cs, ru) where Xcode's catalog lacks the forms whose text
///    is one of the English forms of the same key (untranslated forms): whether Xcode or a
///    maintainer dropped them is unknown; the IceCubes pair kept every form. lhc keeps every
///    form verbatim (a form the app shows today stays).
@Suite("Legacy import: ViennaRSS golden pair")
struct ViennaGoldenTests {
  static let legacy = TestPaths.corpus.appendingPathComponent("legacy/ViennaRSS__vienna-rss")
  static let migrated = TestPaths.corpusCatalogFolder.appendingPathComponent(
    "ViennaRSS__vienna-rss__Localizable-migrated-e5bb013.xcstrings")

  /// The entry fields either catalog has.
  static let fields: Set<String> = ["comment", "extractionState", "localizations"]

  /// The `strings` object of a catalog's JSON.
  static func entries(_ bytes: Data) throws -> [String: NSDictionary] {
    let json = try JSONSerialization.jsonObject(with: bytes) as? NSDictionary
    return try #require(json?["strings"] as? [String: NSDictionary])
  }

  /// The plural forms of a localization that has only a plural variation.
  static func pluralForms(_ localization: Any?) -> [String: String]? {
    guard let localization = localization as? NSDictionary,
      let plural = (localization["variations"] as? NSDictionary)?["plural"] as? [String: Any],
      localization.count == 1
    else { return nil }
    var forms: [String: String] = [:]
    for (category, value) in plural {
      let unit = (value as? NSDictionary)?["stringUnit"] as? NSDictionary
      guard let text = unit?["value"] as? String else { return nil }
      forms[category] = text
    }
    return forms
  }

  @Test func importedEntriesEqualXcodesMigrationButTheListedDifferences() throws {
    let files = try Release.files(in: Self.legacy.path)
    let read = try LegacyFiles.read(files, table: "Localizable", sourceLanguage: "en")
    #expect(read.warnings.isEmpty)
    let languages = Set(read.input.tables.map(\.language))
    #expect(languages.count == 9)
    let output = try LegacyImport.catalog(read.input).get()
    let imported = try Self.entries(Data(CatalogWriter.bytes(output.catalog)))
    let xcode = try Self.entries(Data(contentsOf: Self.migrated))

    // 2: the build's keys.
    #expect(
      Set(xcode.keys).subtracting(imported.keys)
        == ["%@, %@", "Development Options", "Log Formatting Strings", "Log Predicate String"])
    #expect(Set(imported.keys).isSubset(of: xcode.keys))

    var commentsFromCode = 0
    var untranslatedFormsDropped: [String] = []
    for (key, entry) in imported {
      let theirs = try #require(xcode[key])
      // 1: extractionState.
      #expect(entry["extractionState"] as? String == "migrated", "\(key)")
      #expect(theirs["extractionState"] == nil, "\(key)")
      // 3: comments.
      if let comment = entry["comment"] {
        #expect(theirs["comment"] as? String == comment as? String, "\(key)")
      } else if theirs["comment"] != nil {
        commentsFromCode += 1
      }
      #expect(Set(entry.allKeys.compactMap { $0 as? String }).isSubset(of: Self.fields), "\(key)")
      #expect(Set(theirs.allKeys.compactMap { $0 as? String }).isSubset(of: Self.fields), "\(key)")
      let ours = entry["localizations"] as? [String: Any] ?? [:]
      let their = (theirs["localizations"] as? [String: Any] ?? [:]).filter {
        languages.contains($0.key)
      }
      #expect(Set(ours.keys) == Set(their.keys), "\(key)")
      let englishForms = Set((Self.pluralForms(ours["en"]) ?? [:]).values)
      for (language, localization) in ours {
        let mine = localization as? NSDictionary
        let other = their[language] as? NSDictionary
        if mine == other { continue }
        // 4: Xcode's catalog lacks exactly the forms that repeat an English form.
        let forms = try #require(Self.pluralForms(mine), "\(language): \(key)")
        #expect(
          Self.pluralForms(other) == forms.filter { !englishForms.contains($0.value) },
          "\(language): \(key)")
        untranslatedFormsDropped.append("\(language): \(key)")
      }
    }
    #expect(commentsFromCode == 82)
    #expect(untranslatedFormsDropped.count == 9)
    #expect(untranslatedFormsDropped.filter { $0.hasPrefix("lt: ") }.count == 7)
  }
}
