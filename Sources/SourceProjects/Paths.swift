import Foundation

/// Path arithmetic on `/`-separated strings (no file system access but in ``FileTree``).
public enum Paths {
  /// `a/b/../c/./d` → `a/c/d`; absolute when `path` is or `base` is given.
  public static func normalize(_ path: String, relativeTo base: String? = nil) -> String {
    let joined = path.hasPrefix("/") || base == nil ? path : base! + "/" + path
    var parts: [Substring] = []
    for part in joined.split(separator: "/", omittingEmptySubsequences: true) {
      if part == "." { continue }
      if part == "..", let last = parts.last, last != ".." {
        parts.removeLast()
        continue
      }
      parts.append(part)
    }
    return (joined.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
  }

  // The functions below work on UTF-8 bytes: a path is bytes to the file system, and
  // Character-wise `split` and `hasPrefix` made them a quarter of `lhc extract`'s time.

  public static func directory(of path: String) -> String {
    let bytes = path.utf8
    guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "." }
    return slash == bytes.startIndex ? "/" : String(path[..<slash])
  }

  public static func fileName(of path: String) -> String {
    var bytes = Substring(path).utf8
    while bytes.last == UInt8(ascii: "/") { bytes = bytes.dropLast() }
    guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else {
      return String(Substring(bytes))
    }
    return String(Substring(bytes[bytes.index(after: slash)...]))
  }

  /// A catalog's table: its file name without `.xcstrings`.
  public static func tableName(of path: String) -> String {
    let name = fileName(of: path)
    return name.hasSuffix(".xcstrings") ? String(name.dropLast(".xcstrings".count)) : name
  }

  /// Whether `path` is `directory` or inside it.
  public static func isInside(_ path: String, _ directory: String) -> Bool {
    // By bytes, with memcmp where the strings are contiguous UTF-8 (always, for paths read from
    // the file system): `hasPrefix`'s Character-wise comparison, then the generic
    // `utf8.starts(with:)`, were a tenth of `lhc extract`'s time.
    let count = directory.utf8.count
    guard path.utf8.count >= count else { return false }
    let prefixMatches =
      path.utf8.withContiguousStorageIfAvailable { pathBytes in
        directory.utf8.withContiguousStorageIfAvailable { directoryBytes in
          count == 0 || memcmp(pathBytes.baseAddress!, directoryBytes.baseAddress!, count) == 0
        }
      } ?? nil
    guard prefixMatches ?? path.utf8.starts(with: directory.utf8) else { return false }
    if path.utf8.count == count || directory.utf8.last == UInt8(ascii: "/") { return true }
    return path.utf8[path.utf8.index(path.utf8.startIndex, offsetBy: count)] == UInt8(ascii: "/")
  }

  /// `path` relative to `base` when inside it (`../` steps otherwise).
  public static func relative(_ path: String, to base: String) -> String {
    if isInside(path, base) {
      let bytes = path.utf8
      let start = bytes.index(bytes.startIndex, offsetBy: base.utf8.count)
      let rest = bytes[start...].drop { $0 == UInt8(ascii: "/") }
      return rest.isEmpty ? "." : String(Substring(rest))
    }
    let pathParts = path.utf8.split(separator: UInt8(ascii: "/")).map { Substring($0) }
    let baseParts = base.utf8.split(separator: UInt8(ascii: "/")).map { Substring($0) }
    var common = 0
    while common < min(pathParts.count, baseParts.count), pathParts[common] == baseParts[common] {
      common += 1
    }
    let up = Array(repeating: "..", count: baseParts.count - common)
    let rest = pathParts[common...].map(String.init)
    let result = (up + rest).joined(separator: "/")
    return result.isEmpty ? "." : result
  }

  /// The current folder, absolute (read once: lhc never changes it).
  public static let currentDirectory: String = FileManager.default.currentDirectoryPath

  /// `path` made absolute against the current folder and normalized.
  public static func absolute(_ path: String) -> String {
    normalize(path, relativeTo: currentDirectory)
  }
}

/// Shell-style glob matching for `--exclude`: `*` (not across `/`), `**` (across), `?`, `[…]`.
public struct Glob: Sendable {
  private let pattern: [Character]

  public init(_ pattern: String) {
    self.pattern = Array(pattern)
  }

  /// Whether the pattern matches `path` or, for a pattern without `/`, any of its components.
  public func matches(_ path: String) -> Bool {
    if !pattern.contains("/") {
      return path.split(separator: "/").contains { Self.match(pattern[...], Array($0)[...]) }
    }
    let text = Array(path)
    if Self.match(pattern[...], text[...]) { return true }
    // A relative pattern matches at any folder boundary.
    for (index, character) in text.enumerated() where character == "/" {
      if Self.match(pattern[...], text[(index + 1)...]) { return true }
    }
    return false
  }

  /// Whether the pattern matches all of `path` (a path relative to where the pattern is
  /// written, as XcodeGen's and Tuist's globs are): `*` within a component, `**/` any number of
  /// folders, none too.
  public func matchesWhole(_ path: String) -> Bool {
    Self.match(pattern[...], Array(path)[...])
  }

  /// Whether the pattern matches all of `path` or one of the folders it is in (a folder
  /// matched stands for everything in it).
  public func matchesWholeOrFolder(_ path: String) -> Bool {
    var candidate = path
    while true {
      if matchesWhole(candidate) { return true }
      guard let slash = candidate.lastIndex(of: "/") else { return false }
      candidate = String(candidate[..<slash])
    }
  }

  private static func match(_ pattern: ArraySlice<Character>, _ text: ArraySlice<Character>) -> Bool
  {
    guard let first = pattern.first else { return text.isEmpty }
    switch first {
    case "*":
      let doubled = pattern.dropFirst().first == "*"
      let rest = pattern.dropFirst(doubled ? 2 : 1)
      // `**/` also stands for no folder at all.
      if doubled, rest.first == "/", match(rest.dropFirst(), text) { return true }
      var position = text.startIndex
      while true {
        if match(rest, text[position...]) { return true }
        guard position < text.endIndex, doubled || text[position] != "/" else { return false }
        position += 1
      }
    case "?":
      guard let character = text.first, character != "/" else { return false }
      return match(pattern.dropFirst(), text.dropFirst())
    case "[":
      guard let close = pattern.dropFirst().firstIndex(of: "]"), let character = text.first else {
        return text.first == "[" && match(pattern.dropFirst(), text.dropFirst())
      }
      var set = pattern[(pattern.startIndex + 1)..<close]
      let negated = set.first == "!" || set.first == "^"
      if negated { set = set.dropFirst() }
      var found = false
      var index = set.startIndex
      while index < set.endIndex {
        if index + 2 < set.endIndex, set[index + 1] == "-" {
          if set[index] <= character, character <= set[index + 2] { found = true }
          index += 3
        } else {
          if set[index] == character { found = true }
          index += 1
        }
      }
      return found != negated && match(pattern[(close + 1)...], text.dropFirst())
    default:
      return text.first == first && match(pattern.dropFirst(), text.dropFirst())
    }
  }
}

/// The files below a folder, listed once: what project readers and the source scan share.
public final class FileTree: @unchecked Sendable {
  /// Folders never descended into: build products and dependency checkouts (and a
  /// `SourcePackages` folder with `checkouts` in it).
  public static let skippedFolders: Set<String> = [".build", "Pods", "Carthage", "DerivedData"]

  private var listings: [String: [String]] = [:]
  private let lock = NSLock()

  public init() {}

  /// Every regular file below `directory` (absolute paths, sorted), not descending into hidden
  /// folders, ``skippedFolders`` or `.xcodeproj`/`.xcworkspace` bundles (but their project file).
  public func files(under directory: String) -> [String] {
    lock.lock()
    defer { lock.unlock() }
    if let listed = listings[directory] { return listed }
    if let parent = listings.keys.filter({ Paths.isInside(directory, $0) }).min(by: {
      $0.count > $1.count
    }) {
      let files = listings[parent]!.filter { Paths.isInside($0, directory) }
      listings[directory] = files
      return files
    }
    var files: [String] = []
    walk(directory, into: &files, depth: 0)
    files.sort()
    listings[directory] = files
    return files
  }

  private func walk(_ directory: String, into files: inout [String], depth: Int) {
    guard depth < 64,
      let entries = try? FileManager.default.contentsOfDirectory(atPath: directory)
    else { return }
    for entry in entries.sorted() {
      if entry.hasPrefix(".") || Self.skippedFolders.contains(entry) { continue }
      let path = directory == "/" ? "/" + entry : directory + "/" + entry
      // What `xcodebuild -clonedSourcePackagesDirPath SourcePackages` writes: dependencies.
      if entry == "SourcePackages", FileManager.default.fileExists(atPath: path + "/checkouts") {
        continue
      }
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        continue
      }
      if isDirectory.boolValue {
        if entry.hasSuffix(".xcodeproj") {
          let project = path + "/project.pbxproj"
          if FileManager.default.fileExists(atPath: project) { files.append(project) }
          continue
        }
        if entry.hasSuffix(".xcworkspace") || entry.hasSuffix(".xcassets") { continue }
        walk(path, into: &files, depth: depth + 1)
      } else {
        files.append(path)
      }
    }
  }
}
