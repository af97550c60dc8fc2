import Foundation
import Testing

/// The checked-in `PluralRules+Generated.swift` is what the generator makes from the installed CLDR.
@Suite("Generated files")
struct GeneratedFilesValidityTests {
  /// Debian's `unicode-cldr-core` location of CLDR's plural rules (`CLDR_PLURALS` overrides it).
  static let pluralsXML =
    ProcessInfo.processInfo.environment["CLDR_PLURALS"]
    ?? "/usr/share/unicode/cldr/common/supplemental/plurals.xml"

  /// The package root, from this file's location.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Whether the CLDR data is installed.
  static let dataInstalled = FileManager.default.fileExists(atPath: pluralsXML)

  /// Regenerating into a temporary file gives byte-identical output.
  @Test(
    .enabled(
      if: dataInstalled,
      "CLDR plurals.xml not installed (apt-get install unicode-cldr-core, or make cldr); skipping")
  )
  func pluralRulesTableIsUpToDate() throws {
    let checkedIn = Self.packageRoot.appendingPathComponent(
      "Sources/PluralRules/PluralRules+Generated.swift")
    let output = FileManager.default.temporaryDirectory
      .appendingPathComponent("PluralRules+Generated-\(UUID().uuidString).swift")
    defer { try? FileManager.default.removeItem(at: output) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", Self.packageRoot.appendingPathComponent("Scripts/generate-plural-rules.py").path,
      "--input", Self.pluralsXML, "--output", output.path,
    ]
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "the generator failed")
    let generated = try Data(contentsOf: output)
    let expected = try Data(contentsOf: checkedIn)
    #expect(generated == expected, "PluralRules+Generated.swift is stale: run `make cldr`")
  }
}
