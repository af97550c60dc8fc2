import Foundation
import SourceStrings
import SwiftSource

/// A Swift package's targets, read from its `Package.swift` with the Swift parser (the manifest
/// is not run): the `Package(…)` call's `defaultLocalization:`, `platforms:` and `targets:`, each
/// `.target` / `.executableTarget` / `.testTarget` / `.macro` with its `name:`, `path:`,
/// `exclude:`, `sources:` and `swiftSettings: [.define(…)]`, through `let` constants and `+` of
/// arrays. A target's folder is `path:` or `Sources/<name>` (`Tests/<name>` for a test target);
/// its catalogs are the `.xcstrings` files in it.
public enum PackageManifest {
  /// The targets of the package whose `Package.swift` is at `path` (absolute).
  /// `configuration` is the build configuration (`Release`, or a name with `release` in it,
  /// builds the package for release: no `DEBUG`).
  public static func targets(at path: String, files: FileTree, configuration: String = "Debug")
    -> [BuildTarget]
  {
    guard let data = FileManager.default.contents(atPath: path) else { return [] }
    return targets([UInt8](data), path: path, files: files, configuration: configuration)
  }

  /// The targets of a manifest's `bytes`, read as if at `path` (absolute).
  public static func targets(
    _ bytes: [UInt8], path: String, files: FileTree, configuration: String = "Debug"
  ) -> [BuildTarget] {
    let (package, constants) = manifestCall(
      Parser.parse(SourceFile(path: path, bytes: bytes)), callee: "Package")
    guard let package else { return [] }
    let root = Paths.directory(of: path)
    let hasDefaultLocalization = package.contains { $0.label == "defaultLocalization" }
    let platformCalls = (package.first { $0.label == "platforms" }).map {
      elements($0.value, constants)
    }
    let platforms = platformCalls?.compactMap(platformName) ?? []
    var deploymentTargets: [String: [Int]] = [:]
    for call in platformCalls ?? [] {
      if let name = platformName(call), let version = platformVersion(call, constants) {
        deploymentTargets[name] = deploymentTargets[name] ?? version
      }
    }
    var targets: [BuildTarget] = []
    for target in elements(package.first { $0.label == "targets" }?.value, constants) {
      guard case .call(let callee, let arguments, _, _) = target else { continue }
      let kind: String
      switch callee {
      case .implicitMember(let name, _), .member(_, let name, _): kind = name
      default: continue
      }
      guard ["target", "executableTarget", "testTarget", "macro"].contains(kind),
        let name = literal(arguments.first { $0.label == "name" }?.value, constants)
      else { continue }
      let isTest = kind == "testTarget"
      let folder = Paths.normalize(
        literal(arguments.first { $0.label == "path" }?.value, constants)
          ?? (isTest ? "Tests/\(name)" : "Sources/\(name)"), relativeTo: root)
      let excluded = elements(arguments.first { $0.label == "exclude" }?.value, constants)
        .compactMap {
          literal($0, constants).map { Paths.normalize($0, relativeTo: folder) }
        }
      let listed = arguments.first { $0.label == "sources" }.map {
        elements($0.value, constants).compactMap {
          literal($0, constants).map { Paths.normalize($0, relativeTo: folder) }
        }
      }
      var sources: [String: String] = [:]
      var catalogs: [String] = []
      var otherSources: [String: String] = [:]
      let rule = "in the folder of target \(name) of \(Paths.fileName(of: root))/Package.swift"
      for file in files.files(under: folder)
      where !excluded.contains(where: { Paths.isInside(file, $0) }) {
        if file.hasSuffix(".swift"), listed?.contains(where: { Paths.isInside(file, $0) }) ?? true {
          sources[file] = rule
        }
        if file.hasSuffix(".xcstrings") { catalogs.append(file) }
        if BuildTarget.isOtherSource(file) { otherSources[file] = rule }
      }
      var flags: Set<String> = BuildSettings.isRelease(configuration) ? [] : ["DEBUG"]
      for setting in elements(arguments.first { $0.label == "swiftSettings" }?.value, constants) {
        if case .call(.implicitMember("define", _), let defineArguments, _, _) = setting,
          let flag = literal(defineArguments.first?.value, constants),
          appliesTo(configuration, defineArguments.dropFirst().first?.value)
        {
          flags.insert(flag)
        }
      }
      var target = BuildTarget(
        name: name, origin: .package(path), isTest: isTest, sources: sources, catalogs: catalogs,
        conditions: conditions(platforms, flags, deploymentTargets),
        unsyncedReason: hasDefaultLocalization
          ? nil : "package \(Paths.fileName(of: root)) has no defaultLocalization",
        isLibrary: kind != "executableTarget", otherSources: otherSources)
      target.folder = folder
      targets.append(target)
    }
    return targets
  }

  /// Whether a setting's condition (`.when(configuration: .release)`; none) holds for
  /// `configuration`; a condition on platforms only holds.
  private static func appliesTo(_ configuration: String, _ condition: Expr?) -> Bool {
    guard case .call(.implicitMember("when", _), let arguments, _, _)? = condition,
      let wanted = arguments.first(where: { $0.label == "configuration" })?.value,
      case .implicitMember(let name, _) = wanted
    else { return true }
    return (name == "release") == BuildSettings.isRelease(configuration)
  }

  /// The constants (`let` and `var` of the top level) of a manifest read without running it, and
  /// the arguments of its first top-level call of `callee` (`Package(…)`, `Project(…)`), written
  /// as a statement or a constant's value.
  static func manifestCall(_ tree: SourceTree, callee: String) -> (
    arguments: [Argument]?, constants: [String: Expr]
  ) {
    var constants: [String: Expr] = [:]
    var found: [Argument]?
    func consider(_ expression: Expr) {
      if found == nil, case .call(.name(callee, _), let arguments, _, _) = expression {
        found = arguments
      }
    }
    for statement in tree.statements {
      guard case .declaration(let declaration) = statement,
        case .variable(let variable) = declaration.kind
      else {
        if case .expression(let expression) = statement { consider(expression) }
        continue
      }
      for binding in variable.bindings {
        guard binding.names.count == 1, let value = binding.initializer else { continue }
        constants[binding.names[0]] = value
        consider(value)
      }
    }
    return (found, constants)
  }

  /// An expression with the constants it names replaced by their values, and a choice whose
  /// condition they decide (`selfCompiled ? "Self-Compiled" : "App"`) by the value chosen.
  static func resolved(_ expression: Expr?, _ constants: [String: Expr], depth: Int = 0) -> Expr? {
    guard depth < 8 else { return expression }
    switch expression {
    case .name(let name, _)?:
      if let value = constants[name] { return resolved(value, constants, depth: depth + 1) }
    case .infix(let operands, let operators)?:
      guard operands.count == 2, operators.count == 1 else { break }
      if operators[0].text == "?:", let middle = operators[0].middle,
        let condition = boolean(operands[0], constants, depth: depth + 1)
      {
        return resolved(condition ? middle : operands[1], constants, depth: depth + 1)
      }
      // `product ?? .framework`: the left side when the constants give it a value.
      if operators[0].text == "??", let left = isNil(operands[0], constants, depth: depth + 1) {
        return resolved(left ? operands[1] : operands[0], constants, depth: depth + 1)
      }
    default:
      break
    }
    return expression
  }

  /// A condition's value when the constants decide it (`true`, `flag`, `!flag`, `x != nil`).
  private static func boolean(_ expression: Expr, _ constants: [String: Expr], depth: Int) -> Bool?
  {
    switch resolved(expression, constants, depth: depth) {
    case .boolean(let value, _)?: return value
    case .prefix("!", let operand, _)?:
      return boolean(operand, constants, depth: depth + 1).map { !$0 }
    case .infix(let operands, let operators)?
    where operands.count == 2 && operators.count == 1
      && ["==", "!="].contains(operators[0].text):
      guard case .nilLiteral = operands[1],
        let value = isNil(operands[0], constants, depth: depth + 1)
      else { return nil }
      return operators[0].text == "==" ? value : !value
    default: return nil
    }
  }

  /// Whether an expression the constants name is `nil` (a parameter's default) or a value; nil
  /// when they do not say.
  private static func isNil(_ expression: Expr, _ constants: [String: Expr], depth: Int) -> Bool? {
    guard case .name(let name, _) = expression, constants[name] != nil else { return nil }
    if case .nilLiteral? = resolved(expression, constants, depth: depth) { return true }
    return false
  }

  /// The elements of an array expression, through `let` constants and `+`.
  static func elements(_ expression: Expr?, _ constants: [String: Expr], depth: Int = 0)
    -> [Expr]
  {
    guard let expression, depth < 16 else { return [] }
    switch expression {
    case .array(let elements, _):
      return elements.compactMap { resolved($0, constants) }
    case .name(let name, _):
      return elements(constants[name], constants, depth: depth + 1)
    case .infix(let operands, let operators) where operators.allSatisfy({ $0.text == "+" }):
      return operands.flatMap { elements($0, constants, depth: depth + 1) }
    default:
      return []
    }
  }

  /// A string literal's text, through `let` constants.
  static func literal(_ expression: Expr?, _ constants: [String: Expr]) -> String? {
    if case .string(let literal)? = resolved(expression, constants) { return literal.plainText }
    return nil
  }

  private static func conditions(
    _ platforms: [String], _ flags: Set<String>, _ deploymentTargets: [String: [Int]]
  ) -> BuildConditions {
    var result = BuildConditions(platforms: platforms, flags: flags)
    result.deploymentTargets = deploymentTargets
    return result
  }

  /// The version of a `platforms:` entry: `.iOS(.v16)`, `.macOS(.v10_15)`, `.iOS("16.4")`.
  private static func platformVersion(_ expression: Expr, _ constants: [String: Expr]) -> [Int]? {
    guard case .call(_, let arguments, _, _) = expression, let argument = arguments.first?.value
    else { return nil }
    if case .implicitMember(let name, _) = argument, name.hasPrefix("v") {
      return BuildConditions.version(name.dropFirst().replacingOccurrences(of: "_", with: "."))
    }
    return literal(argument, constants).map { BuildConditions.version($0) }
  }

  /// `.macOS(.v14)` → `macOS`.
  private static func platformName(_ expression: Expr) -> String? {
    guard case .call(.implicitMember(let name, _), _, _, _) = expression else { return nil }
    switch name {
    case "macOS", "iOS", "tvOS", "watchOS", "visionOS": return name
    case "macCatalyst": return "iOS"
    default: return nil
    }
  }
}
