import Foundation
import LHCBase
import LHCCommandLine
import LHCTestSupport
import StringCatalog
import Testing

/// Every catalog of `../shared/corpus/xcstrings/`, every Xcode 27 catalog Xcode builds
/// (`xcode27/positive`, `xcode27/behavior`: these compile without any diagnostic, as in Xcode)
/// and every catalog of the real apps (`apps/`: built and shipped by Xcode, so compile refuses
/// none), compiled and checked against independent oracles:
/// Foundation's and Python's plist readers, Foundation's XML writer (byte parity of `.strings`),
/// an independent reading of the catalog (values and key sets), and Apple's stringsdict rules
/// (runtime equivalence for every device and plural category the catalog names).
@Suite("Corpus compile")
struct CorpusCompileTests {
  /// Paths relative to the corpus.
  static let catalogs = TestPaths.buildableCatalogs + TestPaths.appCatalogs

  @Test func corpusIsPresent() {
    #expect(Self.catalogs.count >= 20, "../shared/corpus/xcstrings is missing")
    #expect(TestPaths.appCatalogs.count >= 100, "../shared/corpus/apps is missing")
  }

  @Test(arguments: catalogs)
  func compile(_ name: String) throws {
    let url = TestPaths.corpus.appendingPathComponent(name)
    let out = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: out) }
    let captured = CapturedOutput()
    let console = Console(out: captured.appendOut, error: captured.appendError)
    let status = LHC.main(arguments: ["compile", url.path, "-o", out.path], console: console)
    #expect(status == 0, "\(captured.stderr)")
    #expect(!captured.stderr.contains("error:"))
    if name.hasPrefix("xcode27/") {
      #expect(captured.stderr.isEmpty, "Xcode 27 compiles it without a diagnostic")
    }

    try Self.verify(catalog: url, table: TestPaths.table(ofCatalog: name), output: out)
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
      // An XML parser reads a raw CR (or CR LF) as LF (XML 1.0 §2.11); Apple's reader keeps it.
      func normalized(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
      }
      let xmlView = Dictionary(
        expected.map { (normalized($0.key), normalized($0.value)) }, uniquingKeysWith: { a, _ in a }
      )
      #expect(python as? [String: String] == xmlView, "\(url.path): plistlib disagrees")
    }
  }

  /// The compiled entry renders the catalog's text for every named device and plural category.
  private static func checkRuntimeEquivalence(
    _ key: String, _ language: String, _ resolver: StringsdictResolver,
    _ expectation: CatalogExpectation
  ) {
    let (widths, devices, variables) = expectation.domains(key, language)
    let names = variables.keys.sorted()
    var assignments: [[String: String]] = [[:]]
    for name in names {
      assignments = assignments.flatMap { partial in
        (variables[name] ?? ["other"]).map { partial.merging([name: $0]) { $1 } }
      }
    }
    for width in widths {
      for device in devices {
        for assignment in assignments.prefix(256) {
          let category: (String) -> String = { name in
            assignment[name] ?? assignment["plural"] ?? "other"
          }
          let compiled = resolver.resolve(
            key: key, device: device, width: width, category: category)
          let expected = expectation.render(
            key, language, device: device, width: width, category: category)
          #expect(
            compiled.map { canonicalFormat($0.text) } == expected.map(canonicalFormat),
            "\(language): \(key) on \(device) at width \(width ?? -1) with \(assignment)")
        }
      }
    }
  }
}

/// A catalog large enough to be read in parts on several threads (the corpus's largest, four
/// times): compiled and checked like the corpus; linted and turned into symbols in parts with the
/// same results as when read on one thread. Run by `make test-tsan` against the sanitized binary.
@Suite("Large catalog compile")
struct LargeCatalogCompileTests {
  /// Writes the large catalog as `Big.xcstrings` under `directory`: pretty-printed like Xcode
  /// (two-space indentation, so entry keys start lines: read in parts) or on one line (no line
  /// starts an entry key: read on one thread).
  static func writeBigCatalog(in directory: URL, prettyPrinted: Bool) throws -> URL {
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
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent("Big.xcstrings")
    try JSONSerialization.data(
      withJSONObject: big, options: prettyPrinted ? [.prettyPrinted, .sortedKeys] : [.sortedKeys]
    ).write(to: url)
    let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0
    #expect(size > 4 << 20, "must exceed the threshold for reading in parts")
    return url
  }

  @Test func catalogReadInPartsCompilesLikeTheOracleSays() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = try Self.writeBigCatalog(in: directory, prettyPrinted: true)

    // The reader really cuts this file: one sink per part, no fallback to one thread.
    var sinkCounts: [Int] = []
    _ = try CatalogReader.read(try SourceText(contentsOf: url.path), parts: 2) { count in
      sinkCounts.append(count)
      return (0..<count).map { _ in { _ in } }
    }
    #expect(sinkCounts == [2])

    let out = directory.appendingPathComponent("out")
    let result = try RunLHC.run(["compile", url.path, "-o", out.path])
    #expect(result.status == 0, "\(result.stderr)")
    try CorpusCompileTests.verify(catalog: url, table: "Big", output: out)
  }

  /// `lhc lint` (one `LintMemo` per part) and `lhc gen-symbols` read the large catalog in parts
  /// and report what they report when the same catalog on one line is read on one thread.
  @Test func lintAndSymbolsInPartsMatchOneThread() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let parted = try Self.writeBigCatalog(
      in: directory.appendingPathComponent("parts"), prettyPrinted: true)
    let whole = try Self.writeBigCatalog(
      in: directory.appendingPathComponent("whole"), prettyPrinted: false)

    /// The findings without their positions (lines differ between the two layouts).
    func findings(_ catalog: URL) throws -> [String] {
      let result = try RunLHC.run(["lint", "--format", "json", catalog.path])
      #expect(result.stderr.isEmpty, "\(result.stderr)")
      let report = try #require(
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
      let files = try #require(report["files"] as? [[String: Any]])
      let found = try #require(files.first?["findings"] as? [[String: Any]])
      return found.map { finding in
        ["id", "key", "language", "message", "severity"].map { "\(finding[$0] ?? "-")" }
          .joined(separator: " | ")
      }
    }
    let partedFindings = try findings(parted)
    #expect(partedFindings.count > 100)
    #expect(partedFindings == (try findings(whole)))

    func symbols(_ catalog: URL) throws -> String {
      let result = try RunLHC.run(["gen-symbols", catalog.path])
      #expect(result.status == 0, "\(result.stderr)")
      return result.stdout
    }
    let partedSymbols = try symbols(parted)
    #expect(partedSymbols.contains("enum Big"))
    #expect(partedSymbols == (try symbols(whole)))
  }
}
