import CatalogExchange
import LHCBase
import StringCatalog
import Testing
import XLIFF

/// The targets Xcode 27 does not apply on import (`xliff.md` §3): those in state `new`,
/// `needs-review-l10n` or `needs-review-translation` (against states it applies: the catalog's
/// value stays, or becomes the target's text), and every unit of a key whose `<source>` is no
/// longer the catalog's.
@Suite("XLIFF import of unfinished targets and changed sources")
struct UnfinishedStateTests {
  static let catalogText = """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "greeting" : {
          "localizations" : {
            "de" : {
              "stringUnit" : {
                "state" : "translated",
                "value" : "Hallo"
              }
            },
            "en" : {
              "stringUnit" : {
                "state" : "translated",
                "value" : "Hello"
              }
            }
          }
        }
      },
      "version" : "1.0"
    }
    """

  @Test(arguments: [
    ("new", "Hallo"), ("needs-review-l10n", "Hallo"), ("needs-review-translation", "Hallo"),
    ("translated", "Servus"), ("final", "Servus"), ("signed-off", "Servus"),
  ])
  func targetAppliedOnlyWhenFinished(state: String, expected: String) throws {
    let catalog = try CatalogReader.readLossless(
      SourceText(path: "Localizable.xcstrings", bytes: Array(Self.catalogText.utf8))
    ).catalog
    var file = try RoundTrip.exported(catalog, "de")
    let index = try #require(file.units.firstIndex { $0.id == "greeting" })
    file.units[index].target = TransUnit.Target(text: "Servus", state: state)
    let imported = RoundTrip.imported(file, into: catalog)
    let entry = try #require(imported.catalog.entries.first { $0.key == "greeting" })
    #expect(entry.localization(for: "de")?.node.stringUnit?.value == expected)
    #expect(imported.changes.isEmpty == (expected == "Hallo"))
  }

  @Test func changedSourceSkipsTheKey() throws {
    let catalog = try CatalogReader.readLossless(
      SourceText(path: "Localizable.xcstrings", bytes: Array(Self.catalogText.utf8))
    ).catalog
    var file = try RoundTrip.exported(catalog, "de")
    let index = try #require(file.units.firstIndex { $0.id == "greeting" })
    file.units[index].source = "Hello there"
    file.units[index].target = TransUnit.Target(text: "Servus", state: "translated")
    var importer = XLIFFImport(catalog)
    let diagnostics = importer.apply(file, catalogName: "Localizable.xcstrings")
    #expect(
      diagnostics.map(\.message) == [
        "Ignoring overrides for top-level key 'greeting' in Localizable.xcstrings because the "
          + "source string 'Hello there' was not found in the project file"
      ])
    #expect(importer.changes.isEmpty)
    let entry = try #require(importer.catalog.entries.first { $0.key == "greeting" })
    #expect(entry.localization(for: "de")?.node.stringUnit?.value == "Hallo")
  }
}
