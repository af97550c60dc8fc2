import CatalogExchange
import CatalogWriter
import Foundation
import LHCBase
import LHCTestSupport
import StringCatalog
import Testing
import XLIFF

/// Import against the catalogs Xcode 27's import produced.
@Suite("Import against Xcode 27")
struct XcodeImportTests {
  /// A fixture's import: the XLIFF Xcode imported, each catalog it went into and Xcode's result.
  struct Case: CustomStringConvertible, Sendable {
    var folder: String
    var xliff: String
    /// (catalog before, `original`, catalog Xcode wrote).
    var catalogs: [(String, String, String)]
    var description: String { "\(folder)/\(xliff)" }
  }

  static let cases = [
    Case(
      folder: "positive/catalog-matrix", xliff: "exported.xliff",
      catalogs: [("source.xcstrings", "Localizable.xcstrings", "expected-after-import.xcstrings")]),
    Case(
      folder: "behavior/state-import", xliff: "import-edited.xliff",
      catalogs: [("source.xcstrings", "Localizable.xcstrings", "expected-after-import.xcstrings")]),
    Case(
      folder: "behavior/state-qualifiers", xliff: "import-edited.xliff",
      catalogs: [("source.xcstrings", "Localizable.xcstrings", "expected-after-import.xcstrings")]),
    Case(
      folder: "positive/multiple-catalogs", xliff: "exported.xliff",
      catalogs: [
        ("source.xcstrings", "Localizable.xcstrings", "expected-after-import.xcstrings"),
        ("source-custom.xcstrings", "Custom.xcstrings", "expected-custom-after-import.xcstrings"),
      ]),
  ]

  /// The imported catalog, parsed, equals Xcode's (version aside: lhc keeps it).
  @Test(arguments: cases)
  func resultIsXcodes(test: Case) throws {
    let fixture = XcodeFixture(folder: test.folder, catalogs: [])
    let document = try fixture.bytes(test.xliff).withUnsafeBufferPointer {
      try XLIFFReader.read($0)
    }
    for (before, original, after) in test.catalogs {
      let catalog = try fixture.catalog(before)
      var importer = XLIFFImport(catalog)
      for file in document.files where file.original == original {
        let diagnostics = importer.apply(file, catalogName: original)
        #expect(!diagnostics.contains { $0.severity == .error }, "\(diagnostics)")
      }
      #expect(importer.catalog.version == catalog.version)
      let written = CatalogWriter.bytes(importer.catalog)
      #expect(
        try parsedWithoutVersion(written) == parsedWithoutVersion(fixture.bytes(after)), "\(before)"
      )
    }
  }

  /// A second import of the same XLIFF changes nothing.
  @Test(arguments: cases)
  func secondImportChangesNothing(test: Case) throws {
    let fixture = XcodeFixture(folder: test.folder, catalogs: [])
    let document = try fixture.bytes(test.xliff).withUnsafeBufferPointer {
      try XLIFFReader.read($0)
    }
    for (before, original, _) in test.catalogs {
      var importer = XLIFFImport(try fixture.catalog(before))
      for file in document.files where file.original == original {
        _ = importer.apply(file, catalogName: original)
      }
      let once = importer.catalog
      var again = XLIFFImport(once)
      for file in document.files where file.original == original {
        _ = again.apply(file, catalogName: original)
      }
      #expect(again.changes.isEmpty, "\(again.changes)")
      #expect(CatalogWriter.bytes(again.catalog) == CatalogWriter.bytes(once))
    }
  }
}

/// `bytes` as Foundation parses them, without the top-level `version`.
func parsedWithoutVersion(_ bytes: [UInt8]) throws -> NSDictionary {
  var object = try JSONSerialization.jsonObject(with: Data(bytes)) as! [String: Any]
  object["version"] = nil
  return object as NSDictionary
}

@Suite("Untouched import")
struct UntouchedImportTests {
  /// The untouched import of catalog-matrix changes exactly what Xcode's changed: the positional
  /// references of `multi`'s French string, and the French plural cases of `source_only_plural`
  /// (added as `new` with the source text).
  @Test func changesOnlyWhatXcodeChanges() throws {
    let fixture = XcodeFixture(folder: "positive/catalog-matrix", catalogs: [])
    let document = try fixture.bytes("exported.xliff").withUnsafeBufferPointer {
      try XLIFFReader.read($0)
    }
    var importer = XLIFFImport(try fixture.catalog("source.xcstrings"))
    let diagnostics = importer.apply(document.files[0], catalogName: "Localizable.xcstrings")
    #expect(
      importer.changes.map { "\($0.id) \($0.new.state.rawValue) \($0.new.value ?? "-")" } == [
        "multi translated Yards %#@YARDS@ oiseaux %#@BIRDS@",
        "source_only_plural|==|plural.one new Source one %lld",
        "source_only_plural|==|plural.other new Source other %lld",
      ])
    // Xcode's log: two unfinished states, two units without a translation.
    let messages = Set(diagnostics.map(\.message))
    #expect(
      messages == [
        "Target has unfinished state \"new\" (Key: \"state_new\")",
        "Target has unfinished state \"needs-review-l10n\" (Key: \"state_needs_review\")",
        "No translation found in the XLIFF (Key: \"source_only_plural|==|plural.one\")",
        "No translation found in the XLIFF (Key: \"source_only_plural|==|plural.other\")",
      ])
  }
}
