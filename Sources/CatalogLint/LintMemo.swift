import LHCBase
import PluralRules

/// What the localizations of one language share, worked out once: its plural rules, their
/// categories, and the sample numbers findings quote. Not thread-safe: one memo per thread.
public final class LintMemo {
  /// What a plural variation of a language is checked against, made once per language (a
  /// class: looked up for every plural variation, it is not copied).
  final class Plurals {
    /// The categories a variation must have (every selected one but `other` and those only
    /// millions select), each with the sample numbers findings quote and whether an integer
    /// count reaches it (``PluralRule/reachesIntegers``).
    let required: [(category: String, samples: String, reachesIntegers: Bool)]
    /// The names of the categories the language selects.
    let selected: [String]

    init(_ ruleSet: PluralRuleSet) {
      // A category only millions select (French `many`: "1 million de fichiers") is left out:
      // the runtime then shows the `other` form, which translators write for those numbers.
      required = ruleSet.rules.filter { $0.category != .other && !$0.selectsOnlyMillions }.map {
        ($0.category.rawValue, LocalizationLinter.samples($0), $0.reachesIntegers)
      }
      selected = ruleSet.categories.map(\.rawValue)
    }
  }

  private var plurals = LanguageTable<Plurals>()
  /// The languages ``firstPathError(of:)`` has seen.
  private var languagesSeen = LanguageTable<Void>()

  public init() {}

  /// Why `language` cannot be a file name (``LanguageTag/pathComponentError(_:)``), the first
  /// time this memo is asked about it; nil after that, and for a safe tag.
  func firstPathError(of language: String) -> String? {
    guard languagesSeen[language] == nil else { return nil }
    languagesSeen.add((), for: language)
    return LanguageTag.pathComponentError(language)
  }

  func plurals(of language: String) -> Plurals {
    if let known = plurals[language] { return known }
    let made = Plurals(PluralRules.ruleSet(for: language))
    plurals.add(made, for: language)
    return made
  }
}

/// Values by language tag, found without hashing the tag: every entry lists its localizations
/// in the same order (Xcode sorts them), so a lookup first tries the language after the one found
/// last, then scans the few known. Hashing every localization's tag into a set cost 25M of lint's
/// 703M instructions on the 9.9 MB bench catalog.
struct LanguageTable<Value> {
  private var languages: [String] = []
  private var values: [Value] = []
  /// Where the next lookup starts: after the last language found or added.
  private var next = 0

  subscript(language: String) -> Value? {
    mutating get {
      if next < languages.count, languages[next] == language {
        next += 1
        return values[next - 1]
      }
      guard let index = languages.firstIndex(of: language) else { return nil }
      next = index + 1
      return values[index]
    }
  }

  /// Adds a language the table does not have.
  mutating func add(_ value: Value, for language: String) {
    languages.append(language)
    values.append(value)
    next = languages.count
  }
}
