import Foundation
import LHCPlist
import SourceStrings

/// One string Xcode's build extracts from a target's Info.plist into its `InfoPlist.xcstrings`.
public struct InfoPlistKey: Sendable, Equatable {
  /// The catalog key: the Info.plist key (`NSCameraUsageDescription`), or a nested text itself
  /// (a declared type's `UTTypeDescription`).
  public var key: String
  /// The source-language value of a top-level key (the Info.plist's value, its `$(SETTING)`s
  /// expanded); nil for a nested text (the key is the text).
  public var value: String?
  /// Xcode's comment: the key's name in its property list editor; nil for a nested text.
  public var comment: String?
  /// Where it is written: the Info.plist file, or the project file for a generated key
  /// (`INFOPLIST_KEY_…` settings, `CFBundleName`).
  public var file: String
}

/// What lhc reads of a target's Info.plist for its `InfoPlist.xcstrings`.
public enum InfoPlistStrings: Sendable, Equatable {
  /// The strings Xcode's build extracts, in the Info.plist's order. `complete`: every
  /// configuration file of the target could be read (else a generated key set in one that
  /// cannot may be missing: none of the catalog's keys retires).
  case keys([InfoPlistKey], complete: Bool)
  /// lhc cannot tell what the built Info.plist holds (why): its catalog is left alone.
  case unreadable(String)

  /// The API name of the strings an Info.plist gives (`lhc extract --list`).
  public static let api = "Info.plist"

  /// A top-level Info.plist key Xcode extracts (one of the table's).
  public static func isLocalizableKey(_ key: String) -> Bool {
    InfoPlistKeyNames.names[key] != nil
  }

  /// The strings of a target's Info.plist as Xcode's build makes it: the file `INFOPLIST_FILE`
  /// names (XML or binary), over the keys `GENERATE_INFOPLIST_FILE = YES` generates
  /// (`CFBundleName = $(PRODUCT_NAME)` and each `INFOPLIST_KEY_<key>` setting; a key the file
  /// has wins), values with their `$(SETTING)`s expanded.
  static func read(
    _ settings: BuildSettings, target: String, projectDirectory: String, pbxproj: String
  ) -> InfoPlistStrings {
    var settings = settings
    // What Xcode sets for every target, where the project does not.
    let defaults = [
      "TARGET_NAME": target, "PRODUCT_NAME": "$(TARGET_NAME)", "SRCROOT": projectDirectory,
      "PROJECT_DIR": projectDirectory, "SOURCE_ROOT": projectDirectory,
    ]
    for (key, value) in defaults where settings.values[key] == nil { settings.values[key] = value }
    var entries: [(key: String, value: PlistValue, file: String)] = []
    var fromFile = Set<String>()
    if let written = settings.values["INFOPLIST_FILE"].map({ settings.expanded($0) }),
      !written.isEmpty
    {
      let path = Paths.normalize(
        written.trimmingCharacters(in: CharacterSet(charactersIn: "\"")),
        relativeTo: projectDirectory)
      guard let data = FileManager.default.contents(atPath: path) else {
        return .unreadable("\(path) (INFOPLIST_FILE of target \(target)) cannot be read")
      }
      if settings.flag("INFOPLIST_PREPROCESS") == true {
        return .unreadable(
          "\(path) (INFOPLIST_FILE of target \(target)) is preprocessed (INFOPLIST_PREPROCESS = YES), which lhc does not do"
        )
      }
      let bytes = [UInt8](data)
      let root: [(key: String, value: PlistValue)]?
      do { root = try PlistReader.rootEntries(bytes) } catch {
        return .unreadable(
          "\(path) (INFOPLIST_FILE of target \(target)) cannot be read: \(error.description)")
      }
      guard let root else {
        return .unreadable("\(path) (INFOPLIST_FILE of target \(target)) is not a dictionary")
      }
      for entry in root where !fromFile.contains(entry.key) {
        fromFile.insert(entry.key)
        entries.append((entry.key, entry.value, path))
      }
    } else if settings.flag("GENERATE_INFOPLIST_FILE") != true {
      return .unreadable(
        "target \(target) has no Info.plist (neither INFOPLIST_FILE nor GENERATE_INFOPLIST_FILE = YES)"
      )
    }
    if settings.flag("GENERATE_INFOPLIST_FILE") == true {
      var generated = ["CFBundleName": "$(PRODUCT_NAME)"]
      for key in InfoPlistKeyNames.names.keys {
        if let value = settings.values["INFOPLIST_KEY_" + key] { generated[key] = value }
      }
      for key in generated.keys.sorted() where !fromFile.contains(key) {
        entries.append((key, .string(generated[key]!), pbxproj))
      }
    }
    var keys: [InfoPlistKey] = []
    func add(_ key: String?, _ text: String, comment: String?, file: String) -> String? {
      if let name = settings.unsetName(in: text) {
        return
          "$(\(name)) in \(key ?? text) of target \(target)'s Info.plist is not a setting lhc can read"
      }
      let value = settings.expanded(text)
      keys.append(
        InfoPlistKey(
          key: key ?? value, value: key == nil ? nil : value, comment: comment, file: file))
      return nil
    }
    for entry in entries {
      if let comment = InfoPlistKeyNames.names[entry.key], case .string(let text) = entry.value {
        if let problem = add(entry.key, text, comment: comment, file: entry.file) {
          return .unreadable(problem)
        }
      }
      for nested in InfoPlistKeyNames.nestedTexts where nested.array == entry.key {
        guard case .array(let items) = entry.value else { continue }
        for case .dictionary(let item) in items {
          for name in nested.keys {
            guard case .string(let text)? = item[name] else { continue }
            if let problem = add(nil, text, comment: nil, file: entry.file) {
              return .unreadable(problem)
            }
          }
        }
      }
    }
    return .keys(keys, complete: settings.isComplete)
  }
}

extension BuildSettings {
  /// The first setting `text` refers to (`$(NAME)`, `${NAME}`, nested a few levels) that is not
  /// set, or that has an operator (`$(NAME:lower)`), which lhc does not read; nil when every
  /// reference resolves.
  func unsetName(in text: String, depth: Int = 0) -> String? {
    guard depth < 8, text.contains("$") else { return nil }
    var rest = Substring(text)
    while let dollar = rest.firstIndex(of: "$") {
      let after = rest.index(after: dollar)
      guard after < rest.endIndex, rest[after] == "(" || rest[after] == "{",
        let close = rest[after...].firstIndex(of: rest[after] == "(" ? ")" : "}")
      else {
        rest = rest[after...]
        continue
      }
      let name = String(rest[rest.index(after: after)..<close])
      guard let value = values[name] else { return name }
      if let inner = unsetName(in: value, depth: depth + 1) { return inner }
      rest = rest[rest.index(after: close)...]
    }
    return nil
  }
}

extension InfoPlistStrings {
  /// The Info.plist strings of `targets`, each placed in its target's `InfoPlist` catalog (at
  /// the key's first mention in its file); and the catalogs whose strings lhc cannot read, each
  /// with why; and those of a target whose settings lhc could not all read (none of their keys
  /// retires).
  public static func placed(_ targets: [BuildTarget]) -> (
    strings: [PlacedString], unreadable: [String: String], incomplete: Set<String>
  ) {
    var strings: [PlacedString] = []
    var unreadable: [String: String] = [:]
    var incomplete = Set<String>()
    var texts: [String: [UInt8]] = [:]
    for target in targets {
      guard let catalog = target.catalog(of: "InfoPlist") else { continue }
      guard let infoPlist = target.infoPlist else {
        // A Tuist target's `infoPlist:` (a file, or a default extended in the manifest).
        unreadable[catalog] =
          unreadable[catalog]
          ?? "lhc does not read the Info.plist of target \(target.name) of a generated project"
        continue
      }
      switch infoPlist {
      case .unreadable(let reason):
        unreadable[catalog] = unreadable[catalog] ?? reason
      case .keys(let keys, let complete):
        if !complete { incomplete.insert(catalog) }
        for key in keys {
          if texts[key.file] == nil {
            texts[key.file] =
              FileManager.default.contents(atPath: key.file).map { [UInt8]($0) } ?? []
          }
          let needle =
            key.file.hasSuffix("project.pbxproj")
            ? (key.key == "CFBundleName" ? "PRODUCT_NAME" : "INFOPLIST_KEY_" + key.key)
            : key.value == nil ? key.key : "<key>\(key.key)</key>"
          let (line, column) = position(of: needle, in: texts[key.file]!)
          strings.append(
            PlacedString(
              string: LocalizableString(
                table: "InfoPlist", key: key.key, value: key.value, comment: key.comment,
                offset: 0, api: api),
              file: key.file, line: line, column: column, catalog: catalog, targets: [target.name],
              placement: "the Info.plist of target \(target.name)", lacksCatalog: false))
        }
      }
    }
    return (strings, unreadable, incomplete)
  }

  /// The line and column (1-based) of the first occurrence of `needle` in `bytes`; 1:1 when
  /// there is none.
  private static func position(of needle: String, in bytes: [UInt8]) -> (Int, Int) {
    let pattern = Array(needle.utf8)
    guard !pattern.isEmpty, bytes.count >= pattern.count else { return (1, 1) }
    var line = 1
    var lineStart = 0
    for index in 0...(bytes.count - pattern.count) {
      if bytes[index] == 0x0A {
        line += 1
        lineStart = index + 1
      }
      if bytes[index] == pattern[0], bytes[index..<(index + pattern.count)].elementsEqual(pattern) {
        return (line, index - lineStart + 1)
      }
    }
    return (1, 1)
  }
}
