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
  /// True when every integer sample is a million or more (or in compact notation such as `1c6`):
  /// the `many` of French, Spanish, Italian and Portuguese, used for "1 million" style numbers.
  public let selectsOnlyMillions: Bool

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
    self.selectsOnlyMillions = Self.onlyMillions(integerSamples)
  }

  /// True when every sample in a `@integer` list is a million or more or compact (`1c6`).
  private static func onlyMillions(_ integerSamples: String) -> Bool {
    let samples = integerSamples.split(separator: ",").map { $0.trimmingWhitespace() }
      .filter { !$0.isEmpty && $0 != "…" }
    return !samples.isEmpty
      && samples.allSatisfy { sample in
        let first = sample.split(separator: "~").first.map(String.init) ?? sample
        return first.contains("c") || first.contains("e") || (UInt64(first) ?? 0) >= 1_000_000
      }
  }
}

extension Substring {
  /// The text without leading and trailing spaces.
  fileprivate func trimmingWhitespace() -> String {
    String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
  }
}
