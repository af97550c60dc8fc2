import Foundation
import LHCPlist
import LHCTestSupport
import SourceProjects
import SourceStrings
import Testing

/// Targets from Xcode projects and package manifests, and where each file's strings go, on the
/// fixture app `TestData/extract/app` (a project with synchronized folders, exception sets and a
/// classic target; two packages; a file of no target).
@Suite struct ProjectReadingTests {
  private let root = Paths.normalize(TestPaths.testData.appendingPathComponent("extract/app").path)

  private func path(_ relative: String) -> String { root + "/" + relative }

  /// Project files are read by LHCPlist's old-style reader: what a `project.pbxproj` holds.
  @Test func oldStylePlist() throws {
    let text = #"""
      // !$*UTF8*$!
      { a = b; "quoted key" = "va\"l\nue"; list = (one, "two", ); nested = { x = 1; }; d = <0aFF>; /* c */ e = $inherited; }
      """#
    let value = Dictionary(
      try StringsFileReader.read(Array(text.utf8)), uniquingKeysWith: { _, last in last })
    #expect(value["a"] == .string("b"))
    #expect(value["quoted key"] == .string("va\"l\nue"))
    #expect(value["list"] == .array([.string("one"), .string("two")]))
    #expect(value["nested"] == .dictionary(["x": .string("1")]))
    #expect(value["d"] == .data([0x0A, 0xFF]))
    #expect(value["e"] == .string("$inherited"))
  }

  @Test func oldStylePlistErrors() {
    for text in [
      "{ a = b }", "{ a = ; }", "( a b )", "{ \"unterminated = x; }",
      String(repeating: "(", count: 300),
    ] {
      #expect(throws: XcodeProject.ReadError.self) {
        try XcodeProject.read(Array(text.utf8), path: "/nonexistent/A.xcodeproj/project.pbxproj", files: FileTree())
      }
    }
  }

  @Test func xcodeProjectTargets() throws {
    let contents = try XcodeProject.read(
      at: path("App.xcodeproj/project.pbxproj"), files: FileTree())
    let targets = Dictionary(uniqueKeysWithValues: contents.targets.map { ($0.name, $0) })
    #expect(Set(targets.keys) == ["App", "Widget", "AppTests", "Legacy"])
    let app = try #require(targets["App"])
    #expect(
      Set(app.sources.keys) == [
        path("App/ContentView.swift"), path("App/Shared Code/Shared.swift"),
      ])
    #expect(app.catalogs == [path("App/Localizable.xcstrings")])
    #expect(app.conditions.platforms == ["iOS"])
    #expect(app.conditions.flags == ["DEBUG", "APP_FLAG"])  // `$(inherited)` from the project's Debug
    #expect(app.sources[path("App/ContentView.swift")] == "in synchronized folder App")
    let widget = try #require(targets["Widget"])
    #expect(
      Set(widget.sources.keys) == [
        path("Widget/WidgetView.swift"), path("App/Shared Code/Shared.swift"),
      ])
    #expect(
      widget.sources[path("App/Shared Code/Shared.swift")]
        == "named for it in App's membership exceptions")
    #expect(widget.conditions.platforms == ["macOS"])
    #expect(targets["AppTests"]?.isTest == true)
    let legacy = try #require(targets["Legacy"])
    #expect(Set(legacy.sources.keys) == [path("Legacy/Legacy.swift")])
    #expect(legacy.catalogs == [path("Legacy/Legacy.xcstrings")])
    #expect(legacy.conditions.platforms == BuildConditions.applePlatforms)
    // What the project refers to: file references (Unused.swift, by SOURCE_ROOT) and folders.
    #expect(contents.referencedFiles.contains(path("Legacy/Unused.swift")))
    #expect(contents.referencedFiles.contains(path("App/Excluded.swift")))
    #expect(contents.referencedFiles.contains(path("App/Base.lproj/Main.storyboard")))
  }

  @Test func packageTargets() {
    let targets = PackageManifest.targets(
      at: path("Packages/Feature/Package.swift"), files: FileTree())
    #expect(targets.map(\.name) == ["Feature", "FeatureTests"])
    #expect(
      Array(targets[0].sources.keys) == [path("Packages/Feature/Sources/Feature/FeatureView.swift")]
    )
    #expect(
      targets[0].catalogs == [
        path("Packages/Feature/Sources/Feature/Resources/Localizable.xcstrings")
      ])
    #expect(targets[0].conditions.platforms == ["iOS"])
    #expect(targets[0].conditions.flags == ["DEBUG", "FEATURE_FLAG"])
    #expect(targets[0].unsyncedReason == nil)
    #expect(targets[1].isTest)
    let unlocalized = PackageManifest.targets(
      at: path("Packages/NoLoc/Package.swift"), files: FileTree())
    #expect(unlocalized.first?.unsyncedReason == "package NoLoc has no defaultLocalization")
  }

  @Test func placement() {
    let scan = SourceScan.scan(inputs: [root], excluded: [], extraCatalogs: [], tree: FileTree())
    // Left out: a test target's only file, a file its project excludes, one in no build phase.
    #expect(!scan.files.contains(path("Tests/AppTests.swift")))
    #expect(!scan.files.contains(path("App/Excluded.swift")))
    #expect(!scan.files.contains(path("Legacy/Unused.swift")))
    #expect(!scan.files.contains(path("Packages/Feature/Tests/FeatureTests/FeatureTests.swift")))
    #expect(scan.files.contains(path("Loose/Sub/Script.swift")))
    func catalogs(_ file: String, _ table: String = "Localizable") -> [String?] {
      scan.placements(of: path(file), table: table).map {
        $0.catalog.map { Paths.relative($0, to: root) }
      }
    }
    #expect(
      catalogs("App/Shared Code/Shared.swift") == [
        "App/Localizable.xcstrings", "Widget/Localizable.xcstrings",
      ])
    #expect(catalogs("App/Shared Code/Shared.swift", "Settings") == [nil, nil])
    #expect(catalogs("Legacy/Legacy.swift", "Legacy") == ["Legacy/Legacy.xcstrings"])
    #expect(catalogs("Loose/Sub/Script.swift") == ["Loose/Localizable.xcstrings"])
    #expect(catalogs("Packages/NoLoc/Sources/NoLoc/Strings.swift") == [nil])
    #expect(
      scan.placements(of: path("Packages/NoLoc/Sources/NoLoc/Strings.swift"), table: "Localizable")
        .first?.isUnsynced == true)
  }

  /// A file of no target goes to the nearest catalog of its table only when one is nearest: of
  /// several as near (Watch-Browser's vendored sources, three catalogs one folder down from the
  /// root), none is chosen, and the strings are reported, not synced.
  @Test func equallyNearCatalogsAreNotGuessed() throws {
    let folder = try makeTemporaryDirectory()
    let base = Paths.normalize(folder.resolvingSymlinksInPath().path)
    for file in [
      "A/Localizable.xcstrings", "B/Localizable.xcstrings", "Vendor/Sub/View.swift",
      "A/Sub/Own.swift",
    ] {
      let url = URL(fileURLWithPath: base + "/" + file)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data("{}".utf8).write(to: url)
    }
    let scan = SourceScan.scan(inputs: [base], excluded: [], extraCatalogs: [], tree: FileTree())
    let vendor = scan.placements(of: base + "/Vendor/Sub/View.swift", table: "Localizable")
    #expect(vendor.map(\.catalog) == [nil])
    #expect(vendor.first?.isUnsynced == true)
    #expect(vendor.first?.reason.contains("as near as each other") == true)
    #expect(
      scan.placements(of: base + "/A/Sub/Own.swift", table: "Localizable").map(\.catalog) == [
        base + "/A/Localizable.xcstrings"
      ])
  }

  @Test func globs() {
    #expect(Glob("Generated").matches("App/Generated/File.swift"))
    #expect(Glob("*.generated.swift").matches("App/Strings.generated.swift"))
    #expect(!Glob("*.generated.swift").matches("App/Strings.swift"))
    #expect(Glob("App/**/Mocks").matches("App/Feature/Sub/Mocks"))
    #expect(Glob("Sources/*/Internal.swift").matches("Sources/Feature/Internal.swift"))
    #expect(!Glob("Sources/*/Internal.swift").matches("Sources/Feature/Sub/Internal.swift"))
    #expect(Glob("File[0-9].swift").matches("File7.swift"))
  }
}
