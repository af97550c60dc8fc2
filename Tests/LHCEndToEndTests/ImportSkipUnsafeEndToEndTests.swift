import Foundation
import LHCTestSupport
import Testing

/// `lhc import FOLDER -o NEW.xcstrings --skip-unsafe` on `TestData/import/icecubes`, a tree of
/// IceCubesApp's shape whose `de.lproj/Localizable.stringsdict` has one entry naming a variable it
/// does not define (`%#@count_posts@`, defining `count_votes`): without the flag nothing is
/// written; with it the refused entry is listed and the catalog is byte for byte the import of the
/// tree without that entry (removed with Python's `plistlib`).
@Suite("lhc import -o --skip-unsafe (end to end)")
struct ImportSkipUnsafeEndToEndTests {
  static let tree = TestPaths.testData.appendingPathComponent("import/icecubes")
  static let key = "status.poll.n-votes-voters %lld %lld"
  static let reason =
    "the format key references variable 'count_posts', which the entry does not define; "
    + "Foundation then has no rule for '%#@count_posts@' and formats it as '%@', reading the "
    + "argument the app passes there (a count) as an object: a crash, or garbage"

  @Test func withoutTheFlagNothingIsWritten() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("Localizable.xcstrings")
    let result = try RunLHC.run(["import", Self.tree.path, "-o", output.path])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "\(Self.tree.path)/de.lproj/Localizable.stringsdict: error: \(Self.reason); "
        + "--skip-unsafe imports the other entries (de: \(Self.key))\n")
    #expect(result.stdout.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: output.path))
  }

  @Test func theRefusedEntryIsListedAndTheRestImportedAsWithoutIt() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("Localizable.xcstrings")
    let result = try RunLHC.run(["import", Self.tree.path, "-o", output.path, "--skip-unsafe"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr
        == "\(Self.tree.path)/de.lproj/Localizable.stringsdict: warning: skipped: \(Self.reason) "
        + "(de: \(Self.key))\n")
    #expect(
      result.stdout
        == "\(output.path): 9 keys in 3 languages from \(Self.tree.path); 1 refused entry skipped\n"
    )

    // The oracle: the tree without the entry, imported without the flag.
    let without = directory.appendingPathComponent("without")
    try FileManager.default.copyItem(at: Self.tree, to: without)
    let script = """
      import plistlib, sys
      path, key = sys.argv[1], sys.argv[2]
      with open(path, "rb") as f:
          rules = plistlib.load(f)
      del rules[key]
      with open(path, "wb") as f:
          plistlib.dump(rules, f)
      """
    let removed = try runProcess(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "python3", "-c", script,
        without.appendingPathComponent("de.lproj/Localizable.stringsdict").path, Self.key,
      ])
    try #require(removed.status == 0, "\(removed.stderr)")
    let expected = directory.appendingPathComponent("Expected.xcstrings")
    let clean = try RunLHC.run(["import", without.path, "-o", expected.path])
    #expect(clean.status == 0 && clean.stderr.isEmpty, "\(clean.stderr)")
    #expect(try Data(contentsOf: output) == Data(contentsOf: expected))
    // The key is there in the other languages, and German has every other key.
    let json = try JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? NSDictionary
    let strings = try #require(json?["strings"] as? [String: NSDictionary])
    let languages = (strings[Self.key]?["localizations"] as? NSDictionary)?.allKeys as? [String]
    #expect(languages?.sorted() == ["en", "fr"])
    for (key, entry) in strings where key != Self.key {
      #expect((entry["localizations"] as? NSDictionary)?["de"] != nil, "\(key)")
    }
  }

  /// Every entry refused: nothing to import, exit 1, nothing written; entries a catalog has no
  /// form for at all (not a dictionary, a gender rule) are skipped too.
  @Test func nothingImportableIsAnError() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let root = try ImportLegacyEndToEndTests.folder(
      ["fr.lproj/Localizable.stringsdict": ImportLegacyEndToEndTests.genderRule], in: directory)
    let output = directory.appendingPathComponent("Localizable.xcstrings")
    let result = try RunLHC.run(["import", root.path, "-o", output.path, "--skip-unsafe"])
    #expect(result.status == 1)
    let file = "\(root.path)/fr.lproj/Localizable.stringsdict"
    #expect(
      result.stderr
        == "\(root.path): warning: no en.lproj or Base.lproj: the catalog's source language en "
        + "has no values (see --source-language)\n"
        + "\(file): warning: skipped: the entry is an array, not a dictionary; a String Catalog "
        + "has no form for it (fr: list)\n"
        + "\(file): warning: skipped: variable 'g' is a NSStringGenderRuleType rule; a String "
        + "Catalog has plural variables only (fr: greet)\n"
        + "\(root.path): error: nothing to import: every entry was refused\n")
    #expect(result.stdout.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: output.path))
  }
}
