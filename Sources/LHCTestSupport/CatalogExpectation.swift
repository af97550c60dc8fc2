import Foundation
import LHCBase

/// An independent reading of a catalog (Foundation's `JSONSerialization`, not lhc's reader) that
/// says what a compiled table must contain and what each entry must render to at runtime.
///
/// Emission rules, restated from the compile semantics: a plain unit is emitted when it has a value
/// and its state is not `new`; a localization with variations or substitutions is emitted whole
/// when any of its units qualifies.
public struct CatalogExpectation {
  public let sourceLanguage: String
  public let entries: [String: [String: Any]]

  /// Reads a catalog; a trailing comma before `}` is removed first (JSONSerialization is strict).
  public init(url: URL) throws {
    var text = try String(contentsOf: url, encoding: .utf8)
    text = text.replacingOccurrences(of: #",(\s*[}\]])"#, with: "$1", options: .regularExpression)
    let json = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
    sourceLanguage = json["sourceLanguage"] as? String ?? ""
    entries = json["strings"] as? [String: [String: Any]] ?? [:]
  }

  /// Every language that has a localization somewhere.
  public var languages: Set<String> {
    Set(entries.values.flatMap { ($0["localizations"] as? [String: Any])?.keys ?? [:].keys })
  }

  /// The localization node of `key` in `language`.
  public func node(_ key: String, _ language: String) -> [String: Any]? {
    (entries[key]?["localizations"] as? [String: Any])?[language] as? [String: Any]
  }

  /// The `.strings` dictionary lhc must write for `language`.
  public func expectedStrings(_ language: String, force: Bool = false) -> [String: String] {
    var result: [String: String] = [:]
    for key in entries.keys {
      guard let node = node(key, language), qualifies(node, force: force) else { continue }
      if Self.isPlain(node), let value = Self.value(node), !value.contains("%#@") {
        result[key] = value
      } else if let device = Self.variations(node)["device"] as? [String: Any],
        let other = device["other"] as? [String: Any], Self.isPlain(other),
        let value = Self.value(other), !value.contains("%#@")
      {
        result[key] = value
      }
    }
    return result
  }

  /// The keys lhc must write to `.stringsdict` for `language`.
  public func expectedRuleKeys(_ language: String, force: Bool = false) -> Set<String> {
    Set(
      entries.keys.filter { key in
        guard let node = node(key, language), qualifies(node, force: force) else { return false }
        if Self.isPlain(node) { return Self.value(node)?.contains("%#@") ?? false }
        guard let device = Self.variations(node)["device"] as? [String: Any] else { return true }
        return device.contains { name, value in
          guard let leaf = value as? [String: Any] else { return false }
          return name != "other" || !Self.isPlain(leaf)
            || (Self.value(leaf)?.contains("%#@") ?? false)
        }
      })
  }

  /// Widths, devices and plural categories to try for an entry: for a width variation each width
  /// key, one above each (it selects the same form) and 0 (below every key: the smallest), else
  /// `nil`; named devices plus one unnamed device; and for the plurals (`"plural"`, under any width
  /// and device case) and each substitution, the categories they name.
  public func domains(_ key: String, _ language: String) -> (
    widths: [Int?], devices: [String], variables: [String: [String]]
  ) {
    guard let node = node(key, language) else { return ([nil], [], [:]) }
    var variables: [String: [String]] = [:]
    var widths: [Int?] = [nil]
    var nodes = [node]
    if let width = Self.variations(node)["width"] as? [String: Any] {
      widths = [0] + width.keys.compactMap { Int($0) }.sorted().flatMap { [$0, $0 + 1] }
      nodes = width.values.compactMap { $0 as? [String: Any] }
    }
    var named: Set<String> = []
    var leaves: [[String: Any]] = []
    for node in nodes {
      guard let device = Self.variations(node)["device"] as? [String: Any] else {
        leaves.append(node)
        continue
      }
      named.formUnion(device.keys.filter { $0 != "other" })
      leaves += device.values.compactMap { $0 as? [String: Any] }
    }
    var devices = named.sorted()
    if !devices.isEmpty, let unnamed = DeviceClassNames.all.first(where: { !named.contains($0) }) {
      devices.append(unnamed)
    }
    for leaf in leaves {
      if let plural = Self.variations(leaf)["plural"] as? [String: Any] {
        variables["plural", default: []] += plural.keys
      }
    }
    for (name, substitution) in node["substitutions"] as? [String: [String: Any]] ?? [:] {
      let plural = Self.variations(substitution)["plural"] as? [String: Any] ?? [:]
      variables[name] = Array(plural.keys)
    }
    return (
      widths, devices.isEmpty ? ["iphone"] : devices,
      variables.mapValues { Array(Set($0)).sorted() }
    )
  }

  /// The format string the catalog means for `key` on `device` at `width` (nil: the widest) with
  /// the given plural categories (`"plural"` for the plural, substitution names otherwise),
  /// substitutions spliced in with `%arg` made `%N$<formatSpecifier>`.
  public func render(
    _ key: String, _ language: String, device: String, width: Int? = nil,
    category: (String) -> String
  ) -> String? {
    guard let root = node(key, language) else { return nil }
    var node = root
    if let widths = Self.variations(node)["width"] as? [String: Any] {
      // The largest width not above the one asked for, else the smallest.
      let sorted = widths.keys.compactMap { key in Int(key).map { (value: $0, key: key) } }
        .sorted { $0.value < $1.value }
      let below = width.map { width in sorted.filter { $0.value <= width } } ?? sorted
      guard let chosen = below.last ?? sorted.first, let form = widths[chosen.key] as? [String: Any]
      else { return nil }
      node = form
    }
    if let devices = Self.variations(node)["device"] as? [String: Any] {
      guard let chosen = (devices[device] ?? devices["other"]) as? [String: Any] else { return nil }
      node = chosen
    }
    if let plural = Self.variations(node)["plural"] as? [String: Any] {
      guard let chosen = (plural[category("plural")] ?? plural["other"]) as? [String: Any] else {
        return nil
      }
      node = chosen
    }
    guard let text = Self.value(node) else { return nil }
    let substitutions = root["substitutions"] as? [String: [String: Any]] ?? [:]
    return splice(text, substitutions, category, depth: 0)
  }

  /// The argument number a substitution is bound to: its `argNum`, else its reference's position.
  public func argumentNumber(_ name: String, in text: String, _ substitution: [String: Any]) -> Int?
  {
    if let argNum = substitution["argNum"] as? Int { return argNum }
    return FormatString(parsing: text).arguments.first { $0.substitutionNames.contains(name) }?
      .position
  }

  private func splice(
    _ text: String, _ substitutions: [String: [String: Any]], _ category: (String) -> String,
    depth: Int
  ) -> String {
    var result = ""
    for token in FormatString(parsing: text).tokens {
      guard case .substitution(let reference) = token, depth < 8,
        let substitution = substitutions[reference.name],
        let plural = Self.variations(substitution)["plural"] as? [String: Any],
        let leaf = (plural[category(reference.name)] ?? plural["other"]) as? [String: Any],
        let argNum = argumentNumber(reference.name, in: text, substitution),
        let specifier = substitution["formatSpecifier"] as? String
      else {
        result += token.text
        continue
      }
      let value = (Self.value(leaf) ?? "").replacingOccurrences(
        of: "%arg", with: "%\(argNum)$\(specifier)")
      result += splice(value, substitutions, category, depth: depth + 1)
    }
    return result
  }

  private func qualifies(_ node: [String: Any], force: Bool) -> Bool {
    if let unit = node["stringUnit"] as? [String: Any], unit["value"] is String,
      force || (unit["state"] as? String) != "new"
    {
      return true
    }
    let children = Self.variations(node).values.compactMap { $0 as? [String: Any] }
      .flatMap { $0.values.compactMap { $0 as? [String: Any] } }
    let substitutionChildren = (node["substitutions"] as? [String: [String: Any]] ?? [:]).values
      .flatMap { Self.variations($0).values.compactMap { $0 as? [String: Any] } }
      .flatMap { $0.values.compactMap { $0 as? [String: Any] } }
    return (children + substitutionChildren).contains { qualifies($0, force: force) }
  }

  static func isPlain(_ node: [String: Any]) -> Bool {
    variations(node).isEmpty && (node["substitutions"] as? [String: Any] ?? [:]).isEmpty
  }

  static func variations(_ node: [String: Any]) -> [String: Any] {
    node["variations"] as? [String: Any] ?? [:]
  }

  static func value(_ node: [String: Any]) -> String? {
    (node["stringUnit"] as? [String: Any])?["value"] as? String
  }
}

/// Apple's documented device classes.
enum DeviceClassNames {
  static let all = ["appletv", "applevision", "applewatch", "ipad", "iphone", "ipod", "mac"]
}
