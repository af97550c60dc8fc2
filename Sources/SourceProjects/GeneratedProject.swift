import Foundation

/// What the readers of generated projects (XcodeGen's `project.yml`, Tuist's `Project.swift`)
/// share: what they find, and how a file becomes a target's member.
public enum GeneratedProject {
  /// A spec's targets, every file its targets' sources name (a file it names that no target
  /// builds is not built), and the `Package.swift` files of the local packages it uses.
  public struct Contents: Sendable {
    public var targets: [BuildTarget] = []
    public var referencedFiles = Set<String>()
    public var packageManifests: [String] = []
    /// How many of its targets lhc cannot read (one a function computes): what they build is
    /// unknown.
    public var unreadTargets = 0
  }

  /// A spec that cannot be read: the project is then not read (its files are placed as files of
  /// no project).
  public struct ReadError: Error, Sendable {
    public var message: String
  }

  /// The build phase a file is put in.
  enum Phase: Equatable {
    /// By its type, as Xcode and the generators decide: code is compiled, the rest copied.
    case byType
    case sources
    case resources
    /// Another phase, or none (`buildPhase: none`, headers, copy files): neither compiled nor
    /// a resource.
    case other
  }

  /// A target's members as its sources list them.
  struct Members {
    var sources: [String: String] = [:]
    var otherSources: [String: String] = [:]
    var catalogs = Set<String>()

    mutating func add(_ file: String, rule: String, phase: Phase) {
      let compiles = phase == .sources || phase == .byType
      if compiles, file.hasSuffix(".swift") { sources[file] = rule }
      if compiles, BuildTarget.isOtherSource(file) { otherSources[file] = rule }
      if phase == .resources || phase == .byType, file.hasSuffix(".xcstrings") {
        catalogs.insert(file)
      }
    }

    func target(
      name: String, spec: String, isTest: Bool, isLibrary: Bool, settings: BuildSettings
    ) -> BuildTarget {
      BuildTarget(
        name: name, origin: .generatedProject(spec), isTest: isTest, isLibrary: isLibrary,
        sources: sources, otherSources: otherSources, catalogs: catalogs, settings: settings)
    }
  }

  /// The files a glob relative to `root` names (`Sources/**`, `Sources/**/*.swift`, `*.swift`):
  /// searched below the folders the pattern names before its first wildcard. A pattern without
  /// wildcards names a file, or every file of a folder.
  static func files(matching pattern: String, in root: String, tree: FileTree) -> [String] {
    let components = pattern.split(separator: "/", omittingEmptySubsequences: true)
    let fixed = components.prefix { !$0.contains(where: { "*?[".contains($0) }) }
    let base = Paths.normalize(fixed.joined(separator: "/"), relativeTo: root)
    if fixed.count == components.count {
      let below = tree.files(under: base)
      if !below.isEmpty { return below }
      return FileManager.default.fileExists(atPath: base) ? [base] : []
    }
    let glob = Glob(Paths.relative(Paths.normalize(pattern, relativeTo: root), to: root))
    return tree.files(under: base).filter { glob.matchesWhole(Paths.relative($0, to: root)) }
  }

  /// The SDK of a platform name of XcodeGen's and Tuist's (`iOS`, `macOS`, `macCatalyst`,
  /// Tuist's destinations `iPhone`, `iPad`, `mac`, `appleVision`, …), as `SDKROOT` names it
  /// (what ``BuildSettings/conditions`` reads), and whether it is Mac Catalyst.
  static func sdk(of platform: String) -> (sdk: String, catalyst: Bool)? {
    switch platform.lowercased() {
    case "ios", "iphone", "ipad", "macwithipaddesign": ("iphoneos", false)
    case "maccatalyst": ("iphoneos", true)
    case "macos", "mac": ("macosx", false)
    case "tvos", "appletv": ("appletvos", false)
    case "watchos", "applewatch": ("watchos", false)
    case "visionos", "applevision", "xros": ("xros", false)
    default: nil
    }
  }

  /// The settings that say which platforms a target builds for (`SUPPORTED_PLATFORMS`,
  /// `SUPPORTS_MACCATALYST`), from its platform names.
  static func platformSettings(_ platforms: [String]) -> [String: String] {
    var sdks: [String] = []
    var catalyst = false
    for platform in platforms {
      guard let (sdk, isCatalyst) = sdk(of: platform) else { continue }
      if !sdks.contains(sdk) { sdks.append(sdk) }
      catalyst = catalyst || isCatalyst
    }
    var settings: [String: String] = [:]
    if !sdks.isEmpty { settings["SUPPORTED_PLATFORMS"] = sdks.joined(separator: " ") }
    if catalyst { settings["SUPPORTS_MACCATALYST"] = "YES" }
    return settings
  }

  /// The deployment target setting of a platform (`iOS` → `IPHONEOS_DEPLOYMENT_TARGET`).
  static func deploymentTargetSetting(of platform: String) -> String? {
    switch sdk(of: platform)?.sdk {
    case "iphoneos": "IPHONEOS_DEPLOYMENT_TARGET"
    case "macosx": "MACOSX_DEPLOYMENT_TARGET"
    case "appletvos": "TVOS_DEPLOYMENT_TARGET"
    case "watchos": "WATCHOS_DEPLOYMENT_TARGET"
    case "xros": "XROS_DEPLOYMENT_TARGET"
    default: nil
    }
  }
}
