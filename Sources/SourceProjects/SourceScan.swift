import Foundation
import LHCBase
import SourceStrings

/// What `lhc extract` reads: the Swift files given (folders searched), the projects that say
/// which target each belongs to (Xcode projects, the specs of generated ones — XcodeGen's
/// `project.yml`, Tuist's `Project.swift` and the projects its `Workspace.swift` lists — and
/// `Package.swift` files, in the folders and in the folders above them, up to the repository's
/// root), and the catalogs there are. A spec beside an `.xcodeproj` is not read: the project
/// committed is the one Xcode built.
public struct SourceScan: Sendable {
  /// The Swift files to extract from (absolute, sorted); files no target builds (a test
  /// target's only, or a project's that none of its targets has) left out.
  public var files: [String]
  /// The C-family sources and headers found (absolute, sorted), left out as ``files``: their
  /// literals are read for the sync's safety net.
  public var cFamilyFiles: [String] = []
  public var targets: [BuildTarget]
  /// Every catalog found or given (absolute, sorted).
  public var catalogs: [String]
  /// Projects that could not be read: path and what is wrong.
  public var problems: [(path: String, diagnostic: Diagnostic)]
  /// Specs of generated projects that could not be read (their files are placed as files of no
  /// project): path and what is wrong.
  public var warnings: [(path: String, message: String)] = []
  /// What the run should say once (``noProjectNote``).
  public var notes: [String] = []
  /// The note of a run with files no project covers: their strings go to the nearest catalog.
  public static let noProjectNote = "no Xcode project found: strings placed by the nearest catalog"
  /// The Interface Builder files to extract from (absolute), each with the catalog it feeds
  /// (``interfaceBuilderPlacement(of:given:)``); those with none are left out.
  public var interfaceFiles: [String: Placement] = [:]
  /// Target indices of each file (those of its targets that are not test targets).
  private var targetsByFile: [String: [Int]] = [:]
  /// Files of no target in a folder whose other files a project builds.
  private var strays = Set<String>()

  /// Whether `file` is of no target though a project builds the other files of its folder: it
  /// feeds no catalog.
  public func isStray(_ file: String) -> Bool { strays.contains(file) }

  /// Scans `inputs` (absolute files or folders). `excluded` is matched against each file's path
  /// relative to the current folder; `extraCatalogs` are catalogs named on the command line;
  /// projects are read with the settings of their build configuration `configuration`.
  public static func scan(
    inputs: [String], excluded: [Glob], extraCatalogs: [String], tree: FileTree,
    configuration: String = "Debug"
  ) -> SourceScan {
    let current = Paths.currentDirectory
    var swiftFiles = Set<String>()
    var cFamilyFiles = Set<String>()
    var interfaceFiles = Set<String>()
    var catalogs = Set(extraCatalogs)
    var projects = Set<String>()
    var manifests = Set<String>()
    // Generated projects: XcodeGen specs, Tuist manifests and workspaces.
    var specs = Set<String>()
    var tuistManifests = Set<String>()
    var workspaces = Set<String>()
    func record(_ file: String) {
      switch Paths.fileName(of: file) {
      case "Package.swift": manifests.insert(file)
      case "project.yml": specs.insert(file)
      case "Project.swift": tuistManifests.insert(file)
      case "Workspace.swift": workspaces.insert(file)
      default: if file.hasSuffix(".xcodeproj/project.pbxproj") { projects.insert(file) }
      }
    }
    func consider(_ file: String) {
      if !excluded.isEmpty {
        let relative = Paths.relative(file, to: current)
        if excluded.contains(where: { $0.matches(relative) || $0.matches(file) }) { return }
      }
      if file.hasSuffix(".swift"), !isManifest(file) { swiftFiles.insert(file) }
      if BuildTarget.isOtherSource(file) || BuildTarget.isHeader(file) {
        cFamilyFiles.insert(file)
      }
      if file.hasSuffix(".xcstrings") { catalogs.insert(file) }
      if isInterfaceBuilderFile(file) { interfaceFiles.insert(file) }
      record(file)
    }
    for input in inputs {
      let listed = tree.files(under: input)
      if listed.isEmpty {
        consider(input)
      } else {
        listed.forEach(consider)
      }
      // Projects in the folders above: up to the repository's root (a `.git`) or the top.
      var directory = listed.isEmpty ? Paths.directory(of: input) : input
      while true {
        SourceScan.projectFiles(in: directory).forEach(record)
        if SourceScan.isRepositoryRoot(directory) || directory == "/" { break }
        directory = Paths.directory(of: directory)
      }
    }
    var targets: [BuildTarget] = []
    var problems: [(String, Diagnostic)] = []
    var warnings: [(String, String)] = []
    var referenced = Set<String>()
    // The folders of the projects read: a file in none of them is a file of no project.
    var projectFolders: [String] = []
    for project in projects.sorted() {
      do {
        let contents = try XcodeProject.read(
          at: project, files: tree, configuration: configuration)
        targets += contents.targets
        referenced.formUnion(contents.referencedFiles)
        projectFolders.append(Paths.directory(of: Paths.directory(of: project)))
      } catch {
        problems.append((project, Diagnostic.error(error.message, offset: error.offset)))
      }
    }
    // Generated projects, unless the project they generate is there (what Xcode built).
    let xcodeFolders = Set(projects.map { Paths.directory(of: Paths.directory(of: $0)) })
    for workspace in workspaces.sorted() {
      tuistManifests.formUnion(TuistProject.workspaceProjects(at: workspace, files: tree))
    }
    var generated: [(String, Result<GeneratedProject.Contents, GeneratedProject.ReadError>)] = []
    for spec in specs.sorted() where !xcodeFolders.contains(Paths.directory(of: spec)) {
      generated.append(
        (
          spec,
          Result { () throws(GeneratedProject.ReadError) in
            try XcodeGenProject.read(at: spec, files: tree, configuration: configuration)
          }
        ))
    }
    for manifest in tuistManifests.sorted()
    where !xcodeFolders.contains(Paths.directory(of: manifest))
      && TuistProject.isManifest(at: manifest)
    {
      generated.append(
        (
          manifest,
          .success(TuistProject.read(at: manifest, files: tree, configuration: configuration))
        ))
    }
    // Generated projects with targets lhc cannot read: what they build is unknown, so their
    // files no target read builds are neither left out nor test-only there.
    var partlyRead: [String] = []
    func isPartlyRead(_ file: String) -> Bool { partlyRead.contains { Paths.isInside(file, $0) } }
    for (spec, result) in generated {
      if case .success(let contents) = result, !contents.targets.isEmpty, contents.unreadTargets > 0
      {
        partlyRead.append(Paths.directory(of: spec))
        warnings.append(
          (
            spec,
            "\(contents.unreadTargets) of its targets cannot be read (lhc reads the targets written in it, not those a function or a helper computes); the files no target read builds are placed as files of no project"
          ))
      }
      switch result {
      case .success(let contents) where contents.targets.isEmpty:
        warnings.append(
          (
            spec,
            "no target can be read from it (lhc reads the targets written in it, not those a helper computes); its files are placed as files of no project"
          ))
      case .success(let contents):
        targets += contents.targets
        referenced.formUnion(contents.referencedFiles)
        projectFolders.append(Paths.directory(of: spec))
        manifests.formUnion(
          contents.packageManifests.filter { FileManager.default.fileExists(atPath: $0) })
      case .failure(let error):
        warnings.append(
          (
            spec,
            "\(error.message); its targets are not read: its files are placed as files of no project"
          ))
      }
    }
    for manifest in manifests.sorted() {
      let read = PackageManifest.targets(at: manifest, files: tree, configuration: configuration)
      if !read.isEmpty { projectFolders.append(Paths.directory(of: manifest)) }
      targets += read
    }
    for target in targets { catalogs.formUnion(target.catalogs) }
    var scan = SourceScan(
      files: [], targets: targets, catalogs: catalogs.sorted(), problems: problems)
    scan.warnings = warnings
    // Not built: only a test target has it, or a project refers to it and no target has it
    // (unless a target lhc cannot read may build it).
    var notBuilt = referenced
    for (index, target) in targets.enumerated() {
      for file in target.sources.keys where swiftFiles.contains(file) {
        if target.isTest {
          notBuilt.insert(file)
        } else {
          scan.targetsByFile[file, default: []].append(index)
        }
      }
      for file in target.otherSources.keys where !target.isTest {
        scan.targetsByFile[file, default: []].append(index)
      }
    }
    notBuilt = notBuilt.filter { !isPartlyRead($0) }
    scan.preferProjectsOverRootPackages()
    // C-family files: those of a (non-test) target and every header, which no build phase
    // compiles but whose macros the sources expand.
    let testOnly = Set(targets.filter(\.isTest).flatMap(\.otherSources.keys)).filter {
      !isPartlyRead($0)
    }
    scan.cFamilyFiles = cFamilyFiles.filter { file in
      BuildTarget.isHeader(file) || scan.targetsByFile[file] != nil
        || !notBuilt.contains(file) && !testOnly.contains(file)
    }.sorted()
    for file in interfaceFiles {
      scan.interfaceFiles[file] = interfaceBuilderPlacement(of: file, given: extraCatalogs)
    }
    scan.files = swiftFiles.filter { scan.targetsByFile[$0] != nil || !notBuilt.contains($0) }
      .sorted()
    // A file of no target in a folder whose other files a project builds is one the project
    // leaves out (a stray copy, an old version): it feeds no catalog.
    var builtFolders = Set(notBuilt.map(Paths.directory(of:)))
    for target in targets {
      for file in target.sources.keys { builtFolders.insert(Paths.directory(of: file)) }
    }
    scan.strays = Set(
      scan.files.filter { file in
        scan.targetsByFile[file] == nil && builtFolders.contains(Paths.directory(of: file))
          && !isPartlyRead(file)
      })
    // Files of no project: placed by the nearest catalog, which the run says once.
    let unprojected = (scan.files + scan.cFamilyFiles.filter { !BuildTarget.isHeader($0) })
      .contains { file in
        scan.targetsByFile[file] == nil && !scan.strays.contains(file)
          && !projectFolders.contains { Paths.isInside(file, $0) }
      }
    if unprojected { scan.notes.append(noProjectNote) }
    return scan
  }

  /// A file an Xcode project's (or a generated project's) target builds is placed by that
  /// target, not by a package's target that has it only because the package's folder holds the
  /// whole project (a `Package.swift` at the root of an app's repository).
  private mutating func preferProjectsOverRootPackages() {
    for (file, indices) in targetsByFile where indices.count > 1 {
      let projects = indices.compactMap { targets[$0].projectFolder }
      guard !projects.isEmpty else { continue }
      let kept = indices.filter { index in
        guard let folder = targets[index].folder else { return true }
        return !projects.contains { Paths.isInside($0, folder) }
      }
      if kept.count != indices.count { targetsByFile[file] = kept }
    }
  }

  /// Whether a Swift file is a manifest, not code a target builds: `Package.swift`, and Tuist's
  /// (`Project.swift`, `Workspace.swift` and the helpers in a `Tuist` folder, those that import
  /// `ProjectDescription`).
  static func isManifest(_ file: String) -> Bool {
    let name = Paths.fileName(of: file)
    if name == "Package.swift" { return true }
    guard name == "Project.swift" || name == "Workspace.swift" || file.contains("/Tuist/") else {
      return false
    }
    return TuistProject.isManifest(at: file)
  }

  /// Whether `path` is an Interface Builder file (`.xib`, `.storyboard`).
  public static func isInterfaceBuilderFile(_ path: String) -> Bool {
    path.hasSuffix(".xib") || path.hasSuffix(".storyboard")
  }

  /// An Interface Builder file's table: its name without extension (`Main.storyboard` → `Main`).
  public static func interfaceBuilderTable(of path: String) -> String {
    let name = Paths.fileName(of: path)
    return name.split(separator: ".", omittingEmptySubsequences: false).dropLast()
      .joined(separator: ".")
  }

  /// The catalog an Interface Builder file feeds, as Xcode pairs them: a catalog of its table
  /// named on the command line (`given`; the one beside it first), else, for a file in a
  /// `Base.lproj` folder, the `mul.lproj/<Name>.xcstrings` beside that folder when it exists;
  /// nil (the file is not extracted, and no catalog is made for it) otherwise.
  public static func interfaceBuilderPlacement(of file: String, given: [String]) -> Placement? {
    let table = interfaceBuilderTable(of: file)
    let folder = Paths.directory(of: file)
    let beside = Paths.directory(of: folder) + "/mul.lproj/" + table + ".xcstrings"
    let named = given.filter { Paths.tableName(of: $0) == table }.sorted()
    if let catalog = named.contains(beside) ? beside : named.first {
      return Placement(catalog: catalog, target: nil, reason: "a catalog of its table given")
    }
    guard Paths.fileName(of: folder) == "Base.lproj", FileManager.default.fileExists(atPath: beside)
    else { return nil }
    return Placement(
      catalog: beside, target: nil, reason: "the mul.lproj catalog beside its Base.lproj folder")
  }

  /// The Interface Builder files a `mul.lproj` catalog belongs to: `<Name>.xib` and
  /// `<Name>.storyboard` in the `Base.lproj` folder beside it, those that exist.
  public static func interfaceBuilderFiles(of catalog: String) -> [String] {
    let folder = Paths.directory(of: catalog)
    guard Paths.fileName(of: folder) == "mul.lproj" else { return [] }
    let base = Paths.directory(of: folder) + "/Base.lproj/" + Paths.tableName(of: catalog)
    return [base + ".storyboard", base + ".xib"].filter {
      FileManager.default.fileExists(atPath: $0)
    }
  }

  private static func projectFiles(in directory: String) -> [String] {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
      return []
    }
    var result: [String] = []
    for entry in entries.sorted() {
      if ["Package.swift", "project.yml", "Project.swift", "Workspace.swift"].contains(entry) {
        result.append(directory + "/" + entry)
      }
      if entry.hasSuffix(".xcodeproj"),
        FileManager.default.fileExists(atPath: directory + "/" + entry + "/project.pbxproj")
      {
        result.append(directory + "/" + entry + "/project.pbxproj")
      }
    }
    return result
  }

  private static func isRepositoryRoot(_ directory: String) -> Bool {
    FileManager.default.fileExists(atPath: directory + "/.git")
  }

  /// The folders of the projects and package manifests read (absolute, sorted): where their
  /// dependencies' checkouts are (``PackageDependencies``).
  public var projectFolders: [String] {
    Set(
      targets.map { target in
        switch target.origin {
        case .xcodeProject(let path): Paths.directory(of: Paths.directory(of: path))
        case .package(let path), .generatedProject(let path): Paths.directory(of: path)
        }
      }
    ).sorted()
  }

  /// The (non-test) targets `file` belongs to.
  public func targets(of file: String) -> [BuildTarget] {
    (targetsByFile[file] ?? []).map { targets[$0] }
  }

  /// Which catalog the strings of `table` in `file` feed, for each of its targets (one placement
  /// per target; a file of no target gets one, by the nearest-catalog rule).
  public func placements(of file: String, table: String) -> [Placement] {
    let indices = targetsByFile[file] ?? []
    if strays.contains(file) {
      return [
        Placement(
          catalog: nil, target: nil,
          reason: "in no target, though a project builds the other files of its folder",
          isUnsynced: true)
      ]
    }
    if indices.isEmpty {
      let nearest = nearestCatalogs(of: table, from: file)
      if nearest.count == 1 {
        return [
          Placement(
            catalog: nearest[0], target: nil, reason: "the nearest catalog of table \(table)")
        ]
      }
      if nearest.count > 1 {
        // lhc cannot tell which one the file's strings belong to: it does not guess.
        let names = nearest.map { Paths.relative($0, to: Paths.currentDirectory) }
        return [
          Placement(
            catalog: nil, target: nil,
            reason:
              "in no target, and catalogs of table \(table) as near as each other (\(names.joined(separator: ", ")))",
            isUnsynced: true)
        ]
      }
      return [
        Placement(
          catalog: nil, target: nil, reason: "no catalog of table \(table) in or above its folder")
      ]
    }
    return indices.map { index in
      let target = targets[index]
      if let reason = target.unsyncedReason {
        return Placement(catalog: nil, target: target.name, reason: reason, isUnsynced: true)
      }
      if let catalog = target.catalog(of: table) {
        return Placement(catalog: catalog, target: target.name, reason: "target \(target.name)")
      }
      return Placement(
        catalog: nil, target: target.name,
        reason: "target \(target.name) has no catalog of table \(table)")
    }
  }

  /// The catalogs of `table` nearest `file` up the folder tree: in the closest folder above it
  /// that holds one below it, those fewest folders down (one, unless several are as near).
  func nearestCatalogs(of table: String, from file: String) -> [String] {
    let candidates = catalogs.filter { Paths.tableName(of: $0) == table }
    guard !candidates.isEmpty else { return [] }
    var directory = Paths.directory(of: file)
    while true {
      let inside = candidates.filter { Paths.isInside($0, directory) }
      if let depth = inside.map({ $0.split(separator: "/").count }).min() {
        return inside.filter { $0.split(separator: "/").count == depth }.sorted()
      }
      if directory == "/" || directory == "." { break }
      directory = Paths.directory(of: directory)
    }
    // A catalog named on the command line outside the tree: the only one of its table.
    return candidates.count == 1 ? candidates : []
  }
}

/// Where one file's strings of one table go.
public struct Placement: Sendable, Hashable {
  public var catalog: String?
  public var target: String?
  /// Which rule placed them (`--explain`).
  public var reason: String
  /// The target's strings are never synced (a package without `defaultLocalization`): no
  /// catalog is made for them either.
  public var isUnsynced = false
}
