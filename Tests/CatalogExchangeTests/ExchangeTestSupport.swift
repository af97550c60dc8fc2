import CatalogExchange
import Foundation
import LHCBase
import LHCTestSupport
import StringCatalog
import XLIFF

/// The Xcode 27 fixtures: a folder of `corpus/xcode27/` with its catalog and Xcode's files.
struct XcodeFixture: CustomStringConvertible, Sendable {
  /// `positive/catalog-matrix`.
  var folder: String
  /// The catalogs Xcode exported, as (file in the folder, `original` in the XLIFF).
  var catalogs: [(file: String, original: String)]

  var description: String { folder }

  var url: URL { TestPaths.corpus.appendingPathComponent("xcode27/\(folder)") }

  func bytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: url.appendingPathComponent(name)))
  }

  /// A catalog of the folder, read losslessly.
  func catalog(_ name: String) throws -> Catalog {
    try CatalogReader.readLossless(SourceText(path: name, bytes: bytes(name))).catalog
  }

  /// Xcode's tool element in the fixtures.
  static let xcodeTool = XLIFFTool.xcode(version: "27.0", buildNumber: "27A266a")

  /// The fixtures with their source catalogs. (`multiple-catalogs`: Xcode's export holds
  /// `Custom.xcstrings` with a French value its `source-custom.xcstrings` lacks, the one its
  /// untouched import left there: the Custom catalog exported is the one after import.)
  static let exported: [XcodeFixture] = [
    XcodeFixture(
      folder: "positive/catalog-matrix",
      catalogs: [("source.xcstrings", "Localizable.xcstrings")]),
    XcodeFixture(
      folder: "behavior/state-import", catalogs: [("source.xcstrings", "Localizable.xcstrings")]),
    XcodeFixture(
      folder: "behavior/state-qualifiers",
      catalogs: [("source.xcstrings", "Localizable.xcstrings")]),
    XcodeFixture(
      folder: "positive/multiple-catalogs",
      catalogs: [
        ("expected-custom-after-import.xcstrings", "Custom.xcstrings"),
        ("source.xcstrings", "Localizable.xcstrings"),
      ]),
  ]
}

/// The XLIFF lhc exports for `fixture` in French with `tool`.
func exportFixture(_ fixture: XcodeFixture, tool: XLIFFTool?) throws -> [UInt8] {
  var files: [XLIFFFile] = []
  for (name, original) in fixture.catalogs {
    let catalog = try fixture.catalog(name)
    files.append(
      try CatalogExport.file(catalog, language: "fr", original: original, tool: tool).get())
  }
  return try XLIFFWriter.bytes(XLIFFDocument(files: files))
}

/// The first line where two texts differ, for failure messages.
func firstDifference(_ lhs: [UInt8], _ rhs: [UInt8]) -> String {
  let left = String(decoding: lhs, as: UTF8.self).split(
    separator: "\n", omittingEmptySubsequences: false)
  let right = String(decoding: rhs, as: UTF8.self).split(
    separator: "\n", omittingEmptySubsequences: false)
  for (index, (l, r)) in zip(left, right).enumerated() where l != r {
    return "line \(index + 1):\n  lhc:   \(l)\n  Xcode: \(r)"
  }
  return left.count == right.count
    ? "same" : "lengths differ: \(left.count) vs \(right.count) lines"
}
