import Foundation
import LHCTestSupport
import ProjectSpecs
import Testing

/// lhc's build-tool plugins applied by a real package: `TestData/plugin-sample` (a library and an
/// executable, each with a String Catalog) depends on this package by path; `swift build` runs
/// `lhc compile` through `LHCStrings` and `lhc gen-symbols` through `LHCSymbols`, and the sample
/// prints its strings per language: every CLDR plural category of Russian and Arabic through the
/// generated symbols, plain keys through `Bundle.module` directly, device variations. Then the
/// incremental behaviour: an unchanged catalog is not processed again, a touched catalog or config
/// file is (only its own target's commands).
///
/// The builds compile lhc once more, in scratch directories under this package's `.build`
/// (never inside `TestData/`), kept between runs so that later runs are incremental. Serialized:
/// the builds share those directories and the machine's cores.
@Suite(
  "lhc's plugins in a SwiftPM package", .serialized,
  .enabled(if: SwiftPM.available, "`swift` is not on PATH: plugins not tested"),
  .disabled(if: isSanitizerRun, "sanitizer run: SwiftPM builds an unsanitized lhc here"))
struct SwiftPMPluginTests {
  static let sample = TestPaths.testData.appendingPathComponent("plugin-sample")
  static let executable = sample.appendingPathComponent("Sources/PluginSample")
  static let library = sample.appendingPathComponent("Sources/Greetings")
  static let catalog = executable.appendingPathComponent("Resources/Localizable.xcstrings")
  static let libraryCatalog = library.appendingPathComponent("Resources/Greetings.xcstrings")
  static let config = executable.appendingPathComponent("lhc-symbols.json")
  static let stringsConfig = executable.appendingPathComponent("lhc-strings.json")
  static let scratch = TestPaths.packageRoot.appendingPathComponent(".build/plugin-sample")

  /// What SwiftPM prints when (and only when) a plugin's build command runs.
  static let symbols = "Generating symbols for Localizable.xcstrings"
  static let strings = "Compiling Localizable.xcstrings"
  static let librarySymbols = "Generating symbols for Greetings.xcstrings"
  static let libraryStrings = "Compiling Greetings.xcstrings"

  /// Each language's lines: the plain key through the symbols and through Foundation, counts
  /// 0 1 2 3 5 11 21 100 101, two plurals in one text, the device variation's `other` case, the
  /// widest width case, and width → device → plural (the device `other` case, a plain text, which
  /// the compiled rule spells out for every Apple device class but the Mac).
  static let expected: [(String, [String])] = [
    (
      "ru",
      [
        "Добро пожаловать", "Добро пожаловать", "0 непрочитанных сообщений",
        "1 непрочитанное сообщение", "2 непрочитанных сообщения", "3 непрочитанных сообщения",
        "5 непрочитанных сообщений", "11 непрочитанных сообщений", "21 непрочитанное сообщение",
        "100 непрочитанных сообщений", "101 непрочитанное сообщение", "21 файл в 2 папках",
        "Привет с этого компьютера", "Ваши входящие", "Новых сообщений: 5",
      ]
    ),
    (
      "ar",
      [
        "أهلاً وسهلاً", "أهلاً وسهلاً", "لا رسائل غير مقروءة", "رسالة واحدة غير مقروءة",
        "رسالتان غير مقروءتين", "3 رسائل غير مقروءة", "5 رسائل غير مقروءة", "11 رسالة غير مقروءة",
        "21 رسالة غير مقروءة", "100 رسالة غير مقروءة (other)", "101 رسالة غير مقروءة (other)",
        // Not translated into Arabic: the source text.
        "21 files in 2 folders", "Hello from this computer", "Your inbox", "New messages: 5",
      ]
    ),
    (
      "en",
      [
        "Welcome", "Welcome", "0 unread messages", "1 unread message", "2 unread messages",
        "3 unread messages", "5 unread messages", "11 unread messages", "21 unread messages",
        "100 unread messages", "101 unread messages", "21 files in 2 folders",
        "Hello from this computer", "Your inbox", "New messages: 5",
      ]
    ),
    (
      "ja",
      [
        "ようこそ", "ようこそ", "未読メッセージ0件", "未読メッセージ1件", "未読メッセージ2件",
        "未読メッセージ3件", "未読メッセージ5件", "未読メッセージ11件", "未読メッセージ21件",
        "未読メッセージ100件", "未読メッセージ101件", "21 files in 2 folders", "Hello from this computer",
        "Your inbox", "New messages: 5",
      ]
    ),
  ]

  @Test func sampleBuildsPrintsEveryPluralFormAndSkipsUnchangedCatalogs() throws {
    // Touched catalogs make the plugins' commands run, whatever an earlier run left behind.
    try SwiftPM.touch(Self.catalog)
    try SwiftPM.touch(Self.libraryCatalog)
    let first = try SwiftPM.build(Self.sample, scratch: Self.scratch)
    try #require(first.status == 0, "\(first.output)")
    for command in [Self.symbols, Self.strings, Self.librarySymbols, Self.libraryStrings] {
      #expect(first.output.contains(command), "\(first.output)")
    }
    #expect(!first.output.contains("warning:"), "\(first.output)")

    // The library's bundle: compiled tables for every language of its catalog, no raw catalog.
    let program = Self.scratch.appendingPathComponent("debug/PluginSample")
    #expect(try SwiftPM.run(program, ["--languages"]) == "ar en ja ru\n")
    let bundle = Self.scratch.appendingPathComponent("debug/PluginSample_Greetings.resources")
    #expect(
      FileManager.default.fileExists(
        atPath: bundle.appendingPathComponent("ru.lproj/Greetings.stringsdict").path))
    #expect(
      !FileManager.default.fileExists(
        atPath: bundle.appendingPathComponent("Greetings.xcstrings").path))
    for (language, lines) in Self.expected {
      let output = try SwiftPM.run(program, [language])
      #expect(output == lines.map { $0 + "\n" }.joined(), "\(language)")
    }

    // The executable's own strings in the environment's language; lhc-strings.json compiles
    // exactly de, en and fr, and fr (untranslated) gets empty tables: the source text.
    for (environment, expected) in [
      ([:], "Plugin sample\nHello, World!\n"),
      (["LANG": "de_DE.UTF-8"], "Plugin-Beispiel\nHallo, World!\n"),
      (["LANGUAGE": "fr:de", "LANG": "de_DE.UTF-8"], "Plugin sample\nHello, World!\n"),
    ] {
      #expect(try SwiftPM.run(program, [], environment: environment) == expected)
    }
    let resources = Self.scratch.appendingPathComponent("debug/PluginSample_PluginSample.resources")
    let folders = try FileManager.default.contentsOfDirectory(atPath: resources.path)
    #expect(
      folders.filter { $0.hasSuffix(".lproj") }.sorted() == ["de.lproj", "en.lproj", "fr.lproj"])

    // lhc-symbols.json says `"accessLevel": "public"`.
    let generated = try String(
      contentsOf: Self.scratch.appendingPathComponent(
        "plugins/outputs/plugin-sample/PluginSample/destination/LHCSymbols/LHCSymbols.swift"),
      encoding: .utf8)
    #expect(generated.contains("public enum Localizable {"))

    // Nothing changed: no command runs. Right after a cold build SwiftPM plans once more,
    // relinks lhc and runs the commands again (observed with SwiftPM 6.3); only then is it stable.
    let settled = try SwiftPM.build(Self.sample, scratch: Self.scratch)
    try #require(settled.status == 0, "\(settled.output)")
    let unchanged = try SwiftPM.build(Self.sample, scratch: Self.scratch)
    try #require(unchanged.status == 0, "\(unchanged.output)")
    for command in [Self.symbols, Self.strings, Self.librarySymbols, Self.libraryStrings] {
      #expect(!unchanged.output.contains(command), "\(unchanged.output)")
    }

    // A touched file runs the commands that read it, once, and no others.
    let cases: [(URL, ran: [String], notRan: [String])] = [
      (Self.catalog, [Self.symbols, Self.strings], [Self.librarySymbols, Self.libraryStrings]),
      (Self.config, [Self.symbols], [Self.strings, Self.librarySymbols]),
      (Self.stringsConfig, [Self.strings], [Self.symbols, Self.libraryStrings]),
      (
        Self.libraryCatalog, [Self.librarySymbols, Self.libraryStrings],
        [Self.symbols, Self.strings]
      ),
    ]
    for (input, ran, notRan) in cases {
      try SwiftPM.touch(input)
      let touched = try SwiftPM.build(Self.sample, scratch: Self.scratch)
      try #require(touched.status == 0, "\(touched.output)")
      for command in ran {
        #expect(touched.output.contains(command), "\(input.lastPathComponent): \(touched.output)")
      }
      for command in notRan {
        #expect(!touched.output.contains(command), "\(input.lastPathComponent): \(touched.output)")
      }
      let again = try SwiftPM.build(Self.sample, scratch: Self.scratch)
      for command in ran {
        #expect(!again.output.contains(command), "\(input.lastPathComponent): \(again.output)")
      }
    }
  }

  /// Config files with an unknown key stop the build with an error naming the file, for each
  /// plugin. The package is a copy of the sample (depending on this package by absolute path) at a
  /// fixed place under `.build`, so its scratch directory stays valid between runs.
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
    let stringsConfig = package.appendingPathComponent("Sources/PluginSample/lhc-strings.json")
    try Data(#"{"language": ["en"]}"#.utf8).write(to: stringsConfig)

    let result = try SwiftPM.build(package, scratch: root.appendingPathComponent("scratch"))
    #expect(result.status != 0)
    #expect(
      result.output.contains(
        "error: \(config.path): unknown key 'bundel' (expected accessLevel, bundle, onlyManual)"),
      "\(result.output)")
    #expect(
      result.output.contains(
        "error: \(stringsConfig.path): unknown key 'language' (expected forceBuildAllStrings, languages)"
      ),
      "\(result.output)")
  }
}

/// The binary plugin package (`Scripts/release/bundle.py`, `make artifactbundle`): this build's
/// lhc packed as a `make dist` tarball of this machine's triple, the artifact bundle made of it,
/// the plugin package over that bundle by `path:`; the sample package built through it compiles
/// none of lhc's modules and prints what the source-built plugins make it print.
@Suite(
  "lhc's binary plugin package", .serialized,
  .enabled(if: SwiftPM.available, "`swift` is not on PATH: plugins not tested"),
  .disabled(if: isSanitizerRun, "sanitizer run"))
struct BinaryPluginPackageTests {
  static let release = TestPaths.packageRoot.appendingPathComponent("Scripts/release")

  static func python(_ arguments: [String]) throws -> ProcessResult {
    try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3"] + arguments)
  }

  #if os(Linux)
    @Test func sampleBuildsThroughTheBinaryPluginPackageWithoutCompilingLHC() throws {
      let work = try makeTemporaryDirectory()
      defer { try? FileManager.default.removeItem(at: work) }
      let version = try String(
        contentsOf: TestPaths.packageRoot.appendingPathComponent("VERSION"), encoding: .utf8
      ).trimmingCharacters(in: .whitespacesAndNewlines)
      var system = utsname()
      uname(&system)
      let machine = withUnsafeBytes(of: system.machine) {
        String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
      }
      let folder = work.appendingPathComponent("lhc-\(version)/bin")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try FileManager.default.copyItem(at: RunLHC.binary, to: folder.appendingPathComponent("lhc"))
      let tarball = work.appendingPathComponent(
        "lhc-\(version)-\(machine)-unknown-linux-gnu.tar.gz")
      let tar = try runProcess(
        URL(fileURLWithPath: "/usr/bin/env"),
        ["tar", "-C", work.path, "-czf", tarball.path, "lhc-\(version)"])
      try #require(tar.status == 0, "\(tar.stderr)")
      let out = work.appendingPathComponent("dist")
      let bundle = try Self.python([
        Self.release.appendingPathComponent("bundle.py").path, "artifactbundle", "--out", out.path,
        tarball.path,
      ])
      try #require(bundle.status == 0, "\(bundle.stderr)")
      let plugins = try Self.python([
        Self.release.appendingPathComponent("bundle.py").path, "plugins", "--out", out.path,
        "--bundle", out.appendingPathComponent("lhc.artifactbundle.zip").path,
      ])
      try #require(plugins.status == 0, "\(plugins.stderr)")
      let package = out.appendingPathComponent("lhc-plugins")

      // The plugins' sources are lhc's, byte for byte.
      let sources = TestPaths.packageRoot.appendingPathComponent("Plugins")
      let files = try FileManager.default.subpathsOfDirectory(atPath: sources.path).filter {
        $0.hasSuffix(".swift")
      }
      #expect(!files.isEmpty)
      for file in files {
        #expect(
          try Data(contentsOf: sources.appendingPathComponent(file))
            == Data(contentsOf: package.appendingPathComponent("Plugins/\(file)")), "\(file)")
      }

      // The sample, depending on the plugin package instead of lhc's sources.
      let sample = work.appendingPathComponent("sample")
      try FileManager.default.copyItem(at: SwiftPMPluginTests.sample, to: sample)
      let manifest = sample.appendingPathComponent("Package.swift")
      let text = try String(contentsOf: manifest, encoding: .utf8)
        .replacingOccurrences(
          of: ".package(name: \"lhc\", path: \"../..\")",
          with: ".package(path: \"\(package.path)\")"
        )
        .replacingOccurrences(of: "package: \"lhc\")", with: "package: \"lhc-plugins\")")
      try Data(text.utf8).write(to: manifest)
      let scratch = work.appendingPathComponent("scratch")
      let build = try SwiftPM.run([
        "build", "--package-path", sample.path, "--scratch-path", scratch.path,
      ])
      let output = build.stdout + build.stderr
      try #require(build.status == 0, "\(output)")
      #expect(output.contains(SwiftPMPluginTests.symbols), "\(output)")
      // Only the sample's modules are compiled: none of lhc's.
      let modules = try FileManager.default.contentsOfDirectory(
        atPath: TestPaths.packageRoot.appendingPathComponent("Sources").path)
      #expect(modules.count > 20)
      for module in modules {
        #expect(!output.contains("Compiling \(module) "), "\(module): \(output)")
      }
      let program = scratch.appendingPathComponent("debug/PluginSample")
      for (language, lines) in SwiftPMPluginTests.expected {
        let result = try runProcess(program, [language], environment: [:])
        #expect(result.stdout == lines.map { $0 + "\n" }.joined(), "\(language)")
      }
    }
  #endif

  /// The release workflow builds exactly the triples the artifact bundle's template lists.
  @Test func releaseWorkflowBuildsTheBundlesVariants() throws {
    let workflow = try YAMLReader.read(
      Array(
        try Data(
          contentsOf: TestPaths.packageRoot.appendingPathComponent(
            ".github/workflows/release.yml")
        )))
    let jobs = try #require(workflow["jobs"])
    let linux = jobs["linux"]?["strategy"]?["matrix"]?["include"]?.array ?? []
    var built = Set(linux.compactMap { $0["triple"]?.string })
    if let mac = jobs["macos"]?["env"]?["TRIPLE"]?.string { built.insert(mac) }
    let template =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: Self.release.appendingPathComponent("info.json")))
      as? [String: Any]
    let artifacts = template?["artifacts"] as? [String: Any]
    let variants = (artifacts?["lhc"] as? [String: Any])?["variants"] as? [[String: Any]] ?? []
    let listed = Set(
      variants.compactMap { ($0["path"] as? String)?.split(separator: "/").first }.map {
        String($0.dropFirst("lhc-{version}-".count))
      })
    #expect(built.count == 3)
    #expect(built == listed)
  }

  /// The workflow is valid for GitHub Actions: check-jsonschema's copy of its schema (PyPI;
  /// `make test` installs it). actionlint is `make lint-workflows`: no Debian or PyPI package has it.
  @Test(
    .enabled(
      if: (try? runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["check-jsonschema", "--version"]))?
        .status == 0, "check-jsonschema is not installed"))
  func releaseWorkflowMatchesGitHubsSchema() throws {
    let check = try runProcess(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "check-jsonschema", "--builtin-schema", "vendor.github-workflows",
        TestPaths.packageRoot.appendingPathComponent(".github/workflows/release.yml").path,
      ])
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
  }
}

/// The `swift` driver (`SWIFT` overrides), outside the suite: its traits may not refer to it.
enum SwiftPM {
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

  /// Runs a built program with only `environment` set; its standard output.
  static func run(_ program: URL, _ arguments: [String], environment: [String: String] = [:])
    throws -> String
  {
    let result = try runProcess(program, arguments, environment: environment)
    #expect(result.status == 0, "\(program.lastPathComponent) \(arguments): \(result.stderr)")
    return result.stdout
  }

  /// Sets a file's modification time to now, as an editor saving it would.
  static func touch(_ file: URL) throws {
    try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
  }
}
