import Foundation
import LHCTestSupport
import ProjectSpecs
import SourceProjects
import SourceStrings
import Testing

/// Generated projects: the YAML reader, XcodeGen's `project.yml` (`TestData/extract/xcodegen`:
/// an app, a framework in an included spec, a test target, a local package) and Tuist's
/// `Project.swift` (`TestData/extract/tuist`), their precedence and the note of files of no
/// project.
@Suite struct GeneratedProjectTests {
  private let fixtures = Paths.normalize(TestPaths.testData.appendingPathComponent("extract").path)

  private func targets(_ contents: GeneratedProject.Contents) -> [String: BuildTarget] {
    Dictionary(uniqueKeysWithValues: contents.targets.map { ($0.name, $0) })
  }

  private func write(_ files: [String: String]) throws -> String {
    let root = try makeTemporaryDirectory()
    for (relative, text) in files {
      let url = root.appendingPathComponent(relative)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    return Paths.normalize(root.resolvingSymlinksInPath().path)
  }

  @Test func yamlTree() throws {
    let text = """
      base: &base
        a: 1
        b: [x, "y"]
      other: &other {c: 3, a: 9}
      derived:
        <<: [*base, *other]
        a: own
      quoted: "<<"
      empty:
      """
    let node = try YAMLReader.read(Array(text.utf8))
    #expect(
      node["base"]?["b"] == .sequence([.scalar("x", isPlain: true), .scalar("y", isPlain: false)]))
    let derived = try #require(node["derived"]?.entries)
    // Its own keys first and over the merged ones; then the first merged mapping's.
    #expect(derived.map(\.key) == ["a", "b", "c"])
    #expect(node["derived"]?["a"]?.string == "own")
    #expect(node["derived"]?["c"]?.string == "3")
    #expect(node["quoted"]?.string == "<<")
    #expect(node["empty"] != nil && node["empty"]?.string == nil)
  }

  @Test func yamlErrors() {
    #expect(throws: YAMLReader.ReadError.self) { try YAMLReader.read(Array("a: [b\nc: d".utf8)) }
    #expect(throws: YAMLReader.ReadError.self) { try YAMLReader.read(Array("a: *missing".utf8)) }
    // Too deep, and aliases that expand beyond the limit ("billion laughs").
    let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
    #expect(throws: YAMLReader.ReadError.self) { try YAMLReader.read(Array(deep.utf8)) }
    var laughs = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
    for level in 1...8 {
      let previous = "*l\(level - 1)".replacingOccurrences(of: "*l0", with: "*a")
      laughs +=
        "l\(level): &l\(level) [\(Array(repeating: previous, count: 10).joined(separator: ", "))]\n"
    }
    #expect(throws: YAMLReader.ReadError.self) { try YAMLReader.read(Array(laughs.utf8)) }
    #expect((try? YAMLReader.read([])) == .scalar("", isPlain: true))
  }

  @Test func xcodeGenTargets() throws {
    let root = fixtures + "/xcodegen"
    let read = targets(try XcodeGenProject.read(at: root + "/project.yml", files: FileTree()))
    #expect(Set(read.keys) == ["App", "AppTests", "Feature"])
    let app = try #require(read["App"])
    #expect(Set(app.sources.keys) == [root + "/App/AppView.swift"])  // Excluded.swift excluded
    #expect(app.catalogs == [root + "/App/Localizable.xcstrings"])
    #expect(app.conditions.platforms == ["iOS"])
    // The project presets' DEBUG, inherited; the xcconfig's macro names; a group's setting.
    #expect(app.conditions.flags == ["DEBUG", "APP_FLAG"])
    #expect(app.macroNames == ["AppLocalized"])
    #expect(app.swiftExtraction == .compiler)
    #expect(app.conditions.deploymentTargets["iOS"] == BuildConditions.version("16.0"))
    #expect(!app.isTest && !app.isLibrary)
    // The included spec's paths are relative to it; no localization setting: Text() only.
    let feature = try #require(read["Feature"])
    #expect(Set(feature.sources.keys) == [root + "/Modules/Feature/FeatureView.swift"])
    #expect(feature.catalogs == [root + "/Modules/Feature/Localizable.xcstrings"])
    #expect(feature.conditions.platforms == ["iOS", "macCatalyst"])
    #expect(feature.conditions.deploymentTargets["iOS"] == BuildConditions.version("17.0"))
    #expect(feature.swiftExtraction == .textOnly)
    #expect(feature.isLibrary)
    #expect(read["AppTests"]?.isTest == true)
    // `configs: release:` applies to the Release configuration.
    let release = targets(
      try XcodeGenProject.read(
        at: root + "/project.yml", files: FileTree(), configuration: "Release"))
    #expect(release["App"]?.conditions.flags == ["RELEASE_FLAG"])
  }

  @Test func xcodeGenScan() throws {
    let root = fixtures + "/xcodegen"
    let scan = SourceScan.scan(inputs: [root], excluded: [], extraCatalogs: [], tree: FileTree())
    #expect(scan.warnings.isEmpty && scan.notes.isEmpty)
    #expect(scan.targets(of: root + "/App/AppView.swift").map(\.name) == ["App"])
    // The local package is read as packages are.
    #expect(
      scan.targets(of: root + "/Packages/Kit/Sources/Kit/KitView.swift").map(\.name) == ["Kit"])
    // A file `excludes` leaves out is in no target and feeds no catalog.
    #expect(scan.targets(of: root + "/App/Excluded.swift").isEmpty)
    #expect(scan.isStray(root + "/App/Excluded.swift"))
    // A test target's file is not read.
    #expect(!scan.files.contains(root + "/Tests/AppTests.swift"))
  }

  @Test func tuistTargets() throws {
    let root = fixtures + "/tuist"
    let read = targets(TuistProject.read(at: root + "/Project.swift", files: FileTree()))
    #expect(Set(read.keys) == ["App", "AppTests", "Feature"])
    let app = try #require(read["App"])
    #expect(Set(app.sources.keys) == [root + "/App/AppView.swift", root + "/App/Project.swift"])
    #expect(app.catalogs == [root + "/App/Resources/Localizable.xcstrings"])
    #expect(app.conditions.flags == ["APP_FLAG"])
    #expect(app.conditions.deploymentTargets["iOS"] == BuildConditions.version("17.0"))
    #expect(app.swiftExtraction == .compiler)  // the project's base settings
    let feature = try #require(read["Feature"])
    #expect(Set(feature.sources.keys) == [root + "/Modules/Feature/FeatureView.swift"])
    #expect(feature.catalogs == [root + "/Modules/Feature/Resources/Localizable.xcstrings"])
    #expect(feature.conditions.platforms == ["iOS", "macCatalyst"])
    #expect(feature.isLibrary)
    #expect(read["AppTests"]?.isTest == true)
    let release = targets(
      TuistProject.read(at: root + "/Project.swift", files: FileTree(), configuration: "Release"))
    #expect(release["App"]?.conditions.flags == ["RELEASE_FLAG"])
    // The manifest is not code; an app's own Project.swift is.
    let scan = SourceScan.scan(inputs: [root], excluded: [], extraCatalogs: [], tree: FileTree())
    #expect(!scan.files.contains(root + "/Project.swift"))
    #expect(scan.targets(of: root + "/App/Project.swift").map(\.name) == ["App"])
    #expect(scan.isStray(root + "/Modules/Feature/Excluded.swift"))
  }

  /// Targets a function of the manifest computes are read through it (its parameters bound to
  /// the call's arguments, a choice they decide), `.relativeToRoot` xcconfig files, and
  /// `SettingsDictionary`'s methods; a target lhc cannot read (a helper's) leaves the files no
  /// read target builds to the nearest catalog, even those a test target also has.
  @Test func tuistFunctionsPathsAndUnreadTargets() throws {
    let root = try write([
      "Tuist.swift": "import ProjectDescription\nlet config = Config()\n",
      "xcconfigs/App.xcconfig": "SWIFT_EMIT_LOC_STRINGS = YES\n",
      "App/Project.swift": """
      import ProjectDescription
      func appTarget(selfCompiled: Bool, suffix: String = "") -> Target {
        let name = selfCompiled ? "Self-Compiled" : "App"
        return .target(
          name: name, destinations: [.mac], product: .app, bundleId: "com.example.app",
          sources: ["Sources/**/*.swift"],
          settings: .settings(configurations: [
            .debug(
              name: "Debug",
              settings: [:].swiftActiveCompilationConditions(["DEBUG"] + ["EXTRA"]),
              xcconfig: .relativeToRoot("xcconfigs/App.xcconfig")),
          ]))
      }
      let project = Project(
        name: "App",
        targets: [
          appTarget(selfCompiled: false),
          .helperComputedTarget(name: "Widget"),
          .target(
            name: "AppTests", destinations: [.mac], product: .unitTests, bundleId: "t",
            sources: ["Tests/**", "Widget/**/*.swift"]),
        ])
      """,
      "App/Sources/A.swift": "let a = 1\n",
      "App/Widget/W.swift": "let w = 1\n",
      "App/Widget/Localizable.xcstrings": "{}",
    ])
    let contents = TuistProject.read(at: root + "/App/Project.swift", files: FileTree())
    let read = targets(contents)
    #expect(Set(read.keys) == ["App", "AppTests"])
    #expect(contents.unreadTargets == 1)
    let app = try #require(read["App"])
    #expect(Set(app.sources.keys) == [root + "/App/Sources/A.swift"])
    #expect(app.swiftExtraction == .compiler)
    #expect(app.conditions.flags == ["DEBUG", "EXTRA"])
    let scan = SourceScan.scan(inputs: [root], excluded: [], extraCatalogs: [], tree: FileTree())
    #expect(scan.files.contains(root + "/App/Widget/W.swift"))
    #expect(!scan.isStray(root + "/App/Widget/W.swift"))
    #expect(
      scan.placements(of: root + "/App/Widget/W.swift", table: "Localizable").map(\.catalog) == [
        root + "/App/Widget/Localizable.xcstrings"
      ])
    #expect(scan.warnings.contains { $0.1.contains("1 of its targets cannot be read") })
  }

  /// `Target`'s static functions in `Tuist/ProjectDescriptionHelpers` (Tuist's own pattern,
  /// chatless's `.module(…)`) are read through, with the helpers' constants, defaults, `??`
  /// and a `!= nil` choice.
  @Test func tuistHelpers() throws {
    let root = try write([
      "Tuist.swift": "import ProjectDescription\nlet config = Config()\n",
      "Tuist/ProjectDescriptionHelpers/Templates.swift": """
      import ProjectDescription
      public let baseSettings: SettingsDictionary = ["SWIFT_EMIT_LOC_STRINGS": "YES"]
      extension Target {
        public static func module(
          name: String, product: Product? = nil, sources: SourceFilesList,
          resources: ResourceFileElements? = nil, flags: SettingsDictionary = [:],
          xcconfig: Path? = nil
        ) -> Target {
          let merged = baseSettings.merging(flags) { _, new in new }
          return Target.target(
            name: name, destinations: .iOS, product: product ?? .framework,
            bundleId: "com.example.\\(name)", sources: sources, resources: resources,
            settings: .settings(
              base: merged,
              configurations: xcconfig != nil ? [.debug(name: .debug, xcconfig: xcconfig)] : []))
        }
      }
      """,
      "Project.swift": """
      import ProjectDescription
      import ProjectDescriptionHelpers
      let project = Project(
        name: "Chat",
        targets: [
          .module(name: "App", product: .app, sources: ["App/**"]),
          Target.module(
            name: "Chat", sources: ["Features/Chat/**"], resources: ["Resources/Chat/**"],
            flags: ["SWIFT_ACTIVE_COMPILATION_CONDITIONS": "CHAT"]),
        ])
      """,
      "App/A.swift": "let a = 1\n",
      "Features/Chat/C.swift": "let c = 1\n",
      "Resources/Chat/Localizable.xcstrings": "{}",
    ])
    let contents = TuistProject.read(at: root + "/Project.swift", files: FileTree())
    #expect(contents.unreadTargets == 0)
    let read = targets(contents)
    let app = try #require(read["App"])
    let chat = try #require(read["Chat"])
    #expect(!app.isLibrary && chat.isLibrary)
    #expect(Set(chat.sources.keys) == [root + "/Features/Chat/C.swift"])
    #expect(chat.catalogs == [root + "/Resources/Chat/Localizable.xcstrings"])
    #expect(chat.swiftExtraction == .compiler)
    #expect(chat.conditions.flags == ["CHAT"])
  }

  /// A spec generated with `--project-root` above its folder (capsule's `App/project.yml`, run
  /// as `xcodegen generate --spec App/project.yml --project-root .`): its paths are read from
  /// the folder above, up to the repository's root, where they are.
  @Test func xcodegenProjectRootAboveTheSpec() throws {
    let root = try write([
      ".git/HEAD": "ref: refs/heads/main\n",
      "App/project.yml": """
      name: Capsule
      targets:
        Capsule:
          type: application
          platform: macOS
          sources:
            - path: App/Sources
            - path: App/Resources/Localizable.xcstrings
      """,
      "App/Sources/A.swift": "let a = 1\n",
      "App/Resources/Localizable.xcstrings": "{}",
    ])
    let read = targets(
      try XcodeGenProject.read(at: root + "/App/project.yml", files: FileTree()))
    let app = try #require(read["Capsule"])
    #expect(Set(app.sources.keys) == [root + "/App/Sources/A.swift"])
    #expect(app.catalogs == [root + "/App/Resources/Localizable.xcstrings"])
  }

  /// An XcodeGen target's `InfoPlist.xcstrings` is synced from its Info.plist settings, as an
  /// Xcode project's (Capso: a sync emptied it); a Tuist target's is not synced at all (lhc does
  /// not read Tuist's `infoPlist:`), with the reason.
  @Test func infoPlistCatalogsOfGeneratedTargets() throws {
    let root = try write([
      "project.yml": """
      name: App
      targets:
        App:
          type: application
          platform: macOS
          sources: [App]
          settings:
            base:
              GENERATE_INFOPLIST_FILE: YES
              INFOPLIST_KEY_CFBundleDisplayName: Capso
      """,
      "App/A.swift": "let a = 1\n",
      "App/InfoPlist.xcstrings": "{}",
      "Tuist/Project.swift": """
      import ProjectDescription
      let project = Project(name: "T", targets: [
        .target(name: "T", destinations: .macOS, product: .app, bundleId: "t",
                infoPlist: .extendingDefault(with: ["CFBundleDisplayName": "T"]),
                sources: ["Sources/**"], resources: ["Resources/**"])
      ])
      """,
      "Tuist/Sources/T.swift": "let t = 1\n",
      "Tuist/Resources/InfoPlist.xcstrings": "{}",
    ])
    let app = try #require(
      targets(try XcodeGenProject.read(at: root + "/project.yml", files: FileTree()))["App"])
    guard case .keys(let keys, _)? = app.infoPlist else {
      Issue.record("no Info.plist keys: \(String(describing: app.infoPlist))")
      return
    }
    #expect(keys.map(\.key).contains("CFBundleDisplayName"))
    let tuist = try #require(
      targets(TuistProject.read(at: root + "/Tuist/Project.swift", files: FileTree()))["T"])
    let placed = InfoPlistStrings.placed([tuist])
    #expect(placed.strings.isEmpty)
    #expect(
      placed.unreadable[root + "/Tuist/Resources/InfoPlist.xcstrings"]?.contains(
        "does not read the Info.plist of target T") == true)
  }

  @Test func projectSwiftWithoutProjectDescriptionIsCode() throws {
    let root = try write([
      "Project.swift": "struct Project { let name = \"x\" }\nlet project = Project(targets: [])\n",
      "Localizable.xcstrings": "{}",
    ])
    #expect(!TuistProject.isManifest(at: root + "/Project.swift"))
    let scan = SourceScan.scan(inputs: [root], excluded: [], extraCatalogs: [], tree: FileTree())
    #expect(scan.files == [root + "/Project.swift"])
    #expect(scan.targets.isEmpty)
    #expect(scan.notes == [SourceScan.noProjectNote])
  }

  /// The `.xcodeproj` beside a spec is what Xcode built: the spec is not read.
  @Test func committedProjectOverSpec() throws {
    let root = try write([
      "project.yml":
        "targets:\n  Spec:\n    type: application\n    platform: iOS\n    sources: [App]\n",
      "App/A.swift": "let a = 1\n",
    ])
    let pbxproj = try String(
      contentsOfFile: fixtures + "/app/App.xcodeproj/project.pbxproj", encoding: .utf8)
    try FileManager.default.createDirectory(
      atPath: root + "/App.xcodeproj", withIntermediateDirectories: true)
    try pbxproj.write(
      toFile: root + "/App.xcodeproj/project.pbxproj", atomically: true, encoding: .utf8)
    let scan = SourceScan.scan(inputs: [root], excluded: [], extraCatalogs: [], tree: FileTree())
    #expect(!scan.targets.contains { $0.name == "Spec" })
    try FileManager.default.removeItem(atPath: root + "/App.xcodeproj")
    let alone = SourceScan.scan(inputs: [root], excluded: [], extraCatalogs: [], tree: FileTree())
    #expect(alone.targets(of: root + "/App/A.swift").map(\.name) == ["Spec"])
  }

  /// A root `Package.swift` whose target's folder is the whole repository does not take the
  /// files the project's targets build; a file no project target builds stays its.
  @Test func rootPackageDoesNotOverrideProject() throws {
    let root = try write([
      "project.yml":
        "targets:\n  App:\n    type: application\n    platform: iOS\n    sources: [App]\n",
      "Package.swift": """
      // swift-tools-version:5.9
      import PackageDescription
      let package = Package(name: "Root", defaultLocalization: "en", targets: [.target(name: "Root", path: ".")])
      """,
      "App/A.swift": "let a = 1\n",
      "Tools/T.swift": "let t = 1\n",
    ])
    let scan = SourceScan.scan(inputs: [root], excluded: [], extraCatalogs: [], tree: FileTree())
    #expect(scan.targets(of: root + "/App/A.swift").map(\.name) == ["App"])
    #expect(scan.targets(of: root + "/Tools/T.swift").map(\.name) == ["Root"])
  }

  /// A spec that cannot be read: a warning naming it, and its files placed as files of no
  /// project.
  @Test func badSpecFallsBack() throws {
    let root = try write([
      "project.yml": "targets: [unclosed\n",
      "App/A.swift": "let a = 1\n",
    ])
    let scan = SourceScan.scan(inputs: [root], excluded: [], extraCatalogs: [], tree: FileTree())
    #expect(scan.warnings.map(\.path) == [root + "/project.yml"])
    #expect(scan.warnings.first?.message.contains("project.yml:") == true)
    #expect(scan.targets.isEmpty)
    #expect(scan.notes == [SourceScan.noProjectNote])
  }

  @Test func tuistWorkspaceAndGlobs() throws {
    let root = try write([
      "Workspace.swift": """
      import ProjectDescription
      let workspace = Workspace(name: "W", projects: ["Projects/*"])
      """,
      "Projects/One/Project.swift": """
      import ProjectDescription
      let project = Project(name: "One", targets: [
        Target(name: "One", platform: .macOS, product: .staticFramework, sources: .paths(["Sources/**/*.swift"])),
      ])
      """,
      "Projects/One/Sources/Top.swift": "let a = 1\n",
      "Projects/One/Sources/Deep/Inner.swift": "let b = 1\n",
    ])
    #expect(
      TuistProject.workspaceProjects(at: root + "/Workspace.swift", files: FileTree()) == [
        root + "/Projects/One/Project.swift"
      ])
    // Scanning the workspace's folder alone finds the project it lists.
    let scan = SourceScan.scan(
      inputs: [root + "/Projects/One/Sources"], excluded: [], extraCatalogs: [], tree: FileTree())
    #expect(scan.targets(of: root + "/Projects/One/Sources/Top.swift").map(\.name) == ["One"])
    #expect(
      scan.targets(of: root + "/Projects/One/Sources/Deep/Inner.swift").map(\.name) == ["One"])
    #expect(scan.targets.first?.conditions.platforms == ["macOS"])
  }
}
