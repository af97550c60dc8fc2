import CatalogExchange
import LHCBase
import StringCatalog
import Testing
import XLIFF

/// The target states Xcode 27 does not apply on import (`new`, `needs-review-l10n`,
/// `needs-review-translation`; `xliff.md` §3), against states it applies: the catalog's value
/// stays, or becomes the target's text.
@Suite("XLIFF import of unfinished target states")
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
}
