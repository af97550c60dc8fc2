/// Cardinal plural rules from CLDR: which categories a language uses and which one a number selects.
///
/// The table is `PluralRules+Generated.swift`, generated from CLDR's `plurals.xml` by
/// `Scripts/generate-plural-rules.py` (`make cldr`). Languages are Apple-style tags (`pt-BR`,
/// `zh-Hant`, `sr-Latn`, `en_GB`), resolved as `cldrLocale(for:)` describes.
public enum PluralRules {
  /// The categories `language` uses, as CLDR keywords in CLDR order (`zero one two few many other`).
  ///
  /// `categories(for: "ru")` is `["one", "few", "many", "other"]`; an unknown language gets
  /// `["other"]` (CLDR's `root` rules).
  public static func categories(for language: String) -> [String] {
    ruleSet(for: language).categories.map(\.rawValue)
  }

  /// The CLDR keyword of the category `operands` selects in `language` (`"one"`, `"few"`, …).
  public static func category(for operands: PluralOperands, language: String) -> String {
    ruleSet(for: language).category(for: operands).rawValue
  }

  /// The CLDR keyword of the category the integer `number` selects in `language`.
  public static func category(for number: Int, language: String) -> String {
    category(for: PluralOperands(number), language: language)
  }

  /// The rule set `language` resolves to (see `cldrLocale(for:)`).
  public static func ruleSet(for language: String) -> PluralRuleSet {
    // Most tags are a bare CLDR locale id (`de`, `ru`): no parsing needed.
    if let index = ruleSetIndex[language], ruleSets.indices.contains(index) {
      return ruleSets[index]
    }
    let locale = cldrLocale(for: language)
    guard let index = ruleSetIndex[locale] ?? ruleSetIndex["root"], ruleSets.indices.contains(index)
    else { return onlyOther }
    return ruleSets[index]
  }

  /// CLDR's `root` rules, used if the generated table ever lacked `root`.
  private static let onlyOther = PluralRuleSet(
    locales: ["root"],
    rules: [PluralRule(.other, "", .always, integerSamples: "", decimalSamples: "")])

  /// The CLDR locale id whose rules apply to the language tag `language`.
  ///
  /// `-` and `_` are both separators and case is normalised (`PT-br` is `pt-BR`); subtags after
  /// the region (variants, `-u-` extensions, `@` keywords) are ignored. Candidates are tried from
  /// the most specific: `lang_Script_REGION`, `lang_Script`, `lang_REGION`, `lang`, and the first
  /// that CLDR lists wins; when none is listed the result is `root` (only `other`). So
  /// `sr-Latn-RS` → `sr_Latn` (not in CLDR 41) → `sr`; `zh-Hant`, `zh-Hans-CN` → `zh`; `pt-BR` → `pt`
  /// but `pt-PT` → `pt_PT`, which CLDR lists separately; `tlh` → `root`. Fallback truncates the
  /// tag and does not follow CLDR's `parentLocales`: `pt-AO` gets `pt`, not `pt_PT`.
  public static func cldrLocale(for language: String) -> String {
    for candidate in LanguageTag(language).candidates where ruleSetIndex[candidate] != nil {
      return candidate
    }
    return "root"
  }
}
