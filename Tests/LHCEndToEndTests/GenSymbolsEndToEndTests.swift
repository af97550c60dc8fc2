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

  /// Members Swift cannot tell apart: an error among keys Xcode generates symbols for (`all`
  /// and `All` are `manual`; nothing is generated then), a warning among the others.
  @Test func collisionsListEveryKeyOfTheGroup() throws {
    let (status, stdout, stderr) = Self.generate(["!Collision"])
    let path = Self.fixtures.appendingPathComponent("!Collision.xcstrings").path
    #expect(status == 1)
    #expect(stdout.isEmpty)
    #expect(
      stderr == """
        \(path):15:5: error: keys 'all', 'All' all generate the symbol 'all'; rename all but one (en: All)
        \(path):36:5: warning: keys 'a.b', 'a_b', 'A b' all generate the symbol 'aB'; none of them gets a symbol (rename all but one) (en: a_b)

        """)
  }

  /// Overloads (`of(_: String, _: String)`, `of(_: Int32, _: Int32)`, the property `of`) are no
  /// collision; two keys that are not `manual` and give the same property get no symbol, with a
  /// warning (the golden type-checks with `swiftc`: `GenSymbolsSwiftcTests`).
  @Test func overloadsAreSymbolsAndLesserCollisionsWarn() throws {
    let (status, stdout, stderr) = Self.generate(["Overloads"])
    let path = Self.fixtures.appendingPathComponent("Overloads.xcstrings").path
    #expect(status == 0)
    #expect(
      stderr == """
        \(path):44:5: warning: keys 'done', 'Done' all generate the symbol 'done'; none of them gets a symbol (rename all but one) (en: Done)

        """)
    #expect(!stdout.contains("static var done"))
    try Self.expectGolden(stdout, Self.fixtures.appendingPathComponent("Overloads.swift"))
  }

  @Test func unsupportedSpecifiersClashesAndGapsNameTheKey() throws {
    let (status, stdout, stderr) = Self.generate(["!Unsupported"])
    let path = Self.fixtures.appendingPathComponent("!Unsupported.xcstrings").path
    let advice =
      "has no safe Swift type in generated symbols; use %@ with a String or a numeric specifier"
    #expect(status == 1)
    #expect(stdout.isEmpty)
    #expect(
      stderr == """
        \(path):4:5: error: format specifier '%s' \(advice) (en: c.string %s)
        \(path):14:5: error: format specifier '%c' \(advice) (en: c.char)
        \(path):24:5: error: format specifier '%p' \(advice) (en: c.pointer)
        \(path):34:5: error: format specifier '%Lf' \(advice) (en: long.double)
        \(path):44:5: error: argument 1 is used as Int32 and as String; use one type (en: clash)
        \(path):54:5: error: argument 2 is never used although argument 3 is; every argument from 1 to 3 must appear in the source text (en: gap)

        """)
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
    (
      ["gen-symbols", "a/Feature.xcstrings", "b/Feature.xcstrings"],
      "same table namespace 'Feature'"
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
