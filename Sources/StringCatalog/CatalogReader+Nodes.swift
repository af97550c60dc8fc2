import LHCBase

/// Localization nodes: string units, variations and substitutions, recursively.
extension CatalogParser {
  /// Reads a node (`stringUnit`, `variations`, `substitutions`) held by `field`.
  mutating func parseNode(_ field: JSONString) throws(DiagnosticError) -> LocalizationNode {
    let offset = scanner.index
    try enterObject(field)
    var stringUnit: StringUnit?
    var stringSet: StringSet?
    var variations: [Variation] = []
    var substitutions: [Substitution] = []
    var seen: UInt32 = 0
    var first = true
    while try scanner.nextMember(&first) {
      let key = try scanner.readKey()
      if scanner.equals(key, "stringUnit") {
        noteField(&seen, 1, key, "stringUnit")
        stringUnit = try parseUnit(key)
      } else if scanner.equals(key, "variations") {
        noteField(&seen, 2, key, "variations")
        variations = try parseVariations(key)
      } else if scanner.equals(key, "substitutions") {
        noteField(&seen, 4, key, "substitutions")
        substitutions = try parseSubstitutions(key)
      } else if scanner.equals(key, "stringSet") {
        noteField(&seen, 8, key, "stringSet")
        stringSet = try parseStringSet(key)
      } else {
        try scanner.skipValue()
      }
    }
    leaveObject()
    return LocalizationNode(
      stringUnit: stringUnit, stringSet: stringSet, variations: variations,
      substitutions: substitutions, offset: offset)
  }

  /// Reads a `stringSet` object: `state` and the `values` array of strings.
  mutating func parseStringSet(_ field: JSONString) throws(DiagnosticError) -> StringSet {
    let offset = scanner.index
    try enterObject(field)
    var state: UnitState?
    var values: [String] = []
    var seen: UInt32 = 0
    var first = true
    while try scanner.nextMember(&first) {
      let key = try scanner.readKey()
      if scanner.equals(key, "state") {
        noteField(&seen, 1, key, "state")
        try expect(.string, for: key)
        state = unitState(try scanner.scanString())
      } else if scanner.equals(key, "values") {
        noteField(&seen, 2, key, "values")
        try expect(.array, for: key)
        try scanner.enterContainer()
        values = []
        var firstValue = true
        while try scanner.nextElement(&firstValue) { values.append(try readString(key)) }
      } else {
        try scanner.skipValue()
      }
    }
    leaveObject()
    return StringSet(state: state ?? UnitState(rawValue: ""), values: values, offset: offset)
  }

  /// Reads a `stringUnit` object.
  mutating func parseUnit(_ field: JSONString) throws(DiagnosticError) -> StringUnit {
    let offset = scanner.index
    try enterObject(field)
    var state: UnitState?
    var value: String?
    var seen: UInt32 = 0
    var first = true
    while try scanner.nextMember(&first) {
      let key = try scanner.readKey()
      if scanner.equals(key, "state") {
        noteField(&seen, 1, key, "state")
        try expect(.string, for: key)
        state = unitState(try scanner.scanString())
      } else if scanner.equals(key, "value") {
        noteField(&seen, 2, key, "value")
        value = try readString(key)
      } else {
        try scanner.skipValue()
      }
    }
    leaveObject()
    return StringUnit(state: state ?? UnitState(rawValue: ""), value: value, offset: offset)
  }

  /// Reads `variations`: kind → case name → node, keeping kinds and cases in file order.
  mutating func parseVariations(_ field: JSONString) throws(DiagnosticError) -> [Variation] {
    try enterObject(field)
    var siblings = SiblingKeys(base: siblingPrints.count)
    var variations: [Variation] = []
    var first = true
    while try scanner.nextMember(&first) {
      let key = try scanner.readKey()
      let kind = variationKind(key)
      let variation = Variation(kind: kind, cases: try parseCases(key), offset: key.offset)
      if let earlier = duplicate(of: key, kind.rawValue, in: variations, siblings: &siblings) {
        warn("duplicate key '\(kind.rawValue)'", at: key.offset)
        variations[earlier] = variation
      } else {
        variations.append(variation)
      }
    }
    siblingPrints.removeLast(siblingPrints.count - siblings.base)
    leaveObject()
    return variations
  }

  /// Reads the cases of one variation kind: case name → node.
  mutating func parseCases(_ field: JSONString) throws(DiagnosticError) -> [VariationCase] {
    try enterObject(field)
    var siblings = SiblingKeys(base: siblingPrints.count)
    var cases: [VariationCase] = []
    var first = true
    while try scanner.nextMember(&first) {
      let key = try scanner.readKey()
      let name = scanner.makeString(key)
      let variationCase = VariationCase(name: name, node: try parseNode(key), offset: key.offset)
      if let earlier = duplicate(of: key, name, in: cases, siblings: &siblings) {
        warn("duplicate key '\(name)'", at: key.offset)
        cases[earlier] = variationCase
      } else {
        cases.append(variationCase)
      }
    }
    siblingPrints.removeLast(siblingPrints.count - siblings.base)
    leaveObject()
    return cases
  }

  /// Reads `substitutions`: name → substitution.
  mutating func parseSubstitutions(_ field: JSONString) throws(DiagnosticError) -> [Substitution] {
    try enterObject(field)
    var siblings = SiblingKeys(base: siblingPrints.count)
    var substitutions: [Substitution] = []
    var first = true
    while try scanner.nextMember(&first) {
      let key = try scanner.readKey()
      let name = scanner.makeString(key)
      let substitution = try parseSubstitution(name, key)
      if let earlier = duplicate(of: key, name, in: substitutions, siblings: &siblings) {
        warn("duplicate key '\(name)'", at: key.offset)
        substitutions[earlier] = substitution
      } else {
        substitutions.append(substitution)
      }
    }
    siblingPrints.removeLast(siblingPrints.count - siblings.base)
    leaveObject()
    return substitutions
  }

  /// Reads one substitution: `argNum`, `formatSpecifier`, `variations`.
  mutating func parseSubstitution(_ name: String, _ key: JSONString) throws(DiagnosticError)
    -> Substitution
  {
    try enterObject(key)
    var substitution = Substitution(name: name, offset: key.offset)
    var seen: UInt32 = 0
    var first = true
    while try scanner.nextMember(&first) {
      let field = try scanner.readKey()
      if scanner.equals(field, "argNum") {
        noteField(&seen, 1, field, "argNum")
        substitution.argNum = try readArgumentNumber(field)
      } else if scanner.equals(field, "formatSpecifier") {
        noteField(&seen, 2, field, "formatSpecifier")
        substitution.formatSpecifier = try readString(field)
      } else if scanner.equals(field, "variations") {
        noteField(&seen, 4, field, "variations")
        substitution.variations = try parseVariations(field)
      } else {
        try scanner.skipValue()
      }
    }
    leaveObject()
    return substitution
  }

  /// Reads `argNum`: an integer ≥ 1.
  mutating func readArgumentNumber(_ field: JSONString) throws(DiagnosticError) -> Int {
    let expected = "a positive integer"
    let offset = scanner.index
    let kind = try scanner.kind()
    guard kind == .number else {
      throw typeError(expected, found: kind.phrase, field: field, at: offset)
    }
    let number = try scanner.scanNumber()
    guard let value = scanner.integerValue(number), value >= 1 else {
      let text = scanner.text(from: number.start, to: number.end)
      throw typeError(expected, found: text, field: field, at: offset)
    }
    return value
  }

  /// A unit state, using the static constants for known spellings (no allocation).
  mutating func unitState(_ token: JSONString) -> UnitState {
    if !token.escaped {
      switch token.end &- token.start {
      case 10: if scanner.equals(token, "translated") { return .translated }
      case 12: if scanner.equals(token, "needs_review") { return .needsReview }
      case 3: if scanner.equals(token, "new") { return .new }
      case 5: if scanner.equals(token, "stale") { return .stale }
      case 18: if scanner.equals(token, "machine_translated") { return .machineTranslated }
      default: break
      }
    }
    return UnitState(rawValue: scanner.makeString(token))
  }

  /// A variation kind, using the static constants for known spellings.
  mutating func variationKind(_ token: JSONString) -> VariationKind {
    if scanner.equals(token, "plural") { return .plural }
    if scanner.equals(token, "device") { return .device }
    if scanner.equals(token, "width") { return .width }
    return VariationKind(rawValue: scanner.makeString(token))
  }
}
