/// A CLDR plural category, in CLDR's canonical order (`zero` first, `other` last).
///
/// `rawValue` is the CLDR keyword, which is also the `.stringsdict` / `.xcstrings` plural key.
public enum PluralCategory: String, Sendable, Hashable, CaseIterable, Comparable {
  case zero, one, two, few, many, other

  /// CLDR order: `zero < one < two < few < many < other`.
  public static func < (lhs: PluralCategory, rhs: PluralCategory) -> Bool {
    lhs.order < rhs.order
  }

  /// Position in `allCases`.
  private var order: Int {
    switch self {
    case .zero: 0
    case .one: 1
    case .two: 2
    case .few: 3
    case .many: 4
    case .other: 5
    }
  }
}
