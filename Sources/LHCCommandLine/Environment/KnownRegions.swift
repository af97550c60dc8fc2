import Foundation
import LHCBase

/// The `knownRegions` (and `developmentRegion`) of an Xcode project, read from its
/// `project.pbxproj`: Xcode does not export them to build phases.
enum KnownRegions {
  /// The project's known regions plus its development region, without `Base`, in file order;
  /// nil when the file cannot be read or has no `knownRegions` array.
  static func read(projectFile path: String) -> [String]? {
    guard let data = SourceText.bytes(atPath: path) else { return nil }
    return parse(String(decoding: data, as: UTF8.self))
  }

  /// Parses the first `knownRegions = ( … );` array of a pbxproj text: bare and quoted entries,
  /// `/* … */` comments skipped.
  static func parse(_ text: String) -> [String]? {
    guard let key = text.range(of: "knownRegions"),
      let open = text[key.upperBound...].firstIndex(of: "("),
      text[key.upperBound..<open].allSatisfy({ $0 == "=" || $0.isWhitespace })
    else { return nil }
    var regions: [String] = []
    var scanner = Scanner(text[text.index(after: open)...])
    while let token = scanner.next(), token != ")" {
      if token != "," && token != "Base" && !regions.contains(token) { regions.append(token) }
    }
    if let development = developmentRegion(text), !regions.contains(development),
      development != "Base"
    {
      regions.append(development)
    }
    return regions
  }

  private static func developmentRegion(_ text: String) -> String? {
    guard let key = text.range(of: "developmentRegion") else { return nil }
    var scanner = Scanner(text[key.upperBound...])
    guard scanner.next() == "=", let value = scanner.next(), value != ";" else { return nil }
    return value
  }

  /// Splits pbxproj text into tokens: quoted strings (unquoted), bare words, and punctuation.
  private struct Scanner {
    var rest: Substring
    init(_ text: Substring) { rest = text }

    mutating func next() -> String? {
      while true {
        rest = rest.drop(while: \.isWhitespace)
        if rest.hasPrefix("/*") {
          rest = rest.range(of: "*/").map { rest[$0.upperBound...] } ?? ""
        } else if rest.hasPrefix("//") {
          rest = rest.drop(while: { $0 != "\n" })
        } else {
          break
        }
      }
      guard let first = rest.first else { return nil }
      if "(),;=".contains(first) {
        rest = rest.dropFirst()
        return String(first)
      }
      if first == "\"" {
        var value = ""
        var index = rest.index(after: rest.startIndex)
        while index < rest.endIndex, rest[index] != "\"" {
          if rest[index] == "\\", rest.index(after: index) < rest.endIndex {
            index = rest.index(after: index)
          }
          value.append(rest[index])
          index = rest.index(after: index)
        }
        rest = index < rest.endIndex ? rest[rest.index(after: index)...] : ""
        return value
      }
      let word = rest.prefix(while: { !$0.isWhitespace && !"(),;=\"".contains($0) })
      rest = rest.dropFirst(word.count)
      return String(word)
    }
  }
}
