import Foundation
import LHCTestSupport
import Testing

/// The generated String API off Apple platforms, run: `lhc compile` a catalog with plural,
/// substitution, device and device → plural entries in en, ru, ar and ja into a bundle, add a
/// hand-written `.stringsdict` with width variations (width → string, → plural, → device →
/// plural), generate symbols for both catalogs, build a program with them and run it per locale
/// and per environment. The expected texts follow CLDR's rules for each number, worked out by
/// hand; Foundation alone would crash on every `.stringsdict` key here.
@Suite(
  "Generated lookups off Apple platforms",
  .disabled(if: isSanitizerRun, "sanitizer run: the program is built by swiftc, unsanitized"))
struct PortableLookupTests {
  static let fixtures = TestPaths.testData.appendingPathComponent("symbols")

  /// Prints every case for the locale given as the argument; without one, the default language's
  /// title and one plural.
  static let program = """
    import Foundation

    guard let tag = CommandLine.arguments.dropFirst().first else {
      print(String.Portable.plainTitle, String.Portable.apples(2), separator: " | ")
      exit(0)
    }
    let locale = Locale(identifier: tag)
    for count in [0, 1, 2, 3, 5, 11, 21, 22, 100, 101, 102, 111] {
      print(String.Portable.apples(count, locale: locale))
    }
    for rating in [1.0, 1.5, 2.0, 5.0, 21.0] {
      print(String.Portable.rating(rating, locale: locale))
    }
    print(String.Portable.filesInFolders(files: 21, folders: 3, locale: locale))
    print(String.Portable.deviceGreeting(locale: locale))
    print(String.Portable.windows(5, locale: locale))
    print(String.Portable.score("Ann", 9.5, locale: locale))
    print(String.Portable.plainTitle(locale: locale))
    print(String.WidthRules.title(locale: locale))
    print(String.WidthRules.count(1, locale: locale), String.WidthRules.count(2, locale: locale))
    print(String.WidthRules.status(1, locale: locale), String.WidthRules.status(3, locale: locale))
    """

  /// The built program and its bundle, made once for the suite in a fixed folder under `.build`
  /// (emptied first, so runs leave nothing behind in the temporary directory).
  static let built: Result<(program: URL, bundle: URL), any Error> = Result {
    let directory = TestPaths.packageRoot.appendingPathComponent(".build/portable-lookup")
    try? FileManager.default.removeItem(at: directory)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let bundle = directory.appendingPathComponent("Strings.bundle")
    let catalog = fixtures.appendingPathComponent("Portable.xcstrings").path
    let compiled = try RunLHC.run(["compile", catalog, "-o", bundle.path])
    guard compiled.status == 0 else { throw Failure(compiled.stderr) }
    let widths = fixtures.appendingPathComponent("portable/en.lproj/WidthRules.stringsdict")
    try FileManager.default.copyItem(
      at: widths, to: bundle.appendingPathComponent("en.lproj/WidthRules.stringsdict"))
    let generated = directory.appendingPathComponent("Strings.swift").path
    let symbols = try RunLHC.run([
      "gen-symbols", catalog, fixtures.appendingPathComponent("WidthRules.xcstrings").path,
      "-o", generated, "--bundle", GenSymbolsEndToEndTests.runtimeBundle,
    ])
    guard symbols.status == 0 else { throw Failure(symbols.stderr) }
    let main = directory.appendingPathComponent("main.swift")
    try Data(Self.program.utf8).write(to: main)
    let executable = directory.appendingPathComponent("program")
    let build = try GenSymbolsSwiftcTests.swiftc([
      "-swift-version", "6", main.path, generated, "-o", executable.path,
    ])
    guard build.status == 0 else { throw Failure(build.stderr) }
    return (executable, bundle)
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  /// Runs the program with only `environment` (and the bundle) set.
  func run(_ arguments: [String], environment: [String: String] = [:]) throws -> String {
    let (program, bundle) = try Self.built.get()
    var variables = environment
    variables["LHC_TEST_BUNDLE"] = bundle.path
    let result = try runProcess(program, arguments, environment: variables)
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout
  }

  /// Plural forms per count (0 1 2 3 5 11 21 22 100 101 102 111), then per rating (1.0 1.5 2.0
  /// 5.0 21.0: whole numbers are integers, 1.5 has a visible fraction digit), substitutions,
  /// device `other`, device → plural with a plain `other`, formatting, a plain key, widths.
  static let expected: [(String, [String])] = [
    (
      "ru",
      [
        "0 яблок", "1 яблоко", "2 яблока", "3 яблока", "5 яблок", "11 яблок", "21 яблоко",
        "22 яблока", "100 яблок", "101 яблоко", "102 яблока", "111 яблок",
        "1,0 звезда", "1,5 звезды (дробь)", "2,0 звезды", "5,0 звёзд", "21,0 звезда",
        "21 файл в 3 папках", "Привет, устройство", "Окна: 5", "Ann: 9,5 очка", "Фрукты",
      ]
    ),
    (
      "ar",
      [
        "لا تفاحات (0)", "تفاحة واحدة (1)", "تفاحتان (2)", "3 تفاحات", "5 تفاحات",
        "11 تفاحة", "21 تفاحة", "22 تفاحة", "100 تفاحة (other)", "101 تفاحة (other)",
        "102 تفاحة (other)", "111 تفاحة",
      ]
    ),
    (
      "en",
      [
        // `zero` is used for 0 whenever the forms have it (Apple's rule), though English has none.
        "No apples", "1 apple", "2 apples", "3 apples", "5 apples", "11 apples", "21 apples",
        "22 apples", "100 apples", "101 apples", "102 apples", "111 apples",
        "1.0 star", "1.5 stars", "2.0 stars", "5.0 stars", "21.0 stars",
        "21 files in 3 folders", "Hello, device", "5 windows", "Ann scored 9.5", "Fruit",
      ]
    ),
    ("ja", ["りんご0個", "りんご1個", "りんご2個"]),
  ]

  @Test(arguments: expected)
  func pluralDeviceAndFormattingPerLocale(language: String, lines: [String]) throws {
    let output = try run([language]).split(separator: "\n").map(String.init)
    #expect(Array(output.prefix(lines.count)) == lines)
  }

  /// Widths: the widest case, chosen by number ("100" sorts before "20" as text), through a
  /// plural and through a device rule whose `other` case is a plural.
  @Test func widestWidthCase() throws {
    let output = try run(["en"]).split(separator: "\n").suffix(3)
    #expect(
      Array(output) == [
        "The full title", "1 item in the list 2 items in the list",
        "1 new message 3 new messages",
      ])
  }

  /// A language the bundle lacks (fr): the development language's text, plural rules of the
  /// text's language (one apple), formatted for the locale asked for (French decimal comma).
  @Test func unknownLanguageFallsBackToTheDevelopmentLanguage() throws {
    let output = try run(["fr_FR"]).split(separator: "\n")
    #expect(output[1] == "1 apple")
    #expect(output[17] == "21 files in 3 folders")
    #expect(output.contains("Ann scored 9,5"))
    // A region the bundle does not name selects its language (ru-UA → ru); case and `_` ignored.
    #expect(try run(["RU_ua"]).split(separator: "\n")[1] == "1 яблоко")
  }

  /// Without a locale: LANGUAGE (each entry in turn), then LC_ALL, LC_MESSAGES, LANG (the first
  /// set), then the development language; codesets and `C` ignored.
  @Test(arguments: [
    ([:], "Fruit | 2 apples"),
    (["LANG": "ru_RU.UTF-8"], "Фрукты | 2 яблока"),
    // Egyptian Arabic formats with Arabic-Indic digits.
    (["LANG": "ru_RU.UTF-8", "LC_MESSAGES": "ar_EG.UTF-8"], "فواكه | تفاحتان (٢)"),
    (["LANG": "ru_RU.UTF-8", "LC_MESSAGES": "ar_EG", "LC_ALL": "ja_JP.UTF-8"], "果物 | りんご2個"),
    (["LANGUAGE": "de:ar", "LC_ALL": "ja_JP.UTF-8"], "فواكه | تفاحتان (2)"),
    (["LANGUAGE": "ru", "LANG": "C.UTF-8"], "Фрукты | 2 яблока"),
    (["LC_ALL": "C", "LANG": "ru_RU"], "Fruit | 2 apples"),
    (["LC_ALL": "", "LANG": "ja_JP@traditional"], "果物 | りんご2個"),
  ])
  func defaultLanguageFollowsTheEnvironment(environment: [String: String], expected: String)
    throws
  {
    #expect(try run([], environment: environment) == expected + "\n")
  }
}
