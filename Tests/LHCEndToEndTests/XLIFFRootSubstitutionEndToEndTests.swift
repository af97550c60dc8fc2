import Foundation
import LHCTestSupport
import Testing

/// The built `lhc export` and `lhc import` of device leaves that reference a root substitution and
/// of substitutions only the target has, against `TestData/xliff/xcode-derived/` (its README says
/// how each golden was derived from Xcode's catalog-matrix export and import): Xcode's bytes on
/// export; Xcode's result, compared parsed, on import of Xcode's form and of lhc's earlier form;
/// the result compiled resolves to the translator's texts.
@Suite("lhc export and import of root and target-only substitutions, end to end")
struct XLIFFRootSubstitutionEndToEndTests {
  static let folders = ["device-root-substitution", "target-only-substitution"]

  static func url(_ path: String) -> URL {
    TestPaths.testData.appendingPathComponent("xliff/xcode-derived/\(path)")
  }

  /// A temporary project with `folder`'s catalog as `Localizable.xcstrings`.
  static func project(_ folder: String) throws -> URL {
    let directory = try makeTemporaryDirectory()
    try Data(contentsOf: url("\(folder)/source.xcstrings"))
      .write(to: directory.appendingPathComponent("Localizable.xcstrings"))
    return directory
  }

  static func parsed(_ url: URL) throws -> NSDictionary {
    try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! NSDictionary
  }

  /// With Xcode's tool, the golden's bytes; with lhc's, the same but for the tool element.
  @Test(arguments: folders)
  func exportIsXcodes(folder: String) throws {
    let directory = try Self.project(folder)
    defer { try? FileManager.default.removeItem(at: directory) }
    let expected = try String(contentsOf: Self.url("\(folder)/exported.xliff"), encoding: .utf8)
    let xcode = try RunLHC.run(
      [
        "export", "Localizable.xcstrings", "-l", "fr", "--xliff", "-o", "fr.xliff", "--tool",
        "xcode:27.0:27A266a",
      ], in: directory)
    #expect(xcode.status == 0, "\(xcode.stderr)")
    let written = try String(
      contentsOf: directory.appendingPathComponent("fr.xliff"), encoding: .utf8)
    #expect(written == expected)
    let lhc = try RunLHC.run(
      ["export", "Localizable.xcstrings", "-l", "fr", "--xliff", "-o", "lhc.xliff"],
      in: directory)
    #expect(lhc.status == 0, "\(lhc.stderr)")
    let own = try String(contentsOf: directory.appendingPathComponent("lhc.xliff"), encoding: .utf8)
    #expect(
      own.replacing(ExportEndToEndTests.lhcTool, with: ExportEndToEndTests.xcodeTool) == expected)
  }

  /// Each edit, in Xcode's form and in lhc's earlier one, imports to Xcode's result with no key
  /// skipped; a second import changes nothing.
  @Test(
    arguments: folders.flatMap { folder in
      ["import-edited.xliff", "import-edited-lhc-87eeaa3.xliff"].map { (folder, $0) }
    })
  func importIsXcodes(folder: String, xliff: String) throws {
    let directory = try Self.project(folder)
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data(contentsOf: Self.url("\(folder)/\(xliff)"))
      .write(to: directory.appendingPathComponent("fr.xliff"))
    let targets =
      try String(contentsOf: Self.url("\(folder)/\(xliff)"), encoding: .utf8)
      .components(separatedBy: "<target ").count - 1
    let result = try RunLHC.run(
      ["import", "fr.xliff", "--into", "Localizable.xcstrings"], in: directory)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("Localizable.xcstrings: changed \(targets) units in "))
    let catalog = directory.appendingPathComponent("Localizable.xcstrings")
    #expect(
      try Self.parsed(catalog)
        == Self.parsed(Self.url("\(folder)/expected-after-import.xcstrings")))
    let again = try RunLHC.run(
      ["import", "fr.xliff", "--into", "Localizable.xcstrings"], in: directory)
    #expect(again.stdout == "Localizable.xcstrings: no changes\n", "\(again.stderr)")
  }

  /// The imported device leaves and added `many` case compile and resolve as the translator wrote
  /// them (each device, each plural category of the substitution).
  @Test func importedTextsResolve() throws {
    let folder = "device-root-substitution"
    let directory = try Self.project(folder)
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data(contentsOf: Self.url("\(folder)/import-edited.xliff"))
      .write(to: directory.appendingPathComponent("fr.xliff"))
    let imported = try RunLHC.run(
      ["import", "fr.xliff", "--into", "Localizable.xcstrings"], in: directory)
    #expect(imported.status == 0, "\(imported.stderr)")
    let compiled = try RunLHC.run(
      ["compile", "Localizable.xcstrings", "-o", "out", "-l", "fr"], in: directory)
    #expect(compiled.status == 0, "\(compiled.stderr)")
    let fr = try StringsdictResolver(
      lproj: directory.appendingPathComponent("out/fr.lproj"), table: "Localizable")
    func text(_ key: String, _ device: String, _ category: String) -> String? {
      fr.resolve(key: key, device: device) { _ in category }?.text
    }
    let key = "device_substitution"
    #expect(text(key, "iphone", "one") == "iPhone : %1$lld élément (révisé) (révisé)")
    #expect(text(key, "mac", "many") == "Mac : %1$lld d'éléments (révisé)")
    #expect(text(key, "ipad", "other") == "%1$lld éléments (révisé) ici (révisé)")
    #expect(
      text("device_two_substitutions", "ipad", "one")
        == "%2$lld mètre (révisé) avec %1$lld oiseau (révisé) sur iPad (révisé)")
    #expect(
      text("untranslated_device_substitution", "applewatch", "other")
        == "%1$lld chansons sur la montre")
  }
}
