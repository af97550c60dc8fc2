import Foundation
import LHCTestSupport
import Testing

/// `lhc extract` end to end, with the built binary: the fixture app (`TestData/extract/app`: an
/// Xcode project with synchronized folders, two packages, a file of no target) and NetNewsWire's
/// sources with the catalogs Xcode synced from them (`../shared/corpus/extraction`).
@Suite struct ExtractEndToEndTests {
  private let fixture = TestPaths.testData.appendingPathComponent("extract")
  private let netNewsWire = TestPaths.corpus.appendingPathComponent(
    "extraction/Ranchero-Software__NetNewsWire")

  @Test func fixtureListing() throws {
    let app = fixture.appendingPathComponent("app")
    let first = try RunLHC.run(["extract", "--list", "--format", "json", "."], in: app)
    #expect(first.status == 0)
    #expect(first.stdout == (try readText(fixture.appendingPathComponent("app-list.json"))))
    let again = try RunLHC.run(["extract", "--list", "--format", "json", "."], in: app)
    #expect(again.stdout == first.stdout)
    // Valid JSON, each record with the documented members.
    let records =
      try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [[String: Any]]
    #expect(records?.count == 17)
    #expect(
      records?.allSatisfy {
        Set($0.keys) == [
          "api", "catalog", "column", "comment", "file", "key", "line", "table", "target", "value",
        ]
      } == true)
    // Strings no catalog takes are reported once per target and table.
    #expect(first.stderr.contains("warning: target App has no catalog of table Settings: 1 string"))
    #expect(
      first.stderr.contains("warning: target Widget has no catalog of table Settings: 1 string"))
    #expect(first.stderr.contains("warning: package NoLoc has no defaultLocalization: 1 string"))
    let text = try RunLHC.run(["extract", "--list", "App"], in: app)
    #expect(
      text.stdout.contains(
        "App/Localizable.xcstrings\n  \"%lld items\"  App/ContentView.swift:9:12 Text\n"))
    #expect(!text.stdout.contains("Widget title"))
  }

  @Test func fixtureSync() throws {
    let app = try writableCopy(of: fixture.appendingPathComponent("app"))
    let synced = fixture.appendingPathComponent("app-synced")
    let catalogs = [
      "App/Localizable.xcstrings", "Legacy/Legacy.xcstrings", "Loose/Localizable.xcstrings",
      "Packages/Feature/Sources/Feature/Resources/Localizable.xcstrings",
      "Widget/Localizable.xcstrings",
    ]
    let check = try RunLHC.run(["extract", "--check", "--format", "xcode", "."], in: app)
    #expect(check.status == 1)
    #expect(
      check.stdout.contains(
        "App/ContentView.swift:10:14: error: \"Add item\" is used in code but missing from the catalog (App/Localizable.xcstrings) [add]"
      ))
    #expect(
      check.stdout.contains(
        "App/Localizable.xcstrings:15:5: error: \"Old key\" is no longer used in code: it becomes stale (App/Localizable.xcstrings) [mark-stale]"
      ))
    let github = try RunLHC.run(["extract", "--check", "--format", "github", "."], in: app)
    #expect(
      github.stdout.contains(
        "::error file=App/ContentView.swift,line=10,col=14,title=lhc extract add::"))
    // --dry-run prints what `diff -u` prints between the catalogs and their synced bytes.
    let dryRun = try RunLHC.run(["extract", "--dry-run", "."], in: app)
    #expect(dryRun.status == 0)
    var expected = ""
    for catalog in catalogs {
      let diff = try runProcess(
        URL(fileURLWithPath: "/usr/bin/diff"),
        [
          "-u", "--label", "a/" + catalog, "--label", "b/" + catalog,
          app.appendingPathComponent(catalog).path, synced.appendingPathComponent(catalog).path,
        ])
      expected += diff.stdout
    }
    #expect(dryRun.stdout == expected)
    #expect(
      try readText(app.appendingPathComponent(catalogs[0]))
        == (try readText(fixture.appendingPathComponent("app/" + catalogs[0]))))
    // The sync writes exactly the goldens; a second one writes nothing.
    let sync = try RunLHC.run(["extract", "."], in: app)
    #expect(sync.status == 0)
    #expect(sync.stdout.contains("App/Localizable.xcstrings: 4 add, 1 mark-stale\n"))
    for catalog in catalogs {
      #expect(
        try readText(app.appendingPathComponent(catalog))
          == (try readText(synced.appendingPathComponent(catalog))), "\(catalog)")
    }
    let written =
      try FileManager.default.attributesOfItem(
        atPath: app.appendingPathComponent(catalogs[0]).path)[.modificationDate] as? Date
    Thread.sleep(forTimeInterval: 0.05)
    let again = try RunLHC.run(["extract", "."], in: app)
    #expect(again.status == 0 && again.stdout.isEmpty)
    let unchanged =
      try FileManager.default.attributesOfItem(
        atPath: app.appendingPathComponent(catalogs[0]).path)[.modificationDate] as? Date
    #expect(written == unchanged)
    let inSync = try RunLHC.run(["extract", "--check", "."], in: app)
    #expect(inSync.status == 0)
    #expect(inSync.stdout == "5 catalogs in sync with the code\n")
  }

  @Test func intoAndCreateMissing() throws {
    let app = try writableCopy(of: fixture.appendingPathComponent("app"))
    // --into: only that catalog; the tables no catalog given holds are reported.
    let into = try RunLHC.run(["extract", "--into", "Legacy/Legacy.xcstrings", "."], in: app)
    #expect(into.status == 0)
    #expect(into.stdout == "Legacy/Legacy.xcstrings: 1 add\n")
    #expect(
      into.stderr.contains(
        "warning: no catalog of table Localizable given with --into: 13 strings of it not synced"))
    #expect(
      try readText(app.appendingPathComponent("App/Localizable.xcstrings"))
        == (try readText(fixture.appendingPathComponent("app/App/Localizable.xcstrings"))))
    // --create-missing: the tables a target has no catalog of (not a package without
    // defaultLocalization), here Settings and Missing.
    let created = try RunLHC.run(
      ["extract", "--create-missing", "Made", "--source-language", "de", "."], in: app)
    #expect(created.status == 0)
    let settings = try readText(app.appendingPathComponent("Made/Settings.xcstrings"))
    #expect(
      settings == """
        {
          "sourceLanguage" : "de",
          "strings" : {
            "settings.title" : {
              "comment" : "Settings title",
              "extractionState" : "extracted_with_value",
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "new",
                    "value" : "Settings"
                  }
                }
              }
            }
          },
          "version" : "1.0"
        }
        """)
    #expect(
      FileManager.default.fileExists(
        atPath: app.appendingPathComponent("Made/Missing.xcstrings").path))
    #expect(
      !FileManager.default.fileExists(
        atPath: app.appendingPathComponent("Made/Localizable.xcstrings").path))
  }

  @Test func explainAndErrors() throws {
    let app = fixture.appendingPathComponent("app")
    let explained = try RunLHC.run(["extract", "--list", "--explain", "App"], in: app)
    #expect(
      explained.stderr.contains(
        "App/Shared Code/Shared.swift: target App (#if: iOS APP_FLAG DEBUG): in synchronized folder App; target Widget (#if: macOS DEBUG): named for it in App's membership exceptions\n"
      ))
    #expect(
      explained.stderr.contains(
        "App/ContentView.swift:9:12: Text \"%lld items\" → App/Localizable.xcstrings (target App)\n    \\(count) → %lld: Int\n"
      ))
    for arguments in [
      ["extract"], ["extract", "--list", "--check", "."],
      ["extract", "--check", "--format", "json", "."],
      ["extract", "no/such/folder"], ["extract", "--list", "--into", "A.xcstrings", "."],
    ] {
      #expect(try RunLHC.run(arguments, in: app).status == 64, "\(arguments)")
    }
    // A catalog that cannot be read: an error naming it, exit 1, nothing written.
    let broken = try writableCopy(of: app)
    let catalog = broken.appendingPathComponent("Widget/Localizable.xcstrings")
    try Data("{ \"sourceLanguage\" : ".utf8).write(to: catalog)
    let appCatalog = try readText(broken.appendingPathComponent("App/Localizable.xcstrings"))
    let result = try RunLHC.run(["extract", "."], in: broken)
    #expect(result.status == 1)
    #expect(result.stderr.contains("Widget/Localizable.xcstrings:"))
    #expect(try readText(broken.appendingPathComponent("App/Localizable.xcstrings")) == appCatalog)
  }

  /// lhc-extract(1)'s aim: for each catalog Xcode fed from code, ≥ 97 % of the keys Xcode
  /// extracted (no `extractionState`, or `extracted_with_value`), none of its stale keys, ≤ 5 %
  /// keys the catalog lacks. The one key of `Shared/Localizable.xcstrings` not found, `Favicons`
  /// ("Activity owner name"), is used only by the ActivityLog package (`bundle: .module`), whose
  /// own catalog has it: a leftover from when that code was the app's, not a rule to learn.
  @Test(
    .enabled(
      if: FileManager.default.fileExists(atPath: TestPaths.corpus.path), "needs ../shared/corpus"))
  func netNewsWirePlacement() throws {
    let result = try RunLHC.run(["extract", "--list", "--format", "json", "."], in: netNewsWire)
    #expect(result.status == 0)
    let records =
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
    var found: [String: Set<String>] = [:]
    var fromInterfaceBuilder: [String: Set<String>] = [:]
    for record in records {
      if let catalog = record["catalog"] as? String, let key = record["key"] as? String {
        if record["api"] as? String == "Interface Builder" {
          fromInterfaceBuilder[catalog, default: []].insert(key)
        } else {
          found[catalog, default: []].insert(key)
        }
      }
    }
    #expect(
      Set(found.keys) == [
        "Shared/Localizable.xcstrings", "Widget/Resources/Localizable.xcstrings",
        "Modules/ActivityLog/Sources/ActivityLog/Resources/Localizable.xcstrings",
      ])
    // The five window XIBs feed their mul.lproj catalogs, every key of them (the other IB files
    // have no catalog and are not read).
    #expect(fromInterfaceBuilder.count == 5)
    for (catalog, keys) in fromInterfaceBuilder {
      #expect(catalog.hasSuffix("Window.xcstrings") && catalog.contains("/mul.lproj/"))
      #expect(Set(try catalogEntries(netNewsWire.appendingPathComponent(catalog)).keys) == keys)
    }
    for (catalog, keys) in found {
      let held = try catalogEntries(netNewsWire.appendingPathComponent(catalog))
      let extracted = Set(
        held.filter {
          ($0.value["extractionState"] as? String).map { $0 == "extracted_with_value" } ?? true
        }.keys)
      let stale = Set(
        held.filter { $0.value["extractionState"] as? String == "stale" }.keys)
      let placed = extracted.intersection(keys).count
      #expect(
        Double(placed) >= 0.97 * Double(extracted.count),
        "\(catalog): \(placed) of \(extracted.count)")
      #expect(stale.isDisjoint(with: keys), "\(catalog)")
      let invented = keys.subtracting(held.keys)
      #expect(
        Double(invented.count) <= 0.05 * Double(keys.count), "\(catalog): \(invented.sorted())")
    }
    // The packages without defaultLocalization look strings up in no catalog: reported, not synced.
    #expect(
      result.stderr.contains(
        "warning: package Account has no defaultLocalization: 50 strings of table Localizable not synced"
      ))
  }

  /// A key's comments from several call sites: each once, sorted (as Xcode joins them),
  /// whatever the files' order.
  @Test func commentsOfSeveralCallSitesSorted() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let app = directory.appendingPathComponent("App")
    try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
    try Data("Text(\"Delete\", comment: \"Post menu action\")\n".utf8).write(
      to: app.appendingPathComponent("A.swift"))
    try Data("Text(\"Delete\", comment: \"Button to delete\")\n".utf8).write(
      to: app.appendingPathComponent("B.swift"))
    try Data(
      "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n\n  },\n  \"version\" : \"1.0\"\n}"
        .utf8
    )
    .write(to: app.appendingPathComponent("Localizable.xcstrings"))
    let sync = try RunLHC.run(["extract", "."], in: directory)
    #expect(sync.status == 0)
    let entries = try catalogEntries(app.appendingPathComponent("Localizable.xcstrings"))
    #expect(entries["Delete"]?["comment"] as? String == "Button to delete\nPost menu action")
  }

  /// Build settings and layout (`TestData/extract/settings`): Mac Catalyst code, conditional
  /// xcconfig settings, a package inside a synchronized folder, a stray file, the Swift
  /// extraction settings, calls in comments, and `--configuration`.
  @Test func settingsFixtureListing() throws {
    let root = fixture.appendingPathComponent("settings")
    func listing(_ arguments: [String] = []) throws -> (catalogs: [String: String], stderr: String)
    {
      try extractListing(root, arguments)
    }
    let debug = try listing()
    #expect(
      debug.catalogs == [
        "Catalyst only": "Phone/Localizable.xcstrings",
        "Feature one and two": "Phone/Localizable.xcstrings",
        // UndoManager.setActionName's resource overload: iOS 16 on (Phone), not macOS 12.4.
        "Rename": "Phone/Localizable.xcstrings",
        "Kit title": "Phone/Kit/Sources/Kit/Localizable.xcstrings",
        "Used title": "Classic/Localizable.xcstrings",
        "Stray title": "null",
        // Objective-C through the project's macro; calls in comments (CODE_COMMENTS = YES).
        "Bridge title": "Classic/Localizable.xcstrings",
        "Commented key": "Classic/Localizable.xcstrings",
        "Block commented key": "null",
        "Swift commented key": "Classic/Localizable.xcstrings",
        // SWIFT_EMIT_LOC_STRINGS unset: Text() literals only.
        "Widget text": "Widget/Localizable.xcstrings",
        "Widget %lld items": "Widget/Localizable.xcstrings",
        // Swift extraction off: Objective-C only.
        "Quiet objc": "Quiet/Localizable.xcstrings",
        // Settings unknown: the compiler's extraction.
        "Lost string": "Lost/Localizable.xcstrings",
      ])
    #expect(
      debug.stderr.contains(
        "Classic/Stray.swift:5:30: warning: in no target, though a project builds the other files of its folder: 1 string of table Localizable not synced"
      ))
    // Release: its conditions (no DEBUG, RELEASE_ONLY), the same extraction settings.
    let release = try listing(["--configuration", "Release"])
    #expect(release.catalogs["Never in Debug on iOS"] == "Phone/Localizable.xcstrings")
    #expect(release.catalogs["Feature one and two"] == nil)
    #expect(release.catalogs.count == debug.catalogs.count)
  }

  /// Package dependencies give types only: a checkout in `SourcePackages/checkouts` and a
  /// folder given with `--dependencies` make literals passed to their `LocalizedStringKey`
  /// parameters keys; nothing of theirs is extracted; a pinned package with no checkout is named.
  @Test func dependenciesGiveTypes() throws {
    let root = fixture.appendingPathComponent("dependencies")
    func keys(_ arguments: [String]) throws -> (keys: [String: String], stderr: String) {
      let listing = try extractListing(root, arguments, inputs: ["App"])
      return (listing.catalogs, listing.stderr)
    }
    let catalog = "App/Sources/App/Resources/Localizable.xcstrings"
    let checkedOut = try keys([])
    // Fancy's LocalizedStringKey initializer; its disfavoured String one is not; Loud and
    // MissingKit unknown (a test of Fancy declaring LoudButton is not read).
    #expect(checkedOut.keys == ["Fancy title": catalog])
    #expect(
      checkedOut.stderr.contains(
        "note: the declarations of 1 package are unknown (no checkout): missingkit; strings passed to their localizable parameters are not found."
      ), "\(checkedOut.stderr)")
    let given = try keys(["--dependencies", "Elsewhere"])
    #expect(given.keys == ["Fancy title": catalog, "Loud title": catalog])
    #expect(try keys(["--dependencies", "Elsewhere/Loud"]).keys == given.keys)
    let missing = try RunLHC.run(
      ["extract", "--list", "--dependencies", "Nowhere", "App"], in: root)
    #expect(missing.status == 64)
  }

  /// Where the checkouts are: `.build/checkouts` (SwiftPM), none (the pinned packages named),
  /// and in a Run Script build phase the derived data's `SourcePackages/checkouts`.
  @Test func dependencyCheckoutsWhereToolsLeaveThem() throws {
    let tree = try writableCopy(of: fixture.appendingPathComponent("dependencies"))
    defer { try? FileManager.default.removeItem(at: tree.deletingLastPathComponent()) }
    let app = tree.appendingPathComponent("App")
    func keys(_ environment: [String: String]? = nil) throws -> (keys: Set<String>, stderr: String)
    {
      let listing = try extractListing(tree, inputs: ["App"], environment: environment)
      return (Set(listing.catalogs.keys), listing.stderr)
    }
    let manager = FileManager.default
    try manager.createDirectory(
      at: app.appendingPathComponent(".build"), withIntermediateDirectories: true)
    try manager.moveItem(
      at: app.appendingPathComponent("SourcePackages/checkouts"),
      to: app.appendingPathComponent(".build/checkouts"))
    #expect(try keys().keys == ["Fancy title"])
    // No checkout: both pinned packages named, their strings not found.
    let derivedData = tree.appendingPathComponent("DerivedData/App-abc")
    try manager.createDirectory(
      at: derivedData.appendingPathComponent("SourcePackages"), withIntermediateDirectories: true)
    try manager.moveItem(
      at: app.appendingPathComponent(".build/checkouts"),
      to: derivedData.appendingPathComponent("SourcePackages/checkouts"))
    let none = try keys()
    #expect(none.keys.isEmpty)
    #expect(none.stderr.contains("(no checkout): fancy, missingkit;"), "\(none.stderr)")
    // Xcode's Run Script phase: the checkouts of the derived data BUILD_DIR is in.
    var environment = ProcessInfo.processInfo.environment
    environment["ACTION"] = "build"
    environment["SCRIPT_INPUT_FILE_COUNT"] = "0"
    environment["BUILD_DIR"] = derivedData.appendingPathComponent("Build/Products").path
    #expect(try keys(environment).keys == ["Fancy title"])
  }

  /// A sync under the Swift extraction settings: nothing Xcode would not extract is added, and
  /// a key the setting leaves out is kept while its text is still in the code.
  @Test func swiftExtractionSettingsSync() throws {
    let tree = try writableCopy(of: fixture.appendingPathComponent("settings"))
    let widget = tree.appendingPathComponent("Widget/Localizable.xcstrings")
    try Data(
      """
      {
        "sourceLanguage" : "en",
        "strings" : {
          "Widget string" : {

          }
        },
        "version" : "1.0"
      }
      """.utf8
    ).write(to: widget)
    let check = try RunLHC.run(["extract", "--check", "Widget", "Quiet"], in: tree)
    #expect(check.status == 1)
    #expect(check.stdout.contains("  add \"Widget text\""))
    #expect(check.stdout.contains("  add \"Quiet objc\""))
    for key in ["Widget button", "Widget legacy", "Widget commented", "Quiet text", "Quiet legacy"]
    {
      #expect(!check.stdout.contains(key), "\(key)")
    }
    #expect(!check.stdout.contains("stale"), "\(check.stdout)")
    #expect(
      check.stderr.contains(
        "Widget/Localizable.xcstrings: note: 1 key kept: their text is still in the code where lhc cannot tell whether it is localized"
      ), "\(check.stderr)")
  }

  @Test(
    .enabled(
      if: FileManager.default.fileExists(atPath: TestPaths.corpus.path), "needs ../shared/corpus"))
  func netNewsWireSync() throws {
    let tree = try writableCopy(of: netNewsWire)
    let shared = tree.appendingPathComponent("Shared/Localizable.xcstrings")
    let original = try readText(shared)
    // Three keys with comments from code, removed as lines of the file.
    let removed = ["Add Account", "All Unread", "Activity Log"]
    var lines = original.components(separatedBy: "\n")
    for key in removed {
      let start = try #require(lines.firstIndex(of: "    \(JSONString.quote(key)) : {"))
      let end = try #require(lines[start...].firstIndex(of: "    },"))
      lines.removeSubrange(start...end)
    }
    try Data(lines.joined(separator: "\n").utf8).write(to: shared)
    let check = try RunLHC.run(
      ["extract", "--check", "--into", "Shared/Localizable.xcstrings", "."], in: tree)
    #expect(check.status == 1)
    for key in removed { #expect(check.stdout.contains("  add \(JSONString.quote(key))")) }
    let sync = try RunLHC.run(
      ["extract", "--explain", "--into", "Shared/Localizable.xcstrings", "."], in: tree)
    #expect(sync.status == 0)
    // Back with the code's comment and no extractionState; the rest as it was. Favicons, in the
    // catalog but used by no lookup of this code, is kept by the safety net: its text is still a
    // literal of the code (`appendingPathComponent("Favicons")`), where lhc cannot tell.
    #expect(try readText(shared) == original)
    #expect(
      sync.stderr.contains(
        "Shared/Localizable.xcstrings: note: 1 key kept: their text is still in the code where lhc cannot tell whether it is localized\n"
      ))
    #expect(
      sync.stderr.contains(
        "Shared/Extensions/CacheCleaner.swift:34:60: note: \"Favicons\" of Shared/Localizable.xcstrings is still here\n"
      ), "\(sync.stderr)")
    #expect(
      try RunLHC.run(
        ["extract", "--check", "--into", "Shared/Localizable.xcstrings", "."], in: tree
      ).status == 0)
    // Without the net (the harness's switch) it is removed: it has no translation.
    let unsafe = try RunLHC.run(
      ["extract", "--into", "Shared/Localizable.xcstrings", "."], in: tree,
      environment: ProcessInfo.processInfo.environment.merging(
        ["LHC_INTERNAL_NO_SAFETY_NET": "1"]) { $1 })
    #expect(unsafe.status == 0)
    #expect(!unsafe.stderr.contains("kept"))
    #expect(
      try readText(shared)
        == original.replacingOccurrences(
          of: "    \"Favicons\" : {\n      \"comment\" : \"Activity owner name\"\n    },\n",
          with: ""))
    try Data(original.utf8).write(to: shared)

    // A source file deleted: the keys only it used leave the catalog (untranslated: removed) or
    // turn stale (translated: a translation added first), nothing else changes.
    let file = "Mac/MainWindow/AddFeed/AddFeedController.swift"
    let listing = try RunLHC.run(["extract", "--list", "--format", "json", "."], in: tree)
    let records =
      try JSONSerialization.jsonObject(with: Data(listing.stdout.utf8)) as? [[String: Any]] ?? []
    let inShared = records.filter { $0["catalog"] as? String == "Shared/Localizable.xcstrings" }
    let onlyThere = Set(
      inShared.filter { $0["file"] as? String == file }.compactMap { $0["key"] as? String }
    )
    .subtracting(
      inShared.filter { $0["file"] as? String != file }.compactMap { $0["key"] as? String })
    try #require(onlyThere.count >= 2)
    let current = try catalogEntries(shared)
    let translated = try #require(onlyThere.sorted().first { current[$0]?["comment"] != nil })
    let marker = "    \(JSONString.quote(translated)) : {\n"
    let localizations = """
            "localizations" : {
              "de" : {
                "stringUnit" : {
                  "state" : "translated",
                  "value" : "Übersetzt"
                }
              }
            },

      """
    let text = try readText(shared).replacingOccurrences(of: marker, with: marker + localizations)
    try Data(text.utf8).write(to: shared)
    let withTranslation = try catalogEntries(shared)
    try FileManager.default.removeItem(at: tree.appendingPathComponent(file))
    #expect(
      try RunLHC.run(["extract", "--into", "Shared/Localizable.xcstrings", "."], in: tree).status
        == 0)
    var after = try catalogEntries(shared)
    #expect(after[translated]?["extractionState"] as? String == "stale")
    #expect((after[translated]?["localizations"] as? [String: Any])?["de"] != nil)
    for key in onlyThere where key != translated { #expect(after[key] == nil, "\(key)") }
    after[translated]?["extractionState"] = nil
    var expectedAfter = withTranslation
    for key in onlyThere where key != translated { expectedAfter[key] = nil }
    #expect(NSDictionary(dictionary: after).isEqual(to: expectedAfter))
  }
}

/// A JSON string literal as the catalog writer writes keys (the test's own, for finding lines).
private enum JSONString {
  static func quote(_ text: String) -> String {
    "\""
      + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
        of: "\"", with: "\\\"") + "\""
  }
}
