import Foundation
import LHCTestSupport
import Testing

/// `lhc lint` in CI: `--write-baseline` / `--baseline` on the whole corpus and on edited copies,
/// and `.lhc-lint.json` config files, run through the built binary.
@Suite("lhc lint baseline and config, end to end")
struct LintBaselineEndToEndTests {
  static let iceCubes = TestPaths.corpusCatalogFolder.appendingPathComponent(
    "Dimillian__IceCubesApp__Localizable.xcstrings")

  /// The findings of a `--format json` report, as `id lang key` lines.
  static func findings(_ json: String) throws -> [String] {
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    let files = object?["files"] as? [[String: Any]] ?? []
    return files.flatMap { $0["findings"] as? [[String: Any]] ?? [] }.map {
      "\($0["id"] as? String ?? "?") \($0["language"] as? String ?? "-") \($0["key"] as? String ?? "-")"
    }
  }

  @Test(.enabled(if: !LintEndToEndTests.corpusCatalogs.isEmpty))
  func everyCorpusCatalogPassesAgainstItsOwnBaseline() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let baseline = directory.appendingPathComponent("ci/lint-baseline.json").path
    let catalogs = LintEndToEndTests.corpusCatalogs.map {
      TestPaths.corpus.appendingPathComponent($0).path
    }
    let write = try RunLHC.run(["lint", "--write-baseline", baseline] + catalogs)
    #expect(write.status == 0, "\(write.stderr)")
    #expect(write.stdout == "")
    let first = try String(contentsOfFile: baseline, encoding: .utf8)
    // Catalog paths are relative to the baseline's folder.
    #expect(first.contains("\"catalog\" : \"../../"))
    #expect(!first.contains("\"line\""))
    let check = try RunLHC.run(["lint", "--format", "json", "--baseline", baseline] + catalogs)
    #expect(check.status == 0, "\(check.stderr)")
    #expect(check.stderr == "")
    #expect(try Self.findings(check.stdout) == [])
    let text = try RunLHC.run(["lint", "--baseline", baseline] + catalogs)
    #expect(text.status == 0)
    #expect(text.stdout.hasPrefix("0 errors, 0 warnings in \(catalogs.count) catalogs ("))
    // Byte-stable: a second write changes nothing.
    _ = try RunLHC.run(["lint", "--write-baseline", baseline] + catalogs.reversed())
    #expect(try String(contentsOfFile: baseline, encoding: .utf8) == first)
  }

  /// Runs `body` with a copy of IceCubes' catalog and its baseline in a temporary folder.
  func withBaselinedCopy(_ body: (URL, String, String) throws -> Void) throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let catalog = directory.appendingPathComponent("App/Localizable.xcstrings")
    try FileManager.default.createDirectory(
      at: catalog.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: Self.iceCubes, to: catalog)
    let baseline = directory.appendingPathComponent("lint-baseline.json").path
    let write = try RunLHC.run(["lint", "--write-baseline", baseline, catalog.path])
    #expect(write.status == 0)
    #expect(write.stderr == "\(baseline): note: 1261 findings of 1 catalog recorded\n")
    let text = try String(contentsOf: catalog, encoding: .utf8)
    try body(catalog, baseline, text)
  }

  @Test(.enabled(if: FileManager.default.fileExists(atPath: iceCubes.path)))
  func anEditAddingOneProblemReportsExactlyThatOne() throws {
    try withBaselinedCopy { catalog, baseline, text in
      // Lines added above every entry move every finding: still nothing new.
      let moved = text.replacingOccurrences(
        of: "\"sourceLanguage\" : \"en\",", with: "\"sourceLanguage\" : \"en\",\n\n\n")
      try moved.write(to: catalog, atomically: true, encoding: .utf8)
      let unchanged = try RunLHC.run([
        "lint", "--format", "json", "--baseline", baseline, catalog.path,
      ])
      #expect(unchanged.status == 0)
      #expect(try Self.findings(unchanged.stdout) == [])
      // One German translation reads the number as an object: exactly one new error.
      let old = "\"value\" : \"%lld neuer Beitrag\""
      #expect(moved.components(separatedBy: old).count == 2)
      try moved.replacingOccurrences(of: old, with: "\"value\" : \"%@ neuer Beitrag\"").write(
        to: catalog, atomically: true, encoding: .utf8)
      let edited = try RunLHC.run([
        "lint", "--format", "json", "--baseline", baseline, catalog.path,
      ])
      #expect(edited.status == 1)
      #expect(try Self.findings(edited.stdout).count == 1)
      #expect(try Self.findings(edited.stdout).first?.hasPrefix("format-argument-type de ") == true)
      #expect(edited.stderr == "")
    }
  }

  /// Run from a tree of links to the files (Bazel's runfiles): catalog and baseline are both
  /// resolved, so the baseline's relative catalog paths still match.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: iceCubes.path)))
  func linksToTheBaselineAndCatalogsAreResolved() throws {
    try withBaselinedCopy { catalog, baseline, _ in
      let links = try makeTemporaryDirectory()
      defer { try? FileManager.default.removeItem(at: links) }
      let linkedCatalog = links.appendingPathComponent("runfiles/App/Localizable.xcstrings")
      let linkedBaseline = links.appendingPathComponent("runfiles/lint-baseline.json")
      try FileManager.default.createDirectory(
        at: linkedCatalog.deletingLastPathComponent(), withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(at: linkedCatalog, withDestinationURL: catalog)
      try FileManager.default.createSymbolicLink(
        at: linkedBaseline, withDestinationURL: URL(fileURLWithPath: baseline))
      let result = try RunLHC.run([
        "lint", "--format", "json", "--baseline", linkedBaseline.path, linkedCatalog.path,
      ])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(try Self.findings(result.stdout) == [])
    }
  }

  @Test(.enabled(if: FileManager.default.fileExists(atPath: iceCubes.path)))
  func fixedFindingsAreCountedAsGone() throws {
    try withBaselinedCopy { catalog, baseline, text in
      // Catalan '% publicacions' reads '% p' (a pointer; reported as format-argument-type and
      // format-unusual-specifier). Fixed:
      let old = "\"value\" : \"% publicacions\""
      #expect(text.components(separatedBy: old).count == 2)
      try text.replacingOccurrences(of: old, with: "\"value\" : \"%@ publicacions\"").write(
        to: catalog, atomically: true, encoding: .utf8)
      let result = try RunLHC.run(["lint", "--baseline", baseline, catalog.path])
      #expect(result.status == 0)
      #expect(
        result.stdout == "0 errors, 0 warnings in 1 catalog (1259 baseline findings not reported)\n"
      )
      #expect(
        result.stderr
          == "\(baseline): note: 2 baseline findings are gone; run lhc lint --write-baseline \(baseline) on the same catalogs to shrink the baseline\n"
      )
    }
  }

  @Test func configFileIsFoundUpwardsAndApplied() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let nested = directory.appendingPathComponent("Sources/App")
    try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
    let catalog = nested.appendingPathComponent("Localizable.xcstrings")
    try FileManager.default.copyItem(
      at: LintEndToEndTests.fixtures.appendingPathComponent("!whitespace-mismatch.xcstrings"),
      to: catalog)
    let config = directory.appendingPathComponent(".lhc-lint.json")
    try #"{ "severities" : { "whitespace-mismatch" : "error" } }"#.write(
      to: config, atomically: true, encoding: .utf8)
    let strict = try RunLHC.run(["lint", "--format", "xcode", catalog.path])
    #expect(strict.status == 1)
    #expect(strict.stdout.contains(": error: Trailing whitespace"))
    try #"{ "languages" : { "de" : { "disabled" : [ "whitespace-mismatch" ] } } }"#.write(
      to: config, atomically: true, encoding: .utf8)
    #expect(
      try RunLHC.run(["lint", "--format", "json", catalog.path]).stdout.contains(
        "\"findings\" : [],"))
    // --config replaces the search.
    let other = directory.appendingPathComponent("other.json")
    try "{}".write(to: other, atomically: true, encoding: .utf8)
    let plain = try RunLHC.run(["lint", "--config", other.path, "--format", "xcode", catalog.path])
    #expect(plain.status == 0)
    #expect(plain.stdout.contains(": warning: Trailing whitespace"))
  }

  @Test func configBaselineAndErrorsNameTheFile() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let catalog = directory.appendingPathComponent("Localizable.xcstrings")
    try FileManager.default.copyItem(
      at: LintEndToEndTests.fixtures.appendingPathComponent("!format-argument-type.xcstrings"),
      to: catalog)
    let config = directory.appendingPathComponent(".lhc-lint.json")
    try #"{ "baseline" : "ci/baseline.json" }"#.write(to: config, atomically: true, encoding: .utf8)
    let missing = try RunLHC.run(["lint", catalog.path])
    #expect(missing.status == 1)
    #expect(
      missing.stderr.hasPrefix(
        "\(directory.path)/ci/baseline.json: error: cannot read baseline file"))
    let baseline = directory.appendingPathComponent("ci/baseline.json").path
    #expect(try RunLHC.run(["lint", "--write-baseline", baseline, catalog.path]).status == 0)
    #expect(try RunLHC.run(["lint", catalog.path]).status == 0)  // the config's baseline
    #expect(try RunLHC.run(["lint", "--baseline", "/dev/null", catalog.path]).status == 1)
    try "{\n  \"baselines\" : \"x\"\n}\n".write(to: config, atomically: true, encoding: .utf8)
    let second = directory.appendingPathComponent("InfoPlist.xcstrings")
    try FileManager.default.copyItem(at: catalog, to: second)
    let bad = try RunLHC.run(["lint", "--format", "json", catalog.path, second.path])
    #expect(bad.status == 1)
    #expect(bad.stdout == "")
    #expect(
      bad.stderr
        == "\(config.path):2:3: error: unknown key 'baselines' in the lint config (expected baseline, disabled, enabled, languages, ota, severities, sources)\n"
    )
    let usage = try RunLHC.run([
      "lint", "--baseline", baseline, "--write-baseline", baseline, catalog.path,
    ])
    #expect(usage.status == 64)
  }

  @Test func aCatalogWithoutSourceLanguageIsAFinding() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let catalog = directory.appendingPathComponent("Broken.xcstrings")
    try "{\n  \"strings\" : {\n  },\n  \"version\" : \"1.0\"\n}\n".write(
      to: catalog, atomically: true, encoding: .utf8)
    let result = try RunLHC.run(["lint", "--format", "xcode", catalog.path])
    #expect(result.status == 1)
    #expect(result.stderr == "")
    #expect(
      result.stdout
        == "\(catalog.path):1:1: error: missing required field 'sourceLanguage'; lhc compile rejects the catalog, so none of its strings ship (its entries are not linted) [catalog-root-shape]\n"
    )
    // A syntax error is still an unreadable catalog, as compile reports it.
    try "{\n  \"strings\" : {\n".write(to: catalog, atomically: true, encoding: .utf8)
    let syntax = try RunLHC.run(["lint", catalog.path])
    #expect(syntax.status == 1)
    #expect(syntax.stderr.hasPrefix("\(catalog.path):3:1: error: "))
  }
}
