import Foundation
import LHCCommandLine
import LHCTestSupport
import Testing

/// `lhc diff` on the fixtures of `TestData/diff` (goldens for every format), the corpus round
/// trips (catalog vs. its compiled folder and vs. a zip of it made by Python's `zipfile`), and the
/// Vienna pair (legacy files vs. the catalog Xcode migrated from them).
@Suite("lhc diff, end to end")
struct DiffEndToEndTests {
  static let fixtures = TestPaths.testData.appendingPathComponent("diff")
  static let catalog = fixtures.appendingPathComponent("Localizable.xcstrings").path
  static let corpusCatalogs = CorpusCompileTests.catalogs

  /// Runs `lhc diff` in-process.
  static func diff(_ arguments: [String]) -> (status: Int32, stdout: String, stderr: String) {
    let captured = CapturedOutput()
    let console = Console(out: captured.appendOut, error: captured.appendError)
    let status = LHC.main(arguments: ["diff"] + arguments, console: console)
    return (status, captured.stdout, captured.stderr)
  }

  /// Zips `directory`'s contents with Python's `zipfile` (deflate), paths relative to it.
  static func zip(_ directory: URL, to archive: URL) throws {
    let script = """
      import os, sys, zipfile
      root, out = sys.argv[1], sys.argv[2]
      with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
          for base, dirs, files in sorted(os.walk(root)):
              for name in sorted(files):
                  path = os.path.join(base, name)
                  z.write(path, os.path.relpath(path, root))
      """
    let result = try runProcess(
      URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, directory.path, archive.path])
    #expect(result.status == 0, "\(result.stderr)")
  }

  /// The fixture release as a zip in a fresh directory.
  static func releaseZip() throws -> (URL, URL) {
    let directory = try makeTemporaryDirectory()
    let archive = directory.appendingPathComponent("release.zip")
    try zip(fixtures.appendingPathComponent("release"), to: archive)
    return (directory, archive)
  }

  @Test(arguments: ["text", "json", "markdown"])
  func goldenForEachFormat(format: String) throws {
    let (directory, archive) = try Self.releaseZip()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = Self.diff(["--format", format, Self.catalog, archive.path])
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    let stable = result.stdout.replacingOccurrences(of: archive.path, with: "release.zip")
      .replacingOccurrences(of: Self.catalog, with: "Localizable.xcstrings")
    let suffix = ["text": "txt", "json": "json", "markdown": "md"][format] ?? format
    try GenSymbolsEndToEndTests.expectGolden(
      stable, Self.fixtures.appendingPathComponent("expected.\(suffix)"))
  }

  @Test func aFolderReadsLikeItsZipExceptForReleaseOnlyChecks() throws {
    let (directory, archive) = try Self.releaseZip()
    defer { try? FileManager.default.removeItem(at: directory) }
    let fromZip = Self.diff(["--format", "json", Self.catalog, archive.path])
    let folder = Self.fixtures.appendingPathComponent("release").path
    let fromFolder = Self.diff(["--format", "json", Self.catalog, folder])
    let zipJSON =
      try JSONSerialization.jsonObject(with: Data(fromZip.stdout.utf8)) as? [String: Any]
    let folderJSON =
      try JSONSerialization.jsonObject(with: Data(fromFolder.stdout.utf8)) as? [String: Any]
    let zipTables = try #require(zipJSON?["tables"] as? NSArray)
    #expect(zipTables.count == 4)
    #expect(zipTables.isEqual(folderJSON?["tables"] as? NSArray))
    let kinds = ((zipJSON?["findings"] as? [[String: Any]]) ?? []).compactMap {
      $0["kind"] as? String
    }
    let folderKinds =
      ((folderJSON?["findings"] as? [[String: Any]]) ?? []).compactMap { $0["kind"] as? String }
    #expect(kinds.filter { $0 != "unselectable-language" } == folderKinds)
    #expect(kinds.contains("unselectable-language"))
  }

  @Test func failOnUnsafeIgnoresOrdinaryChanges() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let lproj = directory.appendingPathComponent("de.lproj")
    try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
    try Data(#""greeting" = "Servus";"#.utf8).write(
      to: lproj.appendingPathComponent("Localizable.strings"))
    let safe = Self.diff(["--fail-on", "unsafe", "-l", "de", Self.catalog, directory.path])
    #expect(safe.status == 0, "\(safe.stdout)\(safe.stderr)")
    #expect(safe.stdout.contains(#"~ "greeting": "Hallo" → "Servus""#))
    let any = Self.diff(["-l", "de", Self.catalog, directory.path])
    #expect(any.status == 1)
    try Data(#""greeting" = "Servus %@";"#.utf8).write(
      to: lproj.appendingPathComponent("Localizable.strings"))
    let unsafe = Self.diff(["--fail-on", "unsafe", "-l", "de", Self.catalog, directory.path])
    #expect(unsafe.status == 1)
    #expect(
      unsafe.stdout.contains("reads argument 1 but the app passes 0 arguments [extra-argument]"))
  }

  /// A catalog against the release packed from it: the SDK never selects `zh-Hans.lproj`, which
  /// is a warning about the release, not a difference: exit 0 (as diff(1)), the warning kept;
  /// `--fail-on unsafe` still fails on it.
  @Test func warningsWithoutDifferencesExitZero() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let catalog = directory.appendingPathComponent("Localizable.xcstrings")
    try Data(
      """
      {"sourceLanguage": "en", "version": "1.0", "strings": {"hi": {"localizations": {
        "en": {"stringUnit": {"state": "translated", "value": "Hi"}},
        "zh-Hans": {"stringUnit": {"state": "translated", "value": "你好"}}}}}}
      """.utf8
    ).write(to: catalog)
    let archive = directory.appendingPathComponent("release.zip")
    let packed = try RunLHC.run(["pack", catalog.path, "-o", archive.path])
    try #require(packed.status == 0, "\(packed.stderr)")
    let result = Self.diff([catalog.path, archive.path])
    #expect(result.status == 0, "\(result.stdout)")
    #expect(result.stdout.contains("[unselectable-language]"))
    #expect(result.stdout.contains("Total: 0 added, 0 removed, 0 changed, 0 kind changed"))
    #expect(Self.diff(["--fail-on", "unsafe", catalog.path, archive.path]).status == 1)
  }

  @Test func aMalformedReleaseIsTroubleNamingFileLineAndColumn() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let release = directory.appendingPathComponent("release")
    let lproj = release.appendingPathComponent("de.lproj")
    try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
    try Data("\"a\" = \"A\";\n\"b\" = \"B\"\n\"c\" = \"C\";\n".utf8).write(
      to: lproj.appendingPathComponent("Localizable.strings"))
    let archive = directory.appendingPathComponent("release.zip")
    try Self.zip(release, to: archive)
    let result = Self.diff([Self.catalog, archive.path])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("\(archive.path)/de.lproj/Localizable.strings:3:1: error: "))
    #expect(result.stderr.hasSuffix("[malformedLocalizationFile]\n"))
  }

  @Test func notAZipIsRefusedWithTheSDKReason() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("release.zip")
    try Data("not a zip".utf8).write(to: file)
    let result = Self.diff([Self.catalog, file.path])
    #expect(result.status == 2)
    #expect(result.stderr.contains("[unreadableArchive]"), "\(result.stderr)")
  }

  @Test func usageErrors() {
    #expect(Self.diff([Self.catalog]).status == 64)
    let format = Self.diff(["--format", "yaml", Self.catalog, Self.catalog])
    #expect(format.status == 64)
    #expect(
      format.stderr.hasPrefix("Error: unknown format 'yaml' (expected text, json or markdown)"))
    let failOn = Self.diff(["--fail-on", "some", Self.catalog, Self.catalog])
    #expect(failOn.status == 64)
    #expect(failOn.stderr.hasPrefix("Error: unknown fail-on 'some' (expected any or unsafe)"))
    #expect(Self.diff([Self.catalog, "/nonexistent/x.zip"]).status == 2)
  }

  /// A folder without table files is trouble, named once.
  @Test func aFolderWithoutTablesIsTroubleNamingIt() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = Self.diff([Self.catalog, directory.path])
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "\(directory.path): error: no <lang>.lproj folder with a .strings or .stringsdict file"
        + " [noLocalizationContent]\n")
  }

  /// Every corpus catalog against its compiled folder and a zip of that folder: no differences.
  @Test(arguments: corpusCatalogs)
  func roundTrip(_ name: String) throws {
    try Self.checkRoundTrip(TestPaths.corpus.appendingPathComponent(name).path)
  }

  /// A catalog against its compiled folder (as written, and with every file parsed) and against a
  /// zip of it: no differences, and exit status 0 (the zip's unselectable languages are warnings).
  static func checkRoundTrip(_ catalog: String) throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("out")
    let compiled = try RunLHC.run(["compile", catalog, "-o", out.path])
    #expect(compiled.status == 0, "\(compiled.stderr)")
    let files = (try? FileManager.default.subpathsOfDirectory(atPath: out.path)) ?? []
    guard files.contains(where: { $0.hasSuffix(".strings") || $0.hasSuffix(".stringsdict") }) else {
      return  // an empty catalog compiles to nothing: there is no release to read back
    }
    let folder = Self.diff([catalog, out.path])
    #expect(folder.status == 0, "\(folder.stdout.prefix(2000))\(folder.stderr.prefix(2000))")
    // Files holding exactly lhc's bytes are taken without parsing: one more newline at the end of
    // each makes `diff` parse them all, which must read back the same tables.
    let parsed = directory.appendingPathComponent("parsed")
    try FileManager.default.copyItem(at: out, to: parsed)
    for file in files where file.hasSuffix(".strings") || file.hasSuffix(".stringsdict") {
      let handle = try FileHandle(forWritingTo: parsed.appendingPathComponent(file))
      try handle.seekToEnd()
      try handle.write(contentsOf: Data("\n".utf8))
      try handle.close()
    }
    let reparsed = Self.diff([catalog, parsed.path])
    #expect(
      reparsed.status == 0, "\(reparsed.stdout.prefix(2000))\(reparsed.stderr.prefix(2000))")
    let archive = directory.appendingPathComponent("release.zip")
    try Self.zip(out, to: archive)
    let zipped = Self.diff(["--format", "json", "--summary", catalog, archive.path])
    #expect(zipped.status == 0, "\(zipped.stdout.prefix(2000))\(zipped.stderr.prefix(2000))")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(zipped.stdout.utf8)) as? [String: Any],
      "\(zipped.stderr)")
    #expect((json["tables"] as? [Any])?.isEmpty == true, "\(zipped.stdout.prefix(2000))")
    let kinds = Set(
      ((json["findings"] as? [[String: Any]]) ?? []).compactMap { $0["kind"] as? String })
    #expect(kinds.subtracting(["unselectable-language"]).isEmpty, "\(kinds)")
  }

  /// Two file sides: a file with the same path and bytes as the old side's is taken as the old
  /// side's table part instead of being parsed again. The report must be the one of a new side
  /// whose every file is parsed (a line break appended to each), and a file that had warnings on
  /// the old side is parsed again, so its warnings are reported for the new side too.
  @Test func identicalFilesOfTwoReleasesAreReadOnce() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let manager = FileManager.default
    let old = directory.appendingPathComponent("old")
    try manager.copyItem(at: Self.fixtures.appendingPathComponent("release"), to: old)
    try manager.createDirectory(
      at: old.appendingPathComponent("fr.lproj"), withIntermediateDirectories: true)
    try Data("\"a\" = \"un\";\n\"a\" = \"deux\";\n".utf8).write(
      to: old.appendingPathComponent("fr.lproj/Localizable.strings"))
    // An empty file is an empty table, on both sides.
    try manager.createDirectory(
      at: old.appendingPathComponent("it.lproj"), withIntermediateDirectories: true)
    try Data().write(to: old.appendingPathComponent("it.lproj/Localizable.strings"))
    let new = directory.appendingPathComponent("new")
    try manager.copyItem(at: old, to: new)
    let changed = new.appendingPathComponent("pt-BR.lproj/Localizable.strings")
    try (Data(contentsOf: changed) + Data("\n\"added.key\" = \"Novo\";\n".utf8)).write(to: changed)
    let parsed = directory.appendingPathComponent("parsed")
    try manager.copyItem(at: new, to: parsed)
    for file in try manager.subpathsOfDirectory(atPath: parsed.path) where file.contains(".lproj/")
    {
      let url = parsed.appendingPathComponent(file)
      let bytes = try Data(contentsOf: url)
      let lineBreak: [UInt8] = bytes.starts(with: [0xFF, 0xFE]) ? [0x0A, 0x00] : [0x0A]
      try (bytes + lineBreak).write(to: url)
    }
    let shared = directory.appendingPathComponent("new.zip")
    let reparsed = directory.appendingPathComponent("parsed.zip")
    try Self.zip(new, to: shared)
    try Self.zip(parsed, to: reparsed)
    for format in ["json", "text"] {
      for (side, fullyParsed) in [(shared, reparsed), (new, parsed)] {
        let expected = Self.diff(["--format", format, old.path, fullyParsed.path])
        #expect(expected.status == 1)
        #expect(expected.stdout.contains("added.key"), "\(expected.stdout)")
        let result = Self.diff(["--format", format, old.path, side.path])
        #expect(result.status == expected.status)
        #expect(
          result.stdout.replacingOccurrences(of: side.path, with: fullyParsed.path)
            == expected.stdout, "\(side.lastPathComponent)")
        let warning = "/fr.lproj/Localizable.strings: warning: key appears more than once"
        #expect(result.stderr.components(separatedBy: warning).count == 3, "\(result.stderr)")
        #expect(
          result.stderr.replacingOccurrences(of: side.path, with: fullyParsed.path)
            == expected.stderr, "\(side.lastPathComponent)")
      }
    }
    // Identical sides: nothing to report, as when every file is parsed.
    #expect(Self.diff([old.path, old.path]).status == 0)
  }

  /// Vienna's legacy `.strings`/`.stringsdict` files and the catalog Xcode migrated from exactly
  /// those files: no content differences in the languages both have, but one kind Xcode's
  /// migration makes itself — it drops plural forms a translation left in English (their text is
  /// one of the English forms of the key), so the legacy files show English where the catalog's
  /// app shows the translated `other` form. Every reported change must be exactly that.
  @Test func viennaLegacyFilesMatchTheirMigratedCatalog() throws {
    let legacy = TestPaths.corpus.appendingPathComponent("legacy/ViennaRSS__vienna-rss")
    let catalog = TestPaths.corpus.appendingPathComponent(
      "xcstrings/ViennaRSS__vienna-rss__Localizable-migrated-e5bb013.xcstrings")
    let folders = try FileManager.default.contentsOfDirectory(atPath: legacy.path)
      .filter { $0.hasSuffix(".lproj") }.map { String($0.dropLast(6)) }.sorted()
    #expect(folders.count >= 8)
    // English lives in the keys: its .strings file has no entries (see SOURCES.md).
    let languages = folders.filter { $0 != "en" }
    let result = Self.diff(
      ["--format", "json", "--table", "Localizable"] + languages.flatMap { ["-l", $0] }
        + [catalog.path, legacy.path])
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
      "\(result.stderr)")
    let summary = json["summary"] as? [String: Int]
    #expect(summary?["added"] == 0 && summary?["removed"] == 0, "\(result.stdout.prefix(3000))")
    #expect(summary?["kindChanged"] == 0 && summary?["errors"] == 0)
    let english = try Self.englishForms(
      legacy.appendingPathComponent("en.lproj/Localizable.stringsdict"))
    var checked = 0
    for table in (json["tables"] as? [[String: Any]]) ?? [] {
      for change in (table["changes"] as? [[String: Any]]) ?? [] {
        let key = try #require(change["key"] as? String)
        let catalogForms = try Self.forms(change["old"])
        let legacyForms = try Self.forms(change["new"])
        for (category, text) in catalogForms {
          #expect(legacyForms[category] == text, "\(key) \(category)")
        }
        for (category, text) in legacyForms where catalogForms[category] == nil {
          #expect(english[key, default: []].contains(text), "\(key) \(category): \(text)")
        }
        checked += 1
      }
    }
    #expect(checked == summary?["changed"])
  }

  /// The plural forms of a JSON entry's single variable.
  static func forms(_ entry: Any?) throws -> [String: String] {
    let rule = try #require((entry as? [String: Any])?["rule"] as? [String: Any])
    let variables = try #require(rule["variables"] as? [String: [String: Any]])
    return try #require(variables.values.first?["forms"] as? [String: String])
  }

  /// Key → every form text of the English `.stringsdict` (read by Foundation).
  static func englishForms(_ url: URL) throws -> [String: Set<String>] {
    let root =
      try PropertyListSerialization.propertyList(
        from: Data(contentsOf: url), format: nil) as? [String: [String: Any]]
    var result: [String: Set<String>] = [:]
    for (key, entry) in root ?? [:] {
      for case let variable as [String: String] in entry.values {
        result[key, default: []].formUnion(variable.filter { !$0.key.hasPrefix("NSString") }.values)
      }
    }
    return result
  }
}
