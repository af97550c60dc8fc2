import Foundation
import LHCTestSupport
import Testing

/// `lhc import RELEASE --into CATALOG`, run as the built binary: a catalog packed with
/// `lhc pack`, the release edited by an independent tool (Python's `plistlib` + `zipfile`),
/// imported back. Exactly the edited units change, and `lhc diff CATALOG RELEASE` then finds no
/// difference; unsafe values are refused (all or nothing) or skipped; keys the catalog lacks are
/// reported, not added.
@Suite("lhc import --into (end to end)")
struct ImportReleaseEndToEndTests {
  static let fixture = TestPaths.testData.appendingPathComponent("import/legacy.expected.xcstrings")

  /// Rewrites `zip` into `output`, applying `edits` (`lang.lproj/File`: Python statements on the
  /// plist `d`) with `plistlib` and `zipfile`; `extract` also unpacks the result into a folder.
  static func edit(_ zip: URL, _ output: URL, _ edits: [String: String], extract: URL? = nil)
    throws
  {
    let table = edits.map { path, code in "    \"\(path)\": \"\"\"\(code)\"\"\"," }
      .joined(separator: "\n")
    let script = """
      import plistlib, sys, zipfile
      edits = {
      \(table)
      }
      source = zipfile.ZipFile(sys.argv[1])
      with zipfile.ZipFile(sys.argv[2], "w", zipfile.ZIP_DEFLATED) as out:
          for info in source.infolist():
              data = source.read(info.filename)
              if info.filename in edits:
                  d = plistlib.loads(data)
                  exec(edits[info.filename])
                  data = plistlib.dumps(d)
              out.writestr(info, data)
      if len(sys.argv) > 3:
          zipfile.ZipFile(sys.argv[2]).extractall(sys.argv[3])
      """
    let result = try runProcess(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["python3", "-c", script, zip.path, output.path] + (extract.map { [$0.path] } ?? []))
    try #require(result.status == 0, "\(result.stderr)")
  }

  /// Every string unit of a catalog: `key / lang / path…` → (state, value).
  static func units(_ file: URL) throws -> [String: [String]] {
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? NSDictionary
    var units: [String: [String]] = [:]
    func walk(_ value: Any, _ path: String) {
      guard let object = value as? [String: Any] else { return }
      if let unit = object["stringUnit"] as? [String: Any] {
        units[path] = [unit["state"] as? String ?? "", unit["value"] as? String ?? ""]
      }
      for (name, child) in object where name != "stringUnit" { walk(child, path + "/" + name) }
    }
    for (key, entry) in json?["strings"] as? [String: Any] ?? [:] {
      for (language, node) in (entry as? NSDictionary)?["localizations"] as? [String: Any] ?? [:] {
        walk(node, key + " / " + language)
      }
    }
    return units
  }

  /// The units of `after` that differ from `before`.
  static func changed(_ before: [String: [String]], _ after: [String: [String]]) -> [String:
    [String]]
  {
    #expect(Set(before.keys).isSubset(of: after.keys))
    return after.filter { before[$0.key] != $0.value }
  }

  /// A fresh folder with the fixture catalog and its release zip.
  static func setUp() throws -> (directory: URL, catalog: URL, zip: URL) {
    let directory = try makeTemporaryDirectory()
    let catalog = directory.appendingPathComponent("Localizable.xcstrings")
    try FileManager.default.copyItem(at: fixture, to: catalog)
    let zip = directory.appendingPathComponent("release.zip")
    let packed = try RunLHC.run(["pack", catalog.path, "-o", zip.path])
    try #require(packed.status == 0, "\(packed.stderr)")
    return (directory, catalog, zip)
  }

  static let threeEdits = [
    "de.lproj/Localizable.strings": "d['Cancel'] = 'Abbruch'",
    "en.lproj/Localizable.stringsdict": "d['%lld photos']['arg1']['one'] = 'One photo'",
    "de.lproj/Localizable.stringsdict":
      "d['action']['NSStringDeviceSpecificRuleType']['mac'] = 'Anklicken'",
  ]

  @Test func exactlyTheEditedUnitsChangeAndDiffThenFindsNothing() throws {
    let (directory, catalog, zip) = try Self.setUp()
    defer { try? FileManager.default.removeItem(at: directory) }
    let original = try Data(contentsOf: catalog)
    let unchanged = try RunLHC.run(["import", zip.path, "--into", catalog.path])
    #expect(unchanged.status == 0, "\(unchanged.stderr)")
    #expect(unchanged.stdout == "\(catalog.path): no changes\n")
    #expect((try Data(contentsOf: catalog)) == original)

    let edited = directory.appendingPathComponent("edited.zip")
    try Self.edit(zip, edited, Self.threeEdits)
    let dryRun = try RunLHC.run(["import", edited.path, "--into", catalog.path, "--dry-run"])
    #expect(dryRun.status == 0, "\(dryRun.stderr)")
    #expect(dryRun.stdout.hasPrefix("\(catalog.path): would change 3 units in 3 keys\n"))
    #expect((try Data(contentsOf: catalog)) == original)

    let result = try RunLHC.run(["import", edited.path, "--into", catalog.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout == """
        \(catalog.path): changed 3 units in 3 keys
        de · Localizable: 0 added, 0 removed, 2 changed, 0 kind changed
          ~ "Cancel": "Abbrechen" → "Abbruch"
          ~ "action": "Drücken" ‖ {iphone: "Tippen" | mac: "Klicken"} → "Drücken" ‖ {iphone: "Tippen" | mac: "Anklicken"}
        en · Localizable: 0 added, 0 removed, 1 changed, 0 kind changed
          ~ "%lld photos": %#@arg1@ {arg1: one "%lld photo" | other "%lld photos"} → %#@arg1@ {arg1: one "One photo" | other "%lld photos"}
        Total: 0 added, 0 removed, 3 changed, 0 kind changed; 0 runtime errors, 0 warnings

        """)
    let before = try Self.units(Self.fixture)
    #expect(
      Self.changed(before, try Self.units(catalog)) == [
        "Cancel / de": ["translated", "Abbruch"],
        "action / de/variations/device/mac": ["translated", "Anklicken"],
        "%lld photos / en/variations/plural/one": ["translated", "One photo"],
      ])
    let check = try RunLHC.run(["format", "--check", catalog.path])
    #expect(check.status == 0, "written in Xcode's form: \(check.stdout)")
    let diff = try RunLHC.run(["diff", catalog.path, edited.path])
    #expect(diff.status == 0, "\(diff.stdout)")
    #expect(diff.stdout == "No differences.\n")

    // Again: nothing left to change, the file stays as it is.
    let bytes = try Data(contentsOf: catalog)
    let again = try RunLHC.run(["import", edited.path, "--into", catalog.path])
    #expect(again.stdout == "\(catalog.path): no changes\n")
    #expect((try Data(contentsOf: catalog)) == bytes)
  }

  @Test func aFolderImportsTheSameWithTheChosenStateAndVersion() throws {
    let (directory, catalog, zip) = try Self.setUp()
    defer { try? FileManager.default.removeItem(at: directory) }
    let folder = directory.appendingPathComponent("release")
    try Self.edit(
      zip, directory.appendingPathComponent("edited.zip"), Self.threeEdits, extract: folder)
    // The catalog is reached through a symbolic link, and keeps its permissions.
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: catalog.path)
    let link = directory.appendingPathComponent("link/Localizable.xcstrings")
    try FileManager.default.createDirectory(
      at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: catalog)
    let result = try RunLHC.run([
      "import", folder.path, "--into", link.path, "--state", "needs_review",
      "--catalog-version", "1.1",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let changed = Self.changed(try Self.units(Self.fixture), try Self.units(catalog))
    #expect(changed.count == 3)
    #expect(changed.values.allSatisfy { $0[0] == "needs_review" })
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: catalog)) as? NSDictionary
    #expect(json?["version"] as? String == "1.1")
    let attributes = try FileManager.default.attributesOfItem(atPath: catalog.path)
    #expect(attributes[.posixPermissions] as? Int == 0o600)
    #expect(
      (try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) == catalog.path)
  }

  @Test func unsafeValuesFailTheWholeImportOrAreSkipped() throws {
    let (directory, catalog, zip) = try Self.setUp()
    defer { try? FileManager.default.removeItem(at: directory) }
    let edited = directory.appendingPathComponent("edited.zip")
    try Self.edit(
      zip, edited,
      [
        "de.lproj/Localizable.strings":
          "d['Cancel'] = 'Abbruch'; d['greeting'] = 'Hallo, %d!'; d['extra'] = 'Neu'"
      ])
    let original = try Data(contentsOf: catalog)
    let refused = try RunLHC.run(["import", edited.path, "--into", catalog.path])
    #expect(refused.status == 1)
    let file = "\(edited.path)/de.lproj/Localizable.strings"
    #expect(
      refused.stderr == """
        \(file): warning: the catalog has no such key; not added (de: extra)
        \(file): error: refused: reads argument 1 as an integer but the app passes an object \
        [format-mismatch] (de: greeting)
        error: nothing imported; every catalog is left as it was

        """)
    #expect((try Data(contentsOf: catalog)) == original)

    let skipped = try RunLHC.run(["import", edited.path, "--into", catalog.path, "--skip-unsafe"])
    #expect(skipped.status == 0, "\(skipped.stderr)")
    #expect(
      skipped.stderr == """
        \(file): warning: the catalog has no such key; not added (de: extra)
        \(file): warning: skipped: reads argument 1 as an integer but the app passes an object \
        [format-mismatch] (de: greeting)

        """)
    #expect(
      Self.changed(try Self.units(Self.fixture), try Self.units(catalog)) == [
        "Cancel / de": ["translated", "Abbruch"]
      ])
  }

  @Test func oneRefusedValueLeavesEveryCatalogAsItWas() throws {
    let (directory, catalog, _) = try Self.setUp()
    defer { try? FileManager.default.removeItem(at: directory) }
    let second = directory.appendingPathComponent("Other.xcstrings")
    try FileManager.default.copyItem(at: catalog, to: second)
    let zip = directory.appendingPathComponent("both.zip")
    let packed = try RunLHC.run(["pack", catalog.path, second.path, "-o", zip.path])
    try #require(packed.status == 0, "\(packed.stderr)")
    let edited = directory.appendingPathComponent("edited.zip")
    try Self.edit(
      zip, edited,
      [
        "de.lproj/Localizable.strings": "d['Cancel'] = 'Abbruch'",
        "de.lproj/Other.strings": "d['greeting'] = 'Hallo, %d!'",
      ])
    let original = try Data(contentsOf: catalog)
    let result = try RunLHC.run(["import", edited.path, "--into", catalog.path, second.path])
    #expect(result.status == 1)
    #expect(result.stdout.contains("\(catalog.path): would change 1 unit in 1 key\n"))
    #expect(result.stderr.contains("[format-mismatch] (de: greeting)"))
    #expect((try Data(contentsOf: catalog)) == original)
    #expect((try Data(contentsOf: second)) == original)
  }

  @Test func anInvalidReleaseOrCatalogChangesNothing() throws {
    let (directory, catalog, _) = try Self.setUp()
    defer { try? FileManager.default.removeItem(at: directory) }
    let broken = directory.appendingPathComponent("broken.zip")
    try Data("PK not a zip".utf8).write(to: broken)
    let original = try Data(contentsOf: catalog)
    let result = try RunLHC.run(["import", broken.path, "--into", catalog.path])
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("\(broken.path): error: "), "\(result.stderr)")
    #expect((try Data(contentsOf: catalog)) == original)
  }
}
