import Foundation
import LHCTestSupport
import Testing

/// The `LHCSymbols` build-tool plugin applied by a real package: `TestData/plugin-sample` depends
/// on this package by path, `swift build` runs `lhc gen-symbols` through the plugin, and the
/// sample prints generated symbols. Then the incremental behaviour: an unchanged catalog is not
/// processed again, a touched catalog or config file is.
///
/// The builds compile lhc once more, in scratch directories under this package's `.build`
/// (never inside `TestData/`), kept between runs so that later runs are incremental. Serialized:
/// the builds share those directories and the machine's cores.
@Suite(
  "LHCSymbols plugin in a SwiftPM package", .serialized,
  .enabled(if: SwiftPM.available, "`swift` is not on PATH: plugin not tested"),
  .disabled(if: isSanitizerRun, "sanitizer run: SwiftPM builds an unsanitized lhc here"))
struct SwiftPMPluginTests {
  static let sample = TestPaths.testData.appendingPathComponent("plugin-sample")
  static let target = sample.appendingPathComponent("Sources/PluginSample")
  static let catalog = target.appendingPathComponent("Resources/Localizable.xcstrings")
  static let config = target.appendingPathComponent("lhc-symbols.json")
  static let scratch = TestPaths.packageRoot.appendingPathComponent(".build/plugin-sample")

  /// What SwiftPM prints when (and only when) the plugin's build command runs.
  static let commandLine = "Generating symbols for Localizable.xcstrings"

  @Test func sampleBuildsPrintsSymbolsAndSkipsUnchangedCatalogs() throws {
    // A touched catalog makes the plugin's command run, whatever an earlier run left behind.
    try SwiftPM.touch(Self.catalog)
    let first = try SwiftPM.build(Self.sample, scratch: Self.scratch)
    try #require(first.status == 0, "\(first.output)")
    #expect(first.output.contains(Self.commandLine), "\(first.output)")

    // On Linux the bundle holds no compiled strings, so lookups fall back to the source text:
    // the symbols exist, type-check and call through to the bundle (`Bundle.module`).
    let run = try runProcess(Self.scratch.appendingPathComponent("debug/PluginSample"), [])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout == "Plugin sample\nHello, World!\n")

    // lhc-symbols.json says `"accessLevel": "public"`.
    let generated = try String(
      contentsOf: Self.scratch.appendingPathComponent(
        "plugins/outputs/plugin-sample/PluginSample/destination/LHCSymbols/LHCSymbols.swift"),
      encoding: .utf8)
    #expect(generated.contains("public enum Localizable {"))

    // Nothing changed: the command is skipped. Right after a cold build SwiftPM plans once more,
    // relinks lhc and runs the command again (observed with SwiftPM 6.3); only then is it stable.
    let settled = try SwiftPM.build(Self.sample, scratch: Self.scratch)
    try #require(settled.status == 0, "\(settled.output)")
    let unchanged = try SwiftPM.build(Self.sample, scratch: Self.scratch)
    try #require(unchanged.status == 0, "\(unchanged.output)")
    #expect(!unchanged.output.contains(Self.commandLine), "\(unchanged.output)")

    // A touched catalog, then a touched config file, runs it once each.
    for input in [Self.catalog, Self.config] {
      try SwiftPM.touch(input)
      let touched = try SwiftPM.build(Self.sample, scratch: Self.scratch)
      try #require(touched.status == 0, "\(touched.output)")
      #expect(
        touched.output.contains(Self.commandLine), "\(input.lastPathComponent): \(touched.output)")
      let again = try SwiftPM.build(Self.sample, scratch: Self.scratch)
      #expect(
        !again.output.contains(Self.commandLine), "\(input.lastPathComponent): \(again.output)")
    }
  }

  /// A config file with an unknown key stops the build with an error naming the file. The
  /// package is a copy of the sample (depending on this package by absolute path) at a fixed
  /// place under `.build`, so its scratch directory stays valid between runs.
  @Test func unknownConfigKeyIsAnErrorNamingTheFile() throws {
    let root = TestPaths.packageRoot.appendingPathComponent(".build/plugin-sample-config")
    let package = root.appendingPathComponent("package")
    try? FileManager.default.removeItem(at: package)
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: Self.sample, to: package)
    let manifest = package.appendingPathComponent("Package.swift")
    let text = try String(contentsOf: manifest, encoding: .utf8)
      .replacingOccurrences(of: "path: \"../..\"", with: "path: \"\(TestPaths.packageRoot.path)\"")
    try Data(text.utf8).write(to: manifest)
    let config = package.appendingPathComponent("Sources/PluginSample/lhc-symbols.json")
    try Data(#"{"accessLevel": "public", "bundel": "module"}"#.utf8).write(to: config)

    let result = try SwiftPM.build(package, scratch: root.appendingPathComponent("scratch"))
    #expect(result.status != 0)
    #expect(
      result.output.contains(
        "error: \(config.path): unknown key 'bundel' (expected accessLevel, bundle, onlyManual)"),
      "\(result.output)")
  }
}

/// The `swift` driver (`SWIFT` overrides), outside the suite: its traits may not refer to it.
private enum SwiftPM {
  /// `swift` (`SWIFT` overrides) answers `--version`; if not, the suite is skipped with a message.
  static let available: Bool = {
    let available = (try? run(["--version"]).status) == 0
    if !available { print("SwiftPMPluginTests: skipped, `swift` is not on PATH") }
    return available
  }()

  static func run(_ arguments: [String]) throws -> ProcessResult {
    let swift = ProcessInfo.processInfo.environment["SWIFT"] ?? "swift"
    return try runProcess(URL(fileURLWithPath: "/usr/bin/env"), [swift] + arguments)
  }

  /// `swift build` of a package in a scratch directory; stdout and stderr together.
  static func build(_ package: URL, scratch: URL) throws -> (status: Int32, output: String) {
    try discardIfStale(scratch)
    let result = try run([
      "build", "--package-path", package.path, "--scratch-path", scratch.path,
    ])
    return (result.status, result.stdout + result.stderr)
  }

  /// Empties `scratch` when this package's set of source files changed since it was built: SwiftPM
  /// 6.3 does not plan the plugin's copy of lhc again when a dependency gains or loses files
  /// (its build then misses the new files), so such a scratch directory starts over.
  static func discardIfStale(_ scratch: URL) throws {
    let root = TestPaths.packageRoot
    var files: [String] = []
    for folder in ["Sources", "Plugins"] {
      let paths = try FileManager.default.subpathsOfDirectory(
        atPath: root.appendingPathComponent(folder).path)
      files += paths.map { "\(folder)/\($0)" }
    }
    let fingerprint = Data((files.sorted().joined(separator: "\n") + "\n").utf8)
    let stamp = scratch.appendingPathComponent("lhc-sources.txt")
    if (try? Data(contentsOf: stamp)) != fingerprint {
      try? FileManager.default.removeItem(at: scratch)
      try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
      try fingerprint.write(to: stamp)
    }
  }

  /// Sets a file's modification time to now, as an editor saving it would.
  static func touch(_ file: URL) throws {
    try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
  }
}
