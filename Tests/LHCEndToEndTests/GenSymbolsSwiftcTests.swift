import Foundation
import LHCBase
import LHCTestSupport
import Testing

/// Generated code compiled by the real compiler: every golden (fixtures and corpus) type-checks
/// in Swift 5 and Swift 6 language modes, with the Linux-visible part alone (also under default
/// `MainActor` isolation) and with the Apple parts enabled (`#if canImport(SwiftUI)` against a
/// stand-in of Apple's `LocalizedStringResource` API, and `#if canImport(Darwin)`'s Foundation
/// lookup); every other corpus catalog (`apps/`…) generates, alone, a file that type-checks with
/// its `canImport(SwiftUI)` part; and a program built with a generated file prints the bundle's
/// strings at runtime.
@Suite("lhc gen-symbols, compiled with swiftc")
struct GenSymbolsSwiftcTests {
  static let fixtures = TestPaths.testData.appendingPathComponent("symbols")
  /// Stand-ins of Apple's modules and API (`TestData/symbols/stand-in`).
  static let standIn = fixtures.appendingPathComponent("stand-in")

  /// `swiftc` (`SWIFTC` overrides).
  static func swiftc(_ arguments: [String], in directory: URL? = nil) throws -> ProcessResult {
    let compiler = ProcessInfo.processInfo.environment["SWIFTC"] ?? "swiftc"
    return try runProcess(
      URL(fileURLWithPath: "/usr/bin/env"), [compiler] + arguments, in: directory)
  }

  /// Every golden `.swift` file: fixtures, then corpus.
  static func goldens() throws -> [URL] {
    var files: [URL] = []
    for directory in [fixtures, fixtures.appendingPathComponent("corpus")] {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
      files += names.filter { $0.hasSuffix(".swift") }.sorted().map {
        directory.appendingPathComponent($0)
      }
    }
    return files
  }

  /// Corpus catalogs without a golden, relative to the corpus: every folder but `xcstrings/` and
  /// `xcode27/` (whose buildable catalogs have goldens; Xcode rejects those of `negative/`).
  static let otherCorpusCatalogs: [String] = {
    let root = TestPaths.corpus.path
    let found = (try? FileManager.default.subpathsOfDirectory(atPath: root)) ?? []
    return found.filter {
      $0.hasSuffix(".xcstrings") && !$0.hasPrefix("xcstrings/") && !$0.hasPrefix("xcode27/")
    }.sorted()
  }()

  /// Stubs the fixtures' bundles need: `Bundle.module` (no SwiftPM here) and a `Lingohub` module.
  static let stubs = """
    import Foundation
    extension Bundle {
      nonisolated static var module: Bundle { .main }
    }
    """
  static let lingohubStub = """
    import Foundation
    extension Bundle {
      public static var lingohub: Bundle { .main }
    }
    """

  @Test(
    .disabled(if: isSanitizerRun, "sanitizer run: only swiftc runs, on checked-in goldens"),
    arguments: [
      (5, false, false), (6, false, false), (5, true, false), (6, true, false), (6, false, true),
    ])
  func goldensTypeCheck(swiftVersion: Int, withAppleParts: Bool, mainActorByDefault: Bool) throws {
    let files = try Self.goldens()
    #expect(files.count >= 5)
    for batch in Self.batches(files, table: Self.goldenTable) {
      let directory = try makeTemporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let result = try typeCheck(
        batch, in: directory, swiftVersion: swiftVersion,
        standIns: withAppleParts ? ["SwiftUI", "Darwin"] : [],
        mainActorByDefault: mainActorByDefault)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(!result.stderr.contains("warning:"), "\(result.stderr)")
    }
  }

  /// Every corpus catalog without a golden (the apps' catalogs, among them keys that collide or
  /// cannot get a symbol) generates, alone, a file that type-checks in Swift 6: its String API and
  /// its `LocalizedStringResource` part (`canImport(SwiftUI)`); their warnings (renamed and
  /// skipped keys) are a golden. The lookup is checked in its `canImport(Darwin)` form, which
  /// halves the time (the portable one differs between catalogs only by plural rules, which
  /// `PluralRuleSourceTests` compiles for every CLDR locale). About 30 s of `swiftc` for 157 files,
  /// mostly per file (an invocation costs 0.1 s): batches of one table each, run two at a time.
  @Test(
    .disabled(if: isSanitizerRun, "sanitizer run: only swiftc runs, on checked-in goldens"),
    .enabled(if: !otherCorpusCatalogs.isEmpty, "../shared/corpus is absent"))
  func otherCorpusCatalogsGenerateFilesThatTypeCheck() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var files: [URL] = []
    var warnings = ""
    for path in Self.otherCorpusCatalogs {
      let (status, stdout, stderr) = GenSymbolsEndToEndTests.generate(
        [String(path.dropLast(".xcstrings".count))], in: TestPaths.corpus)
      #expect(status == 0, "\(path): \(stderr)")
      warnings += stderr.replacingOccurrences(of: TestPaths.corpus.path + "/", with: "")
      let label = TestPaths.label(ofCorpusCatalog: path).dropLast(".xcstrings".count)
      let file = directory.appendingPathComponent(String(label) + ".swift")
      try Data(stdout.utf8).write(to: file)
      files.append(file)
    }
    try GenSymbolsEndToEndTests.expectGolden(
      warnings, Self.fixtures.appendingPathComponent("corpus-warnings.txt"))
    // `apps__owner__repo__…__Table`: the table is the last part.
    let batches = Self.batches(files) {
      $0.deletingPathExtension().lastPathComponent.components(separatedBy: "__").last!
    }
    let results = Parallel.map(batches.indices.map { $0 }) { index in
      let batchDirectory = directory.appendingPathComponent("batch\(index)")
      return Result {
        try FileManager.default.createDirectory(
          at: batchDirectory, withIntermediateDirectories: true)
        return try typeCheck(
          batches[index], in: batchDirectory, swiftVersion: 6, standIns: ["SwiftUI", "Darwin"],
          mainActorByDefault: false)
      }
    }
    for (batch, result) in zip(batches, results) {
      let names = batch.map(\.lastPathComponent).joined(separator: ", ")
      let checked = try result.get()
      #expect(checked.status == 0, "\(names): \(checked.stderr)")
      #expect(!checked.stderr.contains("warning:"), "\(names): \(checked.stderr)")
    }
  }

  /// The table of a golden: `xcode27__positive__catalog-matrix__source` is table `source`, other
  /// goldens are named after their table.
  static func goldenTable(_ file: URL) -> String {
    let name = file.deletingPathExtension().lastPathComponent
    return name.hasPrefix("xcode27__") ? name.components(separatedBy: "__").last! : name
  }

  /// `files` in as few batches as possible with no table twice in one (each batch is one module,
  /// and corpus catalogs of several folders share names such as `Localizable` or `source`).
  static func batches(_ files: [URL], table: (URL) -> String) -> [[URL]] {
    var batches: [[URL]] = []
    var tables: [Set<String>] = []
    for file in files {
      let table = table(file)
      if let index = tables.firstIndex(where: { !$0.contains(table) }) {
        batches[index].append(file)
        tables[index].insert(table)
      } else {
        batches.append([file])
        tables.append([table])
      }
    }
    return batches
  }

  /// Type-checks `files` as one module, with the stubs and, for each of `standIns`, its stand-in
  /// module (`SwiftUI`, `Darwin`) built into `directory`, so that `canImport` holds for it; with
  /// `SwiftUI`, the stand-in of the Foundation API that part uses is compiled with the files.
  private func typeCheck(
    _ files: [URL], in directory: URL, swiftVersion: Int, standIns: [String],
    mainActorByDefault: Bool
  ) throws -> ProcessResult {
    for module in ["Lingohub"] + standIns {
      let source =
        module == "Lingohub"
        ? try write(Self.lingohubStub, "Lingohub.swift", in: directory)
        : Self.standIn.appendingPathComponent("\(module).swift").path
      let emitted = try Self.swiftc(
        [
          "-emit-module", "-module-name", module, "-parse-as-library", "-emit-module-path",
          directory.appendingPathComponent("\(module).swiftmodule").path, source,
        ], in: directory)
      try #require(emitted.status == 0, "\(emitted.stderr)")
    }
    var inputs = [try write(Self.stubs, "Stubs.swift", in: directory)]
    if standIns.contains("SwiftUI") {
      inputs.append(Self.standIn.appendingPathComponent("LocalizedStringResource.swift").path)
    }
    return try Self.swiftc(
      [
        "-typecheck", "-swift-version", "\(swiftVersion)", "-package-name", "fixtures", "-I",
        directory.path,
      ]
        + (mainActorByDefault ? ["-default-isolation", "MainActor"] : []) + inputs
        + files.map(\.path))
  }

  /// `lhc compile` a catalog into two bundles (English; German as development region), generate
  /// symbols with a bundle read from the environment, build a program with them and run it.
  @Test func runtimeLookupThroughTheGeneratedFile() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let catalog = Self.fixtures.appendingPathComponent("Runtime.xcstrings").path
    let english = directory.appendingPathComponent("en-bundle")
    let german = directory.appendingPathComponent("de-bundle")
    for (bundle, language) in [(english, "en"), (german, "de")] {
      let compiled = try RunLHC.run(["compile", catalog, "-o", bundle.path, "-l", language])
      try #require(compiled.status == 0, "\(compiled.stderr)")
    }
    try Data(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0"><dict><key>CFBundleDevelopmentRegion</key><string>de</string></dict></plist>

      """.utf8
    ).write(to: german.appendingPathComponent("Info.plist"))
    let generated = directory.appendingPathComponent("Strings.swift").path
    let symbols = try RunLHC.run([
      "gen-symbols", catalog, "-o", generated, "--bundle", GenSymbolsEndToEndTests.runtimeBundle,
    ])
    try #require(symbols.status == 0, "\(symbols.stderr)")
    let main = try write(
      """
      print(String.Runtime.greeting)
      print(String.Runtime.itemsLeft(3))
      print(String.Runtime.userScore("Ann", 9.5))
      print(String.Runtime.missingInBundle("x"))
      """, "main.swift", in: directory)
    let program = directory.appendingPathComponent("program").path
    let build = try Self.swiftc(["-swift-version", "6", main, generated, "-o", program])
    try #require(build.status == 0, "\(build.stderr)")

    for (bundle, expected) in [
      (english, "Hello\n3 items left\nAnn scored 9.5 points\nOnly in source: x\n"),
      // Off Apple platforms the text is formatted for its language (not `Locale.current`).
      (german, "Hallo\nNoch 3 Artikel\n9,5 Punkte für Ann\nOnly in source: x\n"),
    ] {
      let run = try runProcess(
        URL(fileURLWithPath: "/usr/bin/env"), ["LHC_TEST_BUNDLE=\(bundle.path)", program])
      #expect(run.status == 0, "\(run.stderr)")
      #expect(run.stdout == expected)
    }
  }

  private func write(_ text: String, _ name: String, in directory: URL) throws -> String {
    let url = directory.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }
}
