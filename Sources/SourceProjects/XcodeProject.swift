import Foundation
import LHCPlist
import SourceStrings

/// An Xcode project's targets, read from its `project.pbxproj`: the files of each target's
/// Sources and Resources build phases (file references through their groups' paths) and, for
/// projects of `objectVersion` 70 and later, its synchronized folders
/// (`PBXFileSystemSynchronizedRootGroup`): every file below the folder, less the target's
/// `membershipExceptions`; a target that does not have the folder gets the files an exception
/// set names for it. `/Localized/dir/name` in an exception names `dir/<lang>.lproj/name`.
public enum XcodeProject {
  public struct ReadError: Error, Sendable {
    public var message: String
    public var offset: Int?
  }

  /// A project's targets, and every file it refers to (its file references and everything in
  /// its synchronized folders): a file it refers to that no target has is not built.
  public struct Contents: Sendable {
    public var targets: [BuildTarget]
    public var referencedFiles: Set<String>
  }

  /// The targets of the project whose `project.pbxproj` is at `path` (absolute), with the
  /// settings of its build configuration named `configuration`.
  public static func read(at path: String, files: FileTree, configuration: String = "Debug")
    throws(ReadError) -> Contents
  {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw ReadError(message: "cannot read the project file", offset: nil)
    }
    return try read([UInt8](data), path: path, files: files, configuration: configuration)
  }

  /// The targets of a project file's `bytes`, read as if at `path` (absolute).
  public static func read(
    _ bytes: [UInt8], path: String, files: FileTree, configuration: String = "Debug"
  ) throws(ReadError) -> Contents {
    // An old-style property list: LHCPlist's reader of old-style `.strings` text, which reads
    // the whole OpenStep grammar (dictionaries, arrays, data, comments).
    let root: PlistValue
    do {
      root = .dictionary(
        Dictionary(try StringsFileReader.read(bytes), uniquingKeysWith: { _, last in last }))
    } catch {
      throw ReadError(message: "not a project file: \(error)", offset: nil)
    }
    guard let objects = root["objects"]?.dictionary, let rootID = root["rootObject"]?.string,
      let project = objects[rootID]
    else {
      throw ReadError(message: "not a project file: no objects or root object", offset: nil)
    }
    let projectDirectory = Paths.normalize(
      project["projectDirPath"]?.string ?? "",
      relativeTo: Paths.directory(of: Paths.directory(of: path)))
    var reader = Reader(
      objects: objects, projectDirectory: projectDirectory, files: files, pbxproj: path,
      configuration: configuration)
    if let mainGroup = project["mainGroup"]?.string {
      reader.locate(mainGroup, parent: projectDirectory, depth: 0)
    }
    let projectSettings = reader.settings(of: project["buildConfigurationList"]?.string)
    let targets = (project["targets"]?.array ?? []).compactMap { $0.string }.compactMap { id in
      reader.target(id, projectSettings: projectSettings)
    }
    var referenced = Set<String>()
    for (id, object) in objects {
      guard let path = reader.paths[id] else { continue }
      switch object["isa"]?.string {
      case "PBXFileReference": referenced.insert(path)
      case "PBXFileSystemSynchronizedRootGroup": referenced.formUnion(files.files(under: path))
      default: break
      }
    }
    return Contents(targets: targets, referencedFiles: referenced)
  }

  private struct Reader {
    let objects: [String: PlistValue]
    let projectDirectory: String
    let files: FileTree
    let pbxproj: String
    /// The name of the build configuration read.
    let configuration: String
    let xcconfigs = BuildSettings.XcconfigCache()
    /// Each group's and file reference's absolute path.
    var paths: [String: String] = [:]

    init(
      objects: [String: PlistValue], projectDirectory: String, files: FileTree, pbxproj: String,
      configuration: String
    ) {
      self.objects = objects
      self.projectDirectory = projectDirectory
      self.files = files
      self.pbxproj = pbxproj
      self.configuration = configuration
    }

    /// Records the path of `id` and its children's.
    mutating func locate(_ id: String, parent: String, depth: Int) {
      guard depth < 64, let object = objects[id], paths[id] == nil else { return }
      let path = object["path"]?.string
      let location: String?
      switch object["sourceTree"]?.string ?? "<group>" {
      case "<group>": location = path.map { Paths.normalize($0, relativeTo: parent) } ?? parent
      case "SOURCE_ROOT": location = Paths.normalize(path ?? "", relativeTo: projectDirectory)
      case "<absolute>": location = path.map { Paths.normalize($0) }
      default: location = nil  // SDKROOT, BUILT_PRODUCTS_DIR, DEVELOPER_DIR
      }
      guard let location else { return }
      paths[id] = location
      // A variant group's children (`Base.lproj/Main.storyboard`) are relative to its parent.
      let childParent = object["isa"]?.string == "PBXVariantGroup" ? parent : location
      for child in object["children"]?.array ?? [] {
        if let childID = child.string { locate(childID, parent: childParent, depth: depth + 1) }
      }
    }

    func target(_ id: String, projectSettings: BuildSettings) -> BuildTarget? {
      guard let object = objects[id], object["isa"]?.string == "PBXNativeTarget",
        let name = object["name"]?.string
      else { return nil }
      let productType = object["productType"]?.string ?? ""
      let isTest = productType.contains("unit-test") || productType.contains("ui-testing")
      var sources: [String: String] = [:]
      var catalogs = Set<String>()
      var otherSources: [String: String] = [:]
      for phaseID in object["buildPhases"]?.array ?? [] {
        guard let phase = phaseID.string.flatMap({ objects[$0] }) else { continue }
        let isa = phase["isa"]?.string
        guard isa == "PBXSourcesBuildPhase" || isa == "PBXResourcesBuildPhase" else { continue }
        for buildFileID in phase["files"]?.array ?? [] {
          guard let fileRef = buildFileID.string.flatMap({ objects[$0] })?["fileRef"]?.string,
            let path = paths[fileRef]
          else { continue }
          if path.hasSuffix(".swift") { sources[path] = "a file of its Sources build phase" }
          if isa == "PBXSourcesBuildPhase", BuildTarget.isOtherSource(path) {
            otherSources[path] = "a file of its Sources build phase"
          }
          if path.hasSuffix(".xcstrings") { catalogs.insert(path) }
          // A variant group (`Main.storyboard`: `Base.lproj/…` and `mul.lproj/Main.xcstrings`)
          // brings its catalog.
          if objects[fileRef]?["isa"]?.string == "PBXVariantGroup" {
            for child in objects[fileRef]?["children"]?.array ?? [] {
              if let childPath = child.string.flatMap({ paths[$0] }),
                childPath.hasSuffix(".xcstrings")
              {
                catalogs.insert(childPath)
              }
            }
          }
        }
      }
      // Synchronized folders: the target's own, and other targets' exceptions naming it.
      let ownGroups = Set(
        (object["fileSystemSynchronizedGroups"]?.array ?? []).compactMap(\.string))
      for (groupID, group) in objects
      where group["isa"]?.string == "PBXFileSystemSynchronizedRootGroup" {
        guard let folder = paths[groupID] else { continue }
        let exceptions = exceptionPaths(of: group, target: id, folder: folder)
        let folderName = group["path"]?.string ?? Paths.fileName(of: folder)
        if ownGroups.contains(groupID) {
          let explicitFolders = (group["explicitFolders"]?.array ?? []).compactMap(\.string).map {
            Paths.normalize($0, relativeTo: folder)
          }
          let inFolder = files.files(under: folder)
          // A Swift package inside the folder is a package of its own, not the target's sources.
          let packages = inFolder.filter { Paths.fileName(of: $0) == "Package.swift" }.map(
            Paths.directory(of:))
          for file in inFolder
          where !exceptions.contains(file)
            && !explicitFolders.contains(where: { Paths.isInside(file, $0) })
            && !packages.contains(where: { Paths.isInside(file, $0) })
          {
            if file.hasSuffix(".swift") { sources[file] = "in synchronized folder \(folderName)" }
            if BuildTarget.isOtherSource(file) {
              otherSources[file] = "in synchronized folder \(folderName)"
            }
            if file.hasSuffix(".xcstrings") { catalogs.insert(file) }
          }
        } else {
          for file in exceptions {
            if file.hasSuffix(".swift") {
              sources[file] = "named for it in \(folderName)'s membership exceptions"
            }
            if BuildTarget.isOtherSource(file) {
              otherSources[file] = "named for it in \(folderName)'s membership exceptions"
            }
            if file.hasSuffix(".xcstrings") { catalogs.insert(file) }
          }
        }
      }
      let settings = self.settings(
        of: object["buildConfigurationList"]?.string, inheriting: projectSettings)
      // Frameworks, libraries and loadable bundles run in their host's process.
      let isLibrary =
        productType.contains("framework") || productType.contains("library")
        || productType == "com.apple.product-type.bundle"
      var target = BuildTarget(
        name: name, origin: .xcodeProject(pbxproj), isTest: isTest, isLibrary: isLibrary,
        sources: sources, otherSources: otherSources, catalogs: catalogs, settings: settings)
      target.readInfoPlist(settings, projectDirectory: projectDirectory, settingsFile: pbxproj)
      return target
    }

    /// The files an exception set of `group` for target `id` names (absolute paths, those that
    /// exist; `/Localized/dir/name` as every `dir/*.lproj/name`).
    func exceptionPaths(of group: PlistValue, target id: String, folder: String) -> Set<String> {
      var result = Set<String>()
      for setID in group["exceptions"]?.array ?? [] {
        guard let set = setID.string.flatMap({ objects[$0] }), set["target"]?.string == id,
          set["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet"
        else { continue }
        for entry in (set["membershipExceptions"]?.array ?? []).compactMap(\.string) {
          if entry.hasPrefix("/Localized/") {
            let relative = String(entry.dropFirst("/Localized/".count))
            let directory = Paths.normalize(Paths.directory(of: relative), relativeTo: folder)
            let name = Paths.fileName(of: relative)
            for file in files.files(under: directory)
            where Paths.fileName(of: file) == name
              && Paths.directory(of: file).hasSuffix(".lproj")
              && Paths.directory(of: Paths.directory(of: file)) == directory
            {
              result.insert(file)
            }
          } else {
            result.insert(Paths.normalize(entry, relativeTo: folder))
          }
        }
      }
      return result
    }

    /// The settings of a configuration list's configuration named as the one read (its default
    /// configuration when it has none of that name, as `xcodebuild` builds), over `inheriting`.
    func settings(of listID: String?, inheriting parent: BuildSettings = BuildSettings())
      -> BuildSettings
    {
      // No configuration to read: what the settings say is unknown.
      var unknown = parent
      unknown.isComplete = false
      guard let list = listID.flatMap({ objects[$0] }) else { return unknown }
      let configurations = (list["buildConfigurations"]?.array ?? []).compactMap(\.string)
        .compactMap {
          objects[$0]
        }
      let preferred = list["defaultConfigurationName"]?.string
      guard
        let configuration = configurations.first(where: {
          $0["name"]?.string == self.configuration
        })
          ?? configurations.first(where: { $0["name"]?.string == preferred })
          ?? configurations.first
      else { return unknown }
      var settings = parent
      settings.configuration = configuration["name"]?.string ?? self.configuration
      // A base configuration file: a file reference, or (synchronized folders) a folder and a path.
      var xcconfig: String?
      if let reference = configuration["baseConfigurationReference"]?.string {
        xcconfig = paths[reference]
      } else if let anchor = configuration["baseConfigurationReferenceAnchor"]?.string,
        let folder = paths[anchor],
        let relative = configuration["baseConfigurationReferenceRelativePath"]?.string
      {
        xcconfig = Paths.normalize(relative, relativeTo: folder)
      }
      if let xcconfig { settings.apply(xcconfig: xcconfig, cache: xcconfigs) }
      var own: [String: String] = [:]
      for (key, value) in configuration["buildSettings"]?.dictionary ?? [:] {
        if let text = value.string {
          own[key] = text
        } else if let list = value.array {
          own[key] = list.compactMap(\.string).joined(separator: " ")
        }
      }
      settings.apply(own)
      return settings
    }
  }
}

extension BuildTarget {
  /// The strings of its Info.plist, when it has an `InfoPlist` catalog: from `settings`, paths
  /// relative to `projectDirectory`, the keys settings give credited to `settingsFile`.
  mutating func readInfoPlist(
    _ settings: BuildSettings, projectDirectory: String, settingsFile: String
  ) {
    guard catalog(of: "InfoPlist") != nil else { return }
    infoPlist = InfoPlistStrings.read(
      settings, target: name, projectDirectory: projectDirectory, pbxproj: settingsFile)
  }

  /// A project's target, with what its build settings decide: its `#if` conditions and what its
  /// extraction reads.
  init(
    name: String, origin: Origin, isTest: Bool, isLibrary: Bool, sources: [String: String],
    otherSources: [String: String], catalogs: Set<String>, settings: BuildSettings
  ) {
    self.init(
      name: name, origin: origin, isTest: isTest, sources: sources, catalogs: catalogs.sorted(),
      conditions: settings.conditions, isLibrary: isLibrary, otherSources: otherSources)
    macroNames = settings.macroNames
    swiftExtraction = settings.swiftExtraction
    codeComments = settings.isOn("LOCALIZED_STRING_CODE_COMMENTS")
    hasUnreadSettings = !settings.isComplete
  }
}

/// Build settings by layer (project, its xcconfig, target, its xcconfig): `$(inherited)` is the
/// value of the layers below.
struct BuildSettings {
  var values: [String: String] = [:]
  /// The configuration read (`KEY[config=Debug]` applies to it only).
  var configuration = "Debug"
  /// Every `.xcconfig` file the layers name could be read: a setting none sets is unset, not
  /// unknown.
  var isComplete = true

  mutating func apply(_ layer: [String: String]) {
    for (written, value) in layer {
      // `KEY[arch=*][sdk=*]` holds everywhere; a setting for one SDK or arch is not read.
      guard let key = unconditional(written) else { continue }
      // Most values refer to nothing: they are taken as they are (trimmed where needed).
      guard value.utf8.contains(UInt8(ascii: "$")) else {
        let first = value.utf8.first
        let last = value.utf8.last
        let padded = first == 0x20 || first == 0x09 || last == 0x20 || last == 0x09
        values[key] = padded ? value.trimmingCharacters(in: .whitespaces) : value
        continue
      }
      let inherited = values[key] ?? ""
      values[key] = value.replacingOccurrences(of: "$(inherited)", with: inherited)
        .replacingOccurrences(of: "${inherited}", with: inherited)
        .trimmingCharacters(in: .whitespaces)
    }
  }

  /// The key of a setting that applies to the configuration read, whatever the SDK and arch:
  /// `KEY`, `KEY[arch=*][sdk=*]`, `KEY[config=Debug]`; nil for one that depends on the SDK or
  /// arch (`KEY[sdk=iphoneos*]`) or names another configuration.
  func unconditional(_ key: String) -> String? {
    guard key.utf8.contains(UInt8(ascii: "[")), let open = key.firstIndex(of: "[") else {
      return key
    }
    let conditions = key[open...].split(separator: "]").map { $0.drop { $0 == "[" } }
    guard conditions.allSatisfy({ $0.hasSuffix("=*") || $0 == "config=\(configuration)" }) else {
      return nil
    }
    return String(key[..<open]).trimmingCharacters(in: .whitespaces)
  }

  /// A value with `$(NAME)` and `${NAME}` replaced by the settings' values (nested, a few
  /// levels deep; an unknown name is empty, as in Xcode).
  func expanded(_ value: String, depth: Int = 0) -> String {
    guard depth < 8, value.contains("$") else { return value }
    var result = ""
    var rest = Substring(value)
    while let dollar = rest.firstIndex(of: "$") {
      result += rest[..<dollar]
      let after = rest.index(after: dollar)
      guard after < rest.endIndex, rest[after] == "(" || rest[after] == "{",
        let close = rest[after...].firstIndex(of: rest[after] == "(" ? ")" : "}")
      else {
        result += "$"
        rest = rest[after...]
        continue
      }
      let name = String(rest[rest.index(after: after)..<close])
      result += expanded(values[name] ?? "", depth: depth + 1)
      rest = rest[rest.index(after: close)...]
    }
    return result + rest
  }

  /// Applies the settings of an `.xcconfig` file (read for the configuration read); one that
  /// cannot be read makes the settings incomplete.
  mutating func apply(xcconfig path: String, cache: XcconfigCache) {
    let read = BuildSettings.xcconfig(
      at: path, depth: 0, configuration: configuration, cache: cache)
    apply(read.values)
    if !read.isComplete { isComplete = false }
  }

  /// The settings of `.xcconfig` files already read in one project, by path and configuration
  /// (a project's targets share a few: reading them again was a quarter of `lhc extract`'s time
  /// on a project of forty targets).
  final class XcconfigCache {
    var settings: [String: Xcconfig] = [:]
  }

  /// An `.xcconfig` file's settings, and whether it and every file it includes could be read.
  struct Xcconfig {
    var values: [String: String] = [:]
    var isComplete = true
  }

  /// The settings of an `.xcconfig` file (with its `#include`s; `#include?` may name a file that
  /// is not there); conditional settings (`KEY[sdk=…]`) are not read, those whose conditions are
  /// all `*` are.
  static func xcconfig(
    at path: String, depth: Int, configuration: String = "Debug",
    cache: XcconfigCache = XcconfigCache()
  ) -> Xcconfig {
    let cacheKey = path + "\u{0}" + configuration
    if let known = cache.settings[cacheKey] { return known }
    let result = readXcconfig(at: path, depth: depth, configuration: configuration, cache: cache)
    cache.settings[cacheKey] = result
    return result
  }

  private static func readXcconfig(
    at path: String, depth: Int, configuration: String, cache: XcconfigCache
  ) -> Xcconfig {
    guard depth < 8, let data = FileManager.default.contents(atPath: path) else {
      return Xcconfig(isComplete: false)
    }
    var settings = BuildSettings()
    settings.configuration = configuration
    for rawLine in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
      var line = Substring(rawLine)
      if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("#include") {
        guard let open = trimmed.firstIndex(of: "\""), let close = trimmed.lastIndex(of: "\""),
          open < close
        else { continue }
        let included = xcconfig(
          at: Paths.normalize(
            String(trimmed[trimmed.index(after: open)..<close]),
            relativeTo: Paths.directory(of: path)), depth: depth + 1,
          configuration: configuration, cache: cache)
        settings.apply(included.values)
        if !included.isComplete, !trimmed.hasPrefix("#include?") { settings.isComplete = false }
        continue
      }
      // The `=` after the key and its conditions (`KEY[sdk=*][arch=*] = value`).
      var afterKey = trimmed.firstIndex { !($0.isLetter || $0.isNumber || $0 == "_") }
      while let index = afterKey, trimmed[index] == "[",
        let close = trimmed[index...].firstIndex(of: "]")
      {
        afterKey = trimmed.index(after: close)
      }
      guard let afterKey, let equals = trimmed[afterKey...].firstIndex(of: "=") else { continue }
      let key = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
      settings.apply([
        key: trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
      ])
    }
    return Xcconfig(values: settings.values, isComplete: settings.isComplete)
  }

  /// `LOCALIZED_STRING_MACRO_NAMES`, as names (quotes removed, `$(…)` expanded).
  var macroNames: [String] {
    expanded(values["LOCALIZED_STRING_MACRO_NAMES"] ?? "").split(whereSeparator: \.isWhitespace)
      .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"'")) }
      .filter { !$0.isEmpty }
  }

  /// A configuration built for release (`Release`, `AppStoreRelease`): no `DEBUG` unless its
  /// settings say so.
  static func isRelease(_ configuration: String) -> Bool {
    configuration.lowercased().contains("release")
  }

  /// A boolean setting: `YES` (Xcode also reads `TRUE`, `1`); nil when unset.
  func flag(_ key: String) -> Bool? {
    values[key].map { ["YES", "TRUE", "1"].contains(expanded($0).uppercased()) }
  }

  /// A boolean setting that is on (unset is off: the default of the settings read this way).
  func isOn(_ key: String) -> Bool { flag(key) ?? false }

  /// What Xcode's build extracts from Swift code: the compiler's extraction with
  /// `SWIFT_EMIT_LOC_STRINGS` (`NO` when unset, Xcode's default), otherwise `Text()` literals
  /// while `LOCALIZED_STRING_SWIFTUI_SUPPORT` is on (`YES` when unset), otherwise nothing.
  /// With a configuration file that cannot be read, an unset `SWIFT_EMIT_LOC_STRINGS` is
  /// unknown: the compiler's extraction is assumed (lhc does not narrow what it cannot see).
  var swiftExtraction: BuildTarget.SwiftExtraction {
    if flag("SWIFT_EMIT_LOC_STRINGS") ?? !isComplete { return .compiler }
    return flag("LOCALIZED_STRING_SWIFTUI_SUPPORT") ?? true ? .textOnly : .off
  }

  /// What `#if` sees (and the deployment targets, which decide the SDK's overloads): the
  /// platforms of `SDKROOT` / `SUPPORTED_PLATFORMS` (all when neither is known), the flags of `SWIFT_ACTIVE_COMPILATION_CONDITIONS` and `OTHER_SWIFT_FLAGS` `-D`
  /// (`DEBUG` when no layer sets any, unless the configuration is a release one: Xcode's
  /// templates set it for the Debug configuration).
  var conditions: BuildConditions {
    let sdkNames = [
      "iphoneos": "iOS", "iphonesimulator": "iOS", "macosx": "macOS", "appletvos": "tvOS",
      "appletvsimulator": "tvOS", "watchos": "watchOS", "watchsimulator": "watchOS",
      "xros": "visionOS", "xrsimulator": "visionOS",
    ]
    var platforms = Set<String>()
    if let sdk = values["SDKROOT"], let platform = sdkNames[sdk] { platforms.insert(platform) }
    for name in (values["SUPPORTED_PLATFORMS"] ?? "").split(separator: " ") {
      if let platform = sdkNames[String(name)] { platforms.insert(platform) }
    }
    // An iOS target built for the Mac too compiles its `targetEnvironment(macCatalyst)` code.
    if values["SUPPORTS_MACCATALYST"] == "YES", platforms.isEmpty || platforms.contains("iOS") {
      platforms.formUnion(["iOS", BuildConditions.macCatalyst])
    }
    var flags = Set<String>()
    if let conditions = values["SWIFT_ACTIVE_COMPILATION_CONDITIONS"] {
      flags.formUnion(expanded(conditions).split(separator: " ").map(String.init))
    } else if !BuildSettings.isRelease(configuration) {
      flags.insert("DEBUG")
    }
    let swiftFlags = expanded(values["OTHER_SWIFT_FLAGS"] ?? "").split(separator: " ").map(
      String.init)
    for (index, flag) in swiftFlags.enumerated() {
      if flag == "-D", index + 1 < swiftFlags.count { flags.insert(swiftFlags[index + 1]) }
      if flag.hasPrefix("-D"), flag.count > 2 { flags.insert(String(flag.dropFirst(2))) }
    }
    var result = BuildConditions(platforms: platforms.sorted(), flags: flags)
    for (platform, setting) in [
      ("iOS", "IPHONEOS_DEPLOYMENT_TARGET"), ("macOS", "MACOSX_DEPLOYMENT_TARGET"),
      ("tvOS", "TVOS_DEPLOYMENT_TARGET"), ("watchOS", "WATCHOS_DEPLOYMENT_TARGET"),
      ("visionOS", "XROS_DEPLOYMENT_TARGET"),
    ] {
      if let value = values[setting].map({ expanded($0) }), !value.isEmpty {
        result.deploymentTargets[platform] = BuildConditions.version(value)
      }
    }
    return result
  }
}

/// What a project file's values are read as.
extension PlistValue {
  fileprivate var string: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  fileprivate var array: [PlistValue]? {
    if case .array(let value) = self { return value }
    return nil
  }

  fileprivate var dictionary: [String: PlistValue]? {
    if case .dictionary(let value) = self { return value }
    return nil
  }

  fileprivate subscript(key: String) -> PlistValue? {
    dictionary?[key]
  }
}
