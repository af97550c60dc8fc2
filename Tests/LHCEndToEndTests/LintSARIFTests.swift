import Foundation
import LHCTestSupport
import Testing

/// True when PyPI's `sarif-pydantic` is importable (`make test` installs it; see the Makefile).
let sarifReaderAvailable: Bool = {
  (try? runProcess(
    URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", "import sarif_pydantic"]))?.status == 0
}()

/// `lhc lint --format sarif`, read back by an independent SARIF 2.1.0 reader (PyPI
/// `sarif-pydantic`) and compared, finding by finding, with the JSON report of the same run.
@Suite("lhc lint --format sarif")
struct LintSARIFTests {
  /// Reads a SARIF log with sarif-pydantic and prints one tab-separated line per result:
  /// rule id, decoded artifact URI, line, column, level, message. Fails unless the log is 2.1.0,
  /// has one run whose columns are code points, and every `ruleIndex` names its rule.
  static let reader = """
    import sys, urllib.parse
    from sarif_pydantic import load
    log = load(sys.argv[1])
    assert log.version == "2.1.0", log.version
    assert len(log.runs) == 1
    run = log.runs[0]
    assert run.tool.driver.name == "lhc"
    assert run.model_extra.get("columnKind") == "unicodeCodePoints"
    rules = run.tool.driver.rules
    assert len({rule.id for rule in rules}) == len(rules)
    for result in run.results:
        assert rules[result.rule_index].id == result.rule_id
        assert result.partial_fingerprints["lhcFindingIdentity/v1"]
        location = result.locations[0].physical_location
        region = location.region
        print("\\t".join([
            result.rule_id, urllib.parse.unquote(location.artifact_location.uri),
            str(region.start_line if region else None), str(region.start_column if region else None),
            result.level.value, result.message.text]))
    """

  @Test(
    .enabled(
      if: sarifReaderAvailable,
      "PyPI sarif-pydantic is not installed (make test installs it: python3 -m pip install sarif-pydantic)"
    ))
  func everyFindingReadsBackWithItsRuleLocationAndMessage() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let folder = directory.appendingPathComponent("My App")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var paths: [String] = []
    for id in [
      "format-argument-type", "plural-missing-category", "catalog-root-shape", "catalog-version",
      "substitution-bare-specifier", "format-argument-order",
    ] {
      let name = "My App/\(id)-Ü.xcstrings"
      try FileManager.default.copyItem(
        at: LintEndToEndTests.fixtures.appendingPathComponent("!\(id).xcstrings"),
        to: directory.appendingPathComponent(name))
      paths.append(name)
    }
    let sarif = try RunLHC.run(["lint", "--format", "sarif"] + paths, in: directory)
    #expect(sarif.status == 1)
    let again = try RunLHC.run(["lint", "--format", "sarif"] + paths, in: directory)
    #expect(again.stdout == sarif.stdout)
    #expect(sarif.stdout.contains("My%20App/format-argument-type-%C3%9C.xcstrings"))
    let log = directory.appendingPathComponent("lint.sarif")
    try sarif.stdout.write(to: log, atomically: true, encoding: .utf8)
    let read = try runProcess(
      URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", Self.reader, log.path])
    #expect(read.status == 0, "\(read.stderr)")
    // The same findings from the JSON report.
    let json = try RunLHC.run(["lint", "--format", "json"] + paths, in: directory)
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    var expected: [String] = []
    for file in object?["files"] as? [[String: Any]] ?? [] {
      for finding in file["findings"] as? [[String: Any]] ?? [] {
        let key = finding["key"] as? String
        let language = finding["language"] as? String
        let suffix =
          switch (language, key) {
          case let (language?, key?): " (\(language): \(key))"
          case let (nil, key?): " (\(key))"
          case let (language?, nil): " (\(language))"
          case (nil, nil): ""
          }
        expected.append(
          [
            finding["id"] as? String ?? "", file["path"] as? String ?? "",
            (finding["line"] as? Int).map(String.init) ?? "None",
            (finding["column"] as? Int).map(String.init) ?? "None",
            finding["severity"] as? String ?? "", (finding["message"] as? String ?? "") + suffix,
          ].joined(separator: "\t"))
      }
    }
    #expect(expected.count >= 7)
    #expect(read.stdout.split(separator: "\n").map(String.init) == expected)
  }
}
