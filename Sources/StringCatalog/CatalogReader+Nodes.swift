import LHCBase

/// Localization nodes: string units, variations and substitutions, recursively.
extension CatalogParser {
  /// Reads a node (`stringUnit`, `stringSet`, `variations`, `substitutions`) held by `field`.
  mutating func parseNode(_ field: JSONString) throws(DiagnosticError) -> LocalizationNode {
    let offset = scanner.index
    try enterObject(field)
    var stringUnit: StringUnit?
    var variations: [Variation] = []
    var substitutions: [Substitution] = []
    // What few nodes have; nil for the rest, so the common path makes and frees nothing more.
    var rare: RareParts?
    var seen: UInt32 = 0
    var first = true
    while try scanner.nextMember(&first) {
      let key = try scanner.readKey()
      if scanner.equals(key, "stringUnit") {
        noteField(&seen, 1, key, "stringUnit")
        stringUnit = try parseUnit(key, rare: &rare)
      } else if scanner.equals(key, "variations") {
        noteField(&seen, 2, key, "variations")
        variations = try parseVariations(key)
        if lossless && variations.isEmpty { rare.kept.unknown.keep(.emptyObject("variations")) }
      } else if scanner.equals(key, "substitutions") {
        noteField(&seen, 4, key, "substitutions")
        substitutions = try parseSubstitutions(key)
        if lossless && substitutions.isEmpty {
          rare.kept.unknown.keep(.emptyObject("substitutions"))
        }
      } else if scanner.equals(key, "stringSet") {
        noteField(&seen, 8, key, "stringSet")
        rare.kept.setUnknown = []
        rare.kept.stringSet = try parseStringSet(key, unknown: &rare.kept.setUnknown)
      } else if lossless {
        try keepOrSkip(key, in: &rare.kept.unknown)
      } else {
        try scanner.skipValue()
      }
    }
    leaveObject()
    guard let rare else {
      return LocalizationNode(
        stringUnit: stringUnit, variations: variations, substitutions: substitutions,
        offset: offset)
    }
    return LocalizationNode(
      stringUnit: stringUnit, stringSet: rare.stringSet, variations: variations,
      substitutions: substitutions, offset: offset, unknownMembers: rare.unknown,
      stringSetUnknownMembers: rare.setUnknown, stringUnitUnknownMembers: rare.unitUnknown)
  }

  /// Reads a `stringUnit` object; members lhc does not know go to `rare` (lossless reads).
  mutating func parseUnit(_ field: JSONString, rare: inout RareParts?) throws(DiagnosticError)
    -> StringUnit
  {
    let offset = scanner.index
    try enterObject(field)
    var state: UnitState?
    var value: String?
    var seen: UInt32 = 0
    var first = true
    if rare != nil { rare!.unitUnknown = [] }  // a repeated `stringUnit`: the last one wins
    while try scanner.nextMember(&first) {
      let key = try scanner.readKey()
      if scanner.equals(key, "state") {
        noteField(&seen, 1, key, "state")
        try expect(.string, for: key)
        let read = unitState(try scanner.scanString())
        if lossless && read.rawValue.isEmpty { rare.kept.unitUnknown.keep(.emptyState) }
        state = read
      } else if scanner.equals(key, "value") {
        noteField(&seen, 2, key, "value")
        value = try readString(key)
      } else if lossless {
        try keepOrSkip(key, in: &rare.kept.unitUnknown)
      } else {
        try scanner.skipValue()
      }
    }
    leaveObject()
    return StringUnit(state: state ?? UnitState(rawValue: ""), value: value, offset: offset)
  }

  /// Reads a `stringSet` object: `state` and the `values` array.
  mutating func parseStringSet(_ field: JSONString, unknown: inout [RawMember])
    throws(DiagnosticError) -> StringSet
  {
    let offset = scanner.index
    try enterObject(field)
    var set = StringSet(state: UnitState(rawValue: ""), values: [], offset: offset)
    var seen: UInt32 = 0
    var first = true
    while try scanner.nextMember(&first) {
      let key = try scanner.readKey()
      if scanner.equals(key, "state") {
        noteField(&seen, 1, key, "state")
        try expect(.string, for: key)
        set.state = unitState(try scanner.scanString())
        if lossless && set.state.rawValue.isEmpty { unknown.keep(.emptyState) }
      } else if scanner.equals(key, "values") {
        noteField(&seen, 2, key, "values")
        set.values = try readStrings(key)
        if lossless && set.values.isEmpty { unknown.keep(RawMember("values", .array([]))) }
      } else {
        try keepOrSkip(key, in: &unknown)
      }
    }
    leaveObject()
    return set
  }

  /// Reads an array of strings for `field`.
  mutating func readStrings(_ field: JSONString) throws(DiagnosticError) -> [String] {
    try expect(.array, for: field)
    try scanner.enterContainer()
    var values: [String] = []
    var first = true
    while try scanner.nextElement(&first) {
      let offset = scanner.index
      let kind = try scanner.kind()
      guard kind == .string else {
        throw typeError("a string", found: kind.phrase, field: field, at: offset)
      }
      values.append(scanner.makeString(try scanner.scanString()))
    }
    return values
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
    // Room for as many cases as the previous variation had: growing one by one reallocated the
    // array up to three times per plural (18,330 times in the 9.9 MB bench catalog).
    cases.reserveCapacity(lastCaseCount)
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
    lastCaseCount = max(cases.count, 1)
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
        if lossless && substitution.variations.isEmpty {
          substitution.unknownMembers.keep(.emptyObject("variations"))
        }
      } else {
        try keepOrSkip(field, in: &substitution.unknownMembers)
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

/// The parts of a node only some nodes have, gathered while it is read (see ``LocalizationNode``).
struct RareParts {
  var stringSet: StringSet?
  var unknown: [RawMember] = []
  var setUnknown: [RawMember] = []
  var unitUnknown: [RawMember] = []
}

extension Optional<RareParts> {
  /// The parts, made on first use.
  var kept: RareParts {
    get { self ?? RareParts() }
    set { self = newValue }
  }
}
