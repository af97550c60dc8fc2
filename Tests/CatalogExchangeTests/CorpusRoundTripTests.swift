import CatalogExchange
import CatalogWriter
import Foundation
import LHCBase
import LHCTestSupport
import StringCatalog
import Testing
import XLIFF

/// Every corpus catalog Xcode builds, in every language it has: export → untouched import
/// changes only what Xcode's untouched import changes, a second import changes nothing; export →
/// every unit translated by a script → import → the compiled tables hold every scripted value,
/// and a new export gives them back unit for unit.
@Suite("Corpus round trip through XLIFF")
struct CorpusRoundTripTests {
  static func languages(_ catalog: Catalog) -> [String] {
    var languages: Set<String> = []
    for entry in catalog.entries {
      for localization in entry.localizations where localization.language != catalog.sourceLanguage
      {
        languages.insert(localization.language)
      }
    }
    return languages.sorted()
  }

  @Test(arguments: TestPaths.buildableCatalogs)
  func roundTrip(path: String) throws {
    let url = TestPaths.corpus.appendingPathComponent(path)
    let source = SourceText(path: path, bytes: Array(try Data(contentsOf: url)))
    let catalog = try CatalogReader.readLossless(source).catalog
    // A catalog whose keys Xcode cannot export (a literal key equal to another key's unit id)
    // is refused by lhc export too: nothing to round-trip.
    let languages = Self.languages(catalog)
    for language in languages {
      guard
        case .success = CatalogExport.file(
          catalog, language: language, original: "L.xcstrings", tool: nil)
      else {
        Issue.record("\(path): \(language) does not export")
        continue
      }
      let file = try RoundTrip.exported(catalog, language)

      let untouched = RoundTrip.imported(file, into: catalog)
      let foreign = untouched.changes.filter { !RoundTrip.isXcodesUntouchedChange($0, file) }
      #expect(foreign.isEmpty, "\(path) \(language): \(foreign.prefix(3))")
      if untouched.changes.isEmpty { #expect(untouched.catalog == catalog, "\(path) \(language)") }
      let again = RoundTrip.imported(file, into: untouched.catalog)
      #expect(again.changes.isEmpty, "\(path) \(language): \(again.changes.prefix(3))")
      #expect(again.catalog == untouched.catalog)

      let scripted = RoundTrip.scripted(file)
      let translated = RoundTrip.imported(scripted, into: catalog)
      let compiled = RoundTrip.compiledTexts(translated.catalog, language).joined(separator: "\n")
      let missing = scripted.units.indices.filter {
        !compiled.contains(RoundTrip.marker(language, $0))
      }
      #expect(
        missing.isEmpty,
        "\(path) \(language): not compiled: \(missing.prefix(3).map { scripted.units[$0].id })")

      let reexported = try RoundTrip.exported(translated.catalog, language)
      #expect(reexported.units.map(\.id) == scripted.units.map(\.id), "\(path) \(language)")
      for (unit, expected) in zip(reexported.units, scripted.units) {
        let plain = { (text: String?) in text?.replacing(/%\d+\$#@/, with: "%#@") }
        #expect(
          plain(unit.target?.text) == plain(expected.target?.text)
            && unit.target?.state == "translated", "\(path) \(language) \(unit.id)")
      }
    }
  }
}
