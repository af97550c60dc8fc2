import CatalogExchange
import Foundation
import LHCBase
import LHCTestSupport
import StringCatalog
import Testing
import XLIFF

/// Export against Xcode 27's own exports of the fixture catalogs.
@Suite("Export against Xcode 27")
struct XcodeExportTests {
  /// With Xcode's tool element, the bytes are Xcode's.
  @Test(arguments: XcodeFixture.exported)
  func bytesAreXcodes(fixture: XcodeFixture) throws {
    let expected = try fixture.bytes("exported.xliff")
    let written = try exportFixture(fixture, tool: XcodeFixture.xcodeTool)
    #expect(written == expected, "\(firstDifference(written, expected))")
  }
}

@Suite("Export of the source language")
struct SourceLanguageExportTests {
  /// Every unit carries its source as a `new` target (`xliff.md` §2); importing it changes nothing.
  @Test func sourceIsANewTarget() throws {
    let fixture = XcodeFixture(folder: "positive/catalog-matrix", catalogs: [])
    let catalog = try fixture.catalog("source.xcstrings")
    let file = try RoundTrip.exported(catalog, "en")
    #expect(file.units.count > 40)
    for unit in file.units {
      #expect(
        unit.target
          == TransUnit.Target(
            text: unit.source ?? "", state: "new", offset: unit.target?.offset ?? 0), "\(unit.id)")
    }
    let imported = RoundTrip.imported(file, into: catalog)
    #expect(imported.changes.isEmpty)
    #expect(imported.catalog == catalog)
  }
}

@Suite("Duplicate unit ids")
struct DuplicateUnitIDTests {
  /// Every clash is reported, in the order the catalog's entries are walked (not the sorted
  /// order of the ids: `b…` before `a…` here), naming the earlier key first.
  @Test func reportedInCatalogOrder() throws {
    let plural =
      #"{"en":{"variations":{"plural":{"one":{"stringUnit":{"state":"new","value":"1"}},"#
      + #""other":{"stringUnit":{"state":"new","value":"n"}}}}}}"#
    let plain = #"{"en":{"stringUnit":{"state":"new","value":"x"}}}"#
    let text =
      #"{"sourceLanguage":"en","version":"1.0","strings":{"#
      + #""b|==|plural.other":{"localizations":\#(plain)},"#
      + #""a":{"localizations":\#(plural)},"#
      + #""b":{"localizations":\#(plural)},"#
      + #""a|==|plural.one":{"localizations":\#(plain)},"#
      + #""c":{"localizations":\#(plain)}}}"#
    let catalog = try CatalogReader.readLossless(
      SourceText(path: "L.xcstrings", bytes: Array(text.utf8))
    ).catalog
    guard
      case .failure(let error) = CatalogExport.file(
        catalog, language: "fr", original: "L.xcstrings", tool: nil)
    else {
      Issue.record("exported")
      return
    }
    #expect(
      error.diagnostics.map(\.message) == [
        "unit id 'b|==|plural.other' belongs to both key 'b|==|plural.other' and key 'b'; "
          + "Xcode's exporter crashes on such a catalog (\"Duplicate values for key\"): rename "
          + "one of them",
        "unit id 'a|==|plural.one' belongs to both key 'a' and key 'a|==|plural.one'; Xcode's "
          + "exporter crashes on such a catalog (\"Duplicate values for key\"): rename one of "
          + "them",
      ])
    #expect(error.diagnostics.map(\.key) == ["b", "a|==|plural.one"])
  }
}
