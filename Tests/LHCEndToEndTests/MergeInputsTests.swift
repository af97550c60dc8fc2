import Foundation
import LHCTestSupport
import StringCatalog
import Testing

@testable import LHCCommandLine

/// The merge's shared reading (`MergeInputs`) gives each side the model a full lossless read gives.
@Suite("merge-driver inputs")
struct MergeInputsTests {
  /// A full lossless read, offsets cleared.
  static func full(_ path: String) throws -> Catalog {
    guard case .success(let read) = EditedCatalog.read(path) else {
      throw CocoaError(.fileReadCorruptFile)
    }
    var catalog = read.catalog
    catalog.clearOffsets()
    return catalog
  }

  static func write(_ text: String, _ name: String, in directory: URL) throws -> String {
    let url = directory.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  /// Two versions of Vienna's catalog (the migration and today's) and one with every entry
  /// re-indented: shared entries, changed ones, added and removed ones, another layout.
  @Test func sidesEqualFullReads() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let corpus = TestPaths.corpusCatalogFolder
    let old = corpus.appendingPathComponent(
      "ViennaRSS__vienna-rss__Localizable-migrated-e5bb013.xcstrings"
    ).path
    let new = corpus.appendingPathComponent("ViennaRSS__vienna-rss__Localizable.xcstrings").path
    let python = try runProcess(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "python3", "-c",
        "import json,sys; d=json.load(open(sys.argv[1])); open(sys.argv[2],'w').write(json.dumps(d, indent=3))",
        new, directory.appendingPathComponent("reindented.xcstrings").path,
      ])
    try #require(python.status == 0)
    let reindented = directory.appendingPathComponent("reindented.xcstrings").path
    for (base, ours, theirs) in [(old, new, reindented), (new, old, new), (reindented, new, old)] {
      let sides = MergeInputs.read(base: base, ours: ours, theirs: theirs)
      let expected = try [base, ours, theirs].map(Self.full)
      for (side, catalog) in zip(sides, expected) {
        let read = try #require(side.catalog)
        // Cleared as read: `CatalogMerge.merge(cleared:…)` does not look for offsets again.
        #expect(!read.entries.contains { $0.hasOffsets })
        #expect(read == catalog)
      }
    }
  }

  /// Unknown members, a repeated key (the last wins), and an error inside an entry that differs
  /// from ours: reported as a full read reports it.
  @Test func duplicatesUnknownMembersAndErrors() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let ours = try Self.write(
      #"{"sourceLanguage":"en","strings":{"a":{"comment":"A"},"b":{"x-tool":1}},"version":"1.0"}"#,
      "ours.xcstrings", in: directory)
    let theirs = try Self.write(
      #"{"sourceLanguage":"en","z":true,"strings":{"a":{"comment":"A"},"b":{"x-tool":2},"a":{"comment":"A2"}},"version":"1.1"}"#,
      "theirs.xcstrings", in: directory)
    let bad = try Self.write(
      #"{"sourceLanguage":"en","strings":{"a":{"comment":"A"},"b":{"comment":5}},"version":"1.0"}"#,
      "bad.xcstrings", in: directory)
    let sides = MergeInputs.read(base: ours, ours: ours, theirs: theirs)
    var read = try #require(sides[2].catalog)
    read.clearOffsets()
    #expect(read == (try Self.full(theirs)))
    #expect(sides[2].diagnostics.map(\.message) == ["duplicate key 'a'"])
    let failing = MergeInputs.read(base: bad, ours: ours, theirs: theirs)
    #expect(failing[0].catalog == nil)
    guard case .failure(let failure) = EditedCatalog.read(bad) else {
      Issue.record("the bad catalog read")
      return
    }
    #expect(failing[0].diagnostics == failure.diagnostics)
  }
}
