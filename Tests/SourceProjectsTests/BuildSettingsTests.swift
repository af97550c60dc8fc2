import Foundation
import LHCTestSupport
import SourceProjects
import SourceStrings
import Testing

/// What the build settings and the project's layout decide, on `TestData/extract/settings`: an
/// iOS target built for Mac Catalyst with an xcconfig of conditional settings and
/// `LOCALIZED_STRING_MACRO_NAMES`, a Swift package inside its synchronized folder, and a classic
/// target with an Objective-C file, a header and a stray Swift file it does not build.
@Suite struct BuildSettingsTests {
  private let root = Paths.normalize(
    TestPaths.testData.appendingPathComponent("extract/settings").path)

  private func path(_ relative: String) -> String { root + "/" + relative }

  private func targets() throws -> [String: BuildTarget] {
    let contents = try XcodeProject.read(
      at: path("Settings.xcodeproj/project.pbxproj"), files: FileTree())
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
    #expect(scan.cFamilyFiles == [path("Classic/Bridge.m"), path("Classic/Legacy.h")])
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
}
