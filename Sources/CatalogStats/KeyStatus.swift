import StringCatalog

/// The bucket one key falls in for one language. Exactly one applies, so the buckets partition the
/// keys. A localization with variations or substitutions is classified by all its string units,
/// the worst one deciding: `missing` < `new` < `needsReview` < `translated`. An App Shortcuts
/// `stringSet` counts like a string unit (its phrases are its value).
public enum KeyStatus: Sendable, Equatable {
  /// Every unit is `translated` or `machine_translated` (Xcode 27's machine translations ship
  /// like translations; they are not counted apart).
  case translated
  /// No unit is `new`, and one is `needs_review`, `stale`, or in a state lhc does not know.
  case needsReview
  /// A unit is `new`, or has no value (nothing would be emitted for it).
  case new
  /// No localization for the language, or a localization without any string unit.
  case missing

  /// The status of `localization` (`nil`: the entry has none for the language).
  public init(_ localization: Localization?) {
    guard let localization else {
      self = .missing
      return
    }
    var sawUnit = false
    var sawReview = false
    var sawNew = false
    Self.visit(localization.node) { state, hasValue in
      sawUnit = true
      if !hasValue || state == .new {
        sawNew = true
      } else if state != .translated && state != .machineTranslated {
        sawReview = true
      }
    }
    self = !sawUnit ? .missing : sawNew ? .new : sawReview ? .needsReview : .translated
  }

  /// Calls `body` with the state of every string unit and string set of `node`, and whether it has
  /// a value (a set: at least one phrase): its own, its variation cases', its substitutions',
  /// recursively.
  static func visit(_ node: LocalizationNode, _ body: (UnitState, Bool) -> Void) {
    if let unit = node.stringUnit { body(unit.state, unit.value != nil) }
    if let set = node.stringSet { body(set.state, !set.values.isEmpty) }
    for variation in node.variations {
      for variationCase in variation.cases { visit(variationCase.node, body) }
    }
    for substitution in node.substitutions {
      for variation in substitution.variations {
        for variationCase in variation.cases { visit(variationCase.node, body) }
      }
    }
  }
}
