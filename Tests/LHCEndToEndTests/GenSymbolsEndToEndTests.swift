import Foundation
import LHCCommandLine
import LHCTestSupport
import Testing

/// `lhc gen-symbols` on the fixtures of `TestData/symbols` and on `../shared/corpus/xcstrings`:
/// golden files, must-fail fixtures with their exact diagnostics, and the command line.
///
/// Goldens are recorded when missing or with `LHC_RECORD_SNAPSHOTS=1` (the test fails then).
@Suite("lhc gen-symbols, end to end")
struct GenSymbolsEndToEndTests {
  static let fixtures = TestPaths.testData.appendingPathComponent("symbols")
  static let corpusDirectory = TestPaths.corpus
  /// Corpus catalogs Xcode builds, relative to the corpus, without `.xcstrings`.
  static let corpusCatalogs = TestPaths.buildableCatalogs.map { String($0.dropLast(10)) }

  /// The `--bundle` expression of the runtime test: a bundle directory from the environment.
  static let runtimeBundle =
    #"Bundle(path: ProcessInfo.processInfo.environment["LHC_TEST_BUNDLE"] ?? "")!"#

  /// Golden name → catalogs (fixture names) and options.
  static let cases: [(String, [String])] = [
    ("Localizable", ["Localizable"]),
    ("Feature", ["Feature", "--access-level", "public", "--bundle", "module"]),
    (
      "Manual",
      ["Manual", "--only-manual", "--bundle", #"Bundle(path: "/nonexistent") ?? .main"#]
    ),
    ("ShopLegal", ["Shop", "Legal", "--access-level", "package", "--bundle", "lingohub"]),
    ("Runtime", ["Runtime", "--bundle", runtimeBundle]),
    // Width variations: arguments from every width case, the widest as the fallback.
    ("Widths", ["../compile/Widths"]),
    // Plural rules carried for en, ru, ar and ja; development language en.
    ("PortableWidths", ["Portable", "WidthRules", "--bundle", "module"]),
  ]

  /// Runs `lhc gen-symbols` in-process; catalog names become fixture paths.
  static func generate(_ arguments: [String], in directory: URL = fixtures) -> (
    Int32, String, String
  ) {
    let captured = CapturedOutput()
    let console = Console(out: captured.appendOut, error: captured.appendError)
    let resolved = arguments.enumerated().map { index, argument in
      index == 0 || (!argument.hasPrefix("-") && !arguments[index - 1].hasPrefix("-"))
        ? directory.appendingPathComponent(argument + ".xcstrings").path : argument
    }
    let status = LHC.main(arguments: ["gen-symbols"] + resolved, console: console)
    return (status, captured.stdout, captured.stderr)
  }

  /// Compares `text` with the golden file, recording it when missing or asked to.
  static func expectGolden(_ text: String, _ golden: URL) throws {
    let record = ProcessInfo.processInfo.environment["LHC_RECORD_SNAPSHOTS"] == "1"
    if record || !FileManager.default.fileExists(atPath: golden.path) {
      try FileManager.default.createDirectory(
        at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: golden)
      Issue.record("recorded \(golden.lastPathComponent); run again")
      return
    }
    let expected = try String(contentsOf: golden, encoding: .utf8)
    #expect(text == expected, "differs from \(golden.lastPathComponent)")
  }

  @Test(arguments: cases)
  func golden(name: String, arguments: [String]) throws {
    let (status, stdout, stderr) = Self.generate(arguments)
    #expect(status == 0, "\(stderr)")
    #expect(stderr.isEmpty)
    try Self.expectGolden(stdout, Self.fixtures.appendingPathComponent("\(name).swift"))
  }

  /// Keys that give one member: a key Xcode generates symbols for keeps the name even after
  /// another in key order (`replayGain`), else the first in key order (`Close Tab`, `Save`); the
  /// others get the characters that tell their key from the keeper's (`helpHorizontalEllipsis`,
  /// `sDownwardsArrow`: the shared `/` is not spelled), else a number (`closeTab2`; separators
  /// and case are not spelled: `itemCount2`), the next free one (`saveColon` is a key's own name:
  /// `saveColon2`). Overloads and unique names are untouched (`print`, `print(_:)`).
  @Test func collidingKeysAreRenamedWithAWarning() throws {
    let (status, stdout, stderr) = Self.generate(["Collisions"])
    let path = Self.fixtures.appendingPathComponent("Collisions.xcstrings").path
    #expect(status == 0)
    #expect(
      stderr == """
        \(path):15:5: warning: keys 'Help', 'Help…' all generate the symbol 'help'; 'Help' keeps it, 'Help…' gets 'helpHorizontalEllipsis' (en: Help…)
        \(path):37:5: warning: keys 'Close Tab', 'Close tab' all generate the symbol 'closeTab'; 'Close Tab' keeps it, 'Close tab' gets 'closeTab2' (en: Close tab)
        \(path):59:5: warning: keys 'item.count', 'item.count.%lld' all generate the symbol 'itemCount(_: Int)'; 'item.count' keeps it, 'item.count.%lld' gets 'itemCount2' (en: item.count.%lld)
        \(path):69:5: warning: keys 'Replay Gain', 'replayGain' all generate the symbol 'replayGain'; 'replayGain' keeps it, 'Replay Gain' gets 'replayGain2' (en: Replay Gain)
        \(path):100:5: warning: keys 'Save', 'Save:' all generate the symbol 'save'; 'Save' keeps it, 'Save:' gets 'saveColon2' (en: Save:)
        \(path):130:5: warning: keys '↑ %@/s', '↓ %@/s' all generate the symbol 's(_: String)'; '↑ %@/s' keeps it, '↓ %@/s' gets 'sDownwardsArrow' (en: ↓ %@/s)

        """)
    try Self.expectGolden(stdout, Self.fixtures.appendingPathComponent("Collisions.swift"))
  }

  /// `--strict` restores Xcode's errors: every group is an error at its second key in the file
  /// and nothing is written; the same catalogs without it generate every key.
  @Test func strictMakesCollisionsErrors() throws {
    let (status, stdout, stderr) = Self.generate(["!Collision", "--strict"])
    let path = Self.fixtures.appendingPathComponent("!Collision.xcstrings").path
    #expect(status == 1)
    #expect(stdout.isEmpty)
    #expect(
      stderr == """
        \(path):15:5: error: keys 'All', 'all' all generate the symbol 'all'; rename all but one (en: All)
        \(path):36:5: error: keys 'A b', 'a.b', 'a_b' all generate the symbol 'aB'; rename all but one (en: a_b)

        """)
    let strict = Self.generate(["Collisions", "--strict"])
    #expect(strict.0 == 1)
    #expect(strict.1.isEmpty)
    #expect(strict.2.split(separator: "\n").count == 6)
    #expect(strict.2.split(separator: "\n").allSatisfy { $0.contains(": error: keys ") })

    let (lenient, symbols, warnings) = Self.generate(["!Collision"])
    #expect(lenient == 0)
    #expect(
      warnings == """
        \(path):4:5: warning: keys 'All', 'all' all generate the symbol 'all'; 'All' keeps it, 'all' gets 'all2' (en: all)
        \(path):26:5: warning: keys 'A b', 'a.b', 'a_b' all generate the symbol 'aB'; 'A b' keeps it, 'a.b' gets 'aB2', 'a_b' gets 'aB3' (en: a.b)

        """)
    for name in ["all", "all2", "aB", "aB2", "aB3", "unique"] {
      #expect(symbols.contains("static var \(name): String {"), "\(name)")
    }
  }

  /// Overloads (`of(_: String, _: String)`, `of(_: Int32, _: Int32)`, the property `of`) are no
  /// collision; two properties are (`done` is renamed; the golden type-checks with `swiftc`:
  /// `GenSymbolsSwiftcTests`).
  @Test func overloadsAreSymbolsAndCollisionsRenamed() throws {
    let (status, stdout, stderr) = Self.generate(["Overloads"])
    let path = Self.fixtures.appendingPathComponent("Overloads.xcstrings").path
    #expect(status == 0)
    #expect(
      stderr == """
        \(path):34:5: warning: keys 'Done', 'done' all generate the symbol 'done'; 'Done' keeps it, 'done' gets 'done2' (en: done)

        """)
    try Self.expectGolden(stdout, Self.fixtures.appendingPathComponent("Overloads.swift"))
  }

  /// A key whose arguments cannot be passed safely gets no symbol, with a warning saying why (an
  /// unsafe positional argument is not also reported as a gap), and the rest is generated; with
  /// `--strict` each is an error and nothing is generated.
  @Test func unsupportedSpecifiersClashesAndGapsNameTheKey() throws {
    let path = Self.fixtures.appendingPathComponent("!Unsupported.xcstrings").path
    let advice =
      "has no safe Swift type in generated symbols; use %@ with a String or a numeric specifier"
    let problems = [
      "4:5: {} format specifier '%s' \(advice) (en: c.string %s)",
      "14:5: {} format specifier '%c' \(advice) (en: c.char)",
      "24:5: {} format specifier '%p' \(advice) (en: c.pointer)",
      "34:5: {} format specifier '%Lf' \(advice) (en: long.double)",
      "44:5: {} argument 1 is used as Int32 and as String; use one type (en: clash)",
      "54:5: {} argument 2 is never used although argument 3 is; every argument from 1 to 3 must appear in the source text (en: gap)",
      "74:5: {} format specifier '%2$s' \(advice) (en: positional.c.string)",
    ]
    func expected(_ severity: String) -> String {
      problems.map { "\(path):" + $0.replacingOccurrences(of: "{}", with: severity) + "\n" }
        .joined()
    }
    let (status, stdout, stderr) = Self.generate(["!Unsupported"])
    #expect(status == 0)
    #expect(stderr == expected("warning: the key gets no symbol:"))
    #expect(stdout.contains("static func fine(_ arg1: String, locale: Locale? = nil) -> String"))
    #expect(!stdout.contains("static var gap") && !stdout.contains("static func gap"))

    let strict = Self.generate(["!Unsupported", "--strict"])
    #expect(strict.0 == 1)
    #expect(strict.1.isEmpty)
    #expect(strict.2 == expected("error:"))
  }

  @Test(
    .enabled(if: !corpusCatalogs.isEmpty, "../shared/corpus/xcstrings is absent"),
    arguments: corpusCatalogs)
  func corpusGolden(_ name: String) throws {
    let (status, stdout, stderr) = Self.generate([name], in: Self.corpusDirectory)
    let goldens = Self.fixtures.appendingPathComponent("corpus")
    let golden = TestPaths.label(ofCorpusCatalog: name)
    // Warnings (keys left without a symbol) are a golden too, with the path made relative.
    let relative = stderr.replacingOccurrences(of: Self.corpusDirectory.path + "/", with: "")
    let stderrGolden = goldens.appendingPathComponent("\(golden).stderr")
    #expect(status == 0, "\(stderr)")
    try Self.expectGolden(stdout, goldens.appendingPathComponent("\(golden).swift"))
    if !stderr.isEmpty || FileManager.default.fileExists(atPath: stderrGolden.path) {
      try Self.expectGolden(relative, stderrGolden)
    }
  }

  // MARK: Files and command line

  @Test func writesOnlyWhenBytesChange() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("Generated/Strings.swift")
    #expect(Self.generate(["Localizable", "Feature", "-o", file.path]).0 == 0)
    let past = Date(timeIntervalSince1970: 1_000_000_000)
    try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: file.path)
    #expect(Self.generate(["Localizable", "Feature", "-o", file.path]).0 == 0)
    let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
    #expect(attributes[.modificationDate] as? Date == past)
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(text.contains("enum Localizable {") && text.contains("enum Feature {"))
    #expect(text == Self.generate(["Localizable", "Feature"]).1)
  }

  @Test func outputDirectoryWritesOneFilePerTable() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (status, stdout, _) = Self.generate(
      ["Localizable", "Feature", "--output-directory", directory.path])
    #expect(status == 0)
    #expect(stdout.isEmpty)
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(names == ["Feature.swift", "Localizable.swift"])
    let localizable = try String(
      contentsOf: directory.appendingPathComponent("Localizable.swift"), encoding: .utf8)
    #expect(localizable == Self.generate(["Localizable"]).1)
  }

  @Test(arguments: [
    (["gen-symbols"], "missing catalog (.xcstrings)"),
    (
      ["gen-symbols", "a.xcstrings", "-o", "x", "--output-directory", "y"],
      "cannot be used together"
    ),
    (["gen-symbols", "a.xcstrings", "--access-level", "open"], "unknown access level 'open'"),
    (["gen-symbols", "a.xcstrings", "--bundle", " "], "empty '--bundle' expression"),
    // Catalogs of one table belong to two targets: the error says how to run per target.
    (
      ["gen-symbols", "App/InfoPlist.xcstrings", "Widget/InfoPlist.xcstrings"],
      "'App/InfoPlist.xcstrings' and 'Widget/InfoPlist.xcstrings' are both table 'InfoPlist', so "
        + "they belong to two targets (a target has one catalog per table, and its symbols look "
        + "strings up in its own bundle): run lhc gen-symbols once per target, each time with "
        + "that target's catalogs and an output of its own, here once with "
        + "'App/InfoPlist.xcstrings' and once with 'Widget/InfoPlist.xcstrings'"
    ),
    (
      ["gen-symbols", "a/my-strings.xcstrings", "b/my_strings.xcstrings"],
      "'a/my-strings.xcstrings' and 'b/my_strings.xcstrings' (tables 'my-strings' and "
        + "'my_strings') generate the same table namespace 'MyStrings'; rename one of them"
    ),
  ])
  func usageErrors(arguments: [String], message: String) throws {
    let result = try RunLHC.run(arguments)
    #expect(result.status == 64)
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(result.stderr.contains("Usage: lhc gen-symbols"))
  }

  @Test func helpAndOverview() throws {
    let help = try RunLHC.run(["gen-symbols", "--help"])
    #expect(help.status == 0)
    #expect(help.stdout.contains("--output-directory DIR"))
    #expect(help.stdout.contains("--strict"))
    #expect(help.stdout.contains("See lhc-gen-symbols(1)"))
    let overview = try RunLHC.run(["--help"])
    #expect(overview.stdout.contains("gen-symbols"))
  }

  @Test func unreadableCatalogIsAnError() throws {
    let result = try RunLHC.run(["gen-symbols", "/nonexistent/Localizable.xcstrings"])
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("/nonexistent/Localizable.xcstrings: error: cannot read file"))
  }
}
