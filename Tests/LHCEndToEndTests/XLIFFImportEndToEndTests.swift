import Foundation
import LHCTestSupport
import Testing

/// The built `lhc import` of XLIFF files and `.xcloc` bundles: Xcode's results on the Xcode 27
/// fixtures (compared parsed), `--dry-run`, `--catalog-version`, unchanged catalogs keeping their
/// bytes, `ns0:` prefixes, bad input.
@Suite("lhc import of XLIFF, end to end")
struct XLIFFImportEndToEndTests {
  /// (fixture folder, XLIFF Xcode imported, [(catalog before, project name, Xcode's result)]).
  static let cases: [(String, String, [(String, String, String)])] = [
    (
      "positive/catalog-matrix", "exported.xliff",
      [("source.xcstrings", "Localizable.xcstrings", "expected-after-import.xcstrings")]
    ),
    (
      "behavior/state-import", "import-edited.xliff",
      [("source.xcstrings", "Localizable.xcstrings", "expected-after-import.xcstrings")]
    ),
    (
      "behavior/state-qualifiers", "import-edited.xliff",
      [("source.xcstrings", "Localizable.xcstrings", "expected-after-import.xcstrings")]
    ),
    (
      "positive/multiple-catalogs", "exported.xliff",
      [
        ("source.xcstrings", "Localizable.xcstrings", "expected-after-import.xcstrings"),
        ("source-custom.xcstrings", "Custom.xcstrings", "expected-custom-after-import.xcstrings"),
      ]
    ),
  ]

  static func fixture(_ folder: String, _ name: String) -> URL {
    TestPaths.corpus.appendingPathComponent("xcode27/\(folder)/\(name)")
  }

  /// Parsed JSON without the top-level `version`.
  static func parsed(_ url: URL) throws -> NSDictionary {
    var object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
    object["version"] = nil
    return object as NSDictionary
  }

  static func version(_ url: URL) throws -> String? {
    (try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])?["version"]
      as? String
  }

  static func inode(_ url: URL) throws -> Int {
    (try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int) ?? -1
  }

  /// Xcode's import result, version aside (lhc keeps it); a second import changes nothing and
  /// rewrites nothing.
  @Test(arguments: 0..<4)
  func resultIsXcodes(index: Int) throws {
    let (folder, xliff, catalogs) = Self.cases[index]
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data(contentsOf: Self.fixture(folder, xliff))
      .write(to: directory.appendingPathComponent("fr.xliff"))
    for (before, name, _) in catalogs {
      try Data(contentsOf: Self.fixture(folder, before))
        .write(to: directory.appendingPathComponent(name))
    }
    let names = catalogs.map(\.1)
    let result = try RunLHC.run(["import", "fr.xliff", "--into"] + names, in: directory)
    #expect(result.status == 0, "\(result.stderr)")
    for (before, name, after) in catalogs {
      let written = directory.appendingPathComponent(name)
      #expect(try Self.parsed(written) == Self.parsed(Self.fixture(folder, after)), "\(name)")
      #expect(try Self.version(written) == Self.version(Self.fixture(folder, before)))
    }
    let inodes = try names.map { try Self.inode(directory.appendingPathComponent($0)) }
    let again = try RunLHC.run(["import", "fr.xliff", "--into"] + names, in: directory)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stdout == names.map { "\($0): no changes\n" }.joined())
    #expect(try names.map { try Self.inode(directory.appendingPathComponent($0)) } == inodes)
  }

  /// A project folder with catalog-matrix's catalog and lhc's own export of it.
  static func exportedMatrix() throws -> URL {
    let directory = try makeTemporaryDirectory()
    try Data(contentsOf: fixture("positive/catalog-matrix", "source.xcstrings"))
      .write(to: directory.appendingPathComponent("Localizable.xcstrings"))
    let export = try RunLHC.run(
      ["export", "Localizable.xcstrings", "-l", "fr", "-o", "Exports"], in: directory)
    try #require(export.status == 0, "\(export.stderr)")
    return directory
  }

  /// `--dry-run` lists what Xcode's untouched import changes and writes nothing; the `.xcloc`
  /// is read from its `Localized Contents/`.
  @Test func dryRunListsAndWritesNothing() throws {
    let directory = try Self.exportedMatrix()
    defer { try? FileManager.default.removeItem(at: directory) }
    let catalog = directory.appendingPathComponent("Localizable.xcstrings")
    let original = try Data(contentsOf: catalog)
    let result = try RunLHC.run(
      ["import", "Exports/fr.xcloc", "--into", "Localizable.xcstrings", "--dry-run"], in: directory)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout == """
        Localizable.xcstrings: would change 3 units in 2 keys
          fr: multi: "Yards %2$#@YARDS@ oiseaux %1$#@BIRDS@" (translated) -> "Yards %#@YARDS@ oiseaux %#@BIRDS@" (translated)
          fr: source_only_plural|==|plural.one: (none) -> "Source one %lld" (new)
          fr: source_only_plural|==|plural.other: (none) -> "Source other %lld" (new)

        """)
    #expect(
      result.stderr.contains(
        #"Exports/fr.xcloc/Localized Contents/fr.xliff:200:9: warning: Target has unfinished state "new" (Key: "state_new")"#
      ), "\(result.stderr)")
    #expect(try Data(contentsOf: catalog) == original)
  }

  /// A catalog the import does not change keeps its bytes even when it is not in Xcode's layout
  /// (the fixture catalogs are script-written); `--catalog-version` raises only changed catalogs
  /// and never lowers.
  @Test func unchangedCatalogsKeepTheirBytes() throws {
    let directory = try Self.exportedMatrix()
    defer { try? FileManager.default.removeItem(at: directory) }
    let catalog = directory.appendingPathComponent("Localizable.xcstrings")
    let xliff = "Exports/fr.xcloc/Localized Contents/fr.xliff"
    let first = try RunLHC.run(
      ["import", xliff, "--into", "Localizable.xcstrings", "--catalog-version", "1.3"],
      in: directory)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout == "Localizable.xcstrings: changed 3 units in 2 keys, version 1.3\n")
    #expect(try Self.version(catalog) == "1.3")
    // Re-indent it as a script would: an import that changes nothing leaves those bytes.
    let python = try runProcess(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "python3", "-c",
        "import json,sys; d=json.load(open(sys.argv[1])); open(sys.argv[1],'w').write(json.dumps(d, indent=2, ensure_ascii=False) + '\\n')",
        catalog.path,
      ])
    try #require(python.status == 0, "\(python.stderr)")
    let scripted = try Data(contentsOf: catalog)
    let again = try RunLHC.run(
      ["import", xliff, "--into", "Localizable.xcstrings", "--catalog-version", "1.3"],
      in: directory)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(try Data(contentsOf: catalog) == scripted)
    // Lowering is refused.
    let edited = try String(contentsOf: directory.appendingPathComponent(xliff), encoding: .utf8)
      .replacing(">FR simple<", with: ">FR simple 2<")
    try Data(edited.utf8).write(to: directory.appendingPathComponent("edited.xliff"))
    let lower = try RunLHC.run(
      ["import", "edited.xliff", "--into", "Localizable.xcstrings", "--catalog-version", "1.1"],
      in: directory)
    #expect(lower.status == 1)
    #expect(lower.stderr.contains("cannot lower the catalog version from 1.3 to 1.1"))
    #expect(try Data(contentsOf: catalog) == scripted)
  }

  /// A prefixed namespace (Python's ElementTree writes `ns0:`), which Xcode skips, imports as the
  /// default one does; a catalog at another path is found by its file name.
  @Test func prefixedNamespaceAndMatchByName() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let folder = "behavior/state-import"
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("App"), withIntermediateDirectories: true)
    try Data(contentsOf: Self.fixture(folder, "source.xcstrings"))
      .write(to: directory.appendingPathComponent("App/Localizable.xcstrings"))
    let python = try runProcess(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "python3", "-c",
        "import sys, xml.etree.ElementTree as ET; ET.parse(sys.argv[1]).write(sys.argv[2], encoding='UTF-8', xml_declaration=True)",
        Self.fixture(folder, "import-edited.xliff").path,
        directory.appendingPathComponent("ns0.xliff").path,
      ])
    try #require(python.status == 0, "\(python.stderr)")
    #expect(
      try String(contentsOf: directory.appendingPathComponent("ns0.xliff"), encoding: .utf8)
        .contains("<ns0:trans-unit"))
    let result = try RunLHC.run(
      ["import", "ns0.xliff", "--into", "App/Localizable.xcstrings"], in: directory)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      try Self.parsed(directory.appendingPathComponent("App/Localizable.xcstrings"))
        == Self.parsed(Self.fixture(folder, "expected-after-import.xcstrings")))
  }

  /// Bad input: an unmatched `<file>`, malformed XML (located), a DOCTYPE; nothing is written.
  @Test func badInputChangesNothing() throws {
    let directory = try Self.exportedMatrix()
    defer { try? FileManager.default.removeItem(at: directory) }
    let catalog = directory.appendingPathComponent("Localizable.xcstrings")
    let original = try Data(contentsOf: catalog)
    let xliff = try String(
      contentsOf: directory.appendingPathComponent("Exports/fr.xcloc/Localized Contents/fr.xliff"),
      encoding: .utf8)
    let inputs = [
      (
        "other.xliff",
        xliff.replacing(#"original="Localizable.xcstrings""#, with: #"original="Other.xcstrings""#)
      ),
      (
        "broken.xliff",
        xliff.replacing(
          "</trans-unit>\n      <trans-unit id=\"simple\"", with: "<trans-unit id=\"simple\"")
      ),
      (
        "doctype.xliff",
        xliff.replacing("<xliff ", with: "<!DOCTYPE x [<!ENTITY e \"boom\">]>\n<xliff ")
      ),
    ]
    let messages = [
      #"other.xliff:3:3: error: <file original="Other.xcstrings"> matches none of the catalogs given (Localizable.xcstrings)"#,
      "broken.xliff:", "doctype.xliff:2:",
    ]
    for ((name, text), message) in zip(inputs, messages) {
      try Data(text.utf8).write(to: directory.appendingPathComponent(name))
      let result = try RunLHC.run(
        ["import", name, "--into", "Localizable.xcstrings"], in: directory)
      #expect(result.status == 1, "\(name)")
      #expect(result.stderr.hasPrefix(message), "\(name): \(result.stderr)")
      #expect(try Data(contentsOf: catalog) == original, "\(name)")
    }
  }

  @Test(arguments: [
    (
      ["fr.xliff", "--into", "L.xcstrings", "--state", "needs_review"], "Error: --state applies to"
    ),
    (["fr.xcloc", "--into", "L.xcstrings", "--skip-unsafe"], "Error: --skip-unsafe applies to"),
  ])
  func usageErrors(arguments: [String], message: String) throws {
    let result = try RunLHC.run(["import"] + arguments)
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
  }
}
