/// The cardinal plural rules CLDR gives a group of locales (one `<pluralRules>` element).
public struct PluralRuleSet: Sendable, Hashable {
  /// CLDR locale ids sharing these rules, sorted (`"pt_PT"`, `"root"`, …).
  public var locales: [String]
  /// Rules in CLDR order, the last one always `other` with no condition.
  public var rules: [PluralRule]

  /// A rule set; the generated table builds these from `plurals.xml`.
  public init(locales: [String], rules: [PluralRule]) {
    self.locales = locales
    self.rules = rules
  }

  /// The categories the rules use, in CLDR order.
  public var categories: [PluralCategory] { rules.map(\.category).sorted() }

  /// The category of the first rule whose condition holds, `other` if none does.
  public func category(for operands: PluralOperands) -> PluralCategory {
    rules.first { $0.condition.matches(operands) }?.category ?? .other
  }
}
