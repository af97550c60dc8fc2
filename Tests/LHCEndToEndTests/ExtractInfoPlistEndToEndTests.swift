import Foundation
import LHCTestSupport
import Testing

/// `lhc extract` on `TestData/extract/infoplist`: target Photos has an Info.plist file and
/// `INFOPLIST_KEY_` settings (`GENERATE_INFOPLIST_FILE = YES`), an `InfoPlist.xcstrings` with a
/// manual key, an extracted key its Info.plist no longer has and a text, and App Shortcuts
/// phrases with an `AppShortcuts.xcstrings`; WidgetExtension's Info.plist is generated only;
/// Broken's `INFOPLIST_FILE` is not there and Unset's setting names a setting never set.
@Suite struct ExtractInfoPlistEndToEndTests {
  private let fixture = TestPaths.testData.appendingPathComponent("extract/infoplist")

  @Test func syncsInfoPlistAndAppShortcutsCatalogs() throws {
    let copy = try writableCopy(of: fixture)
    let before = (
      broken: try readText(copy.appendingPathComponent("Broken/InfoPlist.xcstrings")),
      unset: try readText(copy.appendingPathComponent("Unset/InfoPlist.xcstrings"))
    )
    let sync = try RunLHC.run(["extract", "."], in: copy)
    #expect(sync.status == 0, "\(sync.stderr)")
    // Where lhc cannot read the Info.plist, the catalog is left alone, with a note.
    #expect(
      sync.stderr.contains(
        "Broken/InfoPlist.xcstrings: note: not synced: Broken/Missing.plist (INFOPLIST_FILE of target Broken) cannot be read"
      ))
    #expect(
      sync.stderr.contains(
        "Unset/InfoPlist.xcstrings: note: not synced: $(CAMERA_REASON) in NSCameraUsageDescription of target Unset's Info.plist is not a setting lhc can read"
      ))
    #expect(
      try readText(copy.appendingPathComponent("Broken/InfoPlist.xcstrings")) == before.broken)
    #expect(try readText(copy.appendingPathComponent("Unset/InfoPlist.xcstrings")) == before.unset)

    let photos = try catalogEntries(copy.appendingPathComponent("Photos/InfoPlist.xcstrings"))
    func source(_ key: String) -> String? {
      let localizations = photos[key]?["localizations"] as? [String: [String: Any]]
      return (localizations?["en"]?["stringUnit"] as? [String: Any])?["value"] as? String
    }
    // The localizable keys with Xcode's comments and the Info.plist's values, settings expanded;
    // a key of the file wins over its INFOPLIST_KEY_ setting; CFBundleName is generated.
    let expected: [String: (comment: String, value: String)] = [
      "CFBundleDisplayName": ("Bundle display name", "Photo Box"),
      "CFBundleName": ("Bundle name", "Photos"),
      "NSCameraUsageDescription": (
        "Privacy - Camera Usage Description", "Photos takes the photos you ask for."
      ),
      "NSHumanReadableCopyright": ("Copyright (human-readable)", "© 2026 Example Inc."),
    ]
    for (key, want) in expected {
      #expect(photos[key]?["comment"] as? String == want.comment, "\(key)")
      #expect(photos[key]?["extractionState"] as? String == "extracted_with_value", "\(key)")
      #expect(source(key) == want.value, "\(key)")
    }
    // Declared types' descriptions and Siri's alternative names: texts as keys, nothing else.
    #expect(photos["Photo Box Album"]?.isEmpty == true)
    #expect(photos["Picture Box"]?.isEmpty == true)
    // Negative twins: keys that are not localizable, document type names, services' menu
    // titles, activity types, a setting for another SDK.
    for key in [
      "CFBundleIdentifier", "com.example.photos", "Album", "Open in Photo Box",
      "com.example.photos.browse", "LSApplicationCategoryType", "NSMicrophoneUsageDescription",
    ] {
      #expect(photos[key] == nil, "\(key)")
    }
    // A manual key stays as written; an extracted key the Info.plist lost, translated, turns
    // stale; a text it lost stays.
    #expect(
      photos["NSLocationWhenInUseUsageDescription"]?["extractionState"] as? String == "manual")
    #expect(
      source("NSLocationWhenInUseUsageDescription") == "Tags photos with where they were taken.")
    #expect(photos["NSPhotoLibraryUsageDescription"]?["extractionState"] as? String == "stale")
    #expect(photos["Old Album"] != nil)

    let widget = try catalogEntries(copy.appendingPathComponent("Widget/InfoPlist.xcstrings"))
    #expect(Set(widget.keys) == ["CFBundleDisplayName", "CFBundleName"])

    // App Shortcuts: the first phrase is the key, the phrases a string set; the short title
    // is Localizable's.
    let shortcuts = try catalogEntries(copy.appendingPathComponent("Photos/AppShortcuts.xcstrings"))
    #expect(Array(shortcuts.keys) == ["Open ${applicationName}"])
    let set =
      ((shortcuts["Open ${applicationName}"]?["localizations"] as? [String: [String: Any]])?["en"]?[
        "stringSet"] as? [String: Any])
    #expect(
      set?["values"] as? [String] == [
        "Open ${applicationName}", "Show ${album} in ${applicationName}",
      ])
    #expect(set?["state"] as? String == "new")

    // Synced: a check finds nothing more to do.
    let check = try RunLHC.run(["extract", "--check", "."], in: copy)
    #expect(check.status == 0, "\(check.stdout)")
    try? FileManager.default.removeItem(at: copy.deletingLastPathComponent())
  }
}
