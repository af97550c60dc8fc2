import CatalogExchange
import Foundation
import LHCBase
import LHCTestSupport
import StringCatalog
import Testing
import XLIFF

/// The shapes where Xcode's import loses data (`xliff.md` §4), one fixture each in
/// `TestData/xliff/`: lhc's untouched import changes nothing, a scripted translation of every
/// unit comes back unit for unit (compiled and re-exported), and the other languages and fields
/// are kept.
@Suite("No data loss where Xcode loses data")
struct DataLossTests {
  static let fixtures = TestPaths.fixtureCatalogs(in: "xliff").map(\.lastPathComponent)

  static func catalog(_ name: String) throws -> Catalog {
    let url = TestPaths.testData.appendingPathComponent("xliff/\(name)")
    return try CatalogReader.readLossless(
      SourceText(path: name, bytes: Array(try Data(contentsOf: url)))
    ).catalog
  }

  @Test func everyShapeHasAFixture() {
    #expect(
      Self.fixtures == [
        "delimiter-substitutions.xcstrings", "plural-and-device.xcstrings",
        "string-and-variations.xcstrings", "target-only-substitutions.xcstrings",
        "variation-suffix-key.xcstrings",
      ])
  }

  @Test(arguments: fixtures)
  func nothingIsLost(name: String) throws {
    let catalog = try Self.catalog(name)
    let file = try RoundTrip.exported(catalog, "de")
    let untouched = RoundTrip.imported(file, into: catalog)
    #expect(untouched.changes.isEmpty, "\(untouched.changes)")
    #expect(untouched.catalog == catalog)

    let scripted = RoundTrip.scripted(file)
    let translated = RoundTrip.imported(scripted, into: catalog)
    #expect(translated.changes.count == scripted.units.count, "\(translated.changes.map(\.id))")
    let reexported = try RoundTrip.exported(translated.catalog, "de")
    #expect(reexported.units.map(\.id) == scripted.units.map(\.id))
    for (unit, expected) in zip(reexported.units, scripted.units) {
      #expect(
        unit.target
          == expected.target.map {
            TransUnit.Target(text: $0.text, state: "translated", offset: unit.target?.offset ?? 0)
          }, "\(unit.id)")
    }
    // (Not compiled here: Xcode's compiler itself uses one shape of a localization with a
    // string and variations, or plural and device axes; the corpus round trip compiles.)
    // Only de changed; every entry and field (comments, the source) is kept.
    for (before, after) in zip(catalog.entries, translated.catalog.entries) {
      #expect(before.key == after.key && before.comment == after.comment)
      #expect(
        before.localizations.filter { $0.language != "de" }
          == after.localizations.filter { $0.language != "de" })
    }
  }

  /// Target-only substitutions whose leaf units a tool removed are kept (Xcode drops them): the
  /// parent's new text is applied, the substitutions stay as they were.
  @Test func removedLeavesKeepTheirSubstitutions() throws {
    let catalog = try Self.catalog("target-only-substitutions.xcstrings")
    var file = try RoundTrip.exported(catalog, "de")
    #expect(
      file.units.map(\.id) == [
        "total", "total|==|substitutions.N.plural.one", "total|==|substitutions.N.plural.other",
      ])
    file.units.removeAll { $0.id.contains("|==|") }
    file.units[0].target = TransUnit.Target(text: "Gesamt %#@N@", state: "translated")
    let imported = RoundTrip.imported(file, into: catalog)
    let before = try #require(catalog.entries[0].localization(for: "de")?.node)
    let after = try #require(imported.catalog.entries[0].localization(for: "de")?.node)
    #expect(after.stringUnit?.value == "Gesamt %#@N@")
    #expect(after.substitutions == before.substitutions)
  }

  /// A literal key that ends in a variation suffix gets its own update; its prefix key keeps its
  /// value.
  @Test func literalSuffixKeyGetsItsUpdate() throws {
    let catalog = try Self.catalog("variation-suffix-key.xcstrings")
    var file = try RoundTrip.exported(catalog, "de")
    let index = try #require(file.units.firstIndex { $0.id == "label|==|plural.one" })
    file.units[index].target = TransUnit.Target(text: "Ein neues Etikett", state: "translated")
    let imported = RoundTrip.imported(file, into: catalog)
    #expect(imported.changes.map(\.key) == ["label|==|plural.one"])
    let entry = try #require(imported.catalog.entries.first { $0.key == "label|==|plural.one" })
    #expect(entry.localization(for: "de")?.node.stringUnit?.value == "Ein neues Etikett")
  }
}
