import Foundation

/// The nearest file of a name in a folder or a folder above it: how `lhc lint` finds
/// `.lhc-lint.json` and the catalog writers `.lhc.json`.
enum NearestFile {
  /// The nearest file named `name` in `folder` or a folder above it, nil when there is none;
  /// `cache` remembers the answer for every folder visited (nil too: none found).
  static func find(_ name: String, from folder: String, cache: inout [String: String?]) -> String? {
    // The folder as given first: the files of one folder (a tree's Swift files) are resolved once.
    if let known = cache[folder] { return known }
    var visited: [String] = [folder]
    var current = LintSettings.absolute(folder)
    var result: String?
    while true {
      if let known = cache[current] {
        result = known
        break
      }
      visited.append(current)
      let candidate = (current as NSString).appendingPathComponent(name)
      if FileManager.default.fileExists(atPath: candidate) {
        result = candidate
        break
      }
      let parent = (current as NSString).deletingLastPathComponent
      if parent == current || parent.isEmpty { break }
      current = parent
    }
    for folder in visited { cache.updateValue(result, forKey: folder) }
    return result
  }
}
