import Foundation
import LHCTestSupport
import Testing

/// Width variations (`TestData/compile/Widths.xcstrings`: width only, width → plural, width →
/// device → plural, width leaves referencing the localization's substitutions) through every
/// command: compile (resolved by the test-support resolver for every width, device and plural
/// case and compared with the catalog, plus a golden of the file), the nesting errors, diff and
/// pack (read back as the catalog compiles), stats.
@Suite("Width variations, end to end")
struct WidthVariationTests {
  static let catalog = TestPaths.testData.appendingPathComponent("compile/Widths.xcstrings")

  @Test func compilesToVariableWidthRulesThatResolveLikeTheCatalog() throws {
    let out = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: out) }
    let result = try RunLHC.run(["compile", Self.catalog.path, "-o", out.path])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty, "\(result.stderr)")
    try CorpusCompileTests.verify(catalog: Self.catalog, table: "Widths", output: out)
    try GenSymbolsEndToEndTests.expectGolden(
      try String(
        contentsOf: out.appendingPathComponent("en.lproj/Widths.stringsdict"), encoding: .utf8),
      TestPaths.testData.appendingPathComponent("compile/Widths.en.stringsdict"))

    // Apple's selection rule, by hand: the largest width not above the request, else the smallest.
    let en = try StringsdictResolver(lproj: out.appendingPathComponent("en.lproj"), table: "Widths")
    let greeting = { (width: Int) in
      en.resolve(key: "greeting", device: "iphone", width: width) { _ in "other" }?.text
    }
    #expect(
      [0, 1, 19, 20, 69, 70, 500].map(greeting) == [
        "Hi!", "Hi!", "Hi!", "Hello!", "Hello!", "Greetings and salutations!",
        "Greetings and salutations!",
      ])
    let device = { (device: String, width: Int) in
      en.resolve(key: "hello.device", device: device, width: width) { _ in "one" }?.text
    }
    #expect(device("ipod", 20) == "Hi iPod!")
    #expect(device("mac", 25) == "Hi!")
    #expect(device("iphone", 70) == "%lld iPhone says hello")
    #expect(device("applevision", 99) == "Hello from every device!")
    // French has only `new` units: nothing is emitted for it.
    #expect(
      !FileManager.default.fileExists(atPath: out.appendingPathComponent("fr.lproj").path))
  }

  @Test func invalidNestingFailsWithThePlaceInTheKey() throws {
    let path = TestPaths.testData.appendingPathComponent("compile/!WidthNesting.xcstrings").path
    let result = try RunLHC.run(["compile", path, "-o", "/nonexistent/never-written"])
    #expect(result.status == 1)
    #expect(
      result.stderr == """
        \(path):11:19: error: Width variations cannot be nested inside width variations (en: width.in.width|==|width.20)
        \(path):45:19: error: Width variations cannot be nested inside device variations (en: width.under.device|==|device.iphone)
        \(path):88:25: error: Fallback value cannot be further varied (en: fallback.in.width|==|width.20.device.other)
        \(path):117:15: warning: Width 'wide' is not a whole number; the runtime never selects it (en: not.a.width|==|width.wide)

        """)
  }

  @Test func diffAndPackReadWidthRulesBack() throws {
    try DiffEndToEndTests.checkRoundTrip(Self.catalog.path)
    try PackEndToEndTests.checkPacks(Self.catalog.path)

    // A changed width form is a change of a width entry.
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let changed = directory.appendingPathComponent("Widths.xcstrings")
    let text = try String(contentsOf: Self.catalog, encoding: .utf8)
    try Data(text.replacingOccurrences(of: "\"Hello!\"", with: "\"Hey!\"").utf8).write(to: changed)
    let result = DiffEndToEndTests.diff(["--format", "json", Self.catalog.path, changed.path])
    #expect(result.status == 1)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let tables = try #require(json["tables"] as? [[String: Any]])
    let changes = tables.flatMap { $0["changes"] as? [[String: Any]] ?? [] }
    #expect(changes.count == 1)
    #expect(changes.first?["key"] as? String == "greeting")
    let new = try #require(changes.first?["new"] as? [String: Any])
    #expect(new["kind"] as? String == "width")
    let widths = (new["rule"] as? [String: Any])?["widths"] as? [String: String]
    #expect(widths == ["1": "Hi!", "20": "Hey!", "70": "Greetings and salutations!"])
  }

  @Test func statsCountWidthCases() throws {
    let (status, object, stderr) = try CorpusStatsTests.run([Self.catalog.path])
    #expect(status == 0, "\(stderr)")
    let rows = try #require(
      (object["catalogs"] as? [[String: Any]])?.first?["languages"] as? [[String: Any]])
    let counts = rows.map { row in
      ["language", "keys", "translated", "new", "missing"].map { "\(row[$0] ?? "-")" }
        .joined(separator: " ")
    }
    #expect(counts == ["en 4 4 0 0", "de 4 1 0 3", "fr 4 0 1 3"])
  }
}
