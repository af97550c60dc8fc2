import Foundation
import LHCCommandLine
import LHCTestSupport
import Testing

/// The built `lhc export` on the Xcode 27 fixtures (copied as Xcode's project held them, so
/// `original` is the same): Xcode's bytes, the `.xcloc` layout, `--original-prefix`, errors.
@Suite("lhc export, end to end")
struct ExportEndToEndTests {
  /// A fixture folder and the catalogs Xcode exported from it: (file in the folder, name in the
  /// project). multiple-catalogs: Xcode's export holds the Custom catalog as its import left it.
  static let fixtures: [(folder: String, catalogs: [(String, String)])] = [
    ("positive/catalog-matrix", [("source.xcstrings", "Localizable.xcstrings")]),
    ("behavior/state-import", [("source.xcstrings", "Localizable.xcstrings")]),
    ("behavior/state-qualifiers", [("source.xcstrings", "Localizable.xcstrings")]),
    (
      "positive/multiple-catalogs",
      [
        ("source.xcstrings", "Localizable.xcstrings"),
        ("expected-custom-after-import.xcstrings", "Custom.xcstrings"),
      ]
    ),
  ]

  static func fixture(_ folder: String) -> URL {
    TestPaths.corpus.appendingPathComponent("xcode27/\(folder)")
  }

  /// A temporary project folder holding `catalogs` of `folder` under their project names.
  static func project(_ folder: String, _ catalogs: [(String, String)]) throws -> URL {
    let directory = try makeTemporaryDirectory()
    for (file, name) in catalogs {
      try Data(contentsOf: fixture(folder).appendingPathComponent(file))
        .write(to: directory.appendingPathComponent(name))
    }
    return directory
  }

  static let xcodeTool =
    #"      <tool tool-id="com.apple.dt.xcode" tool-name="Xcode" tool-version="27.0" build-num="27A266a"/>"#
  static let lhcTool =
    #"      <tool tool-id="lhc" tool-name="lhc" tool-version="\#(LHC.version)"/>"#

  @Test(arguments: 0..<4)
  func xliffIsXcodes(index: Int) throws {
    let (folder, catalogs) = Self.fixtures[index]
    let directory = try Self.project(folder, catalogs)
    defer { try? FileManager.default.removeItem(at: directory) }
    let expected = try String(
      contentsOf: Self.fixture(folder).appendingPathComponent("exported.xliff"), encoding: .utf8)
    let names = catalogs.map(\.1)
    let xcode = try RunLHC.run(
      ["export"] + names + [
        "-l", "fr", "--xliff", "-o", "fr.xliff", "--tool", "xcode:27.0:27A266a",
      ],
      in: directory)
    #expect(xcode.status == 0, "\(xcode.stderr)")
    let written = try String(
      contentsOf: directory.appendingPathComponent("fr.xliff"), encoding: .utf8)
    #expect(written == expected, "\(folder)")
    // By default, lhc's tool element; every other byte is Xcode's.
    let lhc = try RunLHC.run(
      ["export"] + names + ["-l", "fr", "--xliff", "-o", "lhc.xliff"], in: directory)
    #expect(lhc.status == 0, "\(lhc.stderr)")
    let own = try String(contentsOf: directory.appendingPathComponent("lhc.xliff"), encoding: .utf8)
    #expect(own.contains(Self.lhcTool))
    #expect(own.replacing(Self.lhcTool, with: Self.xcodeTool) == expected)
  }

  /// `<lang>.xcloc` per language: contents.json in Xcode's layout, the XLIFF, the catalogs under
  /// `Source Contents/`, an empty `Notes/`; a second run writes nothing.
  @Test func xclocBundles() throws {
    let (folder, catalogs) = Self.fixtures[0]
    let directory = try Self.project(folder, catalogs)
    defer { try? FileManager.default.removeItem(at: directory) }
    let arguments = [
      "export", "Localizable.xcstrings", "-l", "fr", "-l", "de", "-o", "Exports", "--project",
      "App.xcodeproj", "--tool", "xcode:27.0:27A266a",
    ]
    let result = try RunLHC.run(arguments, in: directory)
    #expect(result.status == 0, "\(result.stderr)")
    let exports = directory.appendingPathComponent("Exports")
    let listing = try FileManager.default.subpathsOfDirectory(atPath: exports.path).sorted()
    #expect(
      listing == [
        "de.xcloc", "de.xcloc/Localized Contents", "de.xcloc/Localized Contents/de.xliff",
        "de.xcloc/Notes", "de.xcloc/Source Contents",
        "de.xcloc/Source Contents/Localizable.xcstrings", "de.xcloc/contents.json",
        "fr.xcloc", "fr.xcloc/Localized Contents", "fr.xcloc/Localized Contents/fr.xliff",
        "fr.xcloc/Notes", "fr.xcloc/Source Contents",
        "fr.xcloc/Source Contents/Localizable.xcstrings", "fr.xcloc/contents.json",
      ])
    let contents = try Data(contentsOf: exports.appendingPathComponent("fr.xcloc/contents.json"))
    let parsed = try JSONSerialization.jsonObject(with: contents)
    // Foundation's pretty printing of the same object is Xcode's layout (`catalog-writing.md`).
    let foundation = try JSONSerialization.data(
      withJSONObject: parsed, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    #expect(
      String(decoding: contents, as: UTF8.self)
        == String(decoding: foundation, as: UTF8.self))
    #expect(
      (parsed as? NSDictionary)
        == [
          "developmentRegion": "en", "project": "App.xcodeproj", "targetLocale": "fr",
          "toolInfo": [
            "toolBuildNumber": "27A266a", "toolID": "com.apple.dt.xcode", "toolName": "Xcode",
            "toolVersion": "27.0",
          ],
          "version": "1.0",
        ] as NSDictionary)
    #expect(
      try Data(contentsOf: exports.appendingPathComponent("fr.xcloc/Localized Contents/fr.xliff"))
        == Data(contentsOf: Self.fixture(folder).appendingPathComponent("exported.xliff")))
    #expect(
      try Data(
        contentsOf: exports.appendingPathComponent("de.xcloc/Source Contents/Localizable.xcstrings")
      )
        == Data(contentsOf: directory.appendingPathComponent("Localizable.xcstrings")))
    let de = try String(
      contentsOf: exports.appendingPathComponent("de.xcloc/Localized Contents/de.xliff"),
      encoding: .utf8)
    #expect(de.contains(#"target-language="de""#))
    let xliff = exports.appendingPathComponent("fr.xcloc/Localized Contents/fr.xliff")
    let before = try FileManager.default.attributesOfItem(atPath: xliff.path)[.systemFileNumber]
    let again = try RunLHC.run(arguments, in: directory)
    #expect(again.status == 0, "\(again.stderr)")
    let after = try FileManager.default.attributesOfItem(atPath: xliff.path)[.systemFileNumber]
    #expect(before as? Int == after as? Int, "an unchanged file was rewritten")
  }

  /// `original` is the path below the current folder, after `--original-prefix`; the catalog is
  /// at that path under `Source Contents/`. Without -l, every language but the source's.
  @Test func originalPaths() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("App"), withIntermediateDirectories: true)
    try Data(
      contentsOf: Self.fixture("behavior/state-import").appendingPathComponent("source.xcstrings")
    ).write(to: directory.appendingPathComponent("App/Localizable.xcstrings"))
    let result = try RunLHC.run(
      ["export", "./App//Localizable.xcstrings", "--original-prefix", "Sub", "-o", "out"],
      in: directory)
    #expect(result.status == 0, "\(result.stderr)")
    let bundle = directory.appendingPathComponent("out/fr.xcloc")
    let xliff = try String(
      contentsOf: bundle.appendingPathComponent("Localized Contents/fr.xliff"), encoding: .utf8)
    #expect(xliff.contains(#"<file original="Sub/App/Localizable.xcstrings" source-language="en""#))
    #expect(
      FileManager.default.fileExists(
        atPath: bundle.appendingPathComponent("Source Contents/Sub/App/Localizable.xcstrings").path)
    )
    let contents = try String(
      contentsOf: bundle.appendingPathComponent("contents.json"), encoding: .utf8)
    #expect(contents.contains(#""project" : "\#(directory.lastPathComponent)","#))
    #expect(contents.contains(#""toolID" : "lhc","#) && !contents.contains("toolBuildNumber"))
  }

  /// Xcode's exporter crashes on a literal key equal to another key's unit id: lhc refuses it,
  /// naming both, and writes nothing.
  @Test func duplicateUnitIDIsRefused() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let catalog = #"""
      {"sourceLanguage":"en","version":"1.0","strings":{
        "ambiguous":{"localizations":{"en":{"variations":{"plural":{
          "one":{"stringUnit":{"state":"translated","value":"%lld item"}},
          "other":{"stringUnit":{"state":"translated","value":"%lld items"}}}}}}},
        "ambiguous|==|plural.one":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"x"}}}}}}
      """#
    try Data(catalog.utf8).write(to: directory.appendingPathComponent("Localizable.xcstrings"))
    let result = try RunLHC.run(
      ["export", "Localizable.xcstrings", "-l", "fr", "-l", "de", "-o", "out"], in: directory)
    #expect(result.status == 1)
    // Printed once, not once per language.
    #expect(result.stderr.components(separatedBy: "belongs to both").count == 2, "\(result.stderr)")
    #expect(
      result.stderr.contains(
        "error: unit id 'ambiguous|==|plural.one' belongs to both key 'ambiguous' and key "
          + "'ambiguous|==|plural.one'"), "\(result.stderr)")
    #expect(result.stderr.contains("warning: key ends in a variation suffix ('plural.one')"))
    #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out").path))
  }

  @Test(arguments: [
    (["L.xcstrings"], "Error: missing -o PATH"),
    (["-o", "x"], "Error: missing catalog"),
    (["L.xcstrings", "-l", "fr", "-o", "fr.xliff"], "Error: -o fr.xliff names an .xliff file"),
    (
      ["L.xcstrings", "-l", "fr", "-l", "de", "--xliff", "-o", "fr.xliff"],
      "Error: -o fr.xliff is one file: give exactly one -l LANG"
    ),
    (["L.xcstrings", "-o", "x", "--tool", "xcode:27.0"], "Error: --tool is lhc or xcode:"),
    (["L.xcstrings", "-o", "x", "-l", "fr/x"], "Error: -l 'fr/x' cannot name an export"),
    (["../L.xcstrings", "-o", "x"], "Error: ../L.xcstrings is outside the current folder"),
    (
      ["L.xcstrings", "-o", "x", "--original-prefix", "/a"],
      "Error: --original-prefix is a relative"
    ),
    (["L.strings", "-o", "x"], "Error: lhc export reads String Catalogs (.xcstrings)"),
    (["L.xcstrings", "./L.xcstrings", "-o", "x"], "Error: ./L.xcstrings is given twice"),
  ])
  func usageErrors(arguments: [String], message: String) throws {
    let result = try RunLHC.run(["export"] + arguments)
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
  }
}
