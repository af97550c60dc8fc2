import Foundation
import LHCTestSupport
import Testing

/// `lhc format --check`'s reasons in every report format, and the final newline a repository's
/// end-of-file hook adds: reported without the opt-in, accepted and kept by every writer of
/// catalogs (`format`, `extract`'s sync, `merge-driver` under `git merge`, `import`) with
/// `--allow-final-newline` or `.lhc.json`, never added to a catalog without one.
@Suite("Final newline and format reasons, end to end")
struct FinalNewlineEndToEndTests {
  static let config = #"{ "format" : { "allowFinalNewline" : true } }"#
  static let configOff = #"{ "format" : { "allowFinalNewline" : false } }"#
  static let newlineMessage =
    "final newline: a newline after the last \"}\" (Xcode writes none); allowed by "
    + "--allow-final-newline or .lhc.json"

  /// The real catalogs that differ from Xcode's bytes only by one final newline, as Python finds
  /// them (`endswith(b'}\n')`) and Foundation's JSON writer confirms (the rest is its form,
  /// which is Xcode's), relative to the corpus.
  static let realNewlineCatalogs: [String] = {
    let corpus = TestPaths.corpus
    let paths = (try? FileManager.default.subpathsOfDirectory(atPath: corpus.path)) ?? []
    return paths.filter { path in
      guard path.hasSuffix(".xcstrings"),
        let data = try? Data(contentsOf: corpus.appendingPathComponent(path)),
        data.last == UInt8(ascii: "\n")
      else { return false }
      let trimmed = data.dropLast()
      return trimmed.last == UInt8(ascii: "}")
        && (try? FormatEndToEndTests.foundationForm(Data(trimmed))) == Data(trimmed)
    }.sorted()
  }()

  static func write(_ text: String, to url: URL) throws {
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  static func inode(_ url: URL) throws -> Int {
    try (FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int) ?? -1
  }

  /// Nine catalogs of two apps differ only by the newline their pre-commit hook adds (issue 42);
  /// these are the corpus's (two apps', and three of NetNewsWire's). Reported without the
  /// opt-in, with its line and column, in every format; accepted with `--allow-final-newline`
  /// or `.lhc.json`, and then kept by `lhc format`; dropped by `lhc format` without it.
  @Test func realCatalogsThatDifferOnlyByAFinalNewline() throws {
    #expect(
      Self.realNewlineCatalogs == [
        "apps/MarkEdit-app__MarkEdit/MarkEditMac/Resources/Localizable.xcstrings",
        "apps/MarkEdit-app__MarkEdit/MarkEditMac/mul.lproj/Main.xcstrings",
        "apps/losnoco__Cog/Preferences/Preferences/InfoPlist.xcstrings",
        "apps/losnoco__Cog/Preferences/Preferences/mul.lproj/Preferences.xcstrings",
        "extraction/Ranchero-Software__NetNewsWire/Mac/ActivityLog/mul.lproj/ActivityLogWindow.xcstrings",
        "extraction/Ranchero-Software__NetNewsWire/Mac/CurrentActivity/mul.lproj/CurrentActivityWindow.xcstrings",
        "extraction/Ranchero-Software__NetNewsWire/Mac/ErrorLog/mul.lproj/ErrorLogWindow.xcstrings",
      ])
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var names: [String] = []
    var originals: [Data] = []
    for path in Self.realNewlineCatalogs {
      let name = path.replacingOccurrences(of: "/", with: "__")
      let data = try Data(contentsOf: TestPaths.corpus.appendingPathComponent(path))
      try data.write(to: directory.appendingPathComponent(name))
      names.append(name)
      originals.append(data)
    }
    // The final newline is on the last line, after its `}`.
    let lines = originals.map { data in data.count { $0 == UInt8(ascii: "\n") } }

    let text = try RunLHC.run(["format", "--check"] + names, in: directory)
    #expect(text.status == 1)
    #expect(
      text.stdout
        == zip(names, lines).map {
          "\($0):\($1):2: error: not in Xcode's format: \(Self.newlineMessage)\n"
        }.joined())
    let github = try RunLHC.run(["format", "--check", "--format", "github"] + names, in: directory)
    #expect(github.status == 1)
    #expect(
      github.stdout
        == zip(names, lines).map {
          "::error file=\($0),line=\($1),col=2,title=lhc format::not in Xcode's format: "
            + "\(Self.newlineMessage)\n"
        }.joined())
    let json = try RunLHC.run(["format", "--check", "--format", "json"] + names, in: directory)
    #expect(json.status == 1)
    let report = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    let files = report?["files"] as? [[String: Any]] ?? []
    #expect(files.map { $0["reason"] as? String } == names.map { _ in "final-newline" })
    #expect(files.map { $0["line"] as? Int } == lines)

    let allowed = try RunLHC.run(
      ["format", "--check", "--allow-final-newline"] + names, in: directory)
    #expect(allowed.status == 0 && allowed.stdout == "" && allowed.stderr == "")
    let configFile = directory.appendingPathComponent(".lhc.json")
    try Self.write(Self.configOff, to: configFile)
    #expect(try RunLHC.run(["format", "--check"] + names, in: directory).stdout == text.stdout)
    try Self.write(Self.config, to: configFile)
    let configured = try RunLHC.run(["format", "--check"] + names, in: directory)
    #expect(configured.status == 0 && configured.stdout == "" && configured.stderr == "")

    // Kept by `lhc format` with the config, dropped without it.
    let inodes = try names.map { try Self.inode(directory.appendingPathComponent($0)) }
    #expect(try RunLHC.run(["format"] + names, in: directory).status == 0)
    #expect(try names.map { try Self.inode(directory.appendingPathComponent($0)) } == inodes)
    try FileManager.default.removeItem(at: configFile)
    let dropped = try RunLHC.run(["format"] + names, in: directory)
    #expect(dropped.status == 0, "\(dropped.stderr)")
    for (name, original) in zip(names, originals) {
      #expect(try Data(contentsOf: directory.appendingPathComponent(name)) == original.dropLast())
    }
  }

  /// A small catalog in Xcode's bytes (12 lines), changed one way per file.
  static let xcode = """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "a/b" : {
          "comment" : "é"
        },
        "Bye" : {

        }
      },
      "version" : "1.0"
    }
    """

  /// (file, its text, reason, line, column, message).
  static let variants: [(String, String, String, Int, Int, String)] = [
    (
      "Newlines.xcstrings", xcode + "\n\n", "final-newline", 12, 2,
      "final newline: `\\n\\n` after the last \"}\" (Xcode writes none)"
    ),
    (
      "CRLF.xcstrings", xcode.replacing("\n", with: "\r\n"), "line-endings", 1, 2,
      "line endings: CR LF where Xcode writes LF"
    ),
    (
      "Indented.xcstrings", xcode.replacing("\n  ", with: "\n    "), "indentation", 2, 3,
      "indentation: 4 spaces where Xcode writes 2 spaces"
    ),
    (
      "Spacing.xcstrings", xcode.replacing("\" : ", with: "\": "), "spacing", 2, 19,
      "spacing: `\":` where Xcode writes `\" :`"
    ),
    (
      "KeyOrder.xcstrings",
      xcode.replacing(
        "\"a/b\" : {\n      \"comment\" : \"é\"\n    },\n    \"Bye\" : {\n\n    }",
        with: "\"Bye\" : {\n\n    },\n    \"a/b\" : {\n      \"comment\" : \"é\"\n    }"),
      "key-order", 4, 6, "key order: Xcode writes \"a/b\" here, before \"Bye\""
    ),
    (
      "Escaping.xcstrings", xcode.replacing("a/b", with: "a\\/b"), "escaping", 4, 7,
      "escaping: `\\/` where Xcode writes `/`"
    ),
    (
      "Content.xcstrings", xcode.replacing(",\n  \"version\" : \"1.0\"", with: ""), "content", 10,
      4, "content: `}\\n}` where Xcode writes `},\\n  \"version\" : \"1.0\"\\n}`"
    ),
  ]

  /// Each kind of difference, named with its line and column in the text, GitHub and JSON
  /// reports; the catalog in Xcode's bytes is not reported.
  @Test func everyReasonInEveryFormat() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Self.write(Self.xcode, to: directory.appendingPathComponent("Xcode.xcstrings"))
    for variant in Self.variants {
      try Self.write(variant.1, to: directory.appendingPathComponent(variant.0))
    }
    let names = ["Xcode.xcstrings"] + Self.variants.map(\.0)

    let text = try RunLHC.run(["format", "--check"] + names, in: directory)
    #expect(text.status == 1)
    #expect(
      text.stdout
        == Self.variants.map { "\($0.0):\($0.3):\($0.4): error: not in Xcode's format: \($0.5)\n" }
        .joined())
    let github = try RunLHC.run(["format", "--check", "--format", "github"] + names, in: directory)
    #expect(github.status == 1)
    #expect(
      github.stdout
        == Self.variants.map {
          "::error file=\($0.0),line=\($0.3),col=\($0.4),title=lhc format::not in Xcode's format: "
            + "\($0.5.replacing("%", with: "%25"))\n"
        }.joined())
    let json = try RunLHC.run(["format", "--check", "--format", "json"] + names, in: directory)
    #expect(json.status == 1)
    let report = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    let files = report?["files"] as? [[String: Any]] ?? []
    #expect(files.count == names.count)
    #expect(files.first.map { Set($0.keys) } == ["path", "status"])
    for (file, variant) in zip(files.dropFirst(), Self.variants) {
      #expect(file["path"] as? String == variant.0)
      #expect(file["status"] as? String == "unformatted")
      #expect(file["reason"] as? String == variant.2, "\(variant.0)")
      #expect(file["line"] as? Int == variant.3, "\(variant.0)")
      #expect(file["column"] as? Int == variant.4, "\(variant.0)")
      #expect(file["message"] as? String == variant.5, "\(variant.0)")
    }
    // Only exactly one final newline is accepted: two are not.
    let two = try RunLHC.run(
      ["format", "--check", "--allow-final-newline", "Newlines.xcstrings"], in: directory)
    #expect(two.status == 1)
    #expect(
      two.stdout
        == "Newlines.xcstrings:13:1: error: not in Xcode's format: final newline: `\\n\\n` after "
        + "the last \"}\" (Xcode writes none); one newline is allowed\n")
  }

  /// The nearest `.lhc.json` applies (one above the catalog; a nearer one wins); an invalid one
  /// is an error at its line and column, and nothing is written.
  @Test func theNearestConfigApplies() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let catalog = directory.appendingPathComponent("App/Resources/L.xcstrings")
    try Self.write(Self.xcode + "\n", to: catalog)
    try Self.write(Self.config, to: directory.appendingPathComponent(".lhc.json"))
    let above = try RunLHC.run(["format", "--check", "App/Resources/L.xcstrings"], in: directory)
    #expect(above.status == 0 && above.stdout == "", "\(above.stdout)\(above.stderr)")
    let nearer = directory.appendingPathComponent("App/.lhc.json")
    try Self.write(Self.configOff, to: nearer)
    let off = try RunLHC.run(["format", "--check", "App/Resources/L.xcstrings"], in: directory)
    #expect(off.status == 1)
    #expect(off.stdout.hasPrefix("App/Resources/L.xcstrings:12:2: error: not in Xcode's format"))

    try Self.write("{\n  \"format\" : { \"finalNewline\" : true }\n}", to: nearer)
    let invalid = try RunLHC.run(["format", "App/Resources/L.xcstrings"], in: directory)
    #expect(invalid.status == 1)
    #expect(
      invalid.stderr.hasSuffix(
        "App/.lhc.json:2:16: error: unknown key 'finalNewline' in 'format' (expected "
          + "allowFinalNewline)\n"), "\(invalid.stderr)")
    #expect(try readText(catalog) == Self.xcode + "\n")
    try Self.write(#"{ "format" : { "allowFinalNewline" : "yes" } }"#, to: nearer)
    let wrongType = try RunLHC.run(["format", "App/Resources/L.xcstrings"], in: directory)
    #expect(wrongType.status == 1)
    #expect(
      wrongType.stderr.hasSuffix(
        "App/.lhc.json:1:38: error: 'format.allowFinalNewline' must be true or false, found a "
          + "string\n"), "\(wrongType.stderr)")
    // The option needs no config: an invalid one is not read.
    let flag = try RunLHC.run(
      ["format", "--check", "--allow-final-newline", "App/Resources/L.xcstrings"], in: directory)
    #expect(flag.status == 0 && flag.stderr == "")
  }

  /// `lhc format` rewrites a catalog not in Xcode's format and keeps the final newline it has
  /// (Python's `json.dumps` and a newline); one without a newline is not given one.
  @Test func formatKeepsTheNewlineOfACatalogItRewrites() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let python = Self.xcode.replacing("\" : ", with: "\": ") + "\n"
    for name in ["Kept.xcstrings", "Dropped.xcstrings"] {
      try Self.write(python, to: directory.appendingPathComponent(name))
    }
    try Self.write(Self.xcode, to: directory.appendingPathComponent("None.xcstrings"))
    let kept = try RunLHC.run(
      ["format", "--allow-final-newline", "Kept.xcstrings", "None.xcstrings"], in: directory)
    #expect(kept.status == 0, "\(kept.stderr)")
    #expect(try readText(directory.appendingPathComponent("Kept.xcstrings")) == Self.xcode + "\n")
    #expect(try readText(directory.appendingPathComponent("None.xcstrings")) == Self.xcode)
    let dropped = try RunLHC.run(["format", "Dropped.xcstrings"], in: directory)
    #expect(dropped.status == 0, "\(dropped.stderr)")
    #expect(try readText(directory.appendingPathComponent("Dropped.xcstrings")) == Self.xcode)
  }

  /// `lhc extract`'s sync of the fixture app, whose catalogs (written by hand) end with a
  /// newline: each synced catalog keeps it with the config or the option, and drops it without;
  /// a catalog the sync creates gets none.
  @Test(arguments: ["config", "option", "neither"])
  func extractSyncKeepsTheNewline(setting: String) throws {
    let fixture = TestPaths.testData.appendingPathComponent("extract")
    let app = try writableCopy(of: fixture.appendingPathComponent("app"))
    defer { try? FileManager.default.removeItem(at: app.deletingLastPathComponent()) }
    let catalogs = [
      "App/Localizable.xcstrings", "Legacy/Legacy.xcstrings", "Loose/Localizable.xcstrings",
      "Packages/Feature/Sources/Feature/Resources/Localizable.xcstrings",
      "Widget/Localizable.xcstrings",
    ]
    for catalog in catalogs {
      try #require(try readText(app.appendingPathComponent(catalog)).hasSuffix("}\n"))
    }
    if setting == "config" {
      try Self.write(Self.config, to: app.appendingPathComponent(".lhc.json"))
    }
    let option = setting == "option" ? ["--allow-final-newline"] : []
    let sync = try RunLHC.run(["extract"] + option + ["--create-missing", "Made", "."], in: app)
    #expect(sync.status == 0, "\(sync.stderr)")
    for catalog in catalogs {
      let synced = try readText(fixture.appendingPathComponent("app-synced/" + catalog))
      #expect(
        try readText(app.appendingPathComponent(catalog))
          == synced + (setting == "neither" ? "" : "\n"), "\(catalog)")
    }
    let made = try readText(app.appendingPathComponent("Made/Settings.xcstrings"))
    #expect(made.hasSuffix("}") && !made.hasSuffix("\n"))
  }

  /// `lhc merge-driver` under a real `git merge`: both branches' catalogs end with the newline a
  /// hook adds; the merge keeps it with the config committed or the driver's option, and drops
  /// it without. The edits are on adjacent lines: git's own merge would conflict.
  @Test(arguments: ["config", "option", "neither"])
  func mergeDriverKeepsTheNewline(setting: String) throws {
    let repository = try MergeDriverGitTests.Repository(
      catalog: MergeDriverGitTests.vienna,
      driverOptions: setting == "option" ? "--allow-final-newline" : "")
    defer { repository.remove() }
    /// What an end-of-file hook does to the branch's last commit.
    func hook() throws {
      try Self.write(try readText(repository.file) + "\n", to: repository.file)
      try repository.git("commit", "-q", "-a", "--amend", "--no-edit")
    }
    if setting == "config" {
      try Self.write(Self.config, to: repository.directory.appendingPathComponent(".lhc.json"))
      try repository.git("add", ".lhc.json")
      try repository.git("commit", "-q", "-m", "config")
    }
    try repository.branch(
      "ours", "s['%@ of %@']['localizations']['de']['stringUnit']['value'] = 'OURS de'")
    try hook()
    try repository.branch(
      "theirs", "s['%@ of %@']['localizations']['fr']['stringUnit']['value'] = 'THEIRS fr'")
    try hook()
    try repository.git("checkout", "-q", "ours")
    let merge = try repository.git("merge", "-q", "--no-edit", "theirs", allowFailure: true)
    #expect(merge.status == 0, "\(merge.stdout)\(merge.stderr)")
    let catalog = try repository.parsed()
    #expect(MergeDriverGitTests.value(catalog, "%@ of %@", "de") == "OURS de")
    #expect(MergeDriverGitTests.value(catalog, "%@ of %@", "fr") == "THEIRS fr")
    let merged = try readText(repository.file)
    #expect(merged.hasSuffix(setting == "neither" ? "\"1.0\"\n}" : "\"1.0\"\n}\n"))
    let check = try RunLHC.run(
      ["format", "--check", "--allow-final-newline", repository.file.path])
    #expect(check.status == 0, "\(check.stdout)")
  }

  /// `lhc import --into` of an XLIFF (Xcode 27's catalog-matrix fixture, whose catalog ends with
  /// a newline) and of `.lproj` folders: the newline is kept with the config, dropped without;
  /// `-o` makes a new catalog in Xcode's bytes, config or not (and takes no option).
  @Test(arguments: [true, false])
  func importKeepsTheNewline(configured: Bool) throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    if configured { try Self.write(Self.config, to: directory.appendingPathComponent(".lhc.json")) }
    let folder = TestPaths.corpus.appendingPathComponent("xcode27/positive/catalog-matrix")
    let source = try Data(contentsOf: folder.appendingPathComponent("source.xcstrings"))
    try #require(source.last == UInt8(ascii: "\n"))
    try source.write(to: directory.appendingPathComponent("Localizable.xcstrings"))
    try Data(contentsOf: folder.appendingPathComponent("exported.xliff"))
      .write(to: directory.appendingPathComponent("fr.xliff"))
    let xliff = try RunLHC.run(
      ["import", "fr.xliff", "--into", "Localizable.xcstrings"], in: directory)
    #expect(xliff.status == 0, "\(xliff.stderr)")
    let imported = try readText(directory.appendingPathComponent("Localizable.xcstrings"))
    #expect(imported.hasSuffix(configured ? "}\n" : "\"\n}"))

    try Self.write(Self.xcode + "\n", to: directory.appendingPathComponent("L.xcstrings"))
    try Self.write(
      "\"a/b\" = \"a/b (fr)\";\n",
      to: directory.appendingPathComponent("release/fr.lproj/L.strings"))
    let lproj = try RunLHC.run(["import", "release", "--into", "L.xcstrings"], in: directory)
    #expect(lproj.status == 0, "\(lproj.stderr)")
    let updated = try readText(directory.appendingPathComponent("L.xcstrings"))
    #expect(updated.contains("\"value\" : \"a/b (fr)\""))
    #expect(updated.hasSuffix(configured ? "}\n" : "\"1.0\"\n}"))

    try Self.write(
      "\"Hello\" = \"Hello\";\n",
      to: directory.appendingPathComponent("legacy/en.lproj/Localizable.strings"))
    let made = try RunLHC.run(["import", "legacy", "-o", "New.xcstrings"], in: directory)
    #expect(made.status == 0, "\(made.stderr)")
    #expect(try readText(directory.appendingPathComponent("New.xcstrings")).hasSuffix("\"1.0\"\n}"))
    let option = try RunLHC.run(
      ["import", "legacy", "-o", "Other.xcstrings", "--allow-final-newline"], in: directory)
    #expect(option.status == 64)
    #expect(option.stderr.hasPrefix("Error: --allow-final-newline applies to --into"))
  }
}
