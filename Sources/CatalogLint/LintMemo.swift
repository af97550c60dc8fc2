import LHCBase
import PluralRules

/// What the localizations of one language share, worked out once: its plural rules, their
/// categories, and the sample numbers findings quote. Not thread-safe: one memo per thread.
public final class LintMemo {
  /// A language's plural rules with their sample lists, and the categories it selects.
  struct Plurals {
    var rules: [PluralRule]
    var samples: [String]
    var categories: [PluralCategory]
  }

  private var plurals: [String: Plurals] = [:]
  /// The languages ``firstPathError(of:)`` has seen.
  private var languagesSeen: Set<String> = []

  public init() {}

  /// Why `language` cannot be a file name (``LanguageTag/pathComponentError(_:)``), the first
  /// time this memo is asked about it; nil after that, and for a safe tag.
  func firstPathError(of language: String) -> String? {
    guard languagesSeen.insert(language).inserted else { return nil }
    return LanguageTag.pathComponentError(language)
  }

  func plurals(of language: String) -> Plurals {
    if let known = plurals[language] { return known }
    let ruleSet = PluralRules.ruleSet(for: language)
    let made = Plurals(
      rules: ruleSet.rules, samples: ruleSet.rules.map(LocalizationLinter.samples),
      categories: ruleSet.categories)
    plurals[language] = made
    return made
  }
}
