import LHCBase
import StringTables

/// better-i18n Swift SDK files: `manifest.json` plus `<locale>/translations.json`, the root being
/// the SDK's `<cdnBaseUrl>/<org>/<project>` folder.
///
/// Locales are lower-case BCP 47 tags (`pt-br`), as the CDN serves them. The manifest lists
/// `languages` (`code`, `name` = the code, since lhc has no display names, and `isSource` when
/// the source language is known) and `sourceLanguage`; with `--base-url` it also lists
/// `files[locale].url` = `--base-url` + `/<locale>/translations.json` (without it the SDK builds
/// that path itself). No `updatedAt`: payloads carry no timestamps.
///
/// Messages nest by dot-path (`auth.login.title` → `{"auth":{"login":{"title":…}}}`), as the SDK
/// looks them up; tables share one key space. Format arguments become `{argN}`. Skipped: plurals
/// and device variations (the SDK has neither), a key with an empty path segment (`Done.`), a key
/// whose path runs through another key's string or ends at another key's object, and literal
/// text that spells one of the key's own placeholders.
enum BetterI18nPayload {
  /// The manifest and one file per locale.
  static func build(_ tables: [StringTable], options: PayloadOptions) throws(PayloadError)
    -> Payload
  {
    let baseURL = try options.baseURL.map { (url) throws(PayloadError) in
      try LocaleTag.baseURL(url)
    }
    var skipped: [SkippedEntry] = []
    var files: [PayloadFile] = []
    var codes: [String] = []
    for (language, group) in PayloadParts.byLanguage(tables) {
      let code = LocaleTag.canonical(language).lowercased()
      var tree = KeyTree()
      for (key, table, message) in PayloadParts.mergedMessages(
        group, target: "better-i18n", hasPlurals: false, skipped: &skipped)
      {
        do throws(Unrepresentable) {
          try tree.insert(try text(of: message), at: key)
        } catch {
          skipped.append(
            SkippedEntry(language: language, table: table, key: key, reason: error.reason))
        }
      }
      files.append(PayloadParts.file(code + "/translations.json", tree.json))
      codes.append(code)
    }
    let source = options.sourceLanguage.map { LocaleTag.canonical($0).lowercased() }
    files.append(
      PayloadParts.file("manifest.json", manifest(codes, source: source, baseURL: baseURL)))
    return Payload(files: files, skipped: skipped)
  }

  /// The message text with `{name}` interpolation.
  private static func text(of message: OTAMessage) throws(Unrepresentable) -> String {
    guard case .text(let text) = message else {
      throw Unrepresentable("plurals are not supported by better-i18n")
    }
    let template = try Template(text)
    let names = template.argumentNames
    let literal = template.literalText
    if let name = names.values.sorted().first(where: { literal.contains("{\($0)}") }) {
      throw Unrepresentable("literal text contains '{\(name)}', which the SDK would interpolate")
    }
    return template.rendered(names: names, open: "{", close: "}")
  }

  /// `{ files?, languages, sourceLanguage? }`.
  private static func manifest(_ codes: [String], source: String?, baseURL: String?) -> JSONValue {
    let languages: [JSONValue] = codes.map { code in
      var members: [(String, JSONValue)] = [("code", .string(code)), ("name", .string(code))]
      if let source { members.append(("isSource", .rendered(code == source ? "true" : "false"))) }
      return PayloadParts.object(members)
    }
    var members: [(String, JSONValue)] = [("languages", .array(languages))]
    if let source { members.append(("sourceLanguage", .string(source))) }
    if let baseURL {
      let files = codes.map { code in
        (code, JSONValue.object([("url", .string("\(baseURL)/\(code)/translations.json"))]))
      }
      members.append(("files", PayloadParts.object(files)))
    }
    return PayloadParts.object(members)
  }
}

/// Messages nested by the dot-separated segments of their keys.
struct KeyTree {
  private indirect enum Node {
    case text(String)
    case branch([String: Node])
  }

  private var root: [String: Node] = [:]

  /// Places `text` at the path of `key`, or fails when the path is empty-segmented or taken.
  mutating func insert(_ text: String, at key: String) throws(Unrepresentable) {
    let path = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard !path.contains(where: \.isEmpty) else {
      throw Unrepresentable("key has an empty path segment, which nested lookup cannot reach")
    }
    try Self.insert(text, at: path[...], into: &root, key: key)
  }

  private static func insert(
    _ text: String, at path: ArraySlice<String>, into nodes: inout [String: Node], key: String
  ) throws(Unrepresentable) {
    guard let segment = path.first else { return }
    let rest = path.dropFirst()
    switch (nodes[segment], rest.isEmpty) {
    case (nil, true):
      nodes[segment] = .text(text)
    case (.branch(var children), false):
      nodes[segment] = nil  // keep `children` uniquely referenced
      defer { nodes[segment] = .branch(children) }
      try insert(text, at: rest, into: &children, key: key)
    case (nil, false):
      var children: [String: Node] = [:]
      try insert(text, at: rest, into: &children, key: key)
      nodes[segment] = .branch(children)
    case (.text, false):
      let prefix = key.split(separator: ".").dropLast(rest.count).joined(separator: ".")
      throw Unrepresentable("key path runs through key '\(prefix)', which holds a string")
    case (.branch, true):
      throw Unrepresentable("key is the path prefix of other keys, so it would hold an object")
    case (.text, true):
      throw Unrepresentable("key is already present")
    }
  }

  /// The nested object, members in key order.
  var json: JSONValue { Self.json(root) }

  private static func json(_ nodes: [String: Node]) -> JSONValue {
    PayloadParts.object(
      nodes.map { name, node in
        switch node {
        case .text(let text): (name, .string(text))
        case .branch(let children): (name, json(children))
        }
      })
  }
}
