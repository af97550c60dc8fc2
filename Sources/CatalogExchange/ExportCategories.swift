import PluralRules

/// The plural categories Xcode exports for a language whether or not a localization has them: the
/// CLDR categories, less those only numbers of a million or more select (the `many` of fr, es, it,
/// pt). Evidence: Xcode 27 exports a French plural with `one` and `other` only
/// (`corpus/xcode27/positive/catalog-matrix`), and a Ukrainian one with `one`, `few`, `many` and
/// `other` (`xliff.md` §2).
enum ExportCategories {
  /// The categories, in CLDR order.
  static func required(for language: String) -> [String] {
    PluralRules.ruleSet(for: language).rules.filter { !$0.selectsOnlyMillions }
      .map(\.category).sorted().map(\.rawValue)
  }
}
