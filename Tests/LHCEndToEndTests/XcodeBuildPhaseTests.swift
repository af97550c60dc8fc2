import Foundation
import LHCCommandLine
import LHCTestSupport
import Testing

/// Runs the built `lhc` binary with the environment Xcode gives a Run Script build phase, and
/// without it, and checks where the outputs land.
@Suite("Xcode build phase")
struct XcodeBuildPhaseTests {
  static let sample = TestPaths.testData.appendingPathComponent("sample")
  static let xcode = TestPaths.testData.appendingPathComponent("xcode")

  /// A temporary folder holding a project folder (`SRCROOT`: `MyApp/App/Localizable.xcstrings`,
  /// `MyApp/App/InfoPlist.xcstrings`) and a build folder beside it; callers `remove()` it.
  struct Project {
    var root: URL
    var srcroot: URL { root.appendingPathComponent("MyApp") }
    var buildDir: URL { root.appendingPathComponent("Build/Products/Debug") }
    var derived: URL {
      root.appendingPathComponent("Build/Intermediates/MyApp.build/DerivedSources")
    }

    init() throws {
      root = try makeTemporaryDirectory()
      let app = root.appendingPathComponent("MyApp/App")
      try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
      for name in ["Localizable", "InfoPlist"] {
        try FileManager.default.copyItem(
          at: XcodeBuildPhaseTests.sample.appendingPathComponent("\(name).xcstrings"),
          to: app.appendingPathComponent("\(name).xcstrings"))
      }
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    func catalog(_ name: String) -> String { srcroot.path + "/App/\(name).xcstrings" }

    /// The variables Xcode sets for a Run Script phase of target MyApp (no inputs declared yet).
    func environment(resources: String = "MyApp.app/Contents/Resources") -> [String: String] {
      [
        "PATH": "/usr/bin:/bin",
        "ACTION": "build",
        "SRCROOT": srcroot.path,
        "PROJECT_DIR": srcroot.path,
        "PROJECT_FILE_PATH": XcodeBuildPhaseTests.xcode.appendingPathComponent("MyApp.xcodeproj")
          .path,
        "TARGET_BUILD_DIR": buildDir.path,
        "UNLOCALIZED_RESOURCES_FOLDER_PATH": resources,
        "DERIVED_FILE_DIR": derived.path,
        "SCRIPT_INPUT_FILE_COUNT": "0",
        "SCRIPT_OUTPUT_FILE_COUNT": "0",
        "SCRIPT_INPUT_FILE_LIST_COUNT": "0",
        "SCRIPT_OUTPUT_FILE_LIST_COUNT": "0",
      ]
    }

    /// Relative paths of every file under `directory`, sorted.
    static func files(under directory: URL) -> [String] {
      let enumerator = FileManager.default.enumerator(atPath: directory.path)
      var paths: [String] = []
      while let path = enumerator?.nextObject() as? String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(
          atPath: directory.path + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue
        {
          paths.append(path)
        }
      }
      return paths.sorted()
    }
  }

  // MARK: - lhc compile in a Run Script phase

  @Test(arguments: ["MyApp.app/Contents/Resources", "MyApp.app"])
  func compileWritesIntoTheResourcesFolderForKnownRegions(resources: String) throws {
    let project = try Project()
    defer { project.remove() }
    let result = try RunLHC.run(
      ["compile", "App/Localizable.xcstrings"], in: project.srcroot,
      environment: project.environment(resources: resources))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    // knownRegions = (en, Base, de, "zh-Hans"): the catalog's ru is not compiled.
    #expect(
      Project.files(under: project.buildDir.appendingPathComponent(resources)) == [
        "de.lproj/Localizable.strings", "de.lproj/Localizable.stringsdict",
        "en.lproj/Localizable.strings", "en.lproj/Localizable.stringsdict",
      ])
    #expect(
      Project.files(under: project.srcroot) == [
        "App/InfoPlist.xcstrings", "App/Localizable.xcstrings",
      ])
  }

  @Test func compileWithoutCatalogsReadsTheDeclaredInputs() throws {
    let project = try Project()
    defer { project.remove() }
    // Xcode writes the resolved input file list into the build folder.
    let resolved = project.derived.appendingPathComponent("InputFileList-resolved.xcfilelist")
    try FileManager.default.createDirectory(at: project.derived, withIntermediateDirectories: true)
    try Data("\(project.catalog("InfoPlist"))\n/usr/local/bin/lhc\n".utf8).write(to: resolved)
    var environment = project.environment()
    environment["SCRIPT_INPUT_FILE_COUNT"] = "2"
    environment["SCRIPT_INPUT_FILE_0"] = project.catalog("Localizable")
    environment["SCRIPT_INPUT_FILE_1"] = project.srcroot.path + "/App/Info.plist"
    environment["SCRIPT_INPUT_FILE_LIST_COUNT"] = "1"
    environment["SCRIPT_INPUT_FILE_LIST_0"] = resolved.path
    let result = try RunLHC.run(["compile"], in: project.srcroot, environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    let resources = project.buildDir.appendingPathComponent("MyApp.app/Contents/Resources")
    #expect(
      Project.files(under: resources) == [
        "de.lproj/InfoPlist.strings", "de.lproj/Localizable.strings",
        "de.lproj/Localizable.stringsdict", "en.lproj/InfoPlist.strings",
        "en.lproj/Localizable.strings", "en.lproj/Localizable.stringsdict",
      ])
  }

  @Test func withoutKnownRegionsEveryLanguageIsCompiled() throws {
    let project = try Project()
    defer { project.remove() }
    var environment = project.environment()
    environment["PROJECT_FILE_PATH"] = project.root.appendingPathComponent("Missing.xcodeproj").path
    let result = try RunLHC.run(
      ["compile", "App/Localizable.xcstrings", "--dry-run"], in: project.srcroot,
      environment: environment)
    #expect(result.status == 0)
    #expect(result.stdout.contains("/ru.lproj/Localizable.stringsdict\n"))
    // -l wins over the known regions.
    let only = try RunLHC.run(
      ["compile", "App/Localizable.xcstrings", "--dry-run", "-l", "ru"], in: project.srcroot,
      environment: project.environment())
    #expect(
      only.stdout
        == project.buildDir.path
        + "/MyApp.app/Contents/Resources/ru.lproj/Localizable.stringsdict\n")
  }

  @Test func compileWarnsAboutUndeclaredOutputs() throws {
    let project = try Project()
    defer { project.remove() }
    var environment = project.environment(resources: "MyApp.app")
    environment["SCRIPT_OUTPUT_FILE_COUNT"] = "1"
    environment["SCRIPT_OUTPUT_FILE_0"] =
      project.buildDir.path + "/MyApp.app/de.lproj/Localizable.strings"
    let result = try RunLHC.run(
      ["compile", "App/Localizable.xcstrings"], in: project.srcroot, environment: environment)
    #expect(result.status == 0)
    #expect(
      result.stderr
        == "warning: 3 of the 4 files written are not declared outputs of this build phase "
        + "(first: \(project.buildDir.path)/MyApp.app/de.lproj/Localizable.stringsdict); declare "
        + "them, or write the phase's output file list with --output-file-list\n")
  }

  @Test(arguments: [
    ("TARGET_BUILD_DIR", true), ("UNLOCALIZED_RESOURCES_FOLDER_PATH", true),
    ("SCRIPT_INPUT_FILE_COUNT", false),
  ])
  func missingVariables(name: String, isError: Bool) throws {
    let project = try Project()
    defer { project.remove() }
    var environment = project.environment()
    environment[name] = nil
    let result = try RunLHC.run(
      ["compile", "App/Localizable.xcstrings", "--dry-run"], in: project.srcroot,
      environment: environment)
    if isError {
      #expect(result.status == 64)
      #expect(
        result.stderr.hasPrefix(
          "Error: running in an Xcode build phase, but the build setting \(name) is not set; "
            + "pass '--output-directory <DIR>'\n"), "\(result.stderr)")
    } else {
      // Not a Run Script phase: the current directory, every language.
      #expect(result.status == 0)
      #expect(result.stdout.hasPrefix(project.srcroot.path + "/de.lproj/"), "\(result.stdout)")
      #expect(result.stdout.contains("/ru.lproj/"))
    }
  }

  @Test func noDeclaredCatalogIsAUsageError() throws {
    let output = CapturedOutput()
    let console = Console(out: output.appendOut, error: output.appendError)
    let status = LHC.main(
      arguments: ["compile"], console: console,
      environment: ["ACTION": "build", "SCRIPT_INPUT_FILE_COUNT": "0"])
    #expect(status == 64)
    #expect(
      output.stderr.hasPrefix(
        "Error: missing catalog (.xcstrings) to compile; the build phase declares no .xcstrings input\n"
      ))
  }

  // MARK: - lhc compile outside Xcode

  @Test func bareCompileWritesIntoTheCurrentDirectoryAndSaysSo() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.copyItem(
      at: Self.sample.appendingPathComponent("Localizable.xcstrings"),
      to: directory.appendingPathComponent("Localizable.xcstrings"))
    let result = try RunLHC.run(
      ["compile", "Localizable.xcstrings"], in: directory, environment: ["PATH": "/usr/bin:/bin"])
    #expect(result.status == 0)
    #expect(result.stdout.isEmpty)
    let cwd = directory.standardizedFileURL.path
    #expect(
      result.stderr
        == "note: no --output-directory given; writing <lang>.lproj folders into \(cwd)\n")
    #expect(
      Project.files(under: directory) == [
        "Localizable.xcstrings", "de.lproj/Localizable.strings", "de.lproj/Localizable.stringsdict",
        "en.lproj/Localizable.strings", "en.lproj/Localizable.stringsdict",
        "ru.lproj/Localizable.stringsdict",
      ])
  }

  // MARK: - File lists

  @Test func outputFileListIsTheDryRunList() throws {
    let project = try Project()
    defer { project.remove() }
    let out = project.root.appendingPathComponent("out").path
    let list = project.root.appendingPathComponent("Outputs.xcfilelist").path
    let arguments = ["compile", "App/Localizable.xcstrings", "App/InfoPlist.xcstrings", "-o", out]
    let environment = ["PATH": "/usr/bin:/bin"]
    let dryRun = try RunLHC.run(
      arguments + ["--dry-run", "--output-file-list", list], in: project.srcroot,
      environment: environment)
    #expect(dryRun.status == 0)
    #expect(try String(contentsOfFile: list, encoding: .utf8) == dryRun.stdout)
    #expect(!FileManager.default.fileExists(atPath: out))
    // A real run writes the same list (unchanged, so not rewritten) and the files it names.
    try FileManager.default.removeItem(atPath: list)
    let run = try RunLHC.run(
      arguments + ["--output-file-list", list], in: project.srcroot, environment: environment)
    #expect(run.status == 0)
    let written = try String(contentsOfFile: list, encoding: .utf8)
    #expect(written == dryRun.stdout)
    #expect(
      written.split(separator: "\n").allSatisfy {
        FileManager.default.fileExists(atPath: String($0))
      }
    )
    #expect(
      Project.files(under: URL(fileURLWithPath: out)).count == written.split(separator: "\n").count)
  }

  @Test func outputFileListInXcodeUsesBuildSettingReferences() throws {
    let project = try Project()
    defer { project.remove() }
    let list = project.srcroot.appendingPathComponent("App/CompiledStrings.xcfilelist").path
    let environment = project.environment(resources: "MyApp.app")
    let result = try RunLHC.run(
      ["compile", "App/Localizable.xcstrings", "--dry-run", "--output-file-list", list],
      in: project.srcroot, environment: environment)
    #expect(result.status == 0)
    let text = try String(contentsOfFile: list, encoding: .utf8)
    #expect(
      text == """
        $(TARGET_BUILD_DIR)/$(UNLOCALIZED_RESOURCES_FOLDER_PATH)/de.lproj/Localizable.strings
        $(TARGET_BUILD_DIR)/$(UNLOCALIZED_RESOURCES_FOLDER_PATH)/de.lproj/Localizable.stringsdict
        $(TARGET_BUILD_DIR)/$(UNLOCALIZED_RESOURCES_FOLDER_PATH)/en.lproj/Localizable.strings
        $(TARGET_BUILD_DIR)/$(UNLOCALIZED_RESOURCES_FOLDER_PATH)/en.lproj/Localizable.stringsdict

        """)
    // Expanded the way Xcode resolves it, the list is exactly the --dry-run output.
    let expanded = text.replacingOccurrences(
      of: "$(TARGET_BUILD_DIR)/$(UNLOCALIZED_RESOURCES_FOLDER_PATH)",
      with: project.buildDir.path + "/MyApp.app")
    #expect(expanded == result.stdout)
    // Declared as the phase's output file list, it silences the undeclared-outputs warning.
    var declared = environment
    declared["SCRIPT_OUTPUT_FILE_LIST_COUNT"] = "1"
    declared["SCRIPT_OUTPUT_FILE_LIST_0"] = list
    let build = try RunLHC.run(
      ["compile", "App/Localizable.xcstrings"], in: project.srcroot, environment: declared)
    #expect(build.status == 0)
    #expect(build.stderr.isEmpty, "\(build.stderr)")
  }

  /// The one-off Terminal command of the build phase recipe (lhc-compile(1), XCODE; the README's
  /// Xcode section) that writes the checked-in output file list gives the list Xcode writes.
  @Test func readmeBootstrapCommandWritesTheXcodeList() throws {
    let project = try Project()
    defer { project.remove() }
    let xcodeproj = project.srcroot.appendingPathComponent("MyApp.xcodeproj")
    try FileManager.default.copyItem(
      at: Self.xcode.appendingPathComponent("MyApp.xcodeproj"), to: xcodeproj)
    let inXcode = project.root.appendingPathComponent("xcode.xcfilelist").path
    let build = try RunLHC.run(
      ["compile", "App/Localizable.xcstrings", "App/InfoPlist.xcstrings", "--dry-run"]
        + ["--output-file-list", inXcode], in: project.srcroot,
      environment: project.environment(resources: "MyApp.app"))
    #expect(build.status == 0)
    // lhc-compile(1), "Build phase recipe", steps 1 and 2, verbatim.
    try Data(
      """
      # String Catalogs compiled by lhc (only *.xcstrings
      # entries are read as catalogs)
      $(SRCROOT)/App/Localizable.xcstrings
      $(SRCROOT)/App/InfoPlist.xcstrings
      # knownRegions: lhc reads them from here (user script
      # sandboxing only allows declared inputs)
      $(PROJECT_FILE_PATH)/project.pbxproj

      """.utf8
    ).write(to: project.srcroot.appendingPathComponent("App/LHCInputs.xcfilelist"))
    let bootstrap = try RunLHC.run(
      [
        "compile", "--input-file-list", "App/LHCInputs.xcfilelist", "--dry-run",
        "--output-file-list", "App/LHCCompiledStrings.xcfilelist",
      ], in: project.srcroot,
      environment: [
        "PATH": "/usr/bin:/bin", "ACTION": "build", "SCRIPT_INPUT_FILE_COUNT": "0",
        "TARGET_BUILD_DIR": "/tmp/lhc", "UNLOCALIZED_RESOURCES_FOLDER_PATH": "App",
        "PROJECT_FILE_PATH": "MyApp.xcodeproj", "SRCROOT": project.srcroot.path,
      ])
    #expect(bootstrap.status == 0, "\(bootstrap.stderr)")
    let list = try String(
      contentsOf: project.srcroot.appendingPathComponent("App/LHCCompiledStrings.xcfilelist"),
      encoding: .utf8)
    #expect(list == (try String(contentsOfFile: inXcode, encoding: .utf8)))
    #expect(list.hasPrefix("$(TARGET_BUILD_DIR)/$(UNLOCALIZED_RESOURCES_FOLDER_PATH)/de.lproj/"))
    #expect(!list.contains("ru.lproj"))
  }

  @Test func inputFileListExpandsBuildSettingsAndSkipsComments() throws {
    let project = try Project()
    defer { project.remove() }
    let list = Self.xcode.appendingPathComponent("Catalogs.xcfilelist").path
    let result = try RunLHC.run(
      ["compile", "--input-file-list", list, "-o", "out", "--dry-run"], in: project.srcroot,
      environment: ["PATH": "/usr/bin:/bin", "SRCROOT": project.srcroot.path])
    #expect(result.status == 0, "\(result.stderr)")
    let out = project.srcroot.standardizedFileURL.path + "/out"
    #expect(
      result.stdout == """
        \(out)/de.lproj/InfoPlist.strings
        \(out)/de.lproj/Localizable.strings
        \(out)/de.lproj/Localizable.stringsdict
        \(out)/en.lproj/InfoPlist.strings
        \(out)/en.lproj/Localizable.strings
        \(out)/en.lproj/Localizable.stringsdict
        \(out)/ru.lproj/Localizable.stringsdict

        """)
    // Without SRCROOT the reference cannot be expanded: the error names it, the file and the line.
    let unset = try RunLHC.run(
      ["compile", "--input-file-list", list, "-o", "out", "--dry-run"], in: project.srcroot,
      environment: ["PATH": "/usr/bin:/bin"])
    #expect(unset.status == 64)
    #expect(unset.stderr.hasPrefix("Error: \(list):3: build setting 'SRCROOT' is not set\n"))
    let missing = try RunLHC.run(
      ["compile", "--input-file-list", "nope.xcfilelist", "-o", "out"], in: project.srcroot,
      environment: ["PATH": "/usr/bin:/bin"])
    #expect(missing.status == 64)
    #expect(missing.stderr.hasPrefix("Error: cannot read file list 'nope.xcfilelist'\n"))
  }

  // MARK: - lhc gen-symbols

  @Test func genSymbolsWithoutArgumentsWritesTheDeclaredOutput() throws {
    let project = try Project()
    defer { project.remove() }
    var environment = project.environment()
    environment["SCRIPT_INPUT_FILE_COUNT"] = "1"
    environment["SCRIPT_INPUT_FILE_0"] = project.catalog("Localizable")
    environment["SCRIPT_OUTPUT_FILE_COUNT"] = "1"
    environment["SCRIPT_OUTPUT_FILE_0"] = project.derived.path + "/Strings.swift"
    let result = try RunLHC.run(["gen-symbols"], in: project.srcroot, environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    let expected = try RunLHC.run(
      ["gen-symbols", project.catalog("Localizable")], environment: ["PATH": "/usr/bin:/bin"])
    #expect(expected.status == 0)
    #expect(
      try String(contentsOfFile: project.derived.path + "/Strings.swift", encoding: .utf8)
        == expected.stdout)
  }

  @Test func genSymbolsWithSeveralDeclaredOutputsWritesOnePerTable() throws {
    let project = try Project()
    defer { project.remove() }
    let inputs = project.root.appendingPathComponent("inputs.xcfilelist")
    let outputs = project.root.appendingPathComponent("outputs.xcfilelist")
    try Data("\(project.catalog("Localizable"))\n\(project.catalog("InfoPlist"))\n".utf8).write(
      to: inputs)
    try Data("$(DERIVED_FILE_DIR)/InfoPlist.swift\n$(DERIVED_FILE_DIR)/Localizable.swift\n".utf8)
      .write(to: outputs)
    var environment = project.environment()
    environment["SCRIPT_INPUT_FILE_LIST_COUNT"] = "1"
    environment["SCRIPT_INPUT_FILE_LIST_0"] = inputs.path
    environment["SCRIPT_OUTPUT_FILE_LIST_COUNT"] = "1"
    environment["SCRIPT_OUTPUT_FILE_LIST_0"] = outputs.path
    let result = try RunLHC.run(["gen-symbols"], in: project.srcroot, environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(Project.files(under: project.derived) == ["InfoPlist.swift", "Localizable.swift"])
    let single = try RunLHC.run(
      ["gen-symbols", project.catalog("InfoPlist")], environment: ["PATH": "/usr/bin:/bin"])
    #expect(
      try String(contentsOfFile: project.derived.path + "/InfoPlist.swift", encoding: .utf8)
        == single.stdout)
  }

  @Test func genSymbolsWithoutDeclaredSwiftOutputIsAnError() throws {
    let project = try Project()
    defer { project.remove() }
    var environment = project.environment()
    environment["SCRIPT_INPUT_FILE_COUNT"] = "1"
    environment["SCRIPT_INPUT_FILE_0"] = project.catalog("Localizable")
    let result = try RunLHC.run(["gen-symbols"], in: project.srcroot, environment: environment)
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix(
        "Error: the build phase declares no .swift output file; declare one or pass '--output <FILE>'\n"
      ))
    // With catalogs named, the source goes to standard output as outside Xcode.
    let named = try RunLHC.run(
      ["gen-symbols", "App/Localizable.xcstrings"], in: project.srcroot, environment: environment)
    #expect(named.status == 0)
    #expect(named.stdout.contains("enum Localizable"))
  }

  @Test func genSymbolsOutsideXcode() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let environment = ["PATH": "/usr/bin:/bin"]
    let result = try RunLHC.run(
      ["gen-symbols", Self.sample.appendingPathComponent("Localizable.xcstrings").path],
      in: directory, environment: environment)
    #expect(result.status == 0)
    #expect(result.stdout.contains("enum Localizable"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    let bare = try RunLHC.run(["gen-symbols"], in: directory, environment: environment)
    #expect(bare.status == 64)
    #expect(bare.stderr.hasPrefix("Error: missing catalog (.xcstrings)\n"))
  }
}
