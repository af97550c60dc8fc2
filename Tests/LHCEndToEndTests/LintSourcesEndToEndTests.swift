import Foundation
import LHCTestSupport
import Testing

/// `lhc lint --sources` through the built binary: the planted project of `TestData/lint-sources`
/// (each finding marked `// expect:` on its line, `source-key-unused` in the entry's comment),
/// every format, configs, baselines, SARIF; NetNewsWire's sources in the corpus.
///
/// Notes — findings checked by hand on real apps (sources at the commits named):
/// - NetNewsWire (corpus, 834decf): no `source-key-missing`; 93 `source-key-missing-main-bundle`
///   lookups of 86 keys, all `NSLocalizedString` without `bundle:` in the packages Account,
///   CloudKitSync, FeedFinder, RSCore and RSWeb (no `defaultLocalization`, no catalog): checked
///   by hand "Inoreader", "BazQux", "The Old Reader" (Account.swift:72–76), "The feed couldn’t be
///   found and can’t be added." (AccountError.swift:46) — none is in `Shared/Localizable.xcstrings`
///   or the widget's catalog, so every language shows the English key; the test below checks
///   every one with Foundation's JSON reader. `source-key-unused`: none ("Favicons", whose comment
///   "Activity owner name" is from ActivityLog's lookup, which now reads `bundle: .module`, is
///   still a literal of the code, as a path component).
/// - tarnish233/PicFerry (3f9606d): 4 `source-key-missing`, each a SwiftUI literal absent from
///   `GitPic/Localizable.xcstrings` after the app's rename: "GitPic" (ModernPreferencesView:367),
///   "Powered by Codex" (:386), "{url}" (OutputFormatEditorView:88),
///   "GitPic/{filename}{.suffix}" (HostConfigurationView:192).
/// - Dimillian/IceCubesApp (0fc41d2): 38 `source-key-missing-main-bundle`, SwiftUI literals of its
///   packages looked up in the main bundle whose catalog uses other keys: checked "Block User"
///   (AccountDetailToolbar:92), "Open Media", "Media Grid", "status.action.context-menu" (an
///   accessibility label VoiceOver reads as the key). Keys the catalog has with another
///   specifier (`status.summary.n-favorites %lld`, where lhc cannot type the value) are not
///   reported.
@Suite("lhc lint --sources, end to end")
struct LintSourcesEndToEndTests {
  static let fixture = TestPaths.testData.appendingPathComponent("lint-sources")
  static let catalogs = [
    "Planted/Localizable.xcstrings", "Feature/Sources/Feature/Resources/Localizable.xcstrings",
  ]

  /// A copy of the planted project in a temporary folder (a repository root: the scan of
  /// projects stops there).
  static func withCopy(_ body: (URL) throws -> Void) throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let root = directory.appendingPathComponent("project")
    try FileManager.default.copyItem(at: fixture, to: root)
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
    try body(root)
  }

  /// The `// expect:` marks of the fixture's Swift files and the `expect:` comments of its
  /// catalogs' entries, as `path:line id` (catalog findings as `path:key id`).
  static func expected(ota: Bool, legacy: Bool) throws -> Set<String> {
    var result = Set<String>()
    let files = FileManager.default.enumerator(atPath: fixture.path)
    while let path = files?.nextObject() as? String {
      guard path.hasSuffix(".swift") || path.hasSuffix(".xcstrings") else { continue }
      let text = try String(
        contentsOf: fixture.appendingPathComponent(path), encoding: .utf8)
      if path.hasSuffix(".swift") {
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
          .enumerated()
        {
          guard let range = line.range(of: "// expect: ") else { continue }
          for id in line[range.upperBound...].split(separator: ",") {
            let id = id.trimmingCharacters(in: .whitespaces)
            if id == "ota-uncovered-lookup" && !ota { continue }
            if id == "source-legacy-lookup" && (!legacy || ota) { continue }
            result.insert("\(path):\(index + 1) \(id)")
          }
        }
      } else if path.hasSuffix(".xcstrings") {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        for (key, entry) in object?["strings"] as? [String: [String: Any]] ?? [:] {
          if let comment = entry["comment"] as? String, comment.hasPrefix("expect: ") {
            result.insert("\(path):\(key) \(comment.dropFirst("expect: ".count))")
          }
        }
      }
    }
    return result
  }

  /// The findings of a JSON report the same way (a catalog's by key).
  static func reported(_ json: String) throws -> Set<String> {
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    var result = Set<String>()
    for file in object?["files"] as? [[String: Any]] ?? [] {
      let path = file["path"] as? String ?? "?"
      for finding in file["findings"] as? [[String: Any]] ?? [] {
        let id = finding["id"] as? String ?? "?"
        let place =
          path.hasSuffix(".swift")
          ? "\(finding["line"] as? Int ?? 0)" : (finding["key"] as? String ?? "?")
        result.insert("\(path):\(place) \(id)")
      }
    }
    return result
  }

  static func lint(_ options: [String], in root: URL) throws -> ProcessResult {
    try RunLHC.run(["lint", "--format", "json", "--sources", "."] + options + catalogs, in: root)
  }

  @Test func everyPlantedFindingAtItsLineAndNothingElse() throws {
    try Self.withCopy { root in
      let plain = try Self.lint([], in: root)
      #expect(plain.status == 1)
      #expect(plain.stderr == "")
      #expect(try Self.reported(plain.stdout) == Self.expected(ota: false, legacy: false))
      let ota = try Self.lint(["--ota", "lingohub", "--enable", "source-legacy-lookup"], in: root)
      #expect(try Self.reported(ota.stdout) == Self.expected(ota: true, legacy: true))
      let legacy = try Self.lint(["--enable", "source-legacy-lookup"], in: root)
      #expect(try Self.reported(legacy.stdout) == Self.expected(ota: false, legacy: true))
      // Each check of the code is planted.
      let ids = Set(
        try Self.expected(ota: true, legacy: true).map { $0.split(separator: " ").last! }
      )
      .union(try Self.expected(ota: false, legacy: true).map { $0.split(separator: " ").last! })
      #expect(
        ids == [
          "source-key-missing", "source-key-missing-main-bundle", "source-key-unused",
          "ota-uncovered-lookup", "source-concatenation", "source-left-right",
          "source-fixed-date-format", "source-legacy-lookup",
        ])
    }
  }

  @Test func otaOnAndOffDifferExactlyInUncoveredLookups() throws {
    try Self.withCopy { root in
      let off = try Self.reported(try Self.lint([], in: root).stdout)
      let on = try Self.reported(try Self.lint(["--ota", "lingohub"], in: root).stdout)
      #expect(off.isSubset(of: on))
      #expect(!on.subtracting(off).isEmpty)
      #expect(on.subtracting(off).allSatisfy { $0.hasSuffix(" ota-uncovered-lookup") })
      #expect(!off.contains { $0.hasSuffix(" ota-uncovered-lookup") })
      // The clean file uses covered forms only.
      #expect(!on.contains { $0.hasPrefix("Planted/Clean.swift") })
    }
  }

  /// The xcode format byte for byte (file:line:column of the code, Unicode columns).
  @Test func xcodeFormatMatchesGolden() throws {
    try Self.withCopy { root in
      let result = try RunLHC.run(
        ["lint", "--format", "xcode", "--sources", ".", "--ota", "lingohub"] + Self.catalogs,
        in: root)
      #expect(result.status == 1)
      let golden = Self.fixture.appendingPathComponent("xcode-golden.txt")
      guard let expected = try? String(contentsOf: golden, encoding: .utf8) else {
        try result.stdout.write(to: golden, atomically: true, encoding: .utf8)
        Issue.record("recorded \(golden.path); review it and run again")
        return
      }
      #expect(result.stdout == expected)
      let again = try RunLHC.run(
        ["lint", "--format", "xcode", "--sources", ".", "--ota", "lingohub"] + Self.catalogs,
        in: root)
      #expect(again.stdout == result.stdout)
    }
  }

  /// With `--sources`, a key every lookup of which is SwiftUI's of a literal without
  /// interpolation is never formatted: no format finding (`TestData/lint-formatted`, whose
  /// `20%off` reads as `%o`). The twin key, also looked up by `String(localized:)` (whose result
  /// the code may format), keeps the catalog's finding; without `--sources` both have it.
  @Test func keysTheCodeShowsAsTheyAreHaveNoFormatFindings() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let root = directory.appendingPathComponent("project")
    try FileManager.default.copyItem(
      at: TestPaths.testData.appendingPathComponent("lint-formatted"), to: root)
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
    let catalog = "Sources/Shop/Resources/Localizable.xcstrings"
    let path = "\(catalog):"
    let alone = try RunLHC.run(["lint", "--format", "json", catalog], in: root)
    #expect(
      try Self.reported(alone.stdout) == [
        path + "Save 20%off today format-argument-type",
        path + "Save 20%off tomorrow format-argument-type",
      ])
    let withCode = try RunLHC.run(
      ["lint", "--format", "json", "--sources", ".", catalog], in: root)
    #expect(withCode.stderr == "")
    #expect(
      try Self.reported(withCode.stdout) == [path + "Save 20%off tomorrow format-argument-type"])
  }

  @Test func textReportGroupsTheCodeAndCountsTheSwiftFiles() throws {
    try Self.withCopy { root in
      let result = try RunLHC.run(["lint", "--sources", "Planted", Self.catalogs[0]], in: root)
      #expect(result.stdout.contains("\nPlanted/Layout.swift\n  (code)\n    11:27 warning: "))
      #expect(
        result.stdout.contains(
          "\nPlanted/Lookups.swift\n  \"Not in the catalog\"\n    14:12 error: Text looks up a key that Planted/Localizable.xcstrings does not have"
        ))
      #expect(result.stdout.hasSuffix(" in 1 catalog and 5 Swift files\n"))
      let github = try RunLHC.run(
        ["lint", "--format", "github", "--sources", "Planted", Self.catalogs[0]], in: root)
      #expect(
        github.stdout.contains(
          "::error file=Planted/Lookups.swift,line=14,col=12,title=lhc source-key-missing::Text looks up a key"
        ))
    }
  }

  @Test func disableEnableAndExitStatuses() throws {
    try Self.withCopy { root in
      let errorsOff = try Self.lint(["--disable", "source-key-missing"], in: root)
      #expect(errorsOff.status == 0)
      #expect(
        !(try Self.reported(errorsOff.stdout)).contains { $0.hasSuffix(" source-key-missing") })
      let strict = try Self.lint(
        ["--disable", "source-key-missing", "--warnings-as-errors"], in: root)
      #expect(strict.status == 1)
      for bad in [
        ["--ota", "nope"], ["--enable", "no-such-check"], ["--sources", "Missing/Folder"],
      ] {
        let result = try RunLHC.run(["lint"] + bad + Self.catalogs, in: root)
        #expect(result.status == 64, "\(bad)")
      }
      // Sources without a catalog: the checks that need none.
      let alone = try RunLHC.run(["lint", "--format", "json", "--sources", "Planted"], in: root)
      let found = try Self.reported(alone.stdout)
      #expect(found.contains("Planted/Layout.swift:11 source-left-right"))
      #expect(!found.contains { $0.contains("source-key") })
    }
  }

  @Test func helpListsTheCodeChecks() throws {
    let help = try RunLHC.run(["lint", "--help"])
    let rows = help.stdout.split(separator: "\n").map { $0.split(separator: " ") }
    #expect(rows.contains { $0.prefix(2) == ["source-legacy-lookup", "off"] })
    #expect(rows.contains { $0.prefix(2) == ["source-key-missing", "error"] })
    #expect(rows.contains { $0.prefix(2) == ["ota-uncovered-lookup", "error"] })
    #expect(help.stdout.contains("--sources DIR"))
    #expect(help.stdout.contains("--ota SDK"))
  }

  // MARK: Config

  /// `sources`, `ota` and `enabled` in `.lhc-lint.json`; the config nearest a Swift file applies
  /// to its findings.
  @Test func configNamesSourcesAndTheNearestConfigAppliesToEachFile() throws {
    try Self.withCopy { root in
      try #"{ "sources" : [ "." ] }"#.write(
        to: root.appendingPathComponent(".lhc-lint.json"), atomically: true, encoding: .utf8)
      try #"{ "ota" : "lingohub", "enabled" : [ "source-legacy-lookup" ] }"#.write(
        to: root.appendingPathComponent("Planted/.lhc-lint.json"), atomically: true,
        encoding: .utf8)
      // The catalogs' configs name the sources: no --sources needed. Planted/'s catalog has
      // Planted/'s config, which names no sources; the package's the root's.
      let result = try RunLHC.run(["lint", "--format", "json"] + Self.catalogs, in: root)
      let found = try Self.reported(result.stdout)
      let expected = try Self.expected(ota: true, legacy: true).filter {
        $0.hasPrefix("Planted/")
      }.union(try Self.expected(ota: false, legacy: false).filter { $0.hasPrefix("Feature/") })
      #expect(found == expected)
      let bad = root.appendingPathComponent("Feature/.lhc-lint.json")
      try #"{ "ota" : "crowdin" }"#.write(to: bad, atomically: true, encoding: .utf8)
      let invalid = try RunLHC.run(["lint", "--sources", "."] + Self.catalogs, in: root)
      #expect(invalid.status == 1)
      #expect(invalid.stderr.contains("Feature/.lhc-lint.json:1:11: error: unknown SDK 'crowdin'"))
    }
  }

  // MARK: Baseline

  @Test func baselineKnowsCodeFindingsWhereverTheirLinesMove() throws {
    try Self.withCopy { root in
      let baseline = root.appendingPathComponent("ci/lint-baseline.json").path
      let write = try RunLHC.run(
        ["lint", "--write-baseline", baseline, "--sources", "."] + Self.catalogs, in: root)
      #expect(write.status == 0, "\(write.stderr)")
      let text = try String(contentsOfFile: baseline, encoding: .utf8)
      let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
      #expect(object?["version"] as? Int == 2)
      let entries = object?["findings"] as? [[String: Any]] ?? []
      let code = try #require(
        entries.first {
          $0["check"] as? String == "source-key-missing" && $0["key"] as? String == "Never added"
        })
      #expect(code["file"] as? String == "../Planted/Lookups.swift")
      #expect(
        code["code"] as? String
          == #"NSLocalizedString("Never added", comment: ""), // expect: source-key-missing, source-legacy-lookup"#
      )
      #expect(code["catalog"] == nil && code["line"] == nil)
      #expect(entries.contains { $0["catalog"] as? String == "../Planted/Localizable.xcstrings" })
      // Sorted by place: catalog or file.
      let places = entries.map { ($0["catalog"] ?? $0["file"]) as? String ?? "" }
      #expect(places == places.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })

      func check() throws -> ProcessResult {
        try RunLHC.run(
          ["lint", "--format", "json", "--baseline", baseline, "--sources", "."] + Self.catalogs,
          in: root)
      }
      #expect(try Self.reported(try check().stdout) == [])
      // Lines move: nothing new, nothing gone.
      let lookups = root.appendingPathComponent("Planted/Lookups.swift")
      let original = try String(contentsOf: lookups, encoding: .utf8)
      try ("// Moved.\n\n" + original).write(to: lookups, atomically: true, encoding: .utf8)
      let moved = try check()
      #expect(moved.status == 0)
      #expect(try Self.reported(moved.stdout) == [])
      #expect(moved.stderr == "")
      // The code of a line changes: that finding is new, the old one gone.
      try ("// Moved.\n\n" + original).replacing(
        #"NSLocalizedString("Never added", comment: "")"#,
        with: #"NSLocalizedString("Never added", comment: "Edited")"#
      ).write(to: lookups, atomically: true, encoding: .utf8)
      let edited = try check()
      #expect(try Self.reported(edited.stdout) == ["Planted/Lookups.swift:37 source-key-missing"])
      #expect(edited.stderr.contains("note: 1 baseline finding is gone"))
      // Written twice from the same findings: the same bytes.
      try original.write(to: lookups, atomically: true, encoding: .utf8)
      _ = try RunLHC.run(
        ["lint", "--write-baseline", baseline, "--sources", "."] + Self.catalogs.reversed(),
        in: root)
      #expect(try String(contentsOfFile: baseline, encoding: .utf8) == text)
    }
  }

  // MARK: SARIF

  @Test(
    .enabled(
      if: sarifReaderAvailable,
      "PyPI sarif-pydantic is not installed (make test installs it: python3 -m pip install sarif-pydantic)"
    ))
  func sarifReadsBackAndFingerprintsFollowMovedLines() throws {
    try Self.withCopy { root in
      func sarif() throws -> String {
        let result = try RunLHC.run(
          ["lint", "--format", "sarif", "--sources", ".", "--ota", "lingohub"] + Self.catalogs,
          in: root)
        #expect(result.status == 1)
        return result.stdout
      }
      let log = root.appendingPathComponent("lint.sarif")
      let first = try sarif()
      try first.write(to: log, atomically: true, encoding: .utf8)
      let read = try runProcess(
        URL(fileURLWithPath: "/usr/bin/env"),
        ["python3", "-c", LintSARIFTests.reader, log.path])
      #expect(read.status == 0, "\(read.stderr)")
      let lines = read.stdout.split(separator: "\n")
      let json = try RunLHC.run(
        ["lint", "--format", "json", "--sources", ".", "--ota", "lingohub"] + Self.catalogs,
        in: root)
      let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
      let count = (object?["files"] as? [[String: Any]] ?? []).reduce(0) {
        $0 + ($1["findings"] as? [Any] ?? []).count
      }
      #expect(lines.count == count)
      #expect(
        lines.contains {
          $0.hasPrefix("source-key-missing\tPlanted/Lookups.swift\t14\t12\terror\t")
        })
      // The rule off by default says so.
      #expect(first.contains(#""enabled" : false"#))
      // Fingerprints: the same after lines move.
      func fingerprints(_ text: String) throws -> [String] {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        let run = (object?["runs"] as? [[String: Any]])?.first
        return (run?["results"] as? [[String: Any]] ?? []).compactMap {
          ($0["partialFingerprints"] as? [String: String])?["lhcFindingIdentity/v1"]
        }.sorted()
      }
      let lookups = root.appendingPathComponent("Planted/Lookups.swift")
      let original = try String(contentsOf: lookups, encoding: .utf8)
      try ("\n\n\n" + original).write(to: lookups, atomically: true, encoding: .utf8)
      let moved = try sarif()
      #expect(moved != first)
      #expect(try fingerprints(moved) == fingerprints(first))
      #expect(Set(try fingerprints(first)).count == (try fingerprints(first)).count)
    }
  }

  // MARK: NetNewsWire

  static let netNewsWire = TestPaths.corpus.appendingPathComponent(
    "extraction/Ranchero-Software__NetNewsWire")

  @Test(.enabled(if: FileManager.default.fileExists(atPath: netNewsWire.path)))
  func netNewsWireRunsAndEveryMissingKeyIsMissing() throws {
    let catalogs = try FileManager.default.subpathsOfDirectory(atPath: Self.netNewsWire.path)
      .filter { $0.hasSuffix(".xcstrings") }.sorted()
    let result = try RunLHC.run(
      ["lint", "--format", "json", "--sources", "."] + catalogs, in: Self.netNewsWire)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr == "")
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    var byCheck: [String: [(path: String, key: String?)]] = [:]
    for file in object?["files"] as? [[String: Any]] ?? [] {
      for finding in file["findings"] as? [[String: Any]] ?? [] {
        byCheck[finding["id"] as? String ?? "?", default: []].append(
          (file["path"] as? String ?? "?", finding["key"] as? String))
      }
    }
    #expect(byCheck["source-key-missing"] == nil)
    // Every main-bundle finding: a package's lookup of a key no app catalog has (read by
    // Foundation, independently of lhc).
    func keys(_ path: String) throws -> Set<String> {
      let data = try Data(contentsOf: Self.netNewsWire.appendingPathComponent(path))
      let catalog = try JSONSerialization.jsonObject(with: data) as? [String: Any]
      return Set((catalog?["strings"] as? [String: Any] ?? [:]).keys)
    }
    let app = try keys("Shared/Localizable.xcstrings").union(
      keys("Widget/Resources/Localizable.xcstrings"))
    let main = byCheck["source-key-missing-main-bundle"] ?? []
    #expect(main.count == 93)
    #expect(Set(main.compactMap(\.key)).count == 86)
    for (path, key) in main {
      #expect(path.hasPrefix("Modules/"), "\(path)")
      #expect(key.map { !app.contains($0) } == true, "\(key ?? "-")")
    }
    #expect(
      main.contains {
        $0.key == "Inoreader" && $0.path == "Modules/Account/Sources/Account/Account.swift"
      })
    // "Favicons", which no lookup reads, is still a literal of the code
    // (`appendingPathComponent("Favicons")`), where lhc cannot tell: as `lhc extract` keeps it,
    // it is not reported.
    #expect(byCheck["source-key-unused"] == nil)
    // No fixed date format of NetNewsWire is shown (all are machine formats or parsed).
    #expect(byCheck["source-fixed-date-format"] == nil)
    #expect(byCheck["source-left-right"]?.count == 3)
    #expect(byCheck["source-concatenation"]?.count == 2)
  }
}
