import LHCBase
import StringTables

/// Everything one table holds for one key: a `.strings` value, a `.stringsdict` entry, or both
/// (Xcode writes both for device variations).
public struct TableEntry: Sendable, Equatable {
  public var text: String?
  public var rule: StringsdictEntry?

  public init(text: String? = nil, rule: StringsdictEntry? = nil) {
    self.text = text
    self.rule = rule
  }

  /// True when both entries show the same text in every case: equal, or equal once the
  /// variables of their formats are renamed in order of first reference (`%#@arg1@` written by
  /// Xcode's catalog compiler and `%#@files@` in a hand-written `.stringsdict` are the same rule).
  public func isEquivalent(to other: TableEntry) -> Bool {
    if self == other { return true }
    guard text == other.text, let rule, let otherRule = other.rule else { return false }
    return Self.canonical(rule) == Self.canonical(otherRule)
  }

  static func canonical(_ rule: StringsdictEntry) -> StringsdictEntry {
    rule.mapped(text: { $0 }, format: canonical)
  }

  /// Variables renamed `1`, `2`, … in order of first reference in the format key (then by name
  /// for variables never referenced), references rewritten.
  static func canonical(_ format: FormatRule) -> FormatRule {
    var names: [String] = []
    for token in FormatString(parsing: format.formatKey).tokens {
      if case .substitution(let reference) = token, !names.contains(reference.name) {
        names.append(reference.name)
      }
    }
    names += format.variables.keys.filter { !names.contains($0) }.sorted()
    let renamed = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, "\($0 + 1)") })
    var formatKey = ""
    for token in FormatString(parsing: format.formatKey).tokens {
      if case .substitution(let reference) = token, let name = renamed[reference.name] {
        formatKey += "%" + (reference.position.map { "\($0)$" } ?? "") + "#@" + name + "@"
      } else {
        formatKey += token.text
      }
    }
    var variables: [String: PluralVariable] = [:]
    for (name, variable) in format.variables { variables[renamed[name] ?? name] = variable }
    return FormatRule(formatKey: formatKey, variables: variables)
  }

  /// `plain`, `plural`, `device`, `width` or `plain+plural` (for "changes kind" reports).
  public var kind: String {
    let ruleKind: String? =
      switch rule {
      case .format?: "plural"
      case .device?: "device"
      case .width?: "width"
      case nil: nil
      }
    switch (text, ruleKind) {
    case (_?, let ruleKind?): return "plain+\(ruleKind)"
    case (nil, let ruleKind?): return ruleKind
    default: return "plain"
    }
  }

  /// A one-line rendering: the text, or the rule as `%#@n@ {n: one "…" | other "…"}`.
  public var summary: String {
    var parts: [String] = []
    if let text { parts.append(Self.quoted(text)) }
    if let rule { parts.append(Self.summary(of: rule)) }
    return parts.joined(separator: " ‖ ")
  }

  static func summary(of rule: StringsdictEntry) -> String {
    switch rule {
    case .format(let format): return summary(of: format)
    case .device(let forms): return summary(of: forms)
    case .width(let forms):
      let rendered = KeyOrder.sortedEntries(forms).map { width, form in
        switch form {
        case .text(let text): "\(width): \(quoted(text))"
        case .format(let format): "\(width): \(summary(of: format))"
        case .device(let devices): "\(width): \(summary(of: devices))"
        }
      }
      return "{width " + rendered.joined(separator: " | ") + "}"
    }
  }

  static func summary(of forms: [String: DeviceForm]) -> String {
    let rendered = forms.sorted { $0.key < $1.key }.map { device, form in
      switch form {
      case .text(let text): "\(device): \(quoted(text))"
      case .format(let format): "\(device): \(summary(of: format))"
      }
    }
    return "{" + rendered.joined(separator: " | ") + "}"
  }

  static func summary(of format: FormatRule) -> String {
    let variables = format.variables.sorted { $0.key < $1.key }.map { name, variable in
      let forms = PluralOrder.sorted(variable.forms.keys).map {
        "\($0) \(quoted(variable.forms[$0] ?? ""))"
      }
      return "\(name): " + forms.joined(separator: " | ")
    }
    return format.formatKey + " {" + variables.joined(separator: "; ") + "}"
  }

  /// `text` as a JSON string literal: quotes, backslashes and control characters escaped.
  static func quoted(_ text: String) -> String { JSONValue.quoted(text) }
}

/// CLDR categories in their natural order (`zero one two few many other`), others after, sorted.
enum PluralOrder {
  static let ranks = ["zero": 0, "one": 1, "two": 2, "few": 3, "many": 4, "other": 5]

  static func sorted(_ categories: some Sequence<String>) -> [String] {
    categories.sorted { (ranks[$0] ?? 6, $0) < (ranks[$1] ?? 6, $1) }
  }
}

extension StringsdictEntry {
  /// The rule with every text form and every format rule in it (at any depth of device and width
  /// rules) replaced by `text(_:)` and `format(_:)` of it.
  func mapped(text: (String) -> String, format: (FormatRule) -> FormatRule) -> StringsdictEntry {
    func device(_ form: DeviceForm) -> DeviceForm {
      switch form {
      case .text(let value): return .text(text(value))
      case .format(let rule): return .format(format(rule))
      }
    }
    switch self {
    case .format(let rule): return .format(format(rule))
    case .device(let forms): return .device(forms.mapValues(device))
    case .width(let forms):
      return .width(
        forms.mapValues { form in
          switch form {
          case .text(let value): return .text(text(value))
          case .format(let rule): return .format(format(rule))
          case .device(let devices): return .device(devices.mapValues(device))
          }
        })
    }
  }
}
