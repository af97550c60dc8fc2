import Foundation
import LHCTestSupport
import Testing

/// `lhc extract` on generated projects, with the built binary: XcodeGen's `project.yml`
/// (`TestData/extract/xcodegen`) and Tuist's `Project.swift` (`TestData/extract/tuist`), each an
/// app and a module with its own catalog; the note of files no project covers; a spec that
/// cannot be read.
@Suite struct ExtractGeneratedProjectsEndToEndTests {
  private let fixture = TestPaths.testData.appendingPathComponent("extract")

  private func listing(_ root: URL, _ arguments: [String] = []) throws -> (
    catalogs: [String: String], stderr: String
  ) {
    try extractListing(root, arguments)
  }

  @Test func xcodeGenFixture() throws {
    let debug = try listing(fixture.appendingPathComponent("xcodegen"))
    #expect(
      debug.catalogs == [
        "App title": "App/Localizable.xcstrings",
        "App action": "App/Localizable.xcstrings",
        // The module's strings go to the module's catalog; Text() only (no setting there).
        "Feature title": "Modules/Feature/Localizable.xcstrings",
        "Feature on the Mac": "Modules/Feature/Localizable.xcstrings",
        "Kit title": "Packages/Kit/Sources/Kit/Localizable.xcstrings",
        // Left out by `excludes`: in no target.
        "Excluded text": "null",
      ])
    #expect(!debug.stderr.contains("note:"))
    let release = try listing(
      fixture.appendingPathComponent("xcodegen"), ["--configuration", "Release"])
    #expect(release.catalogs["App title"] == nil)  // #if APP_FLAG: Debug only
  }

  @Test func tuistFixture() throws {
    let run = try listing(fixture.appendingPathComponent("tuist"))
    #expect(
      run.catalogs == [
        "App title": "App/Resources/Localizable.xcstrings",
        "App action": "App/Resources/Localizable.xcstrings",
        // The app's own Project.swift (no `import ProjectDescription`) is code of the app.
        "Project title": "App/Resources/Localizable.xcstrings",
        "Feature title": "Modules/Feature/Resources/Localizable.xcstrings",
        "Feature on the Mac": "Modules/Feature/Resources/Localizable.xcstrings",
        "Excluded text": "null",
      ])
    #expect(!run.stderr.contains("note:"))
  }

  /// Sources no project covers: placed by the nearest catalog, said once per run.
  @Test func noProjectNoteOnce() throws {
    let root = try makeTemporaryDirectory()
    for folder in ["A", "B"] {
      let directory = root.appendingPathComponent(folder)
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try Data("import SwiftUI\nlet t = Text(\"\(folder) text\")\n".utf8).write(
        to: directory.appendingPathComponent("\(folder).swift"))
    }
    try Data(#"{"sourceLanguage":"en","strings":{},"version":"1.0"}"#.utf8).write(
      to: root.appendingPathComponent("Localizable.xcstrings"))
    let run = try listing(root)
    #expect(run.catalogs == ["A text": "Localizable.xcstrings", "B text": "Localizable.xcstrings"])
    let note = "note: no Xcode project found: strings placed by the nearest catalog\n"
    #expect(run.stderr.components(separatedBy: note).count == 2)
  }

  /// A spec that cannot be read: a warning naming it, then its files as files of no project.
  @Test func unreadableSpecWarns() throws {
    let root = try makeTemporaryDirectory()
    try Data("targets: [unclosed\n".utf8).write(to: root.appendingPathComponent("project.yml"))
    try Data("import SwiftUI\nlet t = Text(\"Loose\")\n".utf8).write(
      to: root.appendingPathComponent("A.swift"))
    let run = try listing(root)
    #expect(run.catalogs == ["Loose": "null"])
    #expect(run.stderr.contains("project.yml: warning: project.yml:"))
    #expect(run.stderr.contains("its targets are not read"))
    #expect(run.stderr.contains("note: no Xcode project found"))
  }
}
