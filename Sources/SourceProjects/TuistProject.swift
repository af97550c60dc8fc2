import Foundation
import SwiftSource

/// A Tuist project's targets, read from its `Project.swift` with the Swift parser (the manifest is
/// not run, as ``PackageManifest`` reads `Package.swift`): the `Project(…)` call's `settings:`,
/// `packages:` (`.package(path:)`, `.local(path:)`) and `targets:`, each `.target(…)`,
/// `Target(…)` or `.init(…)` with its `name:`, `destinations:` or `platform:`, `product:`,
/// `deploymentTargets:`, `sources:`, `resources:` and `buildableFolders:` (globs relative to the
/// manifest: `Sources/**`, `*.swift`; `.glob(_:excluding:)`) and `settings:`
/// (`.settings(base:, configurations: [.debug(name:, settings:, xcconfig:)], debug:, release:)`),
/// through `let` constants, and through the functions the manifest and its
/// `Tuist/ProjectDescriptionHelpers` declare (free ones, `Target`'s static ones) that return one.
/// Only a manifest that imports `ProjectDescription` is one.
public enum TuistProject {
  /// Whether `bytes` are a Tuist manifest: Swift that imports `ProjectDescription` (a file
  /// named `Project.swift` can be an app's own code).
  public static func isManifest(_ bytes: [UInt8]) -> Bool {
    String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).contains {
      let words = $0.split(whereSeparator: \.isWhitespace)
      return words.firstIndex(of: "import").map {
        words.dropFirst($0 + 1).first == "ProjectDescription"
      }
        ?? false
    }
  }

  /// Whether the file at `path` is a Tuist manifest.
  public static func isManifest(at path: String) -> Bool {
    FileManager.default.contents(atPath: path).map { isManifest([UInt8]($0)) } ?? false
  }

  /// The targets of the manifest at `path` (absolute).
  public static func read(at path: String, files: FileTree, configuration: String = "Debug")
    -> GeneratedProject.Contents
  {
    guard let data = FileManager.default.contents(atPath: path) else { return .init() }
    return read([UInt8](data), path: path, files: files, configuration: configuration)
  }

  /// The targets of a manifest's `bytes`, read as if at `path` (absolute).
  public static func read(
    _ bytes: [UInt8], path: String, files: FileTree, configuration: String = "Debug"
  ) -> GeneratedProject.Contents {
    let tree = Parser.parse(SourceFile(path: path, bytes: bytes))
    var (project, constants) = PackageManifest.manifestCall(tree, callee: "Project")
    var contents = GeneratedProject.Contents()
    guard let project else { return contents }
    let root = Paths.directory(of: path)
    let projectRoot = projectRoot(of: root)
    // The manifest's functions, then those of its `ProjectDescriptionHelpers` (the manifest's
    // own win), and the helpers' constants.
    var functions = Functions()
    functions.add(tree)
    let helpers = Paths.normalize("Tuist/ProjectDescriptionHelpers", relativeTo: projectRoot)
    for file in files.files(under: helpers).filter({ $0.hasSuffix(".swift") }).sorted() {
      guard let data = FileManager.default.contents(atPath: file) else { continue }
      let helper = Parser.parse(SourceFile(path: file, bytes: [UInt8](data)))
      functions.add(helper)
      constants.merge(PackageManifest.manifestCall(helper, callee: "").constants) { own, _ in own }
    }
    let reader = Reader(
      constants: constants, functions: functions, root: root, projectRoot: projectRoot,
      path: path, files: files, configuration: configuration)
    for package in reader.elements(project, "packages") {
      if case .call(_, let arguments, _, _) = package,
        let folder = reader.literal(arguments.first { $0.label == "path" }?.value)
      {
        contents.packageManifests.append(
          Paths.normalize(folder, relativeTo: reader.root) + "/Package.swift")
      }
    }
    let projectSettings = reader.settings(reader.argument(project, "settings"))
    for target in reader.elements(project, "targets") {
      guard let (built, referenced) = reader.target(target, projectSettings: projectSettings)
      else {
        contents.unreadTargets += 1
        continue
      }
      contents.targets.append(built)
      contents.referencedFiles.formUnion(referenced)
    }
    return contents
  }

  /// The folders of the projects a `Workspace.swift` lists (`projects: ["App", "Modules/*"]`)
  /// that hold a `Project.swift`.
  public static func workspaceProjects(at path: String, files: FileTree) -> [String] {
    guard let data = FileManager.default.contents(atPath: path), isManifest([UInt8](data)) else {
      return []
    }
    let (workspace, constants) = PackageManifest.manifestCall(
      Parser.parse(SourceFile(path: path, bytes: [UInt8](data))), callee: "Workspace")
    let root = Paths.directory(of: path)
    let projects = PackageManifest.elements(
      workspace?.first { $0.label == "projects" }?.value, constants)
    return projects.compactMap { PackageManifest.literal($0, constants) }.flatMap { pattern in
      GeneratedProject.files(matching: pattern + "/Project.swift", in: root, tree: files)
        + GeneratedProject.files(matching: pattern, in: root, tree: files).filter {
          Paths.fileName(of: $0) == "Project.swift"
        }
    }.filter { Paths.fileName(of: $0) == "Project.swift" }
  }

  /// The project's root, which `.relativeToRoot(…)` paths start from: the manifest's folder or
  /// the nearest above it with `Tuist.swift`, a `Tuist` folder or `.git` (as Tuist finds it).
  static func projectRoot(of folder: String) -> String {
    var directory = folder
    while true {
      for marker in ["Tuist.swift", "Tuist", ".git"]
      where FileManager.default.fileExists(atPath: directory + "/" + marker) {
        return directory
      }
      if directory == "/" || directory == "." { return folder }
      directory = Paths.directory(of: directory)
    }
  }

  /// The functions a manifest and its helpers declare that may compute a target: free
  /// functions (`appTarget(…)`) and `Target`'s static ones (`.module(…)`, `Target.module(…)`).
  struct Functions {
    var free: [String: FunctionDeclaration] = [:]
    var targetStatics: [String: FunctionDeclaration] = [:]

    mutating func add(_ tree: SourceTree) {
      for statement in tree.statements {
        guard case .declaration(let declaration) = statement else { continue }
        switch declaration.kind {
        case .function(let function) where function.body != nil:
          free[function.name] = free[function.name] ?? function
        case .type(let type) where type.keyword == "extension" && type.name == "Target":
          for member in type.members where member.isStatic {
            if case .function(let function) = member.kind, function.body != nil,
              function.name != "target"
            {
              targetStatics[function.name] = targetStatics[function.name] ?? function
            }
          }
        default:
          continue
        }
      }
    }

    /// The function a call calls, if the manifest or its helpers declare it.
    func called(by callee: Expr) -> FunctionDeclaration? {
      switch callee {
      case .name(let name, _): free[name]
      case .implicitMember(let name, _), .member(.name("Target", _), let name, _):
        targetStatics[name]
      default: nil
      }
    }
  }

  private struct Reader {
    var constants: [String: Expr]
    /// The functions the manifest and its helpers declare, which may compute a target.
    let functions: Functions
    /// The manifest's folder, and the project's root (``projectRoot(of:)``).
    let root: String
    let projectRoot: String
    let path: String
    let files: FileTree
    let configuration: String

    func argument(_ arguments: [Argument], _ label: String) -> Expr? {
      PackageManifest.resolved(arguments.first { $0.label == label }?.value, constants)
    }

    func elements(_ arguments: [Argument], _ label: String) -> [Expr] {
      PackageManifest.elements(arguments.first { $0.label == label }?.value, constants)
    }

    func literal(_ expression: Expr?) -> String? {
      PackageManifest.literal(expression, constants)
    }

    /// The name of an enum case written `.name`, `Type.name` or `.name(…)`.
    func caseName(_ expression: Expr?) -> String? {
      switch PackageManifest.resolved(expression, constants) {
      case .implicitMember(let name, _)?, .member(_, let name, _)?: name
      case .call(let callee, _, _, _)?: caseName(callee)
      default: nil
      }
    }

    func target(_ expression: Expr, projectSettings: Settings, depth: Int = 0) -> (
      BuildTarget, Set<String>
    )? {
      if depth < 4, let (returned, inside) = inlined(expression) {
        return inside.target(returned, projectSettings: projectSettings, depth: depth + 1)
      }
      guard case .call(let callee, let arguments, _, _) = expression else { return nil }
      switch callee {
      case .implicitMember("target", _), .implicitMember("init", _), .name("Target", _),
        .member(.name("Target", _), "target", _):
        break
      default: return nil
      }
      guard let name = literal(argument(arguments, "name")) else { return nil }
      let product = caseName(argument(arguments, "product")) ?? "app"
      let isTest = product == "unitTests" || product == "uiTests"
      let isLibrary =
        product.lowercased().contains("framework") || product.lowercased().contains("library")
        || product == "bundle"
      // Platforms: `destinations: .iOS`, `[.iPhone, .iPad, .macCatalyst]`; `platform: .iOS`.
      let destinations = argument(arguments, "destinations")
      var platforms =
        (destinations.flatMap { PackageManifest.elements($0, constants) } ?? []).compactMap {
          caseName($0)
        }
      if platforms.isEmpty, let single = caseName(destinations ?? argument(arguments, "platform")) {
        platforms = [single]
      }
      var layer = GeneratedProject.platformSettings(platforms)
      for (platform, version) in deploymentTargets(
        argument(arguments, "deploymentTargets") ?? argument(arguments, "deploymentTarget"))
      {
        if let setting = GeneratedProject.deploymentTargetSetting(of: platform) {
          layer[setting] = version
        }
      }
      let own = settings(argument(arguments, "settings"))
      var buildSettings = BuildSettings()
      buildSettings.configuration =
        own.configuration ?? projectSettings.configuration ?? configuration
      // As Xcode layers them: the project's xcconfig and settings, then the target's.
      let xcconfigs = BuildSettings.XcconfigCache()
      if let xcconfig = projectSettings.xcconfig {
        buildSettings.apply(xcconfig: xcconfig, cache: xcconfigs)
      }
      buildSettings.apply(projectSettings.values)
      if let xcconfig = own.xcconfig { buildSettings.apply(xcconfig: xcconfig, cache: xcconfigs) }
      layer.merge(own.values) { $1 }
      buildSettings.apply(layer)
      var members = GeneratedProject.Members()
      var referenced = Set<String>()
      let manifest = Paths.fileName(of: path)
      for (label, phase) in [
        ("sources", GeneratedProject.Phase.sources), ("resources", .resources),
        ("buildableFolders", .byType),
      ] {
        for (pattern, excluding) in globs(argument(arguments, label)) {
          let rule = "its \(label) \(pattern) in \(manifest)"
          let excluded = excluding.flatMap {
            GeneratedProject.files(matching: $0, in: root, tree: files)
          }
          for file in GeneratedProject.files(matching: pattern, in: root, tree: files)
          where !excluded.contains(file) {
            referenced.insert(file)
            members.add(file, rule: rule, phase: phase)
          }
        }
      }
      return (
        members.target(
          name: name, spec: path, isTest: isTest, isLibrary: isLibrary, settings: buildSettings),
        referenced
      )
    }

    /// A call of a function the manifest declares (`func appTarget(selfCompiled: Bool) ->
    /// Target`): the expression its body returns, and a reader that knows its parameters (the
    /// call's arguments, else their default values) and the `let`s and `var`s before the
    /// `return`. Statements other than those (an `if` that appends a flag) are not read.
    func inlined(_ expression: Expr) -> (Expr, Reader)? {
      guard case .call(let callee, let arguments, _, _) = expression,
        let function = functions.called(by: callee), let body = function.body
      else { return nil }
      var inside = self
      var remaining = arguments
      for parameter in function.parameters {
        if let position = remaining.firstIndex(where: { $0.label == parameter.label }) {
          // Resolved where the call is: `appTarget(name: name)` names the caller's `name`.
          let value = remaining.remove(at: position).value
          inside.constants[parameter.name] = PackageManifest.resolved(value, constants) ?? value
        } else if let value = parameter.defaultValue {
          inside.constants[parameter.name] = value
        }
      }
      for statement in body {
        switch statement {
        case .declaration(let declaration):
          guard case .variable(let variable) = declaration.kind else { continue }
          for binding in variable.bindings where binding.names.count == 1 {
            if let value = binding.initializer { inside.constants[binding.names[0]] = value }
          }
        case .returnStatement(let value?, _):
          return (value, inside)
        case .expression(let value) where body.count == 1:
          return (value, inside)
        default:
          continue
        }
      }
      return nil
    }

    /// A `Path`: `"x"`, `.relativeToManifest("x")` and `.relativeToCurrentFile("x")` from the
    /// manifest's folder, `.relativeToRoot("x")` from the project's root, `.path("/x")`.
    func path(_ expression: Expr?) -> String? {
      if let text = literal(expression) { return Paths.normalize(text, relativeTo: root) }
      guard
        case .call(let callee, let arguments, _, _)? = PackageManifest.resolved(
          expression, constants),
        let text = literal(arguments.first?.value)
      else { return nil }
      switch caseName(callee) {
      case "relativeToRoot": return Paths.normalize(text, relativeTo: projectRoot)
      case "relativeToManifest", "relativeToCurrentFile", "path":
        return Paths.normalize(text, relativeTo: root)
      default: return nil
      }
    }

    /// The globs of a files list: `"Sources/**"`, `["A/**", .glob("B/**", excluding: […])]`,
    /// `.paths([…])`, `SourceFilesList(globs: […])`, `.resources([…])`; a folder reference
    /// (copied as it is) names none.
    func globs(_ expression: Expr?) -> [(pattern: String, excluding: [String])] {
      guard let expression = PackageManifest.resolved(expression, constants) else { return [] }
      if let pattern = literal(expression) { return [(pattern, [])] }
      switch expression {
      case .array:
        return PackageManifest.elements(expression, constants).flatMap { globs($0) }
      case .call(let callee, let arguments, _, _):
        switch caseName(callee) {
        case "glob":
          guard let pattern = literal(arguments.first?.value) else { return [] }
          let excluding = argument(arguments, "excluding")
          let excluded =
            literal(excluding).map { [$0] }
            ?? PackageManifest.elements(excluding, constants).compactMap { literal($0) }
          return [(pattern, excluded)]
        case "folderReference": return []
        default:
          return arguments.filter { [nil, "globs", "paths", "resources"].contains($0.label) }
            .flatMap { globs($0.value) }
        }
      default: return []
      }
    }

    /// `deploymentTargets: .iOS("17.0")`, `.multiplatform(iOS: "17.0", macOS: "14.0")`;
    /// `deploymentTarget: .iOS(targetVersion: "15.0", devices: …)`.
    func deploymentTargets(_ expression: Expr?) -> [(String, String)] {
      guard case .call(let callee, let arguments, _, _)? = expression,
        let name = caseName(callee)
      else { return [] }
      if name == "multiplatform" {
        return arguments.compactMap { argument in
          argument.label.flatMap { label in literal(argument.value).map { (label, $0) } }
        }
      }
      return literal(arguments.first?.value).map { [(name, $0)] } ?? []
    }

    /// A `Settings` value: its base and the configuration read's settings, and the
    /// configuration's `.xcconfig`.
    struct Settings {
      var values: [String: String] = [:]
      var xcconfig: String?
      /// The configuration read, when the settings list configurations.
      var configuration: String?
    }

    func settings(_ expression: Expr?) -> Settings {
      var result = Settings()
      guard case .call(_, let arguments, _, _)? = expression else { return result }
      result.values = dictionary(argument(arguments, "base"))
      // `configurations: [.debug(name: "Debug", settings: […], xcconfig: "…")]`: the one of
      // the configuration read, else the first of its kind.
      let configurations = elements(arguments, "configurations").compactMap {
        configuration -> (name: String, kind: String, arguments: [Argument])? in
        guard case .call(let callee, let arguments, _, _) = configuration,
          let kind = caseName(callee)
        else { return nil }
        let nameExpression = argument(arguments, "name")
        let name =
          literal(nameExpression) ?? caseName(nameExpression)?.capitalized ?? kind.capitalized
        return (name, kind, arguments)
      }
      let wanted =
        configurations.first { $0.name == configuration }
        ?? configurations.first {
          ($0.kind == "release") == BuildSettings.isRelease(configuration)
        }
      if let wanted {
        result.configuration = wanted.name
        result.values.merge(dictionary(argument(wanted.arguments, "settings"))) { $1 }
        result.xcconfig = path(argument(wanted.arguments, "xcconfig"))
      }
      // Tuist 3's `debug:` and `release:` dictionaries.
      let kind = BuildSettings.isRelease(configuration) ? "release" : "debug"
      result.values.merge(dictionary(argument(arguments, kind))) { $1 }
      return result
    }

    /// A settings dictionary: `["KEY": "value", "FLAG": true, "LIST": ["a", "b"],
    /// "OTHER": .string("x"), "MORE": .array([…])]`, and `SettingsDictionary`'s methods on one:
    /// `.merging([…])`, `.swiftActiveCompilationConditions(…)`, `.otherSwiftFlags(…)` (the
    /// others set nothing lhc reads).
    func dictionary(_ expression: Expr?) -> [String: String] {
      switch PackageManifest.resolved(expression, constants) {
      case .dictionary(let entries, _)?:
        var result: [String: String] = [:]
        for (key, value) in entries {
          guard let key = literal(key), let text = settingValue(value) else { continue }
          result[key] = text
        }
        return result
      case .call(.member(let base, let method, _), let arguments, _, _)?:
        var result = dictionary(base)
        let values = arguments.compactMap { settingValue($0.value) }.joined(separator: " ")
        switch method {
        case "merging": result.merge(dictionary(arguments.first?.value)) { $1 }
        case "swiftActiveCompilationConditions":
          result["SWIFT_ACTIVE_COMPILATION_CONDITIONS"] = values
        case "otherSwiftFlags": result["OTHER_SWIFT_FLAGS"] = values
        default: break
        }
        return result
      default:
        return [:]
      }
    }

    private func settingValue(_ expression: Expr) -> String? {
      switch PackageManifest.resolved(expression, constants) {
      case .string(let literal)?: return literal.plainText
      case .boolean(let value, _)?: return value ? "YES" : "NO"
      case .array?, .infix?:
        // A list, or lists joined with `+` (`["DEBUG"] + extraConditions`).
        return PackageManifest.elements(expression, constants).compactMap(settingValue).joined(
          separator: " ")
      case .call(_, let arguments, _, _)?: return arguments.first.flatMap { settingValue($0.value) }
      default: return nil
      }
    }

  }
}
