import Foundation
import ProjectSpecs

/// An XcodeGen project's targets, read from its `project.yml` (YAML, with its `include:`s merged
/// as XcodeGen merges them; paths relative to the file that writes them): each target's `type`,
/// `platform` (a list of platforms makes a target per platform, `<name>_<platform>`) or
/// `supportedDestinations`, `deploymentTarget`, `templates` (`targetTemplates`, with
/// `${target_name}` and `templateAttributes`), `sources` (a path, or entries with `path`,
/// `excludes`, `includes`, `buildPhase`, `type: folder`), `configFiles` and `settings` (`base`,
/// `configs`, `groups` of `settingGroups`); the project's `configs`, `configFiles`, `settings`,
/// `options.settingPresets`, `options.deploymentTarget`, `options.defaultConfig`, and the local
/// `packages` (`path:`). Settings are resolved as in the project XcodeGen generates: project
/// configuration file, project settings, target configuration file, target settings; XcodeGen's
/// presets set no localization setting, so `SWIFT_EMIT_LOC_STRINGS` unset is `NO` there too.
public enum XcodeGenProject {
  public typealias ReadError = GeneratedProject.ReadError

  /// The targets of the spec at `path` (absolute), with the settings of the configuration named
  /// `configuration`.
  public static func read(at path: String, files: FileTree, configuration: String = "Debug")
    throws(ReadError) -> GeneratedProject.Contents
  {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw ReadError(message: "cannot read \(Paths.fileName(of: path))")
    }
    return try read([UInt8](data), path: path, files: files, configuration: configuration)
  }

  /// The targets of a spec's `bytes`, read as if at `path` (absolute; its includes are read
  /// from disk).
  public static func read(
    _ bytes: [UInt8], path: String, files: FileTree, configuration: String = "Debug"
  ) throws(ReadError) -> GeneratedProject.Contents {
    let root = projectRoot(bytes, path)
    let spec = try load(bytes, path: path, pathsRelativeTo: root, chain: [])
    return Reader(spec: spec, path: path, root: root, files: files, configuration: configuration)
      .contents()
  }

  /// The folder the spec's paths are relative to: its own (XcodeGen's default), or, when none
  /// of its targets' source paths is there but they are in a folder above it (up to the
  /// repository's root), that folder — the spec is generated with `--project-root` there
  /// (`xcodegen generate --spec App/project.yml --project-root .`).
  static func projectRoot(_ bytes: [UInt8], _ path: String) -> String {
    let folder = Paths.directory(of: path)
    guard let spec = try? YAMLReader.read(bytes), let targets = spec["targets"]?.entries else {
      return folder
    }
    let written = targets.flatMap { target in
      (target.value["sources"].map { $0.array ?? [$0] } ?? []).compactMap {
        $0.string ?? $0["path"]?.string
      }
    }.filter { !$0.hasPrefix("/") && !$0.contains("*") && !$0.contains("$") }
    func found(from base: String) -> Int {
      written.filter {
        FileManager.default.fileExists(atPath: Paths.normalize($0, relativeTo: base))
      }
      .count
    }
    guard !written.isEmpty, found(from: folder) == 0 else { return folder }
    var directory = folder
    while directory != "/", directory != ".",
      !FileManager.default.fileExists(atPath: directory + "/.git")
    {
      directory = Paths.directory(of: directory)
      if found(from: directory) * 2 > written.count { return directory }
    }
    return folder
  }

  /// A spec file with its includes merged in (they first, in order, then the file on top), its
  /// paths made absolute.
  private static func load(
    _ bytes: [UInt8], path: String, pathsRelativeTo base: String, chain: [String]
  ) throws(ReadError) -> YAMLNode {
    let node: YAMLNode
    do {
      node = try YAMLReader.read(bytes)
    } catch {
      throw ReadError(
        message: "\(Paths.fileName(of: path))\(error.line.map { ":\($0)" } ?? ""): \(error.message)"
      )
    }
    guard let entries = node.entries else {
      throw ReadError(message: "\(Paths.fileName(of: path)): not a project spec (no mapping)")
    }
    let directory = Paths.directory(of: path)
    var merged = YAMLNode.mapping([])
    for include in node["include"].map({ $0.array ?? [$0] }) ?? [] {
      guard let written = include.string ?? include["path"]?.string,
        include["enable"]?.bool ?? true
      else { continue }
      let included = Paths.normalize(written, relativeTo: directory)
      guard chain.count < 16, !chain.contains(included), included != path else {
        throw ReadError(message: "\(Paths.fileName(of: path)): includes \(written) in a cycle")
      }
      guard let data = FileManager.default.contents(atPath: included) else {
        throw ReadError(message: "\(Paths.fileName(of: path)): cannot read include \(written)")
      }
      let relativePaths = include["relativePaths"]?.bool ?? true
      merged = merged.merged(
        with: try load(
          [UInt8](data), path: included,
          pathsRelativeTo: relativePaths ? Paths.directory(of: included) : base,
          chain: chain + [path]))
    }
    let own = YAMLNode.mapping(entries.filter { $0.key != "include" })
    return merged.merged(with: absolutePaths(own, base))
  }

  /// A spec with the paths it writes (sources, configuration files, local packages) absolute.
  private static func absolutePaths(_ spec: YAMLNode, _ base: String) -> YAMLNode {
    func path(_ node: YAMLNode) -> YAMLNode {
      guard let text = node.string else { return node }
      return .scalar(Paths.normalize(text, relativeTo: base), isPlain: false)
    }
    func eachValue(_ node: YAMLNode, _ transform: (YAMLNode) -> YAMLNode) -> YAMLNode {
      guard let entries = node.entries else { return node }
      return .mapping(entries.map { YAMLEntry(key: $0.key, value: transform($0.value)) })
    }
    func sources(_ node: YAMLNode) -> YAMLNode {
      if let elements = node.array { return .sequence(elements.map(sources)) }
      if node.entries != nil {
        return edited(node) { key, value in key == "path" ? path(value) : value }
      }
      return path(node)
    }
    func target(_ node: YAMLNode) -> YAMLNode {
      edited(node) { key, value in
        switch key {
        case "sources": sources(value)
        case "configFiles": eachValue(value, path)
        default: value
        }
      }
    }
    return edited(spec) { key, value in
      switch key {
      case "configFiles": eachValue(value, path)
      case "packages":
        eachValue(value) { package in
          edited(package) { key, value in key == "path" ? path(value) : value }
        }
      case "targets", "targetTemplates": eachValue(value, target)
      default: value
      }
    }
  }

  /// A mapping with each value replaced (keys compared without a `:REPLACE` suffix).
  private static func edited(_ node: YAMLNode, _ transform: (String, YAMLNode) -> YAMLNode)
    -> YAMLNode
  {
    guard let entries = node.entries else { return node }
    return .mapping(
      entries.map { entry in
        let key =
          entry.key.hasSuffix(":REPLACE") ? String(entry.key.dropLast(":REPLACE".count)) : entry.key
        return YAMLEntry(key: entry.key, value: transform(key, entry.value))
      })
  }

  /// A node with `${name}` replaced in every scalar.
  private static func substituted(_ node: YAMLNode, _ values: [String: String]) -> YAMLNode {
    switch node {
    case .scalar(var text, let isPlain):
      guard text.contains("${") else { return node }
      for (name, value) in values {
        text = text.replacingOccurrences(of: "${\(name)}", with: value)
      }
      return .scalar(text, isPlain: isPlain)
    case .sequence(let elements): return .sequence(elements.map { substituted($0, values) })
    case .mapping(let entries):
      return .mapping(entries.map { YAMLEntry(key: $0.key, value: substituted($0.value, values)) })
    }
  }

  private struct Reader {
    let spec: YAMLNode
    let path: String
    /// The folder its paths are relative to (the generated project's `SRCROOT`).
    let root: String
    let files: FileTree
    /// The configuration read, and its type (`debug`, `release`, or another word: no presets).
    let configuration: String
    let configurationType: String
    let configurationNames: [String]
    let projectPresets: Bool
    let xcconfigs = BuildSettings.XcconfigCache()

    init(spec: YAMLNode, path: String, root: String, files: FileTree, configuration: String) {
      self.spec = spec
      self.path = path
      self.root = root
      self.files = files
      let configs =
        spec["configs"]?.entries?.map { ($0.key, $0.value.string?.lowercased() ?? "") }
        ?? [("Debug", "debug"), ("Release", "release")]
      configurationNames = configs.map(\.0)
      // The configuration named, else the spec's default one, else the first by name.
      let defaultName = spec["options"]?["defaultConfig"]?.string
      let chosen =
        configs.first { $0.0 == configuration } ?? configs.first { $0.0 == defaultName }
        ?? configs.min { $0.0 < $1.0 }
      self.configuration = chosen?.0 ?? configuration
      configurationType = chosen?.1 ?? ""
      let presets = spec["options"]?["settingPresets"]?.string ?? "all"
      // The target presets set nothing lhc reads but the platform, which is read always.
      projectPresets = presets == "all" || presets == "project"
    }

    func contents() -> GeneratedProject.Contents {
      var contents = GeneratedProject.Contents()
      for entry in spec["packages"]?.entries ?? [] {
        if let folder = entry.value["path"]?.string {
          contents.packageManifests.append(folder + "/Package.swift")
        }
      }
      for entry in spec["targets"]?.entries ?? [] {
        let name = entry.value["name"]?.string ?? entry.key
        let node = expanded(entry.value, name: name, depth: 0)
        if let platforms = node["platform"]?.array?.compactMap(\.string) {
          // A target per platform, `${platform}` replaced.
          for platform in platforms {
            let each = substituted(node, ["platform": platform])
            let prefix = each["platformPrefix"]?.string ?? ""
            let suffix = each["platformSuffix"]?.string ?? "_\(platform)"
            contents.add(target(prefix + name + suffix, each, platform: platform))
          }
        } else {
          contents.add(target(name, node, platform: node["platform"]?.string))
        }
      }
      return contents
    }

    /// A target with its templates merged in (they first, then the target on top), with
    /// `${target_name}` and its `templateAttributes` replaced.
    func expanded(_ node: YAMLNode, name: String, depth: Int) -> YAMLNode {
      var base = YAMLNode.mapping([])
      for template in node["templates"]?.array?.compactMap(\.string) ?? [] where depth < 8 {
        if let found = spec["targetTemplates"]?[template] {
          base = base.merged(with: expanded(found, name: name, depth: depth + 1))
        }
      }
      var values = ["target_name": name]
      for attribute in node["templateAttributes"]?.entries ?? [] {
        values[attribute.key] = attribute.value.string
      }
      return substituted(base.merged(with: node), values)
    }

    func target(_ name: String, _ node: YAMLNode, platform: String?)
      -> (BuildTarget, Set<String>)
    {
      let type = node["type"]?.string ?? ""
      let isTest = ["bundle.unit-test", "bundle.ui-testing", "bundle.ocunit-test"].contains(type)
      let isLibrary = type.contains("framework") || type.contains("library") || type == "bundle"
      let destinations = node["supportedDestinations"]?.array?.compactMap(\.string) ?? []
      let platforms = destinations.isEmpty ? [platform].compactMap { $0 } : destinations
      var settings = BuildSettings()
      settings.configuration = configuration
      // The project's layers.
      apply(configurationFile: spec["configFiles"], to: &settings)
      var layer: [String: String] = [:]
      if projectPresets {
        // XcodeGen's Configs/debug.yml sets `DEBUG`; release.yml no condition.
        layer["SWIFT_ACTIVE_COMPILATION_CONDITIONS"] = configurationType == "debug" ? "DEBUG" : ""
      }
      layer.merge(values(of: spec["settings"], depth: 0)) { $1 }
      settings.apply(layer)
      // The target's: its platforms (what XcodeGen's platform presets say, always read: they
      // are where the target builds), its deployment target, its settings.
      apply(configurationFile: node["configFiles"], to: &settings)
      layer = [:]
      if let sdk = platform.flatMap({ GeneratedProject.sdk(of: $0)?.sdk }) {
        layer["SDKROOT"] = sdk
      }
      if !destinations.isEmpty {
        layer.merge(GeneratedProject.platformSettings(destinations)) { $1 }
      }
      for platform in platforms {
        guard let setting = GeneratedProject.deploymentTargetSetting(of: platform) else {
          continue
        }
        let written = node["deploymentTarget"]
        if let version = written?.string ?? written?[platform]?.string
          ?? spec["options"]?["deploymentTarget"]?[platform]?.string
        {
          layer[setting] = version
        }
      }
      layer.merge(values(of: node["settings"], depth: 0)) { $1 }
      settings.apply(layer)
      // Its sources.
      var members = GeneratedProject.Members()
      var referenced = Set<String>()
      let specName = Paths.fileName(of: path)
      let specFolder = Paths.directory(of: path)
      for source in node["sources"].map({ $0.array ?? [$0] }) ?? [] {
        guard let root = source.string ?? source["path"]?.string else { continue }
        let excludes = (source["excludes"]?.array ?? []).compactMap(\.string).map(Glob.init)
        let includes = (source["includes"]?.array ?? []).compactMap(\.string).map(Glob.init)
        let phase: GeneratedProject.Phase =
          switch source["buildPhase"].map({ $0.string ?? "copyFiles" }) {
          case nil: .byType
          case "sources": .sources
          case "resources": .resources
          default: .other
          }
        let isFolderReference = source["type"]?.string == "folder"
        let rule = "in its sources \(Paths.relative(root, to: specFolder)) in \(specName)"
        let below = files.files(under: root)
        let listed =
          below.isEmpty ? (FileManager.default.fileExists(atPath: root) ? [root] : []) : below
        for file in listed {
          let relative = Paths.relative(file, to: root)
          if excludes.contains(where: { $0.matchesWholeOrFolder(relative) }) { continue }
          if !includes.isEmpty, !includes.contains(where: { $0.matchesWholeOrFolder(relative) }) {
            continue
          }
          referenced.insert(file)
          // A folder reference is copied as it is: nothing in it is compiled.
          if !isFolderReference { members.add(file, rule: rule, phase: phase) }
        }
      }
      var target = members.target(
        name: name, spec: path, isTest: isTest, isLibrary: isLibrary, settings: settings)
      target.readInfoPlist(settings, projectDirectory: root, settingsFile: path)
      return (target, referenced)
    }

    /// Applies the configuration file a `configFiles` mapping names for the configuration read.
    func apply(configurationFile: YAMLNode?, to settings: inout BuildSettings) {
      guard
        let file = configurationFile?.entries?.first(where: { applies($0.key) })?.value.string
      else { return }
      settings.apply(xcconfig: file, cache: xcconfigs)
    }

    /// The values of a settings spec for the configuration read: a plain mapping, or `groups`
    /// (of `settingGroups`), `base` and `configs`, merged in that order.
    func values(of node: YAMLNode?, depth: Int) -> [String: String] {
      guard let node, let entries = node.entries, depth < 16 else { return [:] }
      guard ["base", "groups", "configs"].contains(where: { node[$0] != nil }) else {
        return plain(entries)
      }
      var result: [String: String] = [:]
      for group in node["groups"]?.array?.compactMap(\.string) ?? [] {
        result.merge(values(of: spec["settingGroups"]?[group], depth: depth + 1)) { $1 }
      }
      result.merge(plain(node["base"]?.entries ?? [])) { $1 }
      for entry in node["configs"]?.entries ?? [] where applies(entry.key) {
        result.merge(values(of: entry.value, depth: depth + 1)) { $1 }
      }
      return result
    }

    /// Settings written as a mapping: text (booleans as `YES` and `NO`), lists joined with spaces.
    private func plain(_ entries: [YAMLEntry]) -> [String: String] {
      var result: [String: String] = [:]
      for entry in entries {
        switch entry.value {
        case .scalar(let text, let isPlain):
          // A YAML boolean is XcodeGen's `YES` or `NO`.
          let lowered = isPlain ? text.lowercased() : ""
          result[entry.key] = lowered == "true" ? "YES" : lowered == "false" ? "NO" : text
        case .sequence(let elements):
          result[entry.key] = elements.compactMap(\.string).joined(separator: " ")
        case .mapping: continue
        }
      }
      return result
    }

    /// Whether a `configs` key applies to the configuration read: XcodeGen matches it without
    /// case against the names that contain it, unless it is a configuration's whole name.
    func applies(_ key: String) -> Bool {
      let key = key.lowercased()
      let name = configuration.lowercased()
      if key == name { return true }
      if configurationNames.contains(where: { $0.lowercased() == key }) { return false }
      return name.contains(key)
    }
  }
}

extension GeneratedProject.Contents {
  fileprivate mutating func add(_ read: (BuildTarget, Set<String>)) {
    targets.append(read.0)
    referencedFiles.formUnion(read.1)
  }
}
