import CatalogExchange
import CatalogWriter
import Foundation
import LHCBase
import LHCTestSupport
import StringCatalog
import Testing
import XLIFF

/// XLIFF of leaves that reference a substitution at the localization's root (device leaves beside
/// `substitutions`) and of substitutions only the target has, against the goldens of
/// `TestData/xliff/xcode-derived/` (its README says how each was derived: `exported.xliff` written
/// unit by unit from the rules Xcode's catalog-matrix export shows, `expected-after-import` from
/// Xcode's import rules, `exported-by-lhc-87eeaa3.xliff` written by lhc before this change).
@Suite("XLIFF of root and target-only substitutions")
struct RootSubstitutionTests {
  static let folders = ["device-root-substitution", "target-only-substitution"]

  /// Every (folder, edited XLIFF): Xcode's form and the form lhc wrote before.
  static let edits = folders.flatMap { folder in
    ["import-edited.xliff", "import-edited-lhc-87eeaa3.xliff"].map { "\(folder)/\($0)" }
  }

  static func url(_ path: String) -> URL {
    TestPaths.testData.appendingPathComponent("xliff/xcode-derived/\(path)")
  }

  static func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: url(path))) }

  static func catalog(_ folder: String) throws -> Catalog {
    let path = "\(folder)/source.xcstrings"
    return try CatalogReader.readLossless(SourceText(path: path, bytes: bytes(path))).catalog
  }

  static func document(_ path: String) throws -> XLIFFDocument {
    try bytes(path).withUnsafeBufferPointer { try XLIFFReader.read($0) }
  }

  /// With Xcode's tool element, the export is the golden byte for byte.
  @Test(arguments: folders)
  func exportIsXcodes(folder: String) throws {
    let file = try CatalogExport.file(
      Self.catalog(folder), language: "fr", original: "Localizable.xcstrings",
      tool: XcodeFixture.xcodeTool
    ).get()
    let written = try XLIFFWriter.bytes(XLIFFDocument(files: [file]))
    let expected = try Self.bytes("\(folder)/exported.xliff")
    #expect(written == expected, "\(firstDifference(written, expected))")
  }

  /// The golden's units of the key copied from catalog-matrix are Xcode's own lines for it: the
  /// derivation reproduces Xcode's bytes where Xcode's are known.
  @Test func targetOnlyGoldenHasXcodesLines() throws {
    let golden = String(
      decoding: try Self.bytes("target-only-substitution/exported.xliff"), as: UTF8.self)
    let xcode = String(
      decoding: try XcodeFixture(folder: "positive/catalog-matrix", catalogs: []).bytes(
        "exported.xliff"), as: UTF8.self)
    func units(_ text: String) -> [Substring] {
      text.split(separator: "      <trans-unit ").filter {
        $0.hasPrefix(#"id="target_only_substitution""#)
          || $0.hasPrefix(#"id="target_only_substitution|"#)
      }.map { $0.split(separator: "      </trans-unit>")[0] }
    }
    #expect(units(golden).count == 3)
    #expect(units(golden) == units(xcode))
  }

  /// Xcode's form and lhc's earlier one both import to Xcode's result, every target applied (a
  /// change per unit with a target: none of them skipped), a second import changes nothing.
  @Test(arguments: edits)
  func importAppliesEveryTarget(path: String) throws {
    let folder = String(path.split(separator: "/")[0])
    let file = try #require(Self.document(path).files.first)
    let catalog = try Self.catalog(folder)
    var importer = XLIFFImport(catalog)
    let diagnostics = importer.apply(file, catalogName: "Localizable.xcstrings")
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    #expect(
      importer.changes.map(\.id).sorted()
        == file.units.filter { $0.target != nil }.map(\.id).sorted())
    let written = CatalogWriter.bytes(importer.catalog)
    #expect(
      try parsedWithoutVersion(written)
        == parsedWithoutVersion(Self.bytes("\(folder)/expected-after-import.xcstrings")))
    var again = XLIFFImport(importer.catalog)
    _ = again.apply(file, catalogName: "Localizable.xcstrings")
    #expect(again.changes.isEmpty, "\(again.changes)")
  }

  /// The imported catalog exported again gives every edited target back, in Xcode's form (also
  /// after an import of lhc's earlier form): the ids and targets of Xcode's edited file.
  @Test(arguments: edits)
  func reexportGivesTheEditsBack(path: String) throws {
    let folder = String(path.split(separator: "/")[0])
    let file = try #require(Self.document(path).files.first)
    let edited = try #require(Self.document("\(folder)/import-edited.xliff").files.first)
    let imported = RoundTrip.imported(file, into: try Self.catalog(folder))
    let reexported = try RoundTrip.exported(imported.catalog, "fr")
    #expect(reexported.units.map(\.id) == edited.units.map(\.id))
    for (unit, expected) in zip(reexported.units, edited.units) {
      #expect(unit.target?.text == expected.target?.text, "\(unit.id)")
    }
  }

  /// An untouched import of either export changes only what Xcode's untouched import changes (a
  /// positional reference in the catalog made plain).
  @Test(arguments: folders)
  func untouchedImportChangesOnlyWhatXcodeChanges(folder: String) throws {
    let catalog = try Self.catalog(folder)
    for name in ["exported.xliff", "exported-by-lhc-87eeaa3.xliff"] {
      let file = try #require(Self.document("\(folder)/\(name)").files.first)
      let imported = RoundTrip.imported(file, into: catalog)
      #expect(
        imported.changes.allSatisfy { RoundTrip.isXcodesUntouchedChange($0, file) },
        "\(name): \(imported.changes)")
    }
  }

  /// A language the catalog lacks: every unit translated by script imports (the substitutions
  /// beside a device variation are not "substitutions without their string"), compiles to every
  /// scripted text, and exports back unit for unit.
  @Test(arguments: folders)
  func newLanguageRoundTrip(folder: String) throws {
    let catalog = try Self.catalog(folder)
    let file = try RoundTrip.exported(catalog, "de")
    let scripted = RoundTrip.scripted(file)
    let translated = RoundTrip.imported(scripted, into: catalog)
    #expect(translated.changes.count == scripted.units.count)
    let compiled = RoundTrip.compiledTexts(translated.catalog, "de").joined(separator: "\n")
    for index in scripted.units.indices {
      #expect(compiled.contains(RoundTrip.marker("de", index)), "\(scripted.units[index].id)")
    }
    let reexported = try RoundTrip.exported(translated.catalog, "de")
    #expect(reexported.units.map(\.id) == scripted.units.map(\.id))
    for (unit, expected) in zip(reexported.units, scripted.units) {
      #expect(unit.target?.text == expected.target?.text, "\(unit.id)")
    }
  }

  /// Ukrainian needs `few` and `many`, which a Ukrainian substitution English lacks does not have:
  /// they are exported with the unit id as `<source>`; an untouched import does not add them (their
  /// only text is the id), a translated one is applied.
  @Test func targetOnlyCategoriesTheTargetLacks() throws {
    let unit = { (value: String) in #"{"stringUnit":{"state":"translated","value":"\#(value)"}}"# }
    let text =
      #"{"sourceLanguage":"en","version":"1.0","strings":{"total":{"localizations":{"#
      + #""en":\#(unit("%lld total")),"#
      + #""uk":{"stringUnit":{"state":"translated","value":"Разом %#@N@"},"substitutions":{"#
      + #""N":{"argNum":1,"formatSpecifier":"lld","variations":{"plural":{"#
      + #""one":\#(unit("%arg запис")),"other":\#(unit("%arg записів"))}}}}}}}}}"#
    let catalog = try CatalogReader.readLossless(
      SourceText(path: "L.xcstrings", bytes: Array(text.utf8))
    ).catalog
    var file = try RoundTrip.exported(catalog, "uk")
    #expect(
      file.units.map { "\($0.id) \($0.source ?? "-") \($0.target?.text ?? "-")" } == [
        "total %lld total Разом %1$#@N@",
        "total|==|substitutions.N.plural.few total|==|substitutions.N.plural.few -",
        "total|==|substitutions.N.plural.many total|==|substitutions.N.plural.many -",
        "total|==|substitutions.N.plural.one total|==|substitutions.N.plural.one %1$lld запис",
        "total|==|substitutions.N.plural.other total|==|substitutions.N.plural.other "
          + "%1$lld записів",
      ])
    let untouched = RoundTrip.imported(file, into: catalog)
    #expect(untouched.changes.isEmpty, "\(untouched.changes)")
    file.units[1].target = TransUnit.Target(text: "%1$lld записи", state: "translated")
    let translated = RoundTrip.imported(file, into: catalog)
    #expect(
      translated.changes.map { "\($0.id) \($0.new.value ?? "-")" } == [
        "total|==|substitutions.N.plural.few %arg записи"
      ])
  }

  /// A `<source>` that is neither Xcode's nor lhc's earlier form of the catalog's source still
  /// skips its key: a device leaf whose English text changed, or whose reference names another
  /// argument's substitution.
  @Test(arguments: [
    ("iPhone: %1$#@COUNT@", true), ("iPhone: %#@COUNT@", true), ("iPhone: %2$#@COUNT@", true),
    ("iPhone %1$#@COUNT@", false), ("iPhone: %1$#@OTHER@", false),
  ])
  func deviceLeafSourceMatch(source: String, matches: Bool) throws {
    let catalog = try Self.catalog("device-root-substitution")
    let id = "device_substitution|==|device.iphone"
    let file = XLIFFFile(
      original: "Localizable.xcstrings", sourceLanguage: "en", targetLanguage: "fr",
      units: [
        TransUnit(
          id: id, source: source,
          target: TransUnit.Target(text: "iPhone %1$#@COUNT@ !", state: "translated"))
      ])
    var importer = XLIFFImport(catalog)
    let diagnostics = importer.apply(file, catalogName: "Localizable.xcstrings")
    #expect(importer.changes.map(\.new.value) == (matches ? ["iPhone %#@COUNT@ !"] : []))
    #expect(
      diagnostics.map(\.message)
        == (matches
          ? []
          : [
            "Ignoring overrides for top-level key 'device_substitution' in Localizable.xcstrings "
              + "because the source string '\(source)' was not found in the project file"
          ]))
  }
}
