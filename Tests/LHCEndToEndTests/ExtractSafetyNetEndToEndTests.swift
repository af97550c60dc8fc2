import Foundation
import LHCTestSupport
import Testing

/// The sync's safety net end to end (`TestData/extract/net`: Swift, an Objective-C file and a
/// header of no target, and their catalog): a key whose text is still a literal of the code where
/// lhc cannot tell whether it is localized is kept (found only in an unresolved call, only
/// piecewise around an interpolation, only in a `.m` file, only in a header's `#define`), a stale
/// one stays stale, and a key whose text remains only in a provably non-localizable position (a
/// comparison) or in a comment turns stale or is removed.
@Suite struct ExtractSafetyNetEndToEndTests {
  private let fixture = TestPaths.testData.appendingPathComponent("extract/net")
  private let synced = TestPaths.testData.appendingPathComponent("extract/net-synced")
  private let catalog = "App/Localizable.xcstrings"

  private static let keptNote =
    "App/Localizable.xcstrings: note: 4 keys kept: their text is still in the code where lhc cannot tell whether it is localized\n"
  private static let staleNote =
    "App/Localizable.xcstrings: note: 1 stale key left stale: their text is still in the code where lhc cannot tell whether it is localized\n"

  @Test func checkExplainsWhatItKeeps() throws {
    let check = try RunLHC.run(["extract", "--check", "--explain", "."], in: fixture)
    #expect(check.status == 1)
    #expect(
      check.stdout == """
        App/Localizable.xcstrings
          remove "Commented out" (App/Localizable.xcstrings:4:5)
          remove "Gone" (App/Localizable.xcstrings:20:5)
          mark-stale "Only compared" (App/Localizable.xcstrings:36:5)
        1 catalog of 1 out of date with the code (3 changes)

        """)
    #expect(check.stderr.contains(Self.keptNote))
    #expect(check.stderr.contains(Self.staleNote))
    for line in [
      "App/Views.swift:10:9: note: \"Unresolved\" of App/Localizable.xcstrings is still here\n",
      "App/Views.swift:11:11: note: \"Deleted %lld item\" of App/Localizable.xcstrings is still here\n",
      "App/Legacy.m:6:11: note: \"Legacy key\" of App/Localizable.xcstrings is still here\n",
      "App/Legacy.h:2:22: note: \"Header title\" of App/Localizable.xcstrings is still here\n",
      "App/Views.swift:12:9: note: \"Stale but present\" of App/Localizable.xcstrings is still here\n",
    ] {
      #expect(check.stderr.contains(line), "\(line)")
    }
    // Without --explain, the summary lines only.
    let plain = try RunLHC.run(["extract", "--check", "--format", "xcode", "."], in: fixture)
    #expect(plain.stderr == Self.keptNote + Self.staleNote)
    #expect(!plain.stdout.contains("Unresolved"))
  }

  static let noProjectNote = "note: no Xcode project found: strings placed by the nearest catalog\n"

  @Test func syncKeepsWhatItCannotTellAndCheckPassesOnKeptKeysAlone() throws {
    let app = try writableCopy(of: fixture)
    let sync = try RunLHC.run(["extract", "."], in: app)
    #expect(sync.status == 0)
    #expect(sync.stdout == "App/Localizable.xcstrings: 1 mark-stale, 2 remove\n")
    #expect(
      try readText(app.appendingPathComponent(catalog))
        == (try readText(synced.appendingPathComponent(catalog))))
    // Four keys are still kept; --check does not fail on them alone.
    let check = try RunLHC.run(["extract", "--check", "."], in: app)
    #expect(check.status == 0)
    #expect(check.stdout == "1 catalog in sync with the code\n")
    // The copy has no project above it (the fixture in place has lhc's Package.swift).
    #expect(check.stderr == Self.noProjectNote + Self.keptNote + Self.staleNote)
  }

  /// The harness's switch: without the net, the rules alone retire every key they do not find.
  @Test func withoutTheNetEveryKeyNotFoundIsRetired() throws {
    let app = try writableCopy(of: fixture)
    var environment = ProcessInfo.processInfo.environment
    environment["LHC_INTERNAL_NO_SAFETY_NET"] = "1"
    let sync = try RunLHC.run(["extract", "."], in: app, environment: environment)
    #expect(sync.status == 0)
    #expect(sync.stderr == Self.noProjectNote)
    let entries = try catalogEntries(app.appendingPathComponent(catalog))
    for key in ["Unresolved", "Deleted %lld item", "Legacy key", "Only compared"] {
      #expect(entries[key]?["extractionState"] as? String == "stale", "\(key)")
    }
    for key in ["Header title", "Commented out", "Gone"] { #expect(entries[key] == nil, "\(key)") }
    #expect(entries["Found key"] != nil)
  }
}
