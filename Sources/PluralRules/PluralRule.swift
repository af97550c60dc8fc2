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
  ///
  /// Computed when asked (an export asks once per language), not when the table is made: parsing
  /// all 129 rules' samples there, by characters, cost 17.4M instructions at the table's first
  /// use (`lhc export --xliff` of the 9.9 MB bench catalog: 522M in all).
  public var selectsOnlyMillions: Bool { Self.onlyMillions(integerSamples) }

  /// True when an integer can select the rule: CLDR lists `@integer` samples for it (its samples
  /// cover every category an integer reaches; Czech `many`, `v != 0`, has decimal samples only,
  /// so an integer count never shows its form; nor Russian `other`).
  public var reachesIntegers: Bool { !integerSamples.isEmpty }

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

  /// True when every sample in a `@integer` list is a million or more or compact (`1c6`): the
  /// list's UTF-8 split at commas, each sample trimmed of spaces, `…` and empty ones skipped, a
  /// range (`1000000~1000005`) judged by its first number. (Bytes, not characters: the samples
  /// are ASCII but for `…`, and the character walk cost ~135,000 instructions a rule.)
  static func onlyMillions(_ integerSamples: String) -> Bool {
    let space = UInt8(ascii: " ")
    var sawSample = false
    for field in integerSamples.utf8.split(separator: UInt8(ascii: ",")) {
      var sample = field[...]
      while sample.first == space { sample = sample.dropFirst() }
      while sample.last == space { sample = sample.dropLast() }
      if sample.isEmpty || sample.elementsEqual("…".utf8) { continue }
      sawSample = true
      let first = sample.split(separator: UInt8(ascii: "~")).first ?? sample
      if first.contains(UInt8(ascii: "c")) || first.contains(UInt8(ascii: "e")) { continue }
      guard let number = UInt64(String(decoding: first, as: UTF8.self)), number >= 1_000_000
      else { return false }
    }
    return sawSample
  }
}
