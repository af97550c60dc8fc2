/// One CLDR plural rule: a category, the condition that selects it, and CLDR's sample numbers.
public struct PluralRule: Sendable, Hashable {
  /// The category the rule selects.
  public var category: PluralCategory
  /// The condition as written in `plurals.xml` (empty for `other`).
  public var source: String
  /// The parsed condition.
  public var condition: PluralCondition
  /// The rule's `@integer` samples as written: `"0, 2~16, 100, 1000, …"` (empty when none).
  public var integerSamples: String
  /// The rule's `@decimal` samples as written: `"0.0~1.5, 1.1c6, …"` (empty when none).
  public var decimalSamples: String

  /// A rule; the generated table builds these from `plurals.xml`.
  public init(
    _ category: PluralCategory, _ source: String, _ condition: PluralCondition,
    integerSamples: String, decimalSamples: String
  ) {
    self.category = category
    self.source = source
    self.condition = condition
    self.integerSamples = integerSamples
    self.decimalSamples = decimalSamples
  }
}
