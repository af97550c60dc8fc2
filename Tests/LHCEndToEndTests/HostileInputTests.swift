import Foundation
import LHCTestSupport
import Testing

/// Hostile inputs against the built binary: one fixture per case (`TestData/hostile/`; zips are
/// built at test time by `TestData/hostile/make-zips.py`), the exact error the user sees, the exit
/// status, nothing written, and no hang (every run has a deadline and must finish quickly).
@Suite("Hostile inputs, end to end")
struct HostileInputTests {
  static let hostile = TestPaths.testData.appendingPathComponent("hostile")
  /// The app side of every `lhc diff` run.
  static let appCatalog = TestPaths.testData.appendingPathComponent("diff/Localizable.xcstrings")
    .path
  /// A run still going after this many seconds counts as a hang and is killed.
  static let deadline = 60.0
  /// Every case must finish in this many seconds (a debug build on a busy machine).
  static let quick = 5.0

  /// `lhc diff` on a release zip: the case (a zip made by `make-zips.py`) and its stderr, `ZIP`
  /// standing for the zip's path. Hard-link entries are missing: no zip tool writes one and
  /// libarchive reports none (see `hardLinkedFilesAreCopiesInAZip`).
  static let zipCases: [(String, String)] = [
    (
      "ZipSlip",
      "ZIP/de.lproj/../../evil.strings: error: entry path has a '..' component [unsafeEntryPath]"
    ),
    ("AbsolutePath", "ZIP/tmp/evil.strings: error: entry path is absolute [unsafeEntryPath]"),
    (
      "Symlink",
      "ZIP/de.lproj/InfoPlist.strings: error: entry is a symbolic or hard link [unsafeEntryPath]"
    ),
    ("Bomb", "ZIP: error: archive decompresses to more than the limit [uncompressedSizeTooLarge]"),
    (
      "LyingSize",
      "ZIP: error: archive decompresses to more than the limit [uncompressedSizeTooLarge]"
    ),
    ("TooManyEntries", "ZIP: error: archive has more than 10000 entries [tooManyEntries]"),
    (
      "DuplicateEntry",
      "ZIP/de.lproj/Localizable.strings: error: entry appears twice [duplicateEntry]"
    ),
    (
      "WrapperFolder",
      "ZIP/release: error: the .lproj folders are inside the folder 'release'; SDK revisions "
        + "disagree on this shape (some hoist the folder, some reject the release), so lhc requires "
        + "the .lproj folders at the root of the archive [wrapperDirectory]"
    ),
    (
      "Truncated",
      "ZIP: error: truncated or damaged zip: its central directory is missing (libarchive: "
        + "Unrecognized archive format) [unreadableArchive]"
    ),
    (
      "NotAZip",
      "ZIP: error: not a zip archive (libarchive: Unrecognized archive format) [unreadableArchive]"
    ),
    ("ZeroBytes", "ZIP: error: the file is empty (0 bytes) [unreadableArchive]"),
  ]

  /// `lhc diff` on a folder `TestData/hostile/releases/<case>` holding one bad
  /// `de.lproj/<file>`: the case, the file and the stderr after `<file>`.
  static let folderCases: [(String, String, String)] = [
    (
      "ExternalEntity", "Localizable.stringsdict",
      ":3:46: error: entity declarations are not allowed"
    ),
    (
      "BillionLaughs", "Localizable.stringsdict",
      ":3:19: error: entity declarations are not allowed"
    ),
    ("DeepNesting", "Localizable.stringsdict", ":5:1786: error: nesting is deeper than 256 levels"),
    (
      "InvalidUTF8", "Localizable.stringsdict",
      ":5:13: error: invalid UTF-8 (bytes 0xC3 0x28 0x65 0x69)"
    ),
    (
      "ArrayRoot", "Localizable.stringsdict",
      ": error: the root is an array; the SDK requires a dictionary"
    ),
    (
      "StringRoot", "Localizable.strings",
      ": error: the root of a .strings property list must be a dictionary"
    ),
    (
      "NonStringValue", "Localizable.strings",
      ": error: the value of key 'files' is an array; the SDK requires every value to be a string"
    ),
    (
      "NonStringValueXML", "Localizable.strings",
      ": error: the value of key 'greeting' is an integer; the SDK requires every value to be a string"
    ),
    ("InvalidUTF8Strings", "Localizable.strings", ":1:18: error: invalid UTF-8"),
    ("TruncatedStrings", "Localizable.strings", ":2:11: error: unterminated string"),
  ]

  /// `lhc compile` and `lhc lint` on `TestData/hostile/catalogs/!<case>.xcstrings`: the stderr
  /// after the catalog's path.
  static let catalogCases: [(String, String)] = [
    ("DeepArrays", ":4:136: error: nesting is deeper than 128 levels"),
    ("DeepNestingInEntry", ":7:1625: error: nesting is deeper than 128 levels (fr: Hello)"),
    ("InvalidUTF8Key", ":4:9: error: invalid UTF-8 in string"),
    ("InvalidUTF8Value", ":7:66: error: invalid UTF-8 in string (fr: Hello)"),
    ("Truncated", ":7:66: error: unexpected end of file in string (fr: Hello)"),
    (
      "TruncatedAfterMember",
      ":12:3: error: expected a string key after ',' in object, found end of file"
    ),
    (
      "WrongType-sourceLanguage",
      ":2:22: error: at `sourceLanguage`: expected a string, found a number"
    ),
    ("WrongType-version", ":4:15: error: at `version`: expected a string, found a number"),
    ("WrongType-strings", ":3:15: error: at `strings`: expected an object, found an array"),
    (
      "WrongType-entry",
      ":4:15: error: at `strings.Hello`: expected an object, found a string (Hello)"
    ),
    (
      "WrongType-comment",
      ":5:19: error: at `strings.Hello.comment`: expected a string, found a number (Hello)"
    ),
    (
      "WrongType-extractionState",
      ":5:27: error: at `strings.Hello.extractionState`: expected a string, found a boolean (Hello)"
    ),
    (
      "WrongType-shouldTranslate",
      ":5:27: error: at `strings.Hello.shouldTranslate`: expected a boolean, found a string (Hello)"
    ),
    (
      "WrongType-localizations",
      ":5:25: error: at `strings.Hello.localizations`: expected an object, found a string (Hello)"
    ),
    (
      "WrongType-localization",
      ":6:16: error: at `strings.Hello.localizations.fr`: expected an object, found a string "
        + "(fr: Hello)"
    ),
    (
      "WrongType-stringUnit",
      ":7:26: error: at `strings.Hello.localizations.fr.stringUnit`: expected an object, found a "
        + "string (fr: Hello)"
    ),
    (
      "WrongType-state",
      ":7:38: error: at `strings.Hello.localizations.fr.stringUnit.state`: expected a string, "
        + "found a number (fr: Hello)"
    ),
    (
      "WrongType-value",
      ":7:62: error: at `strings.Hello.localizations.fr.stringUnit.value`: expected a string, "
        + "found a number (fr: Hello)"
    ),
    (
      "WrongType-variations",
      ":7:26: error: at `strings.Hello.localizations.fr.variations`: expected an object, found an "
        + "array (fr: Hello)"
    ),
    (
      "WrongType-plural",
      ":7:39: error: at `strings.Hello.localizations.fr.variations.plural`: expected an object, "
        + "found a string (fr: Hello)"
    ),
    (
      "WrongType-pluralCase",
      ":7:49: error: at `strings.Hello.localizations.fr.variations.plural.one`: expected an "
        + "object, found null (fr: Hello)"
    ),
    (
      "WrongType-substitutions",
      ":7:29: error: at `strings.Hello.localizations.fr.substitutions`: expected an object, found "
        + "a number (fr: Hello)"
    ),
    (
      "WrongType-argNum",
      ":7:50: error: at `strings.Hello.localizations.fr.substitutions.n.argNum`: expected a "
        + "positive integer, found a string (fr: Hello)"
    ),
    (
      "WrongType-formatSpecifier",
      ":7:59: error: at `strings.Hello.localizations.fr.substitutions.n.formatSpecifier`: "
        + "expected a string, found a number (fr: Hello)"
    ),
  ]

  /// Expects a quick run that was not killed.
  static func expectQuick(
    _ result: TimedResult, _ name: String, limit: Double = quick,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(!result.timedOut, "\(name) hangs", sourceLocation: sourceLocation)
    #expect(
      result.seconds < limit, "\(name) took \(result.seconds) s", sourceLocation: sourceLocation)
  }

  @Test func releaseZips() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let made = try runProcess(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["python3", Self.hostile.appendingPathComponent("make-zips.py").path, directory.path],
      timeout: Self.deadline)
    try #require(made.status == 0, "\(made.stderr)")
    let zips = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(Set(zips) == Set(Self.zipCases.map { $0.0 + ".zip" }))
    for (name, expected) in Self.zipCases {
      let zip = directory.appendingPathComponent(name + ".zip").path
      let result = try RunLHC.run(["diff", Self.appCatalog, zip], timeout: Self.deadline)
      #expect(result.status == 2, "\(name)")
      #expect(result.stdout.isEmpty, "\(name)")
      #expect(result.stderr == expected.replacingOccurrences(of: "ZIP", with: zip) + "\n")
      // Inflating 200 MiB to find the lie takes a few seconds in a debug build.
      Self.expectQuick(result, name, limit: name == "LyingSize" ? 4 * Self.quick : Self.quick)
      if name == "LyingSize" || name == "Bomb" { continue }  // the same reader: time saved
      try Self.expectImportRefuses(zip, table: "Localizable", stderr: result.stderr, name)
    }
  }

  /// `lhc import INPUT -o` and `--into` refuse `input` with the error `lhc diff` printed, write
  /// nothing and leave the catalog as it was.
  static func expectImportRefuses(_ input: String, table: String, stderr: String, _ name: String)
    throws
  {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let new = directory.appendingPathComponent("\(table).xcstrings")
    let created = try RunLHC.run(
      ["import", input, "--table", table, "-o", new.path], timeout: deadline)
    #expect(created.status == 1, "\(name)")
    #expect(created.stderr == stderr, "\(name)")
    #expect(!FileManager.default.fileExists(atPath: new.path), "\(name)")
    expectQuick(created, name)
    let catalog = directory.appendingPathComponent("Localizable.xcstrings")
    try FileManager.default.copyItem(atPath: appCatalog, toPath: catalog.path)
    let updated = try RunLHC.run(["import", input, "--into", catalog.path], timeout: deadline)
    #expect(updated.status == 1, "\(name)")
    #expect(updated.stderr == stderr, "\(name)")
    #expect(
      (try Data(contentsOf: catalog)) == (try Data(contentsOf: URL(fileURLWithPath: appCatalog))))
    expectQuick(updated, name)
  }

  @Test(arguments: folderCases)
  func releaseFolder(name: String, file: String, expected: String) throws {
    let folder = Self.hostile.appendingPathComponent("releases/\(name)").path
    let result = try RunLHC.run(["diff", Self.appCatalog, folder], timeout: Self.deadline)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr == "\(folder)/de.lproj/\(file)\(expected) [malformedLocalizationFile]\n")
    Self.expectQuick(result, name)
    let table = String(file.prefix { $0 != "." })
    try Self.expectImportRefuses(folder, table: table, stderr: result.stderr, name)
  }

  @Test(arguments: catalogCases)
  func catalog(name: String, expected: String) throws {
    let catalog = Self.hostile.appendingPathComponent("catalogs/!\(name).xcstrings").path
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("out")
    let compiled = try RunLHC.run(["compile", catalog, "-o", out.path], timeout: Self.deadline)
    #expect(compiled.status == 1)
    #expect(compiled.stderr == catalog + expected + "\n")
    #expect(!FileManager.default.fileExists(atPath: out.path), "nothing is written")
    Self.expectQuick(compiled, name)
    let linted = try RunLHC.run(["lint", catalog], timeout: Self.deadline)
    #expect(linted.status == 1)
    #expect(linted.stderr == catalog + expected + "\n")
    Self.expectQuick(linted, name)
  }

  @Test func everyFixtureHasACase() throws {
    let catalogs = try FileManager.default.contentsOfDirectory(
      atPath: Self.hostile.appendingPathComponent("catalogs").path)
    #expect(
      Set(catalogs.filter { $0.hasPrefix("!") })
        == Set(Self.catalogCases.map { "!\($0.0).xcstrings" }))
    let folders = try FileManager.default.contentsOfDirectory(
      atPath: Self.hostile.appendingPathComponent("releases").path)
    #expect(Set(folders) == Set(Self.folderCases.map(\.0)))
  }

  /// Duplicate keys are a warning (the last value wins), an error under `--warnings-as-errors`.
  @Test func duplicateKeys() throws {
    let catalog = Self.hostile.appendingPathComponent("catalogs/DuplicateKeys.xcstrings").path
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("out")
    let warning = "\(catalog):9:5: warning: duplicate key 'Hello' (Hello)\n"
    let strict = try RunLHC.run(
      ["compile", "--warnings-as-errors", catalog, "-o", out.path], timeout: Self.deadline)
    #expect(strict.status == 1)
    #expect(strict.stderr == warning.replacingOccurrences(of: "warning:", with: "error:"))
    #expect(!FileManager.default.fileExists(atPath: out.path))
    let compiled = try RunLHC.run(["compile", catalog, "-o", out.path], timeout: Self.deadline)
    #expect(compiled.status == 0)
    #expect(compiled.stderr == warning)
    let strings = try String(
      contentsOf: out.appendingPathComponent("fr.lproj/DuplicateKeys.strings"), encoding: .utf8)
    #expect(strings.contains("<string>Bonjour</string>"))
    #expect(!strings.contains("Salut"))
  }

  /// A 1 MB key (and a 1 MB value) is not hostile to lhc: it compiles, quickly, byte for byte.
  @Test func megabyteKey() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let key = String(repeating: "k", count: 1 << 20)
    let value = String(repeating: "v", count: 1 << 20)
    let catalog = directory.appendingPathComponent("Localizable.xcstrings")
    try Data(
      (#"{"sourceLanguage": "en", "strings": {"\#(key)": {"localizations": {"fr": "#
        + #"{"stringUnit": {"state": "translated", "value": "\#(value)"}}}}}, "version": "1.0"}"#)
        .utf8
    ).write(to: catalog)
    let out = directory.appendingPathComponent("out")
    let result = try RunLHC.run(["compile", catalog.path, "-o", out.path], timeout: Self.deadline)
    #expect(result.status == 0, "\(result.stderr)")
    Self.expectQuick(result, "1 MB key")
    let strings = try String(
      contentsOf: out.appendingPathComponent("fr.lproj/Localizable.strings"), encoding: .utf8)
    #expect(strings.contains("<key>\(key)</key>"))
    #expect(strings.contains("<string>\(value)</string>"))
  }

  /// No zip tool writes a hard-link entry: `bsdtar --format zip` stores a hard-linked pair as two
  /// regular files with the same bytes, which the SDK (and lhc) accept as such.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/bsdtar")))
  func hardLinkedFilesAreCopiesInAZip() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let lproj = directory.appendingPathComponent("release/de.lproj")
    try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
    let table = lproj.appendingPathComponent("Localizable.strings")
    try Data(#""greeting" = "Hallo";"#.utf8).write(to: table)
    try FileManager.default.linkItem(at: table, to: lproj.appendingPathComponent("Other.strings"))
    let zip = directory.appendingPathComponent("release.zip").path
    let made = try runProcess(
      URL(fileURLWithPath: "/usr/bin/bsdtar"),
      [
        "-cf", zip, "--format", "zip", "-C", directory.appendingPathComponent("release").path,
        "de.lproj",
      ], timeout: Self.deadline)
    try #require(made.status == 0, "\(made.stderr)")
    let result = try RunLHC.run(
      ["diff", "--format", "json", "--summary", Self.appCatalog, zip], timeout: Self.deadline)
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    #expect(result.stdout.contains(#""Other""#))
  }
}
