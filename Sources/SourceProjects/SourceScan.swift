import Foundation
import LHCBase
import SourceStrings

/// What `lhc extract` reads: the Swift files given (folders searched), the projects that say
/// which target each belongs to (Xcode projects and `Package.swift` files in the folders and in
/// the folders above them, up to the repository's root), and the catalogs there are.
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
    func consider(_ file: String) {
      if !excluded.isEmpty {
        let relative = Paths.relative(file, to: current)
        if excluded.contains(where: { $0.matches(relative) || $0.matches(file) }) { return }
      }
      if file.hasSuffix(".swift"), Paths.fileName(of: file) != "Package.swift" {
        swiftFiles.insert(file)
      }
      if BuildTarget.isOtherSource(file) || BuildTarget.isHeader(file) {
        cFamilyFiles.insert(file)
      }
      if file.hasSuffix(".xcstrings") { catalogs.insert(file) }
      if isInterfaceBuilderFile(file) { interfaceFiles.insert(file) }
      if file.hasSuffix(".xcodeproj/project.pbxproj") { projects.insert(file) }
      if Paths.fileName(of: file) == "Package.swift" { manifests.insert(file) }
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
        for file in SourceScan.projectFiles(in: directory) {
          if file.hasSuffix("Package.swift") {
            manifests.insert(file)
          } else {
            projects.insert(file)
          }
        }
        if SourceScan.isRepositoryRoot(directory) || directory == "/" { break }
        directory = Paths.directory(of: directory)
      }
    }
    var targets: [BuildTarget] = []
    var problems: [(String, Diagnostic)] = []
    var referenced = Set<String>()
    for project in projects.sorted() {
      do {
        let contents = try XcodeProject.read(
          at: project, files: tree, configuration: configuration)
        targets += contents.targets
        referenced.formUnion(contents.referencedFiles)
      } catch {
        problems.append((project, Diagnostic.error(error.message, offset: error.offset)))
      }
    }
    for manifest in manifests.sorted() {
      targets += PackageManifest.targets(
        at: manifest, files: tree, configuration: configuration)
    }
    for target in targets { catalogs.formUnion(target.catalogs) }
    var scan = SourceScan(
      files: [], targets: targets, catalogs: catalogs.sorted(), problems: problems)
    // Not built: only a test target has it, or a project refers to it and no target has it.
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
    // C-family files: those of a (non-test) target and every header, which no build phase
    // compiles but whose macros the sources expand.
    let testOnly = Set(targets.filter(\.isTest).flatMap(\.otherSources.keys))
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
      scan.files.filter {
        scan.targetsByFile[$0] == nil && builtFolders.contains(Paths.directory(of: $0))
      })
    return scan
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
      if entry == "Package.swift" { result.append(directory + "/" + entry) }
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
        case .package(let path): Paths.directory(of: path)
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
      if let catalog = nearestCatalog(of: table, from: file) {
        return [
          Placement(catalog: catalog, target: nil, reason: "the nearest catalog of table \(table)")
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

  /// The catalog of `table` nearest `file` up the folder tree: in the closest folder above it
  /// that holds one below it, the one fewest folders down (then the first by path).
  func nearestCatalog(of table: String, from file: String) -> String? {
    let candidates = catalogs.filter { Paths.tableName(of: $0) == table }
    guard !candidates.isEmpty else { return nil }
    var directory = Paths.directory(of: file)
    while true {
      let inside = candidates.filter { Paths.isInside($0, directory) }
      if let best = inside.min(by: {
        ($0.split(separator: "/").count, $0) < ($1.split(separator: "/").count, $1)
      }) {
        return best
      }
      if directory == "/" || directory == "." { break }
      directory = Paths.directory(of: directory)
    }
    // A catalog named on the command line outside the tree: the only one of its table.
    return candidates.count == 1 ? candidates[0] : nil
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
