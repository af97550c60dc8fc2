import Foundation
import LHCBase
import LHCCommandLine
import LHCTestSupport
import Testing

/// Every catalog of `../shared/corpus/xcstrings/`, compiled and checked against independent oracles:
/// Foundation's and Python's plist readers, Foundation's XML writer (byte parity of `.strings`),
/// an independent reading of the catalog (values and key sets), and Apple's stringsdict rules
/// (runtime equivalence for every device and plural category the catalog names).
@Suite("Corpus compile")
struct CorpusCompileTests {
  static let catalogs: [String] = {
    let directory = TestPaths.corpus.appendingPathComponent("xcstrings")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".xcstrings") }.sorted()
  }()

  @Test func corpusIsPresent() {
    #expect(Self.catalogs.count >= 20, "../shared/corpus/xcstrings is missing")
  }

  @Test(arguments: catalogs)
  func compile(_ name: String) throws {
    let url = TestPaths.corpus.appendingPathComponent("xcstrings/\(name)")
    let out = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: out) }
    let captured = CapturedOutput()
    let console = Console(out: captured.appendOut, error: captured.appendError)
    let status = LHC.main(arguments: ["compile", url.path, "-o", out.path], console: console)
    #expect(status == 0, "\(captured.stderr)")
    #expect(!captured.stderr.contains("error:"))

    try Self.verify(catalog: url, table: String(name.dropLast(".xcstrings".count)), output: out)
  }

  /// Checks everything lhc wrote for one catalog against the independent oracles.
  static func verify(catalog url: URL, table: String, output out: URL) throws {
    let expectation = try CatalogExpectation(url: url)
    let python = try pythonPlistTree(out)
    var expectedFiles: Set<String> = []

    for language in expectation.languages.sorted() {
      let lproj = out.appendingPathComponent("\(language).lproj")
      let expectedStrings = expectation.expectedStrings(language)
      let expectedRules = expectation.expectedRuleKeys(language)
      let stringsPath = "\(language).lproj/\(table).strings"
      let dictPath = "\(language).lproj/\(table).stringsdict"
      if !expectedStrings.isEmpty { expectedFiles.insert(stringsPath) }
      if !expectedRules.isEmpty { expectedFiles.insert(dictPath) }

      let resolver = try StringsdictResolver(lproj: lproj, table: table)
      #expect(resolver.strings == expectedStrings, "\(language)")
      #expect(Set(resolver.stringsdict.keys) == expectedRules, "\(language)")

      if !expectedStrings.isEmpty {
        try checkStringsFile(
          out.appendingPathComponent(stringsPath), expectedStrings, python[stringsPath])
      }
      if !expectedRules.isEmpty, let parsed = python[dictPath] {
        #expect((parsed as? String)?.hasPrefix("ERROR") != true, "\(dictPath): \(parsed)")
      }
      for key in expectedRules.sorted() {
        checkRuntimeEquivalence(key, language, resolver, expectation)
      }
    }
    let written = try FileManager.default.subpathsOfDirectory(atPath: out.path)
      .filter { $0.hasSuffix(".strings") || $0.hasSuffix(".stringsdict") }
    #expect(Set(written) == expectedFiles)
  }

  /// `.strings` bytes equal Foundation's XML writer's for the same dictionary, and Python reads
  /// the same dictionary (unless a value holds a control character, which only Apple's parsers accept).
  private static func checkStringsFile(_ url: URL, _ expected: [String: String], _ python: Any?)
    throws
  {
    let bytes = try Data(contentsOf: url)
    let foundation = try PropertyListSerialization.data(
      fromPropertyList: expected, format: .xml, options: 0)
    #expect(bytes == foundation, "\(url.path) differs from Foundation's XML writer")
    let hasControl = expected.values.contains {
      $0.utf8.contains { $0 < 0x20 && $0 != 9 && $0 != 10 && $0 != 13 }
    }
    if hasControl {
      #expect(
        (python as? String)?.hasPrefix("ERROR") == true, "plistlib should refuse raw controls")
    } else {
      #expect(python as? [String: String] == expected, "\(url.path): plistlib disagrees")
    }
  }

  /// The compiled entry renders the catalog's text for every named device and plural category.
  private static func checkRuntimeEquivalence(
    _ key: String, _ language: String, _ resolver: StringsdictResolver,
    _ expectation: CatalogExpectation
  ) {
    let (devices, variables) = expectation.domains(key, language)
    let names = variables.keys.sorted()
    var assignments: [[String: String]] = [[:]]
    for name in names {
      assignments = assignments.flatMap { partial in
        (variables[name] ?? ["other"]).map { partial.merging([name: $0]) { $1 } }
      }
    }
    for device in devices {
      for assignment in assignments.prefix(256) {
        let category: (String) -> String = { name in
          assignment[name] ?? assignment["plural"] ?? "other"
        }
        let compiled = resolver.resolve(key: key, device: device, category: category)
        let expected = expectation.render(key, language, device: device, category: category)
        #expect(
          compiled.map { canonicalFormat($0.text) } == expected.map(canonicalFormat),
          "\(language): \(key) on \(device) with \(assignment)")
      }
    }
  }
}

/// A catalog large enough to be read in parts on several threads, checked like the corpus.
@Suite("Large catalog compile")
struct LargeCatalogCompileTests {
  @Test func catalogReadInPartsCompilesLikeTheOracleSays() throws {
    let source = TestPaths.corpus.appendingPathComponent(
      "xcstrings/Dimillian__IceCubesApp__Localizable.xcstrings")
    let root = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: source)) as? [String: Any])
    let strings = try #require(root["strings"] as? [String: Any])
    var copies: [String: Any] = [:]
    for copy in 0..<4 {
      for (key, entry) in strings { copies["\(key) #\(copy)"] = entry }
    }
    var big = root
    big["strings"] = copies
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("Big.xcstrings")
    // Foundation pretty-prints like Xcode: two-space indentation, `"key" : value`.
    try JSONSerialization.data(withJSONObject: big, options: [.prettyPrinted, .sortedKeys]).write(
      to: url)
    let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0
    #expect(size > 4 << 20, "must exceed the threshold for reading in parts")

    let out = directory.appendingPathComponent("out")
    let result = try RunLHC.run(["compile", url.path, "-o", out.path])
    #expect(result.status == 0, "\(result.stderr)")
    try CorpusCompileTests.verify(catalog: url, table: "Big", output: out)
  }
}
