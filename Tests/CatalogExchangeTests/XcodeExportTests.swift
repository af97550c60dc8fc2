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
