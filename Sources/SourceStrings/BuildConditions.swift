import SwiftSource

/// What `#if` conditions see when a target is built: its platforms and its compilation
/// conditions (`DEBUG` and the project's `SWIFT_ACTIVE_COMPILATION_CONDITIONS`). A clause is read
/// when its condition holds on at least one of the target's platforms.
public struct BuildConditions: Sendable, Hashable {
  /// Apple's platforms, as `os(…)` names them.
  public static let applePlatforms = ["iOS", "macOS", "tvOS", "watchOS", "visionOS"]
  /// An iOS app built for the Mac (`SUPPORTS_MACCATALYST`): `os(iOS)` and
  /// `targetEnvironment(macCatalyst)` hold, UIKit is there.
  public static let macCatalyst = "macCatalyst"

  public var platforms: [String]
  public var flags: Set<String>
  /// The deployment target of each platform (`IPHONEOS_DEPLOYMENT_TARGET`, a package's
  /// `platforms:`), as version components; a platform without one takes the SDK's newest.
  public var deploymentTargets: [String: [Int]] = [:]

  /// Every Apple platform, with `DEBUG` (a development build, where Xcode syncs catalogs).
  public static let anyApplePlatform = BuildConditions(platforms: applePlatforms, flags: ["DEBUG"])

  public init(platforms: [String], flags: Set<String>) {
    self.platforms = platforms.isEmpty ? Self.applePlatforms : platforms
    self.flags = flags
  }

  /// Whether an API the SDK introduced in `introduced` (by platform) can be called on at least
  /// one of the platforms at its deployment target (the SDK's newest where none is known). Mac
  /// Catalyst takes iOS's releases.
  public func isAvailable(_ introduced: [String: [Int]]) -> Bool {
    platforms.contains { platform in
      let name = platform == Self.macCatalyst ? "iOS" : platform
      guard let release = introduced[name] else { return false }
      guard let deployment = deploymentTargets[name] else { return true }
      return !deployment.lexicographicallyPrecedes(release)
    }
  }

  /// `16`, `13.1`, `10.15.4` as version components (the digits before any other character),
  /// without trailing zeros (`16.0` is `16`).
  public static func version(_ text: some StringProtocol) -> [Int] {
    var components = text.split(separator: ".").map { Int($0.prefix(while: \.isNumber)) ?? 0 }
    while components.last == 0 { components.removeLast() }
    return components
  }

  /// The clauses of an `#if` (their conditions, nil for `#else`) that are compiled on at least
  /// one of the platforms: on each, the first whose condition holds.
  public func activeClauses(_ conditions: [Expr?]) -> [Int] {
    var active = Set<Int>()
    for platform in platforms {
      if let first = conditions.firstIndex(where: {
        $0.map { evaluate($0, on: platform, flags: flags) == true } ?? true
      }) {
        active.insert(first)
      }
    }
    return active.sorted()
  }

  /// The clauses another build of the target may compile: with its flags unknown (another
  /// configuration, an xcconfig file or `xcodebuild`'s command line may set any of them), a
  /// clause whose condition can hold after conditions that can all fail, on one of the platforms.
  /// Only a platform the target does not build for, or a literal `false`, rules a clause out.
  public func clausesAnyBuildMayCompile(_ conditions: [Expr?]) -> [Int] {
    var possible = Set<Int>()
    for platform in platforms {
      for (index, condition) in conditions.enumerated() {
        let value = condition.map { evaluate($0, on: platform, flags: nil) } ?? true
        if value != false { possible.insert(index) }
        if value == true { break }
      }
    }
    return possible.sorted()
  }

  /// A condition's value on `platform` with `flags` set, or with every flag unknown (`nil`):
  /// then nil where it depends on one.
  private func evaluate(_ condition: Expr, on platform: String, flags: Set<String>?) -> Bool? {
    switch condition {
    case .boolean(let value, _):
      return value
    case .name(let name, _):
      return flags?.contains(name)
    case .prefix("!", let operand, _):
      return evaluate(operand, on: platform, flags: flags).map { !$0 }
    case .tuple(let elements, _) where elements.count == 1:
      return evaluate(elements[0].value, on: platform, flags: flags)
    case .infix(let operands, let operators):
      // `&&` binds tighter than `||`: split at each `||`, and each part's operands by `&&`.
      var result: Bool? = false
      var conjunction = evaluate(operands[0], on: platform, flags: flags)
      for (index, op) in operators.enumerated() {
        let next = evaluate(operands[index + 1], on: platform, flags: flags)
        if op.text == "||" {
          result = Self.or(result, conjunction)
          conjunction = next
        } else {
          conjunction = Self.and(conjunction, next)
        }
      }
      return Self.or(result, conjunction)
    case .call(.name(let function, _), let arguments, _, _):
      let argument = arguments.first.map { Self.word($0.value) } ?? ""
      switch function {
      case "os": return Self.osMatches(argument, platform)
      case "canImport": return Self.canImport(argument, on: platform)
      case "targetEnvironment":
        return argument == "simulator" || argument == "macCatalyst" && platform == Self.macCatalyst
      case "swift", "compiler":
        // `swift(>=5.9)`: this toolchain's era; `<` is false.
        if case .prefix(let op, _, _)? = arguments.first?.value { return op.hasPrefix(">") }
        return true
      case "arch", "hasFeature", "hasAttribute", "_runtime", "_endian", "_pointerBitWidth":
        return true
      default: return false
      }
    default:
      return false
    }
  }

  /// Three-valued `&&` and `||` (nil: unknown).
  private static func and(_ left: Bool?, _ right: Bool?) -> Bool? {
    if left == false || right == false { return false }
    return left == true && right == true ? true : nil
  }

  private static func or(_ left: Bool?, _ right: Bool?) -> Bool? {
    if left == true || right == true { return true }
    return left == false && right == false ? false : nil
  }

  private static func word(_ expression: Expr) -> String {
    switch expression {
    case .name(let name, _): name
    case .member(let base, let name, _): word(base) + "." + name
    default: ""
    }
  }

  private static func osMatches(_ name: String, _ platform: String) -> Bool {
    let platform = platform == macCatalyst ? "iOS" : platform
    return switch name {
    case "OSX", "macOS": platform == "macOS"
    case "xrOS", "visionOS": platform == "visionOS"
    default: name == platform
    }
  }

  /// Apple's UI frameworks exist on their platforms only; any other module is taken to be
  /// importable (a package the app depends on).
  private static func canImport(_ module: String, on platform: String) -> Bool {
    switch module {
    case "UIKit": ["iOS", "tvOS", "visionOS", macCatalyst].contains(platform)
    case "AppKit", "Cocoa": platform == "macOS"
    case "WatchKit": platform == "watchOS"
    case "Glibc", "Musl", "WinSDK", "Android": false
    default: true
    }
  }
}
