import LHCBase
import PluralRules
import StringCatalog
import StringTables

/// Plural checks: the categories a variation has against the CLDR categories of its language, and
/// the argument a plural is selected by.
///
/// `zero` is never reported as unused: Apple's runtime selects a `zero` form for the number 0 in
/// every language, whether CLDR has the category or not. A missing category that only numbers of a
/// million or more select (`many` in fr, es, it, pt) is not reported, nor one an integer count
/// never reaches (Czech `many`, for fractions) when the plural's count is an integer.
extension LocalizationLinter {
  mutating func checkPlural(_ plural: LintPlural) {
    let variation = plural.variation
    let cases = variation.cases
    if !cases.contains(where: { $0.name == "other" }) {
      report(
        "plural-missing-other",
        "Plural variation has no 'other' form; numbers that select a form the variation lacks have no text to show",
        at: variation.offset)
    }
    let plurals = memo.plurals(of: language)
    let integerCount = countIsInteger(plural)
    for (category, samples, reachesIntegers) in plurals.required
    where (reachesIntegers || !integerCount) && !cases.contains(where: { $0.name == category }) {
      report(
        "plural-missing-category",
        "Plural variation has no '\(category)' form, which \(language) selects for \(samples); those numbers show the 'other' form instead",
        at: variation.offset)
    }
    for variationCase in cases {
      let name = variationCase.name
      if !StringCatalog.PluralCategory.isKnown(name) {
        report(
          "plural-unknown-category",
          "Unknown plural category '\(name)'; no number selects it, so its text is never shown",
          at: variationCase.offset)
      } else if name != "zero" && !plurals.selected.contains(name) {
        report(
          "plural-unused-category",
          "Plural variation has a '\(name)' form, which \(language) never selects; its text is never shown",
          at: variationCase.offset)
      }
    }
  }

  /// True when the plural is selected by an integer: its substitution's `formatSpecifier`, or the
  /// count compile binds a plural variation to (``PluralCount``; `lld` when no form or the key
  /// names one). A floating-point count (`%f`, `%lf`) reaches every category; so does `%@`, an
  /// object whose number may have a fraction (decision).
  private func countIsInteger(_ plural: LintPlural) -> Bool {
    let valueType: String?
    if let name = plural.substitution {
      valueType = localization.node.substitutions.first { $0.name == name }?.formatSpecifier
    } else {
      var count = PluralCount()
      for variationCase in plural.variation.cases {
        if let value = variationCase.node.stringUnit?.value { count.note(form: value) }
      }
      valueType = count.resolved(key: entry.key).valueType
    }
    guard let valueType else { return false }
    return FormatString(parsing: "%" + valueType).specifiers.first?.argumentType.isInteger == true
  }

  /// A plural must be selected by a number: a substitution's `formatSpecifier` must be numeric, and
  /// a plural variation whose forms have arguments must have a numeric one among them or the key.
  mutating func checkPluralArgument() {
    for substitution in localization.node.substitutions {
      guard let specifier = substitution.formatSpecifier,
        let type = FormatString(parsing: "%" + specifier).specifiers.first?.argumentType
      else { continue }
      if !type.isNumeric {
        report(
          "plural-argument-not-numeric",
          "Substitution '\(substitution.name)' has formatSpecifier '\(specifier)', which is not a number; the plural rules select a form by a number, so the runtime cannot choose one",
          at: substitution.offset)
      }
    }
    for plural in leaves.plurals where plural.substitution == nil {
      var hasArguments = false
      var hasNumeric = false
      for variationCase in plural.variation.cases where !hasNumeric {
        guard let value = variationCase.node.stringUnit?.value,
          value.containsUTF8(UInt8(ascii: "%"))
        else { continue }
        if let simple = SimpleFormat(value) {  // the common case, without the full parser
          hasArguments = hasArguments || !simple.arguments.isEmpty
          hasNumeric = simple.arguments.contains(where: \.isNumeric)
          continue
        }
        for argument in FormatString(parsing: value).arguments
        where argument.substitutionNames.isEmpty {
          hasArguments = true
          if argument.argumentType?.isNumeric == true { hasNumeric = true }
        }
      }
      guard hasArguments && !hasNumeric else { continue }
      let keyHasNumeric = FormatString(parsing: entry.key).arguments.contains {
        $0.argumentType?.isNumeric == true
      }
      if !keyHasNumeric {
        report(
          "plural-argument-not-numeric",
          "Plural variation has format arguments but none is a number (and the key has none); the runtime reads argument 1 as the count, which is not a number here",
          at: plural.variation.offset)
      }
    }
  }

  /// The first few CLDR integer samples of a rule (`2~4, 22~24, 32~34, …`).
  static func samples(_ rule: PluralRule) -> String {
    let text = rule.integerSamples.isEmpty ? rule.decimalSamples : rule.integerSamples
    let parts = text.split(separator: ",").map { $0.filter { $0 != " " } }.filter { $0 != "…" }
    if parts.count <= 3 { return parts.joined(separator: ", ") }
    return parts.prefix(3).joined(separator: ", ") + ", …"
  }
}
