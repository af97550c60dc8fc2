import Foundation
import LHCBase

/// Apple's runtime rules for `.strings` + `.stringsdict`, applied to files read back with Foundation.
///
/// Foundation on Linux crashes on `.stringsdict` lookups, so runtime-equivalence tests resolve
/// entries here: pick the device form (falling back to the `.strings` value when the device is not
/// named), then replace each `%#@variable@` in `NSStringLocalizedFormatKey` with the variable's form
/// for the plural category given (or its `other` form), recursively, as `NSString` does.
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

  /// The format string the runtime would format for `key` on `device`, with variables' plural
  /// categories from `category`, plus the argument position each variable was bound to.
  public func resolve(key: String, device: String, category: (String) -> String)
    -> (text: String, bindings: [String: Int])?
  {
    guard let entry = stringsdict[key] as? [String: Any] else {
      return strings[key].map { ($0, [:]) }
    }
    if let devices = entry["NSStringDeviceSpecificRuleType"] as? [String: Any] {
      switch devices[device] {
      case let text as String: return (text, [:])
      case let rule as [String: Any]: return resolveFormat(rule, category: category)
      default: return strings[key].map { ($0, [:]) }
      }
    }
    return resolveFormat(entry, category: category)
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
