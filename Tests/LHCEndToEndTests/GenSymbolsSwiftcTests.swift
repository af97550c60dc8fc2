import Foundation
import LHCTestSupport
import Testing

/// Generated code compiled by the real compiler: every golden (fixtures and corpus) type-checks
/// in Swift 5 and Swift 6 language modes, with the Linux-visible part alone (also under default
/// `MainActor` isolation) and with the Apple part (`#if canImport(SwiftUI)` against a mock of
/// Apple's `LocalizedStringResource` API, and `#if canImport(Darwin)`'s Foundation lookup)
/// enabled; and a program built with a generated file prints the bundle's strings at runtime.
@Suite("lhc gen-symbols, compiled with swiftc")
struct GenSymbolsSwiftcTests {
  static let fixtures = TestPaths.testData.appendingPathComponent("symbols")

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

  /// Apple's `LocalizedStringResource` API as the generated code uses it (absent on Linux).
  static let appleMock = """
    import Foundation
    struct LocalizedStringResource {
      struct BundleDescription {
        static var main: BundleDescription { BundleDescription() }
        static func atURL(_ url: URL) -> BundleDescription { BundleDescription() }
      }
      init(
        _ key: StaticString, defaultValue: String.LocalizationValue, table: String? = nil,
        locale: Locale = .current, bundle: BundleDescription = .main, comment: StaticString? = nil
      ) {}
    }
    protocol _FormatSpecifiable {}
    extension Int: _FormatSpecifiable {}
    extension Int8: _FormatSpecifiable {}
    extension Int16: _FormatSpecifiable {}
    extension Int32: _FormatSpecifiable {}
    extension Int64: _FormatSpecifiable {}
    extension UInt: _FormatSpecifiable {}
    extension UInt8: _FormatSpecifiable {}
    extension UInt16: _FormatSpecifiable {}
    extension UInt32: _FormatSpecifiable {}
    extension UInt64: _FormatSpecifiable {}
    extension Float: _FormatSpecifiable {}
    extension Double: _FormatSpecifiable {}
    extension String {
      struct LocalizationValue: ExpressibleByStringInterpolation {
        init(stringLiteral value: String) {}
        init(stringInterpolation: StringInterpolation) {}
        struct StringInterpolation: StringInterpolationProtocol {
          init(literalCapacity: Int, interpolationCount: Int) {}
          mutating func appendLiteral(_ literal: String) {}
          mutating func appendInterpolation(_ string: String) {}
          mutating func appendInterpolation<T: _FormatSpecifiable>(_ value: T, specifier: String) {}
        }
      }
    }
    """

  @Test(
    .disabled(if: isSanitizerRun, "sanitizer run: only swiftc runs, on checked-in goldens"),
    arguments: [
      (5, false, false), (6, false, false), (5, true, false), (6, true, false), (6, false, true),
    ])
  func goldensTypeCheck(swiftVersion: Int, withAppleMock: Bool, mainActorByDefault: Bool) throws {
    let files = try Self.goldens()
    #expect(files.count >= 5)
    for batch in Self.batches(files) {
      try typeCheck(
        batch, swiftVersion: swiftVersion, withAppleMock: withAppleMock,
        mainActorByDefault: mainActorByDefault)
    }
  }

  /// The goldens in as few batches as possible with no table twice in one (corpus catalogs of
  /// several Xcode 27 folders share names such as `source`; each batch is one module).
  static func batches(_ files: [URL]) -> [[URL]] {
    var batches: [[URL]] = []
    var tables: [Set<String>] = []
    for file in files {
      let name = file.deletingPathExtension().lastPathComponent
      // `xcode27__positive__catalog-matrix__source`: table `source`; other goldens: their name.
      let table = name.hasPrefix("xcode27__") ? name.components(separatedBy: "__").last! : name
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

  private func typeCheck(
    _ files: [URL], swiftVersion: Int, withAppleMock: Bool, mainActorByDefault: Bool
  ) throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let lingohub = try Self.swiftc(
      [
        "-emit-module", "-module-name", "Lingohub", "-parse-as-library",
        "-emit-module-path", directory.appendingPathComponent("Lingohub.swiftmodule").path,
        try write(Self.lingohubStub, "Lingohub.swift", in: directory),
      ], in: directory)
    try #require(lingohub.status == 0, "\(lingohub.stderr)")
    var inputs = [try write(Self.stubs, "Stubs.swift", in: directory)]
    if withAppleMock {
      inputs.append(try write(Self.appleMock, "AppleMock.swift", in: directory))
      for file in files {
        let text = try String(contentsOf: file, encoding: .utf8)
          .replacingOccurrences(of: "#if canImport(SwiftUI)", with: "#if true")
          .replacingOccurrences(of: "#if canImport(Darwin)", with: "#if true")
        inputs.append(try write(text, file.lastPathComponent, in: directory))
      }
    } else {
      inputs += files.map(\.path)
    }
    let result = try Self.swiftc(
      [
        "-typecheck", "-swift-version", "\(swiftVersion)", "-package-name", "fixtures", "-I",
        directory.path,
      ]
        + (mainActorByDefault ? ["-default-isolation", "MainActor"] : []) + inputs)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stderr.contains("warning:"), "\(result.stderr)")
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
