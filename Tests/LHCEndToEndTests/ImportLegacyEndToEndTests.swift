import Foundation
import LHCTestSupport
import Testing

/// `lhc import FOLDER|ZIP -o NEW.xcstrings`, run as the built binary: the fixture's golden
/// catalog (`TestData/import/legacy`: UTF-16 and UTF-8 text, binary and XML `.stringsdict`,
/// `Base.lproj`, comments, duplicates, device rules, plurals), the same from a zip written by
/// Python's `zipfile`, refusals that name file, key and reason and write nothing.
@Suite("lhc import -o (end to end)")
struct ImportLegacyEndToEndTests {
  static let legacy = TestPaths.testData.appendingPathComponent("import/legacy")
  static let expected = TestPaths.testData.appendingPathComponent(
    "import/legacy.expected.xcstrings")

  /// The warnings the fixture gives (the same from a folder and a zip).
  static func expectedWarnings(root: String) -> String {
    """
    \(root)/Base.lproj/Localizable.strings: warning: defined more than once; the last definition \
    is imported (en: twice)
    \(root)/Base.lproj/Localizable.strings: warning: the key is also in the .stringsdict file, \
    whose entry is imported; the .strings value is not (en: %lld photos)
    \(root)/fr.lproj/Localizable.strings: warning: the key is also in the .stringsdict file, \
    whose entry is imported; the .strings value is not (fr: %lld photos)

    """
  }

  @Test func folderImportsToTheGoldenCatalogAndARerunChangesNothing() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("Localizable.xcstrings")
    let result = try RunLHC.run(["import", Self.legacy.path, "-o", output.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr == Self.expectedWarnings(root: Self.legacy.path))
    #expect(result.stdout == "\(output.path): 9 keys in 4 languages from \(Self.legacy.path)\n")
    let bytes = try Data(contentsOf: output)
    #expect(bytes == (try Data(contentsOf: Self.expected)))
    // The Xcode writer's form: `lhc format --check` accepts it, Foundation reads it.
    let check = try RunLHC.run(["format", "--check", output.path])
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    #expect((try JSONSerialization.jsonObject(with: bytes) as? NSDictionary) != nil)
    // It compiles.
    let compiled = try RunLHC.run([
      "compile", output.path, "-o", directory.appendingPathComponent("out").path,
    ])
    #expect(compiled.status == 0, "\(compiled.stderr)")

    let again = try RunLHC.run(["import", Self.legacy.path, "-o", output.path, "--force"])
    #expect(again.status == 0)
    #expect((try Data(contentsOf: output)) == bytes)
  }

  @Test func aZipOfTheFilesImportsTheSame() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let zip = directory.appendingPathComponent("legacy.zip")
    let script = """
      import os, sys, zipfile
      root, out = sys.argv[1], sys.argv[2]
      with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
          for folder in sorted(os.listdir(root)):
              for name in sorted(os.listdir(os.path.join(root, folder))):
                  z.write(os.path.join(root, folder, name), folder + "/" + name)
      """
    let packed = try runProcess(
      URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, Self.legacy.path, zip.path])
    try #require(packed.status == 0, "\(packed.stderr)")
    let output = directory.appendingPathComponent("Localizable.xcstrings")
    let result = try RunLHC.run(["import", zip.path, "-o", output.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr == Self.expectedWarnings(root: zip.path))
    #expect((try Data(contentsOf: output)) == (try Data(contentsOf: Self.expected)))
  }

  @Test func tableChoosesTheFilesAndNamesTheOthersWhenMissing() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("InfoPlist.xcstrings")
    let result = try RunLHC.run([
      "import", Self.legacy.path, "--table", "InfoPlist", "-o", output.path,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    // Only ja has the table: the source language has no values, which the import says.
    #expect(
      result.stderr
        == "\(Self.legacy.path): warning: no en.lproj or Base.lproj: the catalog's source "
        + "language en has no values (see --source-language)\n")
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? NSDictionary
    let strings = try #require(json?["strings"] as? [String: NSDictionary])
    #expect(strings.keys.sorted() == ["CFBundleName"])

    let missing = try RunLHC.run([
      "import", Self.legacy.path, "--table", "Main", "-o", output.path, "--force",
    ])
    #expect(missing.status == 1)
    #expect(
      missing.stderr
        == "\(Self.legacy.path): error: no <lang>.lproj/Main.strings or .stringsdict (tables "
        + "there: InfoPlist, Localizable; choose one with --table)\n")
  }

  @Test func anExistingCatalogIsKeptWithoutForce() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("Localizable.xcstrings")
    try Data("{}".utf8).write(to: output)
    let result = try RunLHC.run(["import", Self.legacy.path, "-o", output.path])
    #expect(result.status == 1)
    #expect(
      result.stderr == "\(output.path): error: the catalog exists; give --force to replace it\n")
    #expect((try Data(contentsOf: output)) == Data("{}".utf8))
  }

  /// Writes `files` (path → text) under a fresh folder.
  static func folder(_ files: [String: String], in directory: URL) throws -> URL {
    let root = directory.appendingPathComponent("Resources")
    for (path, text) in files {
      let file = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: file)
    }
    return root
  }

  static let genderRule = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
      <key>greet</key>
      <dict>
        <key>NSStringLocalizedFormatKey</key><string>%#@g@</string>
        <key>g</key>
        <dict>
          <key>NSStringFormatSpecTypeKey</key><string>NSStringGenderRuleType</string>
          <key>NSStringFormatValueTypeKey</key><string>@</string>
          <key>male</key><string>Il</string>
        </dict>
      </dict>
      <key>list</key>
      <array><string>x</string></array>
    </dict>
    </plist>
    """

  @Test(arguments: [
    (
      [
        "en.lproj/Localizable.strings": "\"ok\" = \"fine\";\n",
        "fr.lproj/Localizable.stringsdict": genderRule,
      ],
      [
        "fr.lproj/Localizable.stringsdict: error: the entry is an array, not a dictionary; a "
          + "String Catalog has no form for it; --skip-unsafe imports the other entries (fr: list)",
        "fr.lproj/Localizable.stringsdict: error: variable 'g' is a NSStringGenderRuleType "
          + "rule; a String Catalog has plural variables only; --skip-unsafe imports the other "
          + "entries (fr: greet)",
      ]
    ),
    (
      ["en.lproj/Localizable.strings": "\"k\" = { a = b; };\n"],
      [
        "en.lproj/Localizable.strings: error: the value of key 'k' is a dictionary; the SDK "
          + "requires every value to be a string [malformedLocalizationFile]"
      ]
    ),
    (
      ["en.lproj/Localizable.strings": "\"ok\" = \"fine\";\n\"k\" = \"v\"\n\"j\" = \"x\";\n"],
      [
        "en.lproj/Localizable.strings:3:1: error: missing ';' after value for key \"k\" "
          + "[malformedLocalizationFile]"
      ]
    ),
  ])
  func unrepresentableKeysFailAndWriteNothing(files: [String: String], errors: [String]) throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let root = try Self.folder(files, in: directory)
    let output = directory.appendingPathComponent("Localizable.xcstrings")
    let result = try RunLHC.run(["import", root.path, "-o", output.path])
    #expect(result.status == 1)
    #expect(result.stderr == errors.map { "\(root.path)/\($0)\n" }.joined())
    #expect(result.stdout.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: output.path))
    // With --force, the catalog there stays as it was.
    try Data("{}".utf8).write(to: output)
    let forced = try RunLHC.run(["import", root.path, "-o", output.path, "--force"])
    #expect(forced.status == 1)
    #expect((try Data(contentsOf: output)) == Data("{}".utf8))
  }

  @Test func baseIsIgnoredWhenTheSourceLanguageHasItsOwnFolder() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let root = try Self.folder(
      [
        "Base.lproj/Localizable.strings": "\"k\" = \"base\";\n",
        "en.lproj/Localizable.strings": "\"k\" = \"english\";\n",
      ], in: directory)
    let output = directory.appendingPathComponent("Localizable.xcstrings")
    let result = try RunLHC.run(["import", root.path, "-o", output.path])
    #expect(result.status == 0)
    #expect(
      result.stderr
        == "\(root.path)/Base.lproj/Localizable.strings: warning: ignored: en.lproj holds the "
        + "source language (Base)\n")
    let text = String(decoding: try Data(contentsOf: output), as: UTF8.self)
    #expect(text.contains("\"value\" : \"english\""))
    #expect(!text.contains("base"))
  }
}
