/// The counts of one language of a catalog (or of several catalogs summed).
public struct LanguageStats: Sendable, Equatable {
  /// The language tag as the catalog writes it.
  public var language: String
  /// Keys to translate; the sum of the four buckets below.
  public var keys = 0
  /// Every unit `translated` or `machine_translated`.
  public var translated = 0
  /// A unit `needs_review`, `stale` or in a state lhc does not know, and none `new`.
  public var needsReview = 0
  /// A unit `new` or without a value.
  public var new = 0
  /// No localization for the language, or one without any string unit.
  public var missing = 0
  /// Keys with plural variations: how many have every category the language needs.
  public var plurals = PluralCount()

  public init(
    language: String, keys: Int = 0, translated: Int = 0, needsReview: Int = 0, new: Int = 0,
    missing: Int = 0, plurals: PluralCount = PluralCount()
  ) {
    self.language = language
    self.keys = keys
    self.translated = translated
    self.needsReview = needsReview
    self.new = new
    self.missing = missing
    self.plurals = plurals
  }

  /// Counts one key in its bucket.
  public mutating func add(_ status: KeyStatus) {
    keys += 1
    switch status {
    case .translated: translated += 1
    case .needsReview: needsReview += 1
    case .new: new += 1
    case .missing: missing += 1
    }
  }

  /// Adds another row's counts (same language, another catalog).
  public static func += (lhs: inout LanguageStats, rhs: LanguageStats) {
    lhs.keys += rhs.keys
    lhs.translated += rhs.translated
    lhs.needsReview += rhs.needsReview
    lhs.new += rhs.new
    lhs.missing += rhs.missing
    lhs.plurals.complete += rhs.plurals.complete
    lhs.plurals.total += rhs.plurals.total
  }

  /// `translated / keys` in tenths of a percent, rounded down, so that 1000 (100.0 %) means every
  /// key is translated; 1000 when there are no keys (nothing is left to do).
  public var percentCompleteTenths: Int {
    keys == 0 ? 1000 : translated * 1000 / keys
  }

  /// ``percentCompleteTenths`` with one decimal: `87.5`, `100.0`, `0.0`.
  public var percentComplete: String {
    let tenths = percentCompleteTenths
    return "\(tenths / 10).\(tenths % 10)"
  }
}

/// `complete` of `total` keys with plural variations (`n/m` in the table).
public struct PluralCount: Sendable, Equatable {
  public var complete = 0
  public var total = 0

  public init(complete: Int = 0, total: Int = 0) {
    self.complete = complete
    self.total = total
  }
}
