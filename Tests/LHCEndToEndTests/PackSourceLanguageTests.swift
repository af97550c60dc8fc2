import Foundation
import LHCTestSupport
import Testing

/// `lhc pack --target tolgee|rerune|better-i18n` on every corpus catalog: each payload holds the
/// source language with the catalog's source text (the source unit's value whatever its state,
/// else the key), and the ReRune files follow the SDK's strict manifest rules. The judge is an
/// independent reading of the catalog JSON in Python (`TestData/pack/source-language-oracle.py`).
@Suite("lhc pack --target: the source language, against a Python oracle")
struct PackSourceLanguageTests {
  static let oracle = TestPaths.testData.appendingPathComponent("pack/source-language-oracle.py")
  static let baseURL = "https://cdn.example.com/app"
  static let targets = ["tolgee", "rerune", "better-i18n"]

  /// What the oracle prints.
  struct Verdict: Decodable {
    var keys: Int
    var problems: [String]
  }

  @Test func corpusIsThere() {
    #expect(TestPaths.corpusCatalogNames.count >= 10)
  }

  @Test(arguments: TestPaths.corpusCatalogNames)
  func sourceLanguageIsTheSourceText(name: String) throws {
    let catalog = TestPaths.corpusCatalogFolder.appendingPathComponent(name).path
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var statuses: [String: Int32] = [:]
    for target in Self.targets {
      let result = PackEndToEndTests.lhc([
        "pack", "--target", target, "--base-url", Self.baseURL, "--release-version", "7", catalog,
        "-o", directory.appendingPathComponent(target).path,
      ])
      statuses[target] = result.status
      try Data(result.stderr.utf8).write(to: directory.appendingPathComponent(target + ".stderr"))
    }
    let run = try runProcess(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["python3", Self.oracle.path, catalog, directory.path, Self.baseURL])
    try #require(run.status == 0, "\(run.stderr)")
    let verdict = try JSONDecoder().decode(Verdict.self, from: Data(run.stdout.utf8))
    // A catalog without keys has no source text to check (and gives ReRune no main_language).
    guard verdict.keys > 0 else { return }
    #expect(statuses == ["tolgee": 0, "rerune": 0, "better-i18n": 0])
    #expect(verdict.problems == [])
  }
}
