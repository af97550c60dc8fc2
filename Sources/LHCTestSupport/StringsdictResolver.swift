import Foundation
import LHCBase

/// Apple's runtime rules for `.strings` + `.stringsdict`, applied to files read back with Foundation.
///
/// Foundation on Linux crashes on `.stringsdict` lookups, so runtime-equivalence tests resolve
/// entries here: pick the width form (`NSStringVariableWidthRuleType`: the largest width key not
/// above the requested width, the smallest key when the request is below all of them, as
/// `variantFittingPresentationWidth(_:)` documents), then the device form (falling back to the
/// `.strings` value when a top-level device rule does not name the device), then replace each
/// `%#@variable@` in `NSStringLocalizedFormatKey` with the variable's form for the plural category
/// given (or its `other` form), recursively, as `NSString` does.
public struct StringsdictResolver {
  public let strings: [String: String]
  public let stringsdict: [String: Any]

  public init(strings: [String: String], stringsdict: [String: Any]) {
    self.strings = strings
    self.stringsdict = stringsdict
  }

  /// Reads `<Table>.strings` and `<Table>.stringsdict` of one `.lproj` folder (either may be absent).
  public init(lproj: URL, table: String) throws {
    let stringsURL = lproj.appendingPathComponent("\(table).strings")
    let dictURL = lproj.appendingPathComponent("\(table).stringsdict")
    strings = try Self.read(stringsURL) as? [String: String] ?? [:]
    stringsdict = try Self.read(dictURL) as? [String: Any] ?? [:]
  }

  private static func read(_ url: URL) throws -> Any? {
    guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
    return try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
  }

  /// The format string the runtime would format for `key` on `device` at `width` (nil: the widest
  /// form), with variables' plural categories from `category`, plus the argument position each
  /// variable was bound to.
  public func resolve(
    key: String, device: String, width: Int? = nil, category: (String) -> String
  ) -> (text: String, bindings: [String: Int])? {
    guard var entry = stringsdict[key] as? [String: Any] else {
      return strings[key].map { ($0, [:]) }
    }
    if let widths = entry["NSStringVariableWidthRuleType"] as? [String: Any] {
      switch Self.fitting(widths, width) {
      case let text as String: return (text, [:])
      case let rule as [String: Any]: entry = rule
      default: return nil
      }
      if let devices = entry["NSStringDeviceSpecificRuleType"] as? [String: Any] {
        return form(devices[device], category: category)
      }
      return resolveFormat(entry, category: category)
    }
    if let devices = entry["NSStringDeviceSpecificRuleType"] as? [String: Any] {
      return form(devices[device], category: category) ?? strings[key].map { ($0, [:]) }
    }
    return resolveFormat(entry, category: category)
  }

  /// A device's form: a text, or a format resolved with `category`.
  private func form(_ value: Any?, category: (String) -> String)
    -> (text: String, bindings: [String: Int])?
  {
    switch value {
    case let text as String: (text, [:])
    case let rule as [String: Any]: resolveFormat(rule, category: category)
    default: nil
    }
  }

  /// The form for `width` among `forms` keyed by widths: the largest key not above it, else the
  /// smallest key; nil `width` takes the largest.
  static func fitting(_ forms: [String: Any], _ width: Int?) -> Any? {
    let keys = forms.keys.compactMap { key in Int(key).map { ($0, key) } }.sorted { $0.0 < $1.0 }
    let chosen =
      width.flatMap { width in keys.last { $0.0 <= width } }
      ?? (width == nil ? keys.last : keys.first)
    return chosen.flatMap { forms[$0.1] }
  }

  private func resolveFormat(_ rule: [String: Any], category: (String) -> String)
    -> (text: String, bindings: [String: Int])?
  {
    guard let formatKey = rule["NSStringLocalizedFormatKey"] as? String else { return nil }
    var bindings: [String: Int] = [:]
    let text = expand(formatKey, rule: rule, category: category, bindings: &bindings, depth: 0)
    return (text, bindings)
  }

  private func expand(
    _ text: String, rule: [String: Any], category: (String) -> String,
    bindings: inout [String: Int], depth: Int
  ) -> String {
    let format = FormatString(parsing: text)
    var result = ""
    for token in format.tokens {
      guard case .substitution(let reference) = token, depth < 8,
        let variable = rule[reference.name] as? [String: Any]
      else {
        result += token.text
        continue
      }
      let position = format.arguments.first { $0.substitutionNames.contains(reference.name) }
      bindings[reference.name] = position?.position
      let form = variable[category(reference.name)] as? String ?? variable["other"] as? String ?? ""
      result += expand(form, rule: rule, category: category, bindings: &bindings, depth: depth + 1)
    }
    return result
  }
}

/// A format string made comparable: every argument specifier becomes `{position:type}` with its
/// position resolved the way printf resolves it, `%%` becomes `%`, other text stays.
public func canonicalFormat(_ text: String) -> String {
  let format = FormatString(parsing: text)
  var positions: [Int: Int] = [:]
  for argument in format.arguments {
    for specifier in argument.specifiers { positions[specifier.utf8Offset] = argument.position }
  }
  var result = ""
  for token in format.tokens {
    switch token {
    case .percent: result += "%"
    case .specifier(let specifier):
      result += "{\(positions[specifier.utf8Offset] ?? 0):\(specifier.argumentType)}"
    default: result += token.text
    }
  }
  return result
}
