import Foundation
import OTAPayloads

/// Reads a better-i18n payload as the Swift SDK does (reference §2): the manifest's Codable
/// shape (`languages` required, each with `code` and `name`; optional `files[locale].url`,
/// `sourceLanguage`), then `<code>/translations.json` per language, a nested object looked up by
/// dot-path. Texts come back with `{argN}` made `{N}`.
enum BetterI18nReader {
  /// Every language's leaves, flattened to dotted keys, all in table `*`.
  static func read(_ files: [PayloadFile]) -> ReadPayload {
    var read = ReadPayload()
    let byPath = Dictionary(files.map { ($0.path, $0.bytes) }) { first, _ in first }
    guard let bytes = byPath["manifest.json"],
      let manifest = JSONRead.parse(bytes, path: "manifest.json", into: &read) as? [String: Any]
    else {
      read.fail("manifest.json", "missing or not an object")
      return read
    }
    let codes = languages(manifest, into: &read)
    for code in codes {
      let path = "\(code)/translations.json"
      guard let bytes = byPath[path],
        let root = JSONRead.parse(bytes, path: path, into: &read) as? [String: Any]
      else {
        read.fail(path, "missing or not an object")
        continue
      }
      flatten(root, prefix: "", language: code, path: path, into: &read)
    }
    let expected = Set(codes.map { "\($0)/translations.json" } + ["manifest.json"])
    for path in byPath.keys where !expected.contains(path) {
      read.fail(path, "is not in the manifest")
    }
    return read
  }

  /// The language codes, after checking the manifest's types.
  private static func languages(_ manifest: [String: Any], into read: inout ReadPayload) -> [String]
  {
    let place = "manifest.json"
    guard let languages = manifest["languages"] as? [[String: Any]] else {
      read.fail(place, "languages is not an array of objects")
      return []
    }
    var codes: [String] = []
    for language in languages {
      guard let code = language["code"] as? String, language["name"] is String,
        code == code.lowercased(), !codes.contains(code)
      else {
        read.fail(place, "language \(language) lacks a unique lower-case code or a name")
        continue
      }
      if let isSource = language["isSource"], !JSONRead.isBoolean(isSource) {
        read.fail(place, "isSource of '\(code)' is not a Boolean")
      }
      codes.append(code)
    }
    if let source = manifest["sourceLanguage"], !codes.contains(source as? String ?? "\u{0}") {
      read.fail(place, "sourceLanguage is not one of the languages")
    }
    if let files = manifest["files"] {
      for (code, file) in files as? [String: Any] ?? ["": "not an object"] {
        let url = (file as? [String: Any])?["url"] as? String ?? ""
        if !codes.contains(code) || !url.hasSuffix("/\(code)/translations.json") {
          read.fail(place, "files entry '\(code)' does not point at \(code)/translations.json")
        }
      }
    }
    return codes
  }

  /// Adds every string leaf under `object` with its dotted path; other leaf types are issues.
  private static func flatten(
    _ object: [String: Any], prefix: String, language: String, path: String,
    into read: inout ReadPayload
  ) {
    for (name, value) in object {
      let key = prefix + name
      if name.isEmpty || name.contains(".") {
        read.fail(path, "member \(key.debugDescription) cannot be reached by dot-path lookup")
      }
      switch value {
      case let text as String:
        read.add(.text(interpolated(text)), language: language, table: "*", key: key)
      case let nested as [String: Any]:
        flatten(nested, prefix: key + ".", language: language, path: path, into: &read)
      default:
        read.fail(path, "\(key.debugDescription) is neither a string nor an object")
      }
    }
  }

  /// `{argN}` made `{N}`; other braces stay text (the SDK leaves unknown variables intact).
  private static func interpolated(_ text: String) -> String {
    text.replacing(/\{arg([0-9]+)\}/) { "{\($0.output.1)}" }
  }
}
