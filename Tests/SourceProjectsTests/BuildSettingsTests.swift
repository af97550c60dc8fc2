import Foundation
import LHCTestSupport
import SourceProjects
import SourceStrings
import Testing

/// What the build settings and the project's layout decide, on `TestData/extract/settings`: an
/// iOS target built for Mac Catalyst with an xcconfig of conditional settings and
/// `LOCALIZED_STRING_MACRO_NAMES`, a Swift package inside its synchronized folder, a classic
/// target with an Objective-C file, a header, a stray Swift file it does not build and
/// `LOCALIZED_STRING_CODE_COMMENTS`, and three targets of the Swift extraction settings: unset,
/// both off, and a configuration file that is not there.
@Suite struct BuildSettingsTests {
  private let root = Paths.normalize(
    TestPaths.testData.appendingPathComponent("extract/settings").path)

  private func path(_ relative: String) -> String { root + "/" + relative }

  private func targets(_ configuration: String = "Debug") throws -> [String: BuildTarget] {
    let contents = try XcodeProject.read(
      at: path("Settings.xcodeproj/project.pbxproj"), files: FileTree(),
      configuration: configuration)
    return Dictionary(uniqueKeysWithValues: contents.targets.map { ($0.name, $0) })
  }

  @Test func catalystAndConditionalSettings() throws {
    let phone = try #require(try targets()["Phone"])
    // SUPPORTS_MACCATALYST = YES: one more platform, where os(iOS) and macCatalyst hold.
    #expect(phone.conditions.platforms == ["iOS", "macCatalyst"])
    // `[arch=*][sdk=*]` everywhere, `$(FEATURES)` expanded; `[config=Release]` and
    // `[sdk=macosx*]` not read for a Debug build on iOS.
    #expect(phone.conditions.flags == ["DEBUG", "ONE", "TWO"])
    #expect(phone.macroNames == ["PhoneLocalized", "NSLocalizedString"])
    let classic = try #require(try targets()["Classic"])
    #expect(classic.macroNames == ["ClassicLocalized"])
    #expect(classic.conditions.platforms == ["macOS"])
  }

  @Test func packagesInSynchronizedFoldersAndCFamilySources() throws {
    let phone = try #require(try targets()["Phone"])
    #expect(Set(phone.sources.keys) == [path("Phone/PhoneView.swift")])
    #expect(phone.catalogs == [path("Phone/Localizable.xcstrings")])
    let classic = try #require(try targets()["Classic"])
    #expect(Set(classic.sources.keys) == [path("Classic/Used.swift")])
    #expect(classic.otherSources == [path("Classic/Bridge.m"): "a file of its Sources build phase"])
    let scan = SourceScan.scan(inputs: [root], excluded: [], extraCatalogs: [], tree: FileTree())
    #expect(
      scan.cFamilyFiles == [
        path("Classic/Bridge.m"), path("Classic/Legacy.h"), path("Quiet/Quiet.m"),
      ])
    #expect(scan.targets(of: path("Classic/Bridge.m")).map(\.name) == ["Classic"])
    #expect(scan.targets(of: path("Classic/Legacy.h")).isEmpty)
    #expect(
      scan.targets(of: path("Phone/Kit/Sources/Kit/KitView.swift")).map(\.name) == ["Kit"])
  }

  @Test func aStrayFileFeedsNoCatalog() {
    let scan = SourceScan.scan(inputs: [root], excluded: [], extraCatalogs: [], tree: FileTree())
    #expect(scan.isStray(path("Classic/Stray.swift")))
    #expect(!scan.isStray(path("Classic/Used.swift")))
    let placements = scan.placements(of: path("Classic/Stray.swift"), table: "Localizable")
    #expect(placements.map(\.catalog) == [nil])
    #expect(placements.first?.isUnsynced == true)
  }

  /// `SWIFT_EMIT_LOC_STRINGS` and `LOCALIZED_STRING_SWIFTUI_SUPPORT` together; an unset setting
  /// is Xcode's default unless a configuration file cannot be read.
  @Test func swiftExtractionSettings() throws {
    let targets = try targets()
    #expect(targets["Phone"]?.swiftExtraction == .compiler)  // YES in its xcconfig
    #expect(targets["Classic"]?.swiftExtraction == .compiler)  // YES in the project
    #expect(targets["Widget"]?.swiftExtraction == .textOnly)  // unset: NO, SwiftUI support YES
    #expect(targets["Quiet"]?.swiftExtraction == .off)  // both NO
    #expect(targets["Lost"]?.swiftExtraction == .compiler)  // Missing.xcconfig: unknown
    #expect(targets["Lost"]?.hasUnreadSettings == true)
    #expect(targets["Widget"]?.hasUnreadSettings == false)
    #expect(targets["Classic"]?.codeComments == true)
    #expect(targets["Phone"]?.codeComments == false)
    // A package's targets: the compiler's extraction.
    let scan = SourceScan.scan(inputs: [root], excluded: [], extraCatalogs: [], tree: FileTree())
    #expect(scan.targets.first { $0.name == "Kit" }?.swiftExtraction == .compiler)
  }

  /// `--configuration`: the settings of the configuration named (`[config=Release]` ones too),
  /// `DEBUG` only in a configuration that is not a release one, for packages too.
  @Test func configurationSelectsSettings() throws {
    #expect(try targets("Release")["Phone"]?.conditions.flags == ["RELEASE_ONLY"])
    #expect(try targets("Release")["Widget"]?.conditions.flags == [])
    #expect(try targets("Debug")["Widget"]?.conditions.flags == ["DEBUG"])
    // A configuration the lists lack: their default one (Release here).
    #expect(try targets("Staging")["Phone"]?.conditions.flags == ["RELEASE_ONLY"])
    let release = SourceScan.scan(
      inputs: [root], excluded: [], extraCatalogs: [], tree: FileTree(), configuration: "Release")
    #expect(release.targets.first { $0.name == "Kit" }?.conditions.flags == [])
  }

  /// A package's `.define(_:_:)` under `.when(configuration:)` holds in that configuration only.
  @Test func packageDefinesByConfiguration() {
    let manifest = """
      // swift-tools-version:5.9
      import PackageDescription
      let package = Package(
        name: "P", defaultLocalization: "en",
        targets: [
          .target(name: "P", swiftSettings: [
            .define("ALWAYS"), .define("ONLY_RELEASE", .when(configuration: .release)),
            .define("ONLY_DEBUG", .when(configuration: .debug)),
            .define("ON_IOS", .when(platforms: [.iOS])),
          ])
        ])
      """
    func flags(_ configuration: String) -> Set<String> {
      PackageManifest.targets(
        Array(manifest.utf8), path: "/nowhere/Package.swift", files: FileTree(),
        configuration: configuration
      ).first?.conditions.flags ?? []
    }
    #expect(flags("Debug") == ["DEBUG", "ALWAYS", "ONLY_DEBUG", "ON_IOS"])
    #expect(flags("Release") == ["ALWAYS", "ONLY_RELEASE", "ON_IOS"])
  }

  /// The deployment targets, from the settings and from a package's `platforms:`, decide
  /// which of the SDK's overloads exist (Mac Catalyst takes iOS's releases).
  @Test func deploymentTargetsDecideOverloads() throws {
    let phone = try #require(try targets()["Phone"]).conditions
    let classic = try #require(try targets()["Classic"]).conditions
    #expect(phone.deploymentTargets == ["iOS": [16]])
    #expect(classic.deploymentTargets == ["macOS": [12, 4]])
    let introduced = ["iOS": [16], "macOS": [13]]
    #expect(phone.isAvailable(introduced))
    #expect(!classic.isAvailable(introduced))
    #expect(classic.isAvailable(["macOS": [12, 4]]))
    #expect(!classic.isAvailable(["iOS": [9]]))  // not a platform of the target
    var catalyst = BuildConditions(platforms: ["macCatalyst"], flags: [])
    catalyst.deploymentTargets = ["iOS": [15, 2]]
    #expect(!catalyst.isAvailable(introduced))
    catalyst.deploymentTargets = [:]  // unknown: the SDK's newest
    #expect(catalyst.isAvailable(introduced))
    let manifest = """
      // swift-tools-version:5.9
      import PackageDescription
      let package = Package(
        name: "P", defaultLocalization: "en",
        platforms: [.iOS(.v16), .macOS(.v10_15), .watchOS("9.4.0"), .tvOS(.v17)],
        targets: [.target(name: "P")])
      """
    let package = PackageManifest.targets(
      Array(manifest.utf8), path: "/nowhere/Package.swift", files: FileTree(),
      configuration: "Debug")
    #expect(
      package.first?.conditions.deploymentTargets
        == ["iOS": [16], "macOS": [10, 15], "watchOS": [9, 4], "tvOS": [17]])
  }
}

/// A target's Info.plist strings (`TestData/extract/infoplist`): the file's keys over the
/// generated ones, Xcode's comments, settings expanded; why lhc cannot read the others.
@Suite struct InfoPlistStringsTests {
  private let root = Paths.normalize(
    TestPaths.testData.appendingPathComponent("extract/infoplist").path)

  private func targets() throws -> [String: BuildTarget] {
    let contents = try XcodeProject.read(
      at: root + "/InfoPlist.xcodeproj/project.pbxproj", files: FileTree())
    return Dictionary(uniqueKeysWithValues: contents.targets.map { ($0.name, $0) })
  }

  @Test func keysOfTheFileAndTheSettings() throws {
    let photos = try #require(try targets()["Photos"]?.infoPlist)
    guard case .keys(let keys, let complete) = photos else {
      Issue.record("Photos: \(photos)")
      return
    }
    #expect(complete)
    #expect(
      keys.map(\.key) == [
        "NSCameraUsageDescription", "NSHumanReadableCopyright", "Photo Box Album", "Picture Box",
        "CFBundleDisplayName", "CFBundleName",
      ])
    #expect(
      keys.map(\.value) == [
        "Photos takes the photos you ask for.", "© 2026 Example Inc.", nil, nil, "Photo Box",
        "Photos",
      ])
    #expect(keys[0].comment == "Privacy - Camera Usage Description")
    #expect(keys[2].comment == nil)
    #expect(keys[0].file == root + "/Photos/Info.plist")
    #expect(keys[4].file == root + "/InfoPlist.xcodeproj/project.pbxproj")
  }

  @Test func generatedOnlyAndUnreadable() throws {
    let targets = try targets()
    guard case .keys(let keys, _)? = targets["WidgetExtension"]?.infoPlist else {
      Issue.record("WidgetExtension")
      return
    }
    #expect(keys.map(\.key) == ["CFBundleDisplayName", "CFBundleName"])
    #expect(keys.map(\.value) == ["Photos", "WidgetExtension"])
    #expect(
      targets["Broken"]?.infoPlist
        == .unreadable(
          root + "/Broken/Missing.plist (INFOPLIST_FILE of target Broken) cannot be read"))
    #expect(
      targets["Unset"]?.infoPlist
        == .unreadable(
          "$(CAMERA_REASON) in NSCameraUsageDescription of target Unset's Info.plist is not a setting lhc can read"
        ))
  }
}
