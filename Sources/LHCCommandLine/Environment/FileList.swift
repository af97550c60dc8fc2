import Foundation
import LHCBase

/// Xcode file lists (`.xcfilelist`): one path per line, `#` comments and blank lines ignored, and
/// `$(VAR)` / `${VAR}` build-setting references expanded from the environment.
enum FileList {
  /// The paths listed in the file at `path`, references expanded from `variables`. A relative path
  /// stays relative (to the current directory, which is `$SRCROOT` in a build phase).
  static func read(_ path: String, variables: [String: String]) throws(UsageError) -> [String] {
    guard let data = SourceText.bytes(atPath: path) else {
      throw UsageError("cannot read file list '\(path)'")
    }
    var paths: [String] = []
    for (index, line) in String(decoding: data, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false
    ).enumerated() {
      let entry = line.trimmingCharacters(in: .whitespacesAndNewlines)
      if entry.isEmpty || entry.hasPrefix("#") { continue }
      paths.append(try expand(entry, variables: variables, at: "\(path):\(index + 1)"))
    }
    return paths
  }

  /// `text` with every `$(VAR)` and `${VAR}` replaced by the variable's value. An unset variable is
  /// an error naming it and `location` (Xcode would silently expand it to nothing).
  static func expand(
    _ text: String, variables: [String: String], at location: String
  ) throws(UsageError) -> String {
    var result = ""
    var rest = Substring(text)
    while let dollar = rest.firstIndex(of: "$") {
      result += rest[..<dollar]
      let open = rest.index(after: dollar)
      guard open < rest.endIndex, rest[open] == "(" || rest[open] == "{" else {
        result += "$"
        rest = rest[open...]
        continue
      }
      let closer: Character = rest[open] == "(" ? ")" : "}"
      guard let close = rest[open...].firstIndex(of: closer) else {
        throw UsageError("\(location): unterminated build setting reference in '\(text)'")
      }
      let name = String(rest[rest.index(after: open)..<close])
      guard let value = variables[name] else {
        throw UsageError("\(location): build setting '\(name)' is not set")
      }
      result += value
      rest = rest[rest.index(after: close)...]
    }
    return result + rest
  }

  /// The bytes of a file list holding `paths`, one per line.
  static func bytes(_ paths: [String]) -> [UInt8] {
    Array(paths.map { $0 + "\n" }.joined().utf8)
  }
}
