import LHCBase
import LHCTestSupport
import OTAPayloads
import StringTables

/// What each target should hold for a key of the input tables, computed from the tables alone.
///
/// Plurals are expanded through `StringsdictResolver` (Apple's runtime rules in test support):
/// the form for a category is what the runtime formats when the variable takes that category.
enum Expectation {
  /// The key's Apple-format content: the `.strings` value, or the resolved text per category of a
  /// one-variable plural; nil for device variations and plurals on several variables.
  static func apple(_ table: StringTable, key: String) -> ReadPayload.Content? {
    guard let rule = table.rules[key] else { return table.strings[key].map { .text($0) } }
    guard case .format(let format) = rule, format.variables.count == 1,
      let variable = format.variables.first
    else { return nil }
    var dictionary: [String: Any] = [StringsdictKey.localizedFormatKey: format.formatKey]
    var forms: [String: Any] = [StringsdictKey.formatSpecTypeKey: variable.value.specType]
    for (category, form) in variable.value.forms { forms[category] = form }
    dictionary[variable.key] = forms
    let resolver = StringsdictResolver(strings: [:], stringsdict: [key: dictionary])
    var result: [String: String] = [:]
    for category in variable.value.forms.keys {
      result[category] = resolver.resolve(key: key, device: "iphone") { _ in category }?.text
    }
    return .plural(result)
  }

  /// Tolgee keeps Apple format strings verbatim.
  static func tolgee(_ table: StringTable, key: String) -> ReadPayload.Content? {
    apple(table, key: key)
  }

  /// ReRune: arguments as `{N:type}`, `%%` as `%`.
  static func rerune(_ table: StringTable, key: String) -> ReadPayload.Content? {
    switch apple(table, key: key) {
    case .text(let text): .text(canonical(text, typed: true))
    case .plural(let forms): .plural(forms.mapValues { canonical($0, typed: true) })
    case nil: nil
    }
  }

  /// better-i18n: texts only, arguments as `{N}`, `%%` as `%`.
  static func betterI18n(_ table: StringTable, key: String) -> ReadPayload.Content? {
    guard case .text(let text) = apple(table, key: key) else { return nil }
    return .text(canonical(text, typed: false))
  }

  /// `text` with each plain specifier as `{N:int}`/`{N:string}` (or `{N}`), `%%` as `%`; other
  /// specifiers as `{?…}`, which no reader produces.
  static func canonical(_ text: String, typed: Bool) -> String {
    let format = FormatString(parsing: text)
    var positions: [Int: Int] = [:]
    for argument in format.arguments {
      for specifier in argument.specifiers { positions[specifier.utf8Offset] = argument.position }
    }
    return format.tokens.map { token in
      switch token {
      case .percent: return "%"
      case .specifier(let specifier):
        guard specifier.flags.isEmpty, specifier.width == nil, specifier.precision == nil,
          let kind = kind(specifier)
        else { return "{?\(specifier.text)}" }
        let position = positions[specifier.utf8Offset] ?? 0
        return typed ? "{\(position):\(kind)}" : "{\(position)}"
      default: return token.text
      }
    }.joined()
  }

  /// `string` for `%@`, `int` for the integer conversions ReRune can declare.
  private static func kind(_ specifier: FormatSpecifier) -> String? {
    if specifier.conversion == "@" && specifier.length == .none { return "string" }
    return specifier.argumentType.isInteger && "diuDU".contains(specifier.conversion) ? "int" : nil
  }

  /// Compares what a reader found with `expected` for every key of `tables`, and the skipped list
  /// with both: a key is in the payload exactly when it is not skipped.
  static func problems(
    _ read: ReadPayload, payload: Payload, tables: [StringTable],
    language: (String) -> String, table: (StringTable) -> String,
    expected: (StringTable, String) -> ReadPayload.Content?
  ) -> [String] {
    var problems = read.issues
    let skipped = Set(payload.skipped.map { [$0.language, $0.table, $0.key] })
    if skipped.count != payload.skipped.count { problems.append("a key is skipped twice") }
    var accounted: Set<[String]> = []
    var skippedPlaces: [(StringTable, String)] = []
    for input in tables {
      for key in Set(input.strings.keys).union(input.rules.keys) {
        if skipped.contains([input.language, input.name, key]) {
          skippedPlaces.append((input, key))
          continue
        }
        let place = [language(input.language), table(input), key]
        accounted.insert(place)
        let got = read.content[place[0]]?[place[1]]?[key]
        guard let wanted = expected(input, key) else {
          problems.append("\(place): cannot be represented but is not skipped")
          continue
        }
        if got != wanted {
          problems.append("\(place): got \(String(describing: got)), expected \(wanted)")
        }
      }
    }
    for (input, key) in skippedPlaces {
      let place = [language(input.language), table(input), key]
      if !accounted.contains(place), read.content[place[0]]?[place[1]]?[key] != nil {
        problems.append("\(place): skipped but in the payload")
      }
    }
    for entry in payload.skipped where entry.reason.isEmpty {
      problems.append("\(entry.key): skipped without a reason")
    }
    for (languageKey, tablesRead) in read.content {
      for (tableKey, keys) in tablesRead {
        for key in keys.keys where !accounted.contains([languageKey, tableKey, key]) {
          problems.append("\([languageKey, tableKey, key]): in the payload but not an input key")
        }
      }
    }
    return problems
  }
}
