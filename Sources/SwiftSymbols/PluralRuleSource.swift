import PluralRules

/// CLDR cardinal rules → the Swift function `lhcPluralCategory(_:_:)` of the portable lookup,
/// carrying only the rule sets of the catalogs' languages.
///
/// A language carries every CLDR locale of its language subtag (`pt` carries `pt` and `pt_PT`), so
/// a region or script the catalog does not name still gets its own rules. Conditions become Swift
/// expressions over the operands `o.i`, `o.v`, `o.f` the lookup computes: `w` is `v` and `t` is `f`
/// (its numbers have no trailing fraction zeros), `e` is 0, so relations on `e` are decided here
/// and dropped. An `n` relation holds only for whole numbers (`o.f == 0`), as in ``PluralRelation``.
enum PluralRuleSource {
  /// The function's source for `languages` (catalog tags such as `pt-BR`, `zh-Hant`).
  static func function(for languages: Set<String>) -> [String] {
    let subtags = Set(languages.map(languageSubtag))
    var cases: [String] = []
    for ruleSet in PluralRules.ruleSets {
      let locales = ruleSet.locales.filter { $0 != "root" && subtags.contains(languageSubtag($0)) }
      guard !locales.isEmpty else { continue }
      cases.append("    case " + locales.map { "\"\($0)\"" }.joined(separator: ", ") + ":")
      cases += body(ruleSet).map { "      " + $0 }
    }
    var lines = [
      "/// CLDR \(PluralRules.cldrVersion) cardinal plural rules of the catalogs' languages: the category of `o` in",
      "/// the language of `tag` (with its script or region, then alone), nil for other languages.",
      "private nonisolated func lhcPluralCategory(_ tag: String, _ o: (i: UInt64, v: UInt64, f: UInt64))",
      "  -> String?",
      "{",
    ]
    guard !cases.isEmpty else { return lines + ["  nil", "}"] }
    lines += [
      "  let subtags = tag.split { $0 == \"-\" || $0 == \"_\" }",
      "  guard let first = subtags.first else { return nil }",
      "  let language = first.lowercased()",
      "  let variants = subtags.dropFirst().prefix(2).map {",
      "    language + \"_\" + ($0.count == 4 ? $0.prefix(1).uppercased() + $0.dropFirst().lowercased() : $0.uppercased())",
      "  }",
      "  for id in variants + [language] {",
      "    switch id {",
    ]
    return lines + cases + ["    default: continue", "    }", "  }", "  return nil", "}"]
  }

  /// `pt` of `pt-BR`, `pt_PT`; lower-cased.
  private static func languageSubtag(_ tag: String) -> String {
    String(tag.prefix { $0 != "-" && $0 != "_" }).lowercased()
  }

  /// One rule set's statements: `if condition { return "one" }` per rule, `return "other"` last.
  private static func body(_ ruleSet: PluralRuleSet) -> [String] {
    var lines: [String] = []
    for rule in ruleSet.rules {
      guard let condition = expression(rule.condition) else { continue }
      let result = "return \"\(rule.category.rawValue)\""
      if condition == "true" { return lines + [result] }
      lines.append("if \(condition) { \(result) }")
    }
    return lines + ["return \"other\""]
  }

  /// A condition as a Swift expression: `"true"` when it always holds, nil when it never does.
  private static func expression(_ condition: PluralCondition) -> String? {
    if condition.alternatives.isEmpty { return "true" }
    var alternatives: [String] = []
    for relations in condition.alternatives {
      var terms: [String] = []
      var holds = true
      for relation in relations {
        if relation.operand == .e {
          // `e` is always 0: the relation is known here.
          holds = holds && relation.matches(PluralOperands(0))
        } else {
          terms.append(expression(relation))
        }
      }
      guard holds else { continue }
      if terms.isEmpty { return "true" }
      alternatives.append(terms.joined(separator: " && "))
    }
    guard !alternatives.isEmpty else { return nil }
    return alternatives.joined(separator: " || ")
  }

  /// `o.i % 10 == 1`, `(2...4).contains(o.i % 10)`, `o.f == 0 && o.i == 1` for `n = 1`; `!=`
  /// as `o.i != 1` or `!(…)`.
  private static func expression(_ relation: PluralRelation) -> String {
    let operand: String
    switch relation.operand {
    case .n, .i: operand = "o.i"
    case .v, .w: operand = "o.v"
    case .f, .t: operand = "o.f"
    case .e: operand = "0"
    }
    let value = relation.modulus.map { "\(operand) % \($0)" } ?? operand
    let ranges = relation.ranges
    let negated = relation.operator == .notEqual
    if negated, relation.operand != .n, ranges.count == 1, ranges[0].lower == ranges[0].upper {
      return "\(value) != \(ranges[0].lower)"
    }
    var tests = ranges.map { range in
      range.lower == range.upper
        ? "\(value) == \(range.lower)" : "(\(range.lower)...\(range.upper)).contains(\(value))"
    }
    if tests.count > 1 { tests = ["(" + tests.joined(separator: " || ") + ")"] }
    if relation.operand == .n { tests.insert("o.f == 0", at: 0) }
    let inRanges = tests.joined(separator: " && ")
    return negated ? "!(\(inRanges))" : inRanges
  }
}
