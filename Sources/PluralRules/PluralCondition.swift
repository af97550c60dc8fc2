/// A CLDR plural rule condition: an `or` of `and`s of relations.
///
/// `i = 1 and v = 0 or n = 0` is `[[i = 1, v = 0], [n = 0]]`. An empty condition (the `other`
/// rule's) holds for every number.
public struct PluralCondition: Sendable, Hashable {
  /// Alternatives joined by `or`; each is a list of relations joined by `and`.
  public var alternatives: [[PluralRelation]]

  /// A condition from its `or`-of-`and` relations.
  public init(_ alternatives: [[PluralRelation]]) {
    self.alternatives = alternatives
  }

  /// The condition that always holds (CLDR's `other` rule has no condition text).
  public static let always = PluralCondition([])

  /// Whether the condition holds for `operands`.
  public func matches(_ operands: PluralOperands) -> Bool {
    if alternatives.isEmpty { return true }
    return alternatives.contains { relations in relations.allSatisfy { $0.matches(operands) } }
  }
}

extension PluralCondition: CustomStringConvertible {
  /// CLDR syntax, as `plurals.xml` writes it: `v = 0 and i % 10 = 1 or f % 10 = 1`.
  public var description: String {
    alternatives.map { relations in relations.map(\.description).joined(separator: " and ") }
      .joined(separator: " or ")
  }
}
