import LHCBase
import StringTables

/// Why a key cannot go into a payload; becomes ``SkippedEntry/reason``.
struct Unrepresentable: Error, Equatable {
  var reason: String

  init(_ reason: String) { self.reason = reason }
}

/// One key of a table reduced to what the over-the-air formats share: a text, or a plural on one
/// value whose forms are whole Apple format strings.
enum OTAMessage: Equatable {
  /// A `.strings` value: an Apple format string, verbatim.
  case text(String)
  /// A `.stringsdict` plural with exactly one variable.
  case plural(PluralMessage)

  /// The message of a `.stringsdict` entry; device and width variations and plurals on several
  /// variables have no counterpart in any of the targets.
  init(_ entry: StringsdictEntry) throws(Unrepresentable) {
    switch entry {
    case .device:
      throw Unrepresentable("device variations (NSStringDeviceSpecificRuleType) are not supported")
    case .width:
      throw Unrepresentable("width variations (NSStringVariableWidthRuleType) are not supported")
    case .format(let rule):
      self = .plural(try PluralMessage(rule))
    }
  }
}

/// One plural form: a CLDR category and the whole format string for it.
struct PluralForm: Equatable {
  var category: String
  var text: String
}

/// A plural on one variable, its format key expanded: each form is the format key with the
/// variable's reference replaced by that form.
///
/// Expanding is exact for one variable: the category depends on that variable only, so the text
/// around the reference is the same for every category, and the runtime formats the expanded
/// string with the call's arguments (a form may read arguments the format key does not name).
struct PluralMessage: Equatable {
  /// The variable's name in the `.stringsdict` (a substitution name, or `argN`).
  var variable: String
  /// The 1-based format argument the variable selects on.
  var position: Int
  /// `NSStringFormatValueTypeKey` (`lld`), if known.
  var valueType: String?
  /// The forms in CLDR order (`zero` … `other`), unknown categories after them.
  var forms: [PluralForm]

  /// CLDR's plural categories in their conventional order.
  static let categories = ["zero", "one", "two", "few", "many", "other"]

  /// The expanded plural of `rule`.
  init(_ rule: FormatRule) throws(Unrepresentable) {
    guard rule.variables.count == 1, let (name, variable) = rule.variables.first else {
      let names = KeyOrder.sorted(rule.variables.keys).map { "'\($0)'" }.joined(separator: ", ")
      throw Unrepresentable(
        "plural on \(rule.variables.count) variables (\(names)); only one is supported")
    }
    guard variable.specType == PluralVariable.pluralRuleType else {
      throw Unrepresentable("variable '\(name)' has rule type '\(variable.specType)', not a plural")
    }
    let format = FormatString(parsing: rule.formatKey)
    for reference in format.substitutionReferences where reference.name != name {
      throw Unrepresentable("format key references undefined variable '\(reference.name)'")
    }
    guard let argument = format.arguments.first(where: { $0.substitutionNames.contains(name) })
    else {
      throw Unrepresentable("format key does not reference its variable '\(name)'")
    }
    self.variable = name
    self.position = argument.position
    self.valueType = variable.valueType
    self.forms = try Self.orderedCategories(variable.forms.keys).map {
      (category) throws(Unrepresentable) in
      let form = variable.forms[category] ?? ""
      if !FormatString(parsing: form).substitutionReferences.isEmpty {
        throw Unrepresentable("plural form '\(category)' references another variable")
      }
      return PluralForm(category: category, text: Self.expand(format, name: name, with: form))
    }
  }

  /// CLDR categories first in CLDR order, then any others in key order.
  private static func orderedCategories(_ names: some Collection<String>) -> [String] {
    categories.filter(names.contains) + KeyOrder.sorted(names.filter { !categories.contains($0) })
  }

  /// `format` with every reference to `name` replaced by `form`.
  private static func expand(_ format: FormatString, name: String, with form: String) -> String {
    format.tokens.reduce(into: "") { text, token in
      if case .substitution(let reference) = token, reference.name == name {
        text += form
      } else {
        text += token.text
      }
    }
  }
}

extension StringTable {
  /// Every key with its message, in key order; a key in both `.strings` and `.stringsdict` (a
  /// device variation's fallback) is read from the `.stringsdict`, so it is skipped as a whole
  /// rather than shipped with its fallback only (the app's bundled entry stays in force).
  /// `pluralsUnsupportedBy`: the name of a target without plurals, which fails every plural.
  func messages(pluralsUnsupportedBy target: String? = nil) -> [(
    key: String, message: Result<OTAMessage, Unrepresentable>
  )] {
    let keys = KeyOrder.sorted(Set(strings.keys).union(rules.keys))
    return keys.map { key in
      if let target, case .format? = rules[key] {
        return (key, .failure(Unrepresentable("plurals are not supported by \(target)")))
      }
      if let rule = rules[key] {
        return (key, Result { () throws(Unrepresentable) in try OTAMessage(rule) })
      }
      return (key, .success(.text(strings[key] ?? "")))
    }
  }
}
