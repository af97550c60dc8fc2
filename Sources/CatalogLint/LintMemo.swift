import LHCBase
import PluralRules

/// What the localizations of one language share, worked out once: its plural rules, their
/// categories, and the sample numbers findings quote. Not thread-safe: one memo per thread.
public final class LintMemo {
  /// What a plural variation of a language is checked against, made once per language (a
  /// class: looked up for every plural variation, it is not copied).
  final class Plurals {
    /// The categories a variation must have (every selected one but `other` and those only
    /// millions select), each with the sample numbers findings quote.
    let required: [(category: String, samples: String)]
    /// The names of the categories the language selects.
    let selected: [String]

    init(_ ruleSet: PluralRuleSet) {
      // A category only millions select (French `many`: "1 million de fichiers") is left out:
      // the runtime then shows the `other` form, which translators write for those numbers.
      required = ruleSet.rules.filter { $0.category != .other && !$0.selectsOnlyMillions }.map {
        ($0.category.rawValue, LocalizationLinter.samples($0))
      }
      selected = ruleSet.categories.map(\.rawValue)
    }
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
    let made = Plurals(PluralRules.ruleSet(for: language))
    plurals[language] = made
    return made
  }
}
