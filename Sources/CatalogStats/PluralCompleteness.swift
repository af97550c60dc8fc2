import PluralRules
import StringCatalog

/// Whether a localization has every plural form its language needs.
public enum PluralCompleteness {
  /// True when `localization` has a plural variation anywhere: at the top, under a device case,
  /// or in a substitution.
  public static func hasPlural(_ localization: Localization?) -> Bool {
    guard let localization else { return false }
    return !pluralVariations(in: localization.node).isEmpty
  }

  /// True when, for `language`, every plural variation of `localization` has a form with a value
  /// for each category `PluralRules.categories(for: language)` lists (extra categories, such as
  /// an English `zero`, do not matter). A localization without plural variations is complete only
  /// when the language needs nothing but `other` and it has a value (a Japanese translation may
  /// be a plain string). A missing localization is never complete.
  public static func isComplete(_ localization: Localization?, language: String) -> Bool {
    guard let localization else { return false }
    let required = PluralRules.categories(for: language)
    let variations = pluralVariations(in: localization.node)
    if variations.isEmpty {
      return required == ["other"] && hasValue(localization.node)
    }
    return variations.allSatisfy { variation in
      required.allSatisfy { category in
        variation.cases.contains { $0.name == category && hasValue($0.node) }
      }
    }
  }

  /// Every plural variation in `node` and below it, substitutions included.
  static func pluralVariations(in node: LocalizationNode) -> [Variation] {
    var found: [Variation] = []
    collect(node, into: &found)
    return found
  }

  private static func collect(_ node: LocalizationNode, into found: inout [Variation]) {
    for variation in node.variations {
      if variation.kind == .plural { found.append(variation) }
      for variationCase in variation.cases { collect(variationCase.node, into: &found) }
    }
    for substitution in node.substitutions {
      for variation in substitution.variations {
        if variation.kind == .plural { found.append(variation) }
        for variationCase in variation.cases { collect(variationCase.node, into: &found) }
      }
    }
  }

  /// True when `node` or a node below it has a string unit with a value.
  private static func hasValue(_ node: LocalizationNode) -> Bool {
    var found = false
    KeyStatus.visit(node) { _, hasValue in if hasValue { found = true } }
    return found
  }
}
