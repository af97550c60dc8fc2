import Foundation
import LHCTestSupport
import Testing

/// `lhc lint` on the catalogs of the real apps (`../shared/corpus/apps/`), against the
/// judgement of every error-severity finding in `TestData/lint/apps-judgement.json` (each read
/// as a translator would, the app's code where needed): the errors reported are exactly those
/// judged true; none judged false or demoted is an error; and no entry is stale (a key or
/// language the corpus no longer has).
@Suite("Lint on the real apps' catalogs, judged")
struct AppsLintJudgementTests {
  /// One judged finding: its verdict and identity.
  struct Judged: Decodable {
    var verdict: String
    var check: String
    var catalog: String
    var language: String
    var key: String
    var reason: String

    var identity: String { "\(check) | \(catalog) | \(language) | \(key)" }
  }

  struct Judgement: Decodable {
    var findings: [Judged]
  }

  static let judgementFile = TestPaths.testData.appendingPathComponent("lint/apps-judgement.json")

  @Test(.enabled(if: !TestPaths.appCatalogs.isEmpty))
  func errorsAreExactlyThoseJudgedTrue() throws {
    let judgement = try JSONDecoder().decode(
      Judgement.self, from: Data(contentsOf: Self.judgementFile))
    #expect(judgement.findings.allSatisfy { ["true", "false", "demoted"].contains($0.verdict) })
    #expect(judgement.findings.allSatisfy { !$0.reason.isEmpty })
    let result = try RunLHC.run(
      ["lint", "--format", "json"] + TestPaths.appCatalogs, in: TestPaths.corpus)
    #expect(result.status == 0 || result.status == 1)
    #expect(result.stderr == "")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    var errors = Set<String>()
    for file in report["files"] as? [[String: Any]] ?? [] {
      let path = file["path"] as? String ?? "?"
      for finding in file["findings"] as? [[String: Any]] ?? []
      where finding["severity"] as? String == "error" {
        let check = finding["id"] as? String ?? "?"
        let language = finding["language"] as? String ?? "-"
        errors.insert("\(check) | \(path) | \(language) | \(finding["key"] as? String ?? "-")")
      }
    }
    let judgedTrue = Set(judgement.findings.filter { $0.verdict == "true" }.map(\.identity))
    #expect(errors.subtracting(judgedTrue).sorted() == [], "errors not judged")
    #expect(judgedTrue.subtracting(errors).sorted() == [], "judged true, no longer reported")
    for judged in judgement.findings where judged.verdict != "true" {
      #expect(!errors.contains(judged.identity), "judged \(judged.verdict): \(judged.identity)")
      // The finding could come back: its catalog still has the key in that language.
      let catalog = try #require(
        try JSONSerialization.jsonObject(
          with: Data(contentsOf: TestPaths.corpus.appendingPathComponent(judged.catalog)))
          as? [String: Any])
      let entry = (catalog["strings"] as? [String: [String: Any]])?[judged.key]
      let localizations = entry?["localizations"] as? [String: Any]
      #expect(localizations?[judged.language] != nil, "stale: \(judged.identity)")
    }
  }
}
