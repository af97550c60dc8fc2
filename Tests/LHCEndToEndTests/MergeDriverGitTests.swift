import Foundation
import LHCTestSupport
import Testing

/// `lhc merge-driver` as git runs it: real `git merge` in temporary repositories, the driver set
/// up as the README says, corpus catalogs edited on two branches by script (then written as
/// Xcode writes them, with `lhc format`).
@Suite("lhc merge-driver with git")
struct MergeDriverGitTests {
  /// A repository with `catalog` committed as `L.xcstrings` on `main`, and the driver set up.
  struct Repository {
    let directory: URL
    var file: URL { directory.appendingPathComponent("L.xcstrings") }

    init(catalog: String, driverOptions: String = "") throws {
      directory = try makeTemporaryDirectory()
      try git("init", "-q", "-b", "main")
      try git(
        "config", "merge.xcstrings.driver",
        "'\(RunLHC.binary.path)' merge-driver %O %A %B --path %P \(driverOptions)")
      try Data("*.xcstrings merge=xcstrings\n".utf8).write(
        to: directory.appendingPathComponent(".gitattributes"))
      try Data(contentsOf: TestPaths.corpusCatalogFolder.appendingPathComponent(catalog)).write(
        to: file)
      try git("add", ".")
      try git("commit", "-q", "-m", "base")
    }

    /// Runs git; throws unless it exits 0 (or `allowFailure`).
    @discardableResult
    func git(_ arguments: String..., allowFailure: Bool = false) throws -> ProcessResult {
      let environment = [
        "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        "HOME": directory.path,
        "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com",
        "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com",
      ]
      let result = try runProcess(
        URL(fileURLWithPath: "/usr/bin/env"), ["git"] + arguments, in: directory,
        environment: environment)
      if !allowFailure && result.status != 0 {
        throw GitFailure(message: "git \(arguments.joined(separator: " ")): \(result.stderr)")
      }
      return result
    }

    /// Edits the catalog on a new branch `name` from main with a Python script (`d` is the parsed
    /// catalog), writes it as Xcode does and commits.
    func branch(_ name: String, _ script: String) throws {
      try git("checkout", "-q", "-b", name, "main")
      let python = try runProcess(
        URL(fileURLWithPath: "/usr/bin/env"),
        [
          "python3", "-c",
          "import json,sys\nd=json.load(open(sys.argv[1]))\ns=d['strings']\n\(script)\njson.dump(d,open(sys.argv[1],'w'),indent=1)",
          file.path,
        ])
      guard python.status == 0 else { throw GitFailure(message: python.stderr) }
      let format = try RunLHC.run(["format", file.path])
      guard format.status == 0 else { throw GitFailure(message: format.stderr) }
      try git("commit", "-q", "-a", "-m", name)
    }

    /// The catalog parsed by Python's `json` as a Foundation object (an independent reader).
    func parsed() throws -> [String: Any] {
      try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any] ?? [:]
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
  }

  struct GitFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }

  static func value(_ catalog: [String: Any], _ key: String, _ language: String) -> String? {
    let strings = catalog["strings"] as? [String: Any]
    let entry = strings?[key] as? [String: Any]
    let localization = (entry?["localizations"] as? [String: Any])?[language] as? [String: Any]
    return (localization?["stringUnit"] as? [String: Any])?["value"] as? String
  }

  static let vienna = "ViennaRSS__vienna-rss__Localizable.xcstrings"

  /// Edits of both branches to different keys, languages of one key, and fields: git merges
  /// cleanly in both directions, to the same bytes, in Xcode's format, with every edit.
  @Test func nonOverlappingEditsMergeCleanlyBothWays() throws {
    let repository = try Repository(catalog: Self.vienna)
    defer { repository.remove() }
    try repository.branch(
      "ours",
      """
      s['%@ of %@']['localizations']['de']['stringUnit']['value'] = 'OURS de'
      s['Added on ours'] = {'localizations': {'en': {'stringUnit': {'state': 'translated', 'value': 'new'}}}}
      del s['%@ received']
      """)
    try repository.branch(
      "theirs",
      """
      s['%@ of %@']['localizations']['fr']['stringUnit']['value'] = 'THEIRS fr'
      s['%@ of %@']['comment'] = 'comment from theirs'
      s['A folder with that name already exists'] = {'localizations': {'en': {'stringUnit': {'state': 'translated', 'value': 'Always!'}}}}
      """)
    try repository.git("checkout", "-q", "ours")
    let merge = try repository.git("merge", "-q", "--no-edit", "theirs", allowFailure: true)
    #expect(merge.status == 0, "\(merge.stdout)\(merge.stderr)")
    let merged = try Data(contentsOf: repository.file)
    let catalog = try repository.parsed()
    #expect(Self.value(catalog, "%@ of %@", "de") == "OURS de")
    #expect(Self.value(catalog, "%@ of %@", "fr") == "THEIRS fr")
    #expect(Self.value(catalog, "Added on ours", "en") == "new")
    #expect(Self.value(catalog, "A folder with that name already exists", "en") == "Always!")
    let strings = catalog["strings"] as? [String: Any] ?? [:]
    #expect(strings["%@ received"] == nil)
    #expect((strings["%@ of %@"] as? [String: Any])?["comment"] as? String == "comment from theirs")
    let check = try RunLHC.run(["format", "--check", repository.file.path])
    #expect(check.status == 0, "the merge is not in Xcode's format")

    // The other direction gives the same bytes.
    try repository.git("checkout", "-q", "-b", "other-way", "theirs")
    let reverse = try repository.git("merge", "-q", "--no-edit", "ours", allowFailure: true)
    #expect(reverse.status == 0, "\(reverse.stderr)")
    #expect(try Data(contentsOf: repository.file) == merged)
  }

  /// One unit changed differently on both branches, another changed on one and deleted on the
  /// other: git reports a conflict, the driver lists both, the file is a valid catalog holding
  /// ours, and every other edit is merged.
  @Test func overlappingEditsConflict() throws {
    let repository = try Repository(catalog: Self.vienna)
    defer { repository.remove() }
    try repository.branch(
      "ours",
      """
      s['%@ of %@']['localizations']['de']['stringUnit']['value'] = 'OURS'
      del s['A folder with that name already exists']
      s['%@ of %@']['localizations']['ja'] = {'stringUnit': {'state': 'translated', 'value': 'ja ours'}}
      """)
    try repository.branch(
      "theirs",
      """
      s['%@ of %@']['localizations']['de']['stringUnit']['value'] = 'THEIRS'
      s['A folder with that name already exists']['localizations']['de']['stringUnit']['value'] = 'Immer!'
      s['%@ of %@']['localizations']['fr']['stringUnit']['value'] = 'fr theirs'
      """)
    try repository.git("checkout", "-q", "ours")
    let merge = try repository.git("merge", "--no-edit", "theirs", allowFailure: true)
    #expect(merge.status == 1)
    let output = merge.stdout + merge.stderr
    #expect(
      output.contains(#"L.xcstrings: error: conflict (de: %@ of %@): ours "OURS" theirs "THEIRS""#),
      "\(output)")
    #expect(
      output.contains(
        "L.xcstrings: error: conflict (A folder with that name already exists): ours (deleted) theirs (changed)"
      ), "\(output)")
    let status = try repository.git("status", "--porcelain")
    #expect(status.stdout.contains("UU L.xcstrings"))
    let catalog = try repository.parsed()
    #expect(Self.value(catalog, "%@ of %@", "de") == "OURS")
    #expect(Self.value(catalog, "%@ of %@", "ja") == "ja ours")
    #expect(Self.value(catalog, "%@ of %@", "fr") == "fr theirs")
    #expect(
      (catalog["strings"] as? [String: Any])?["A folder with that name already exists"] == nil)
  }

  /// `--favor theirs` in the driver's command resolves the conflicts with theirs: a clean merge.
  @Test func favorTheirsResolves() throws {
    let repository = try Repository(
      catalog: "Ranchero-Software__NetNewsWire__Shared_Localizable.xcstrings",
      driverOptions: "--favor theirs")
    defer { repository.remove() }
    let key = "Error"
    let setValue = { (value: String) in
      "s['\(key)'].setdefault('localizations', {})['de'] = {'stringUnit': {'state': 'translated', 'value': '\(value)'}}"
    }
    try repository.branch("ours", setValue("OURS"))
    try repository.branch("theirs", setValue("THEIRS"))
    try repository.git("checkout", "-q", "ours")
    let merge = try repository.git("merge", "--no-edit", "theirs", allowFailure: true)
    #expect(merge.status == 0, "\(merge.stderr)")
    #expect(
      (merge.stdout + merge.stderr).contains(
        "warning: conflict (de: Error): ours \"OURS\" theirs \"THEIRS\"; kept theirs"))
    #expect(Self.value(try repository.parsed(), key, "de") == "THEIRS")
  }

  /// A side that is not a valid catalog (say, with conflict markers): exit 1, CURRENT untouched.
  @Test func unreadableSideLeavesCurrentAlone() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let base = TestPaths.corpusCatalogFolder.appendingPathComponent(
      "liamnichols__xcstrings-tool__Variations.xcstrings"
    ).path
    let current = directory.appendingPathComponent("current")
    try Data(contentsOf: URL(fileURLWithPath: base)).write(to: current)
    let other = directory.appendingPathComponent("other")
    try Data("<<<<<<< HEAD\n{}\n".utf8).write(to: other)
    let before = try Data(contentsOf: current)
    let result = try RunLHC.run([
      "merge-driver", base, current.path, other.path, "--path", "V.xcstrings",
    ])
    #expect(result.status == 1)
    #expect(
      result.stderr.hasPrefix("V.xcstrings (theirs):1:1: error: expected '{' at start of catalog"))
    #expect(try Data(contentsOf: current) == before)
    let usage = try RunLHC.run(["merge-driver", base, current.path])
    #expect(usage.status == 64)
  }
}
