import Foundation
import LHCTestSupport
import Testing

/// `lhc extract` on Interface Builder files, with the built binary: NetNewsWire's window XIBs
/// against the catalogs Xcode wrote for them (`../shared/corpus/extraction`), a title changed in
/// a copy, a malformed XIB, and a table fed by a storyboard and Swift code
/// (`TestData/extract-ib/app`).
@Suite struct ExtractInterfaceBuilderEndToEndTests {
  private let mac = TestPaths.corpus.appendingPathComponent(
    "extraction/Ranchero-Software__NetNewsWire/Mac")
  private let app = TestPaths.testData.appendingPathComponent("extract-ib/app")
  private let windows = ["AccountStats", "ActivityLog", "CurrentActivity", "Dinosaurs", "ErrorLog"]

  private func unit(_ entry: [String: Any]?, _ language: String) -> [String: Any]? {
    ((entry?["localizations"] as? [String: Any])?[language] as? [String: Any])?["stringUnit"]
      as? [String: Any]
  }

  private func records(_ stdout: String) throws -> [[String: Any]] {
    try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [[String: Any]] ?? []
  }

  @Test(
    .enabled(
      if: FileManager.default.fileExists(atPath: TestPaths.corpus.path), "needs ../shared/corpus"))
  func netNewsWireWindows() throws {
    let files = windows.map { "\($0)/Base.lproj/\($0)Window.xib" }
    let result = try RunLHC.run(["extract", "--list", "--format", "json"] + files, in: mac)
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    let listed = try records(result.stdout)
    #expect(listed.count == 35)
    for name in windows {
      let catalog = "\(name)/mul.lproj/\(name)Window.xcstrings"
      let held = try catalogEntries(mac.appendingPathComponent(catalog))
      let mine = listed.filter { $0["catalog"] as? String == catalog }
      #expect(Set(mine.compactMap { $0["key"] as? String }) == Set(held.keys), "\(name)")
      for record in mine {
        let key = try #require(record["key"] as? String)
        #expect(record["comment"] as? String == held[key]?["comment"] as? String)
        #expect(record["value"] as? String == unit(held[key], "en")?["value"] as? String)
        #expect(record["table"] as? String == "\(name)Window")
        #expect(record["api"] as? String == "Interface Builder")
        #expect(record["file"] as? String == "\(name)/Base.lproj/\(name)Window.xib")
        #expect(record["target"] is NSNull)
      }
    }
    // The same files found in their folders; the catalogs are in sync with them.
    let folders = try RunLHC.run(["extract", "--list", "--format", "json"] + windows, in: mac)
    let found = try records(folders.stdout).filter { $0["api"] as? String == "Interface Builder" }
    #expect(
      found.compactMap { $0["key"] as? String } == listed.compactMap { $0["key"] as? String })
    let into = windows.flatMap { ["--into", "\($0)/mul.lproj/\($0)Window.xcstrings"] }
    let check = try RunLHC.run(["extract", "--check"] + into + files, in: mac)
    #expect(check.status == 0)
    #expect(check.stdout == "5 catalogs in sync with the code\n")
  }

  /// A title changed in the XIB: `--into` updates that entry's comment and source value and
  /// nothing else; its translation (state `translated`) is marked `needs_review`.
  @Test(
    .enabled(
      if: FileManager.default.fileExists(atPath: TestPaths.corpus.path), "needs ../shared/corpus"))
  func titleChanged() throws {
    let folder = try writableCopy(of: mac.appendingPathComponent("Dinosaurs"))
    let xib = folder.appendingPathComponent("Base.lproj/DinosaursWindow.xib")
    let catalog = folder.appendingPathComponent("mul.lproj/DinosaursWindow.xcstrings")
    let original = try readText(catalog)
    let before = try catalogEntries(catalog)
    let text = try readText(xib)
    #expect(text.components(separatedBy: "title=\"Go to Feed\"").count == 2)
    try Data(
      text.replacingOccurrences(of: "title=\"Go to Feed\"", with: "title=\"Go to the Feed\"")
        .utf8
    ).write(to: xib)
    let arguments = ["--into", "mul.lproj/DinosaursWindow.xcstrings", "Base.lproj"]
    let check = try RunLHC.run(["extract", "--check"] + arguments, in: folder)
    #expect(check.status == 1)
    #expect(
      check.stdout.contains(
        "  update-value \"20O-mq-mzx.title\" (Base.lproj/DinosaursWindow.xib:341:33)\n"))
    let sync = try RunLHC.run(["extract"] + arguments, in: folder)
    #expect(sync.status == 0)
    #expect(
      sync.stdout == "mul.lproj/DinosaursWindow.xcstrings: 1 update-comment, 1 update-value\n")
    let after = try catalogEntries(catalog)
    #expect(Set(after.keys) == Set(before.keys))
    for key in before.keys where key != "20O-mq-mzx.title" {
      #expect(NSDictionary(dictionary: after[key] ?? [:]).isEqual(to: before[key] ?? [:]), "\(key)")
    }
    let changed = after["20O-mq-mzx.title"]
    #expect(
      changed?["comment"] as? String
        == "Class = \"NSButtonCell\"; title = \"Go to the Feed\"; ObjectID = \"20O-mq-mzx\";")
    #expect(changed?["extractionState"] as? String == "extracted_with_value")
    #expect(unit(changed, "en")?["value"] as? String == "Go to the Feed")
    #expect(unit(changed, "en")?["state"] as? String == "new")
    let oldSpanish = unit(before["20O-mq-mzx.title"], "es")
    #expect(oldSpanish?["state"] as? String == "translated")
    #expect(unit(changed, "es")?["value"] as? String == oldSpanish?["value"] as? String)
    #expect(unit(changed, "es")?["state"] as? String == "needs_review")
    // Bytes: the three lines of that entry, nothing else.
    let oldLines = original.components(separatedBy: "\n")
    let newLines = try readText(catalog).components(separatedBy: "\n")
    #expect(oldLines.count == newLines.count)
    #expect(zip(oldLines, newLines).filter { $0 != $1 }.count == 3)
    // Synced twice: nothing to write, in sync.
    let again = try RunLHC.run(["extract"] + arguments, in: folder)
    #expect(again.stdout.isEmpty)
    #expect(try RunLHC.run(["extract", "--check"] + arguments, in: folder).status == 0)
  }

  /// A malformed XIB: an error naming file, line and column; nothing is written.
  @Test(
    .enabled(
      if: FileManager.default.fileExists(atPath: TestPaths.corpus.path), "needs ../shared/corpus"))
  func malformedXIB() throws {
    let folder = try writableCopy(of: mac.appendingPathComponent("Dinosaurs"))
    let xib = folder.appendingPathComponent("Base.lproj/DinosaursWindow.xib")
    let catalog = folder.appendingPathComponent("mul.lproj/DinosaursWindow.xcstrings")
    let original = try readText(catalog)
    var lines = try readText(xib).components(separatedBy: "\n")
    // Line 341 opens the "Go to Feed" cell; its tag loses its closing quote and bracket.
    lines[340] = lines[340].replacingOccurrences(of: "id=\"20O-mq-mzx\">", with: "id=\"20O-mq-mzx")
    try Data(lines.joined(separator: "\n").utf8).write(to: xib)
    let into = ["--into", "mul.lproj/DinosaursWindow.xcstrings"]
    for mode in [into, ["--check"] + into, ["--dry-run"] + into, ["--list"], []] {
      let result = try RunLHC.run(["extract"] + mode + ["Base.lproj"], in: folder)
      #expect(result.status == 1, "\(mode)")
      let error = try #require(
        result.stderr.components(separatedBy: "\n").first { $0.contains(": error: ") })
      #expect(error.hasPrefix("Base.lproj/DinosaursWindow.xib:34"), "\(error)")
      let location = error.split(separator: ":").prefix(3)
      #expect(location.count == 3 && Int(location[1]) != nil && Int(location[2]) != nil)
    }
    #expect(try readText(catalog) == original)
  }

  /// A table fed by a storyboard and Swift code is synced from both; a run that reads only one
  /// kind of source retires none of the other kind's keys and says so.
  @Test func storyboardAndCode() throws {
    let check = try RunLHC.run(["extract", "--check", "."], in: app)
    #expect(check.status == 0)
    #expect(check.stdout == "1 catalog in sync with the code\n")
    let list = try records(
      try RunLHC.run(["extract", "--list", "--format", "json", "."], in: app).stdout)
    #expect(list.count == 10)
    #expect(Set(list.compactMap { $0["catalog"] as? String }) == ["App/mul.lproj/Main.xcstrings"])
    // The code's strings reach the catalog through the project's variant group (Main.storyboard:
    // Base.lproj and mul.lproj) in target Reader's Resources phase.
    let code = list.filter { $0["api"] as? String == "NSLocalizedString" }
    #expect(code.count == 2)
    #expect(code.allSatisfy { $0["target"] as? String == "Reader" })

    // Only the storyboard: the code's keys stay, with a warning.
    let storyboardOnly = try RunLHC.run(
      ["extract", "--check", "App/Base.lproj/Main.storyboard"], in: app)
    #expect(storyboardOnly.status == 0)
    #expect(
      storyboardOnly.stderr.contains(
        "App/mul.lproj/Main.xcstrings: warning: 2 keys from code not marked stale: this run read no Swift source of table Main\n"
      ))
    // Only the code (the storyboard excluded): the storyboard's keys stay, with a warning.
    let codeOnly = try RunLHC.run(
      [
        "extract", "--check", "--exclude", "*.storyboard", "--into",
        "App/mul.lproj/Main.xcstrings", "App",
      ], in: app)
    #expect(codeOnly.status == 0)
    #expect(
      codeOnly.stderr.contains(
        "App/mul.lproj/Main.xcstrings: warning: 8 keys from Interface Builder not marked stale: this run read no Interface Builder file of table Main\n"
      ))

    // A button removed from the storyboard and a status string from the code: both retired
    // (translated: stale), in one sync.
    let tree = try writableCopy(of: app)
    let storyboard = tree.appendingPathComponent("App/Base.lproj/Main.storyboard")
    let swift = tree.appendingPathComponent("App/ReaderStatus.swift")
    try Data(
      try readText(storyboard).replacingOccurrences(of: "title=\"Refresh\" ", with: "").utf8
    ).write(to: storyboard)
    try Data(
      try readText(swift).replacingOccurrences(of: "\"Everything read\"", with: "\"All read\"").utf8
    ).write(to: swift)
    let sync = try RunLHC.run(["extract", "."], in: tree)
    #expect(sync.status == 0)
    #expect(sync.stdout == "App/mul.lproj/Main.xcstrings: 1 add, 2 mark-stale\n")
    let synced = try catalogEntries(tree.appendingPathComponent("App/mul.lproj/Main.xcstrings"))
    #expect(synced["Cel-00-Rfr.title"]?["extractionState"] as? String == "stale")
    #expect(synced["Everything read"]?["extractionState"] as? String == "stale")
    #expect(synced["All read"]?["comment"] as? String == "Status with no unread article")
    #expect(synced.count == 11)
  }
}
