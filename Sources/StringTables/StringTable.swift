import LHCBase

/// One compiled table of one language: what ends up in `<language>.lproj/<name>.strings` and
/// `<name>.stringsdict`.
///
/// This is the model every later stage shares: writers turn it into files, and readers of
/// releases (`.strings`, `.stringsdict`, archives) turn files back into it for `diff`.
public struct StringTable: Sendable, Equatable {
  /// The table name: the catalog's basename (`Localizable`, `InfoPlist`).
  public var name: String
  /// The language tag, verbatim from the catalog (`pt-BR`, `zh-Hans`).
  public var language: String
  /// Plain key → value pairs (`.strings`), in key order.
  public var strings: KeyedValues<String>
  /// Rule-based entries (`.stringsdict`), in key order.
  public var rules: KeyedValues<StringsdictEntry>

  public init(
    name: String, language: String, strings: KeyedValues<String> = [:],
    rules: KeyedValues<StringsdictEntry> = [:]
  ) {
    self.name = name
    self.language = language
    self.strings = strings
    self.rules = rules
  }

  /// True when neither file would have an entry.
  public var isEmpty: Bool { strings.isEmpty && rules.isEmpty }

  /// The keys in both files, in key order (both key lists are sorted: one merge, no hashing).
  public var keysInBothFiles: [String] { Self.keysInBoth(strings.keys, rules.keys) }

  /// The keys in both `stringKeys` and `ruleKeys`, two lists in ``KeyOrder``, in that order.
  public static func keysInBoth(_ stringKeys: [String], _ ruleKeys: [String]) -> [String] {
    var both: [String] = []
    var (s, r) = (0, 0)
    while s < stringKeys.count, r < ruleKeys.count {
      let (text, rule) = (stringKeys[s], ruleKeys[r])
      if text == rule {
        both.append(text)
        (s, r) = (s + 1, r + 1)
      } else if KeyOrder.precedes(text, rule) {
        s += 1
      } else {
        r += 1
      }
    }
    return both
  }

  /// The number of distinct keys over both files.
  public var keyCount: Int { strings.count + rules.count - keysInBothFiles.count }
}

/// A `.stringsdict` entry: a format with variables, a device-specific or a width-specific choice.
public enum StringsdictEntry: Sendable, Equatable {
  /// `{ NSStringLocalizedFormatKey: …, <variable>: {…} }`.
  case format(FormatRule)
  /// `{ NSStringDeviceSpecificRuleType: { iphone: …, mac: … } }`.
  case device([String: DeviceForm])
  /// `{ NSStringVariableWidthRuleType: { "1": …, "20": … } }`: widths as decimal strings.
  case width([String: WidthForm])

  /// Every text and format the entry can resolve to, with the cases that lead to it (`[]` for a
  /// format entry, `["ipad"]`, `["20"]`, `["20", "ipad"]`), cases in key order.
  public var leaves: [(cases: [String], form: DeviceForm)] {
    switch self {
    case .format(let rule): return [([], .format(rule))]
    case .device(let forms): return Self.leaves(forms, under: [])
    case .width(let forms):
      return KeyOrder.sortedEntries(forms).flatMap { width, form in
        switch form {
        case .text(let text): return [([width], DeviceForm.text(text))]
        case .format(let rule): return [([width], .format(rule))]
        case .device(let devices): return Self.leaves(devices, under: [width])
        }
      }
    }
  }

  private static func leaves(_ forms: [String: DeviceForm], under path: [String])
    -> [(cases: [String], form: DeviceForm)]
  {
    KeyOrder.sortedEntries(forms).map { (path + [$0.key], $0.value) }
  }

  /// The format rules among ``leaves``.
  public var formats: [FormatRule] {
    leaves.compactMap { if case .format(let rule) = $0.form { rule } else { nil } }
  }
}

/// A localized format key and the variables it references as `%#@name@`.
public struct FormatRule: Sendable, Equatable {
  /// `NSStringLocalizedFormatKey`.
  public var formatKey: String
  /// Variable name → its rule.
  public var variables: [String: PluralVariable]

  public init(formatKey: String, variables: [String: PluralVariable]) {
    self.formatKey = formatKey
    self.variables = variables
  }
}

/// A variable of a format rule: `NSStringFormatSpecTypeKey`, `NSStringFormatValueTypeKey` and the forms.
public struct PluralVariable: Sendable, Equatable {
  /// `NSStringFormatSpecTypeKey`; `NSStringPluralRuleType` for everything lhc compiles.
  public var specType: String
  /// `NSStringFormatValueTypeKey`: the specifier without `%` (`lld`, `d`), if known.
  public var valueType: String?
  /// Plural category (`zero` … `other`) → form.
  public var forms: [String: String]

  public init(
    specType: String = PluralVariable.pluralRuleType, valueType: String?, forms: [String: String]
  ) {
    self.specType = specType
    self.valueType = valueType
    self.forms = forms
  }

  public static let pluralRuleType = "NSStringPluralRuleType"
}

/// The value for one device class: plain text, or a format with variables (device → plural).
public enum DeviceForm: Sendable, Equatable {
  case text(String)
  case format(FormatRule)
}

/// The value for one width: plain text, a format with variables (width → plural, or a text that
/// references substitutions), or a device choice (width → device).
public enum WidthForm: Sendable, Equatable {
  case text(String)
  case format(FormatRule)
  case device([String: DeviceForm])
}

/// Apple's `.stringsdict` keys.
public enum StringsdictKey {
  public static let localizedFormatKey = "NSStringLocalizedFormatKey"
  public static let formatSpecTypeKey = "NSStringFormatSpecTypeKey"
  public static let formatValueTypeKey = "NSStringFormatValueTypeKey"
  public static let deviceSpecificRuleType = "NSStringDeviceSpecificRuleType"
  public static let variableWidthRuleType = "NSStringVariableWidthRuleType"
}
