import CatalogExchange
import Foundation
import LHCTestSupport
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
