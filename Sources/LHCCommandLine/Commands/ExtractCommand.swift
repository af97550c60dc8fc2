import Foundation
import LHCBase
import SourceProjects
import SourceStrings

/// `lhc extract`: finds the localizable strings of Swift sources as Xcode's build does, lists
/// them, and keeps String Catalogs in sync with them (keys added, marked stale, comments
/// updated), by the targets of the Xcode projects and Swift packages around the sources.
struct ExtractCommand {
  static let spec = CommandSpec(
    name: "extract",
    abstract:
      "Find the localizable strings of Swift, Objective-C and Interface Builder sources and sync String Catalogs with them.",
    arguments: "SOURCES...",
    options: [
      .flag("list", help: "Print every localizable string found; change nothing."),
      .value(
        "format", "FORMAT", choices: ["text", "json", "xcode", "github"],
        help: "--list: text (default) or json; --check: text (default), xcode or github."),
      .value(
        "into", "CATALOG", repeatable: true,
        help:
          "Sync only this catalog (repeatable); strings of tables no catalog given holds are reported."
      ),
      .value(
        "create-missing", "DIR",
        help: "Create <Table>.xcstrings in DIR for the strings of tables that have no catalog."),
      .value(
        "source-language", "LANG",
        help: "The source language of catalogs --create-missing makes (default: en)."),
      .flag(
        "check", help: "Write nothing; report what a sync would change (exit 1 when it would)."),
      .flag("dry-run", help: "Write nothing; print the changes a sync would make as a diff."),
      .value(
        "exclude", "GLOB", repeatable: true, help: "Leave out files matching GLOB (repeatable)."),
      .value(
        "input-file-list", "FILE", repeatable: true,
        help: "Read more sources from an Xcode file list (.xcfilelist), one path per line."),
      .flag("explain", help: "Say which rule placed each file and how each specifier was decided."),
      .value(
        "configuration", "NAME",
        help:
          "Read the projects' settings and #if conditions of this build configuration (default: Debug)."
      ),
      .value(
        "dependencies", "DIR", repeatable: true,
        help:
          "Read the declarations of the package checkouts in DIR (or the package DIR) for their types."
      ),
      .flag(
        "allow-final-newline",
        help: "Keep a catalog's newline after its last } (default: the nearest .lhc.json)."),
    ],
    discussion: """
      SOURCES are Swift, Objective-C, C, C++ and Interface Builder files or folders (searched \
      for *.swift, *.m, *.mm, *.c, *.cc, *.cpp, *.h, *.hpp, *.xib and *.storyboard; .build, \
      Pods, Carthage and \
      DerivedData are skipped). Which catalog a string feeds is decided by target, as Xcode does: \
      the Xcode projects, XcodeGen's project.yml and Tuist's Project.swift (when no .xcodeproj \
      is beside them) and the Package.swift files in and above the folders say which target \
      each file belongs to, and a table name such as Localizable has one catalog per target; a file of \
      no target feeds the nearest catalog of its table up the folder tree. Interface Builder \
      files (*.xib, *.storyboard) feed the mul.lproj/<Name>.xcstrings beside their Base.lproj \
      folder, or a catalog of their table given with --into; those with neither are not read, \
      and no catalog is made for them. Without --list, \
      --check or --dry-run the catalogs are synced: written, only when their bytes change, \
      exactly as Xcode writes them. A key the code no longer uses, as far as lhc can tell, is \
      kept while its text is still a string literal of the code where lhc cannot tell whether \
      it is localized; the run says so. Exit status: 0 on success (--check: the catalogs are in \
      sync), 1 when --check finds changes or a file cannot be read or written, 64 on a usage \
      error.
      """)

  enum Mode { case list, sync, check, dryRun }

  var inputs: [String]
  var mode: Mode
  var format: String
  var into: [String]
  var createMissing: String?
  var sourceLanguage: String
  var excluded: [Glob]
  var explain: Bool
  /// `--configuration`: the build configuration whose settings are read.
  var configuration: String
  /// `--dependencies`, and in a Run Script phase the checkouts Xcode resolved: package
  /// checkouts whose declarations are read (``PackageDependencies``).
  var dependencies: [String]
  /// `--allow-final-newline`: a synced catalog keeps a newline after its last `}`.
  var allowFinalNewline: Bool
  /// The sync's safety net (``SourceProjects/CodeTexts``); only the tests' harness turns it off,
  /// through `LHC_INTERNAL_NO_SAFETY_NET=1`, to measure the extraction rules alone.
  var keepsKeysInCode: Bool

  init(parsed: ParsedArguments, environment: [String: String]) throws(UsageError) {
    var inputs = parsed.positionals
    for list in parsed.values["input-file-list"] ?? [] {
      inputs += try FileList.read(list, variables: environment)
    }
    guard !inputs.isEmpty else {
      throw UsageError("missing sources (files or folders) to extract from")
    }
    for input in inputs where !FileManager.default.fileExists(atPath: input) {
      throw UsageError("no such file or folder: '\(input)'")
    }
    self.inputs = inputs.map(Paths.absolute)
    let modes = [parsed.flag("list"), parsed.flag("check"), parsed.flag("dry-run")].filter { $0 }
    guard modes.count <= 1 else {
      throw UsageError("--list, --check and --dry-run exclude each other")
    }
    mode =
      parsed.flag("list")
      ? .list : parsed.flag("check") ? .check : parsed.flag("dry-run") ? .dryRun : .sync
    format = parsed.value("format") ?? "text"
    let formats: [String] =
      switch mode {
      case .list: ["text", "json"]
      case .check: ["text", "xcode", "github"]
      case .sync, .dryRun: ["text"]
      }
    guard formats.contains(format) else {
      throw UsageError(
        "--format \(format) is not available here (\(formats.joined(separator: ", ")))")
    }
    into = (parsed.values["into"] ?? []).map(Paths.absolute)
    for catalog in into where !catalog.hasSuffix(".xcstrings") {
      throw UsageError("--into takes a String Catalog (.xcstrings): '\(catalog)'")
    }
    createMissing = parsed.value("create-missing").map(Paths.absolute)
    sourceLanguage = parsed.value("source-language") ?? "en"
    if mode == .list, !into.isEmpty || createMissing != nil {
      throw UsageError("--list changes nothing: it takes no --into or --create-missing")
    }
    excluded = (parsed.values["exclude"] ?? []).map(Glob.init)
    explain = parsed.flag("explain")
    configuration = parsed.value("configuration") ?? "Debug"
    dependencies = (parsed.values["dependencies"] ?? []).map(Paths.absolute)
    for folder in dependencies where !FileManager.default.fileExists(atPath: folder) {
      throw UsageError("--dependencies: no such folder: '\(folder)'")
    }
    dependencies += XcodeBuildEnvironment(environment).packageCheckouts.map { [$0] } ?? []
    allowFinalNewline = parsed.flag("allow-final-newline")
    keepsKeysInCode = environment["LHC_INTERNAL_NO_SAFETY_NET"] != "1"
  }

  func run(_ console: Console) -> Int32 {
    let tree = FileTree()
    var scan = SourceScan.scan(
      inputs: inputs, excluded: excluded,
      extraCatalogs: into.filter { FileManager.default.fileExists(atPath: $0) },
      tree: tree, configuration: configuration)
    var failed = false
    for problem in scan.problems {
      console.error("\(relative(problem.path)): error: \(problem.diagnostic.message)\n")
      failed = true
    }
    for warning in scan.warnings {
      console.error("\(relative(warning.path)): warning: \(warning.message)\n")
    }
    for note in scan.notes { console.error("note: \(note)\n") }
    var files = scan.files
    if mode != .list {
      // A synced catalog is synced from all of its targets' files, scanned or not, and from the
      // Interface Builder file it belongs to.
      files = Array(Set(files).union(filesOfSyncedTargets(scan))).sorted()
      addInterfaceBuilderFilesOfSyncedCatalogs(&scan)
    }
    // C-family files: those scanned, and for a sync those of the targets it syncs.
    let cFamily = mode == .list ? scan.cFamilyFiles : cFamilyFilesToRead(scan)
    let packages = PackageDependencies.find(
      roots: scan.projectFolders, given: dependencies)
    if !packages.missing.isEmpty {
      console.error(
        "note: the declarations of \(LintReport.plural(packages.missing.count, "package")) are unknown (no checkout): \(packages.missing.joined(separator: ", ")); strings passed to their localizable parameters are not found. Resolve them (swift package resolve; xcodebuild -resolvePackageDependencies -clonedSourcePackagesDirPath SourcePackages) or pass --dependencies DIR\n"
      )
    }
    var extraction = Extraction.run(
      files + cFamily + scan.interfaceFiles.keys.sorted(), scan: scan,
      dependencies: packages.swiftFiles, extractionOnly: true, notesLiterals: mode != .list)
    let infoPlist = InfoPlistStrings.placed(infoPlistTargets(scan))
    extraction.strings += infoPlist.strings
    printDiagnostics(extraction, console)
    // A file that cannot be read (malformed XML) stops every write.
    let unreadable = extraction.diagnostics.contains {
      $0.diagnostics.contains { $0.severity == .error }
    }
    if explain { printExplanation(extraction, console) }
    reportUnplaced(extraction.strings, console)
    let status: Int32
    switch mode {
    case .list:
      console.out(ExtractReport.list(extraction.strings, format: format, relative: relative))
      status = ExitStatus.success
    case .sync, .check, .dryRun:
      status =
        unreadable
        ? ExitStatus.failure
        : sync(
          extraction, scan: scan,
          infoPlists: (unreadable: infoPlist.unreadable, incomplete: infoPlist.incomplete),
          console: console)
    }
    return failed || unreadable ? ExitStatus.failure : status
  }

  /// The C-family files whose literals the safety net reads: those scanned and those of the
  /// targets this run syncs.
  private func cFamilyFilesToRead(_ scan: SourceScan) -> [String] {
    Array(Set(scan.cFamilyFiles).union(syncedTargets(scan).flatMap(\.otherSources.keys))).sorted()
  }

  /// The sources of every target one of whose catalogs this run may sync.
  private func filesOfSyncedTargets(_ scan: SourceScan) -> [String] {
    syncedTargets(scan).flatMap(\.sources.keys)
  }

  /// The targets whose catalogs this run syncs: with `--into`, those that build a catalog given;
  /// otherwise those with a catalog that build a file scanned.
  func syncedTargets(_ scan: SourceScan) -> [BuildTarget] {
    let scanned = Set(scan.files)
    return scan.targets.filter { target in
      guard !target.isTest, target.unsyncedReason == nil, !target.catalogs.isEmpty else {
        return false
      }
      return into.isEmpty
        ? target.sources.keys.contains(where: scanned.contains)
        : target.catalogs.contains(where: into.contains)
    }
  }

  /// The targets whose `InfoPlist.xcstrings` this run reads from their Info.plist: with
  /// `--into`, those whose catalog is given; otherwise those whose catalog is among the folders
  /// scanned (an Info.plist is no Swift file: the catalog found decides).
  func infoPlistTargets(_ scan: SourceScan) -> [BuildTarget] {
    let catalogs = Set(into.isEmpty ? scan.catalogs : into)
    return scan.targets.filter { target in
      !target.isTest && target.catalog(of: "InfoPlist").map(catalogs.contains) == true
    }
  }

  /// The Interface Builder files of the `mul.lproj` catalogs this run may sync (those given with
  /// `--into`, or those of the targets whose files it reads) that the scan did not find.
  private func addInterfaceBuilderFilesOfSyncedCatalogs(_ scan: inout SourceScan) {
    let scanned = Set(scan.files)
    let catalogs =
      into.isEmpty
      ? scan.targets.filter { $0.sources.keys.contains(where: scanned.contains) }.flatMap(
        \.catalogs)
      : into
    for catalog in Set(catalogs) {
      for file in SourceScan.interfaceBuilderFiles(of: catalog)
      where scan.interfaceFiles[file] == nil {
        let excluded = excluded.contains { $0.matches(relative(file)) || $0.matches(file) }
        if !excluded {
          scan.interfaceFiles[file] = SourceScan.interfaceBuilderPlacement(of: file, given: into)
        }
      }
    }
  }

  func relative(_ path: String) -> String {
    Paths.relative(path, to: Paths.currentDirectory)
  }

  private func printDiagnostics(_ extraction: Extraction, _ console: Console) {
    var text = ""
    for (file, diagnostics) in extraction.diagnostics.sorted(by: { $0.file.path < $1.file.path }) {
      for diagnostic in diagnostics {
        let position = diagnostic.offset.map { file.lineColumn(of: $0) }
        let location = relative(file.path) + (position.map { ":\($0.line):\($0.column)" } ?? "")
        text += "\(location): \(diagnostic.severity.rawValue): \(diagnostic.message)\n"
      }
    }
    if !text.isEmpty { console.error(text) }
  }

  private func printExplanation(_ extraction: Extraction, _ console: Console) {
    var text = ""
    for file in extraction.fileRules.keys.sorted() {
      text +=
        "\(relative(file)): " + (extraction.fileRules[file] ?? []).joined(separator: "; ") + "\n"
    }
    for string in extraction.strings.sorted(by: {
      ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column)
    }) {
      let catalog = string.catalog.map(relative) ?? "no catalog"
      text +=
        "\(relative(string.file)):\(string.line):\(string.column): \(string.string.api) \"\(string.string.key)\" → \(catalog) (\(string.placement))\n"
      for note in string.string.notes { text += "    \(note)\n" }
    }
    console.error(text)
  }

  /// Strings no catalog takes: one warning per target (or folder) and table.
  private func reportUnplaced(_ strings: [PlacedString], _ console: Console) {
    var groups: [String: (count: Int, first: PlacedString)] = [:]
    // With --create-missing, a string whose target lacks the catalog gets one.
    for string in strings
    where string.catalog == nil && !(createMissing != nil && string.lacksCatalog) {
      let key = "\(string.placement)|\(string.string.table)"
      if let group = groups[key] {
        groups[key] = (group.count + 1, group.first)
      } else {
        groups[key] = (1, string)
      }
    }
    var text = ""
    for key in groups.keys.sorted() {
      let (count, first) = groups[key]!
      let noun = count == 1 ? "string" : "strings"
      text +=
        "\(relative(first.file)):\(first.line):\(first.column): warning: \(first.placement): \(count) \(noun) of table \(first.string.table) not synced\n"
    }
    if !text.isEmpty { console.error(text) }
  }
}
