import Foundation
import OTAPayloads

/// Reads a ReRune payload as the iOS 1.x SDK does (reference §1.3–1.6, §1.9): the manifest's
/// rules, each locale `url` resolved against `baseURL` to a file of the payload, and the records
/// of each locale. Texts come back with `{{name}}` made `{N:type}` (N = the declaration's
/// 1-based index, the native argument it is passed as).
enum ReRuneReader {
  /// The content of every locale, all in table `*` (ReRune has one key space per locale).
  static func read(_ files: [PayloadFile], baseURL: String) -> ReadPayload {
    var read = ReadPayload()
    let byPath = Dictionary(files.map { ($0.path, $0.bytes) }) { first, _ in first }
    guard let bytes = byPath["manifest.json"],
      let manifest = JSONRead.parse(bytes, path: "manifest.json", into: &read) as? [String: Any]
    else {
      read.fail("manifest.json", "missing or not an object")
      return read
    }
    var used: Set<String> = ["manifest.json"]
    for (locale, path) in locales(manifest, baseURL: baseURL, into: &read) {
      used.insert(path)
      guard let bytes = byPath[path] else {
        read.fail(path, "locale '\(locale)' url names no file of the payload")
        continue
      }
      guard let records = JSONRead.parse(bytes, path: path, into: &read) as? [Any] else {
        read.fail(path, "is not a top-level array")
        continue
      }
      for record in records { readRecord(record, locale: locale, path: path, into: &read) }
    }
    for path in byPath.keys where !used.contains(path) { read.fail(path, "is not in the manifest") }
    return read
  }

  /// The manifest's locales with their file paths, after checking every manifest rule.
  private static func locales(
    _ manifest: [String: Any], baseURL: String, into read: inout ReadPayload
  )
    -> [(String, String)]
  {
    let place = "manifest.json"
    let version = JSONRead.integer(manifest["version"])
    if version == nil || version ?? -1 < 0 { read.fail(place, "version is not an integer ≥ 0") }
    guard let locales = manifest["locales"] as? [String: Any] else {
      read.fail(place, "locales is not an object")
      return []
    }
    if let main = manifest["main_language"] as? String {
      if locales[main] == nil { read.fail(place, "main_language '\(main)' is not a locale") }
    } else {
      read.fail(place, "main_language is missing")
    }
    var result: [(String, String)] = []
    var versions: [Int] = []
    for (locale, value) in locales {
      let place = "manifest.json locales.\(locale)"
      if !LanguageTags.isReRuneLocale(locale) { read.fail(place, "key is not a locale") }
      guard let entry = value as? [String: Any],
        let localeVersion = JSONRead.integer(entry["version"]),
        localeVersion >= 0
      else {
        read.fail(place, "version is not an integer ≥ 0")
        continue
      }
      versions.append(localeVersion)
      if JSONRead.integer(entry["minimum_delta_base_version"]) != localeVersion {
        read.fail(place, "minimum_delta_base_version is not an integer equal to version")
      }
      if let name = entry["name"], !(name is String || name is NSNull) {
        read.fail(place, "name is neither a string nor null")
      }
      guard let url = entry["url"] as? String, url.hasPrefix(baseURL + "/"),
        URL(string: url)?.scheme?.hasPrefix("http") == true
      else {
        read.fail(place, "url is not an absolute URL under \(baseURL)")
        continue
      }
      result.append((locale, String(url.dropFirst(baseURL.count + 1))))
    }
    if let version, let highest = versions.max(), version != highest {
      read.fail(place, "version \(version) is not the highest locale version \(highest)")
    }
    return result
  }

  /// One record: `key`, optional well-formed `placeholders`, `values` with 0 or 1 entry in this
  /// locale holding a `value` string or a structured `message`.
  private static func readRecord(
    _ record: Any, locale: String, path: String, into read: inout ReadPayload
  ) {
    guard let record = record as? [String: Any], let key = record["key"] as? String else {
      read.fail(path, "record without a string key")
      return
    }
    let place = "\(path) \(key.debugDescription)"
    let declared = declarations(record["placeholders"], place: place, into: &read)
    guard let values = record["values"] as? [Any], values.count <= 1 else {
      read.fail(place, "values is not an array of at most one entry")
      return
    }
    guard let entry = values.first as? [String: Any] else { return }  // [] = untranslated
    if entry["lang"] as? String != locale { read.fail(place, "lang is not '\(locale)'") }
    var render = Renderer(declared: declared, place: place)
    switch (entry["value"], entry["message"]) {
    case (let value as String, nil):
      read.add(.text(render.text(value)), language: locale, table: "*", key: key)
    case (nil, let message as [String: Any]):
      if let forms = plural(message, renderer: &render) {
        read.add(.plural(forms), language: locale, table: "*", key: key)
      }
    default:
      render.issues.append("needs exactly one of a string value and an object message")
    }
    for issue in render.issues { read.fail(place, issue) }
  }

  /// `[(name, type)]` in order; names unique, types `string`/`int` in any case.
  private static func declarations(_ value: Any?, place: String, into read: inout ReadPayload)
    -> [(String, String)]
  {
    guard let value else { return [] }
    guard let list = value as? [[String: Any]] else {
      read.fail(place, "placeholders is not an array of objects")
      return []
    }
    var result: [(String, String)] = []
    for item in list {
      guard let name = item["name"] as? String, let type = (item["type"] as? String)?.lowercased(),
        ["string", "int"].contains(type), !result.contains(where: { $0.0 == name })
      else {
        read.fail(place, "malformed or repeated placeholder declaration \(item)")
        continue
      }
      result.append((name, type))
    }
    return result
  }

  /// The forms of a message of exactly one cardinal `variant` part (`offset` absent or 0, the
  /// variable declared, CLDR selectors including `other`, each form's parts texts).
  private static func plural(_ message: [String: Any], renderer: inout Renderer) -> [String:
    String]?
  {
    guard let parts = message["parts"] as? [[String: Any]], parts.count == 1,
      let variant = parts[0]["variant"] as? [String: Any], parts[0].count == 1,
      let variable = variant["variable"] as? String,
      let forms = variant["forms"] as? [[String: Any]]
    else {
      renderer.issues.append("message is not one variant part")
      return nil
    }
    if !renderer.declared.contains(where: { $0.0 == variable }) {
      renderer.issues.append("variant variable '\(variable)' is not declared")
    }
    if let offset = variant["offset"], JSONRead.integer(offset) != 0 {
      renderer.issues.append("variant offset is not 0")
    }
    var result: [String: String] = [:]
    for form in forms {
      guard let selector = form["selector"] as? String, JSONRead.categories.contains(selector),
        result[selector] == nil, let formParts = form["parts"] as? [[String: Any]]
      else {
        renderer.issues.append("malformed form \(form)")
        continue
      }
      result[selector] = formParts.map { part in
        guard part.count == 1, let text = part["text"] as? String else {
          renderer.issues.append("form part is not a text part")
          return ""
        }
        return renderer.text(text)
      }.joined()
    }
    if result["other"] == nil { renderer.issues.append("plural has no 'other' form") }
    return result
  }

  /// Replaces `{{name}}` tokens with `{N:type}`; undeclared or unterminated tokens are issues.
  private struct Renderer {
    var declared: [(String, String)]
    var place: String
    var issues: [String] = []

    mutating func text(_ text: String) -> String {
      var result = ""
      var rest = Substring(text)
      while let open = rest.range(of: "{{") {
        result += rest[..<open.lowerBound]
        rest = rest[open.upperBound...]
        guard let close = rest.range(of: "}}") else {
          issues.append("unterminated '{{' in \(text.debugDescription)")
          return result + "{{" + rest
        }
        let name = String(rest[..<close.lowerBound])
        if let index = declared.firstIndex(where: { $0.0 == name }) {
          result += "{\(index + 1):\(declared[index].1)}"
        } else {
          issues.append("token '{{\(name)}}' is not declared")
        }
        rest = rest[close.upperBound...]
      }
      return result + rest
    }
  }
}
