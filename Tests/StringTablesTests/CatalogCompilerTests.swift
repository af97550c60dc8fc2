import LHCBase
import StringCatalog
import Testing

@testable import StringTables

/// Builders for catalog models in tests.
private func unit(_ value: String?, _ state: UnitState = .translated) -> LocalizationNode {
  LocalizationNode(stringUnit: StringUnit(state: state, value: value))
}

private func plural(_ forms: [(String, String)], state: UnitState = .translated) -> Variation {
  Variation(kind: .plural, cases: forms.map { VariationCase(name: $0.0, node: unit($0.1, state)) })
}

private func entry(_ key: String, _ localizations: [(String, LocalizationNode)]) -> CatalogEntry {
  CatalogEntry(
    key: key, localizations: localizations.map { Localization(language: $0.0, node: $0.1) })
}

private func compile(_ entries: [CatalogEntry], options: CompileOptions = CompileOptions())
  -> CompileResult
{
  CatalogCompiler.compile(
    Catalog(sourceLanguage: "en", version: "1.0", entries: entries), table: "Localizable",
    options: options)
}

private func table(_ result: CompileResult, _ language: String) -> StringTable? {
  result.tables.first { $0.language == language }
}

@Suite("Unit states and emission")
struct EmissionTests {
  @Test func aRepeatedKeyKeepsItsLastEntry() {
    let result = compile([
      entry("k", [("en", unit("first")), ("de", unit("erste"))]),
      entry("other", [("en", unit("o"))]),
      entry("k", [("en", unit("last"))]),
    ])
    #expect(table(result, "en")?.strings == ["k": "last", "other": "o"])
    #expect(table(result, "de") == nil)
  }

  @Test func plainUnitsFollowTheStateRules() {
    let result = compile([
      entry("a", [("en", unit("A")), ("de", unit("A-de", .needsReview))]),
      entry("b", [("en", unit("B", .new)), ("de", unit("B-de", .machineTranslated))]),
      entry("c", [("en", unit("C", .stale)), ("de", unit(nil))]),
    ])
    #expect(table(result, "en")?.strings == ["a": "A", "c": "C"])
    #expect(table(result, "de")?.strings == ["a": "A-de", "b": "B-de"])
    #expect(result.diagnostics.isEmpty)
  }

  @Test func forceBuildAllStringsEmitsEveryUnitWithAValue() {
    let result = compile(
      [entry("b", [("en", unit("B", .new)), ("de", unit(nil, .new))])],
      options: CompileOptions(forceBuildAllStrings: true))
    #expect(table(result, "en")?.strings == ["b": "B"])
    #expect(table(result, "de") == nil)
  }

  @Test func unknownStatesAreEmittedAndReportedOnce() {
    let result = compile([
      entry("a", [("en", unit("A", "reviewed_by_robot"))]),
      entry("b", [("en", unit("B", "reviewed_by_robot")), ("fr", unit("B", ""))]),
    ])
    #expect(table(result, "en")?.strings == ["a": "A", "b": "B"])
    #expect(
      result.diagnostics.map(\.message) == [
        "unknown string unit state 'reviewed_by_robot'; units in this state are emitted like translated ones",
        "unknown string unit state ''; units in this state are emitted like translated ones",
      ])
  }

  @Test func languageFilterAndEmptyLanguagesProduceNoTable() {
    let result = compile(
      [entry("a", [("en", unit("A")), ("de", unit("A-de")), ("fr", unit("x", .new))])],
      options: CompileOptions(languages: ["de", "fr"]))
    #expect(result.tables.map(\.language) == ["de"])
  }

  @Test func aPluralIsEmittedWholeWhenOneFormQualifies() throws {
    var variation = plural([("one", "%lld item"), ("other", "%lld items")])
    variation.cases[1].node.stringUnit?.state = .new
    let result = compile([entry("%lld items", [("en", LocalizationNode(variations: [variation]))])])
    let rule = try #require(table(result, "en")?.rules["%lld items"])
    #expect(
      rule
        == .format(
          FormatRule(
            formatKey: "%#@arg1@",
            variables: [
              "arg1": PluralVariable(
                valueType: "lld", forms: ["one": "%lld item", "other": "%lld items"])
            ])))
  }

  @Test func aPluralWithOnlyNewFormsIsSkipped() {
    let variation = plural([("one", "%lld item"), ("other", "%lld items")], state: .new)
    let result = compile([entry("k", [("en", LocalizationNode(variations: [variation]))])])
    #expect(result.tables.isEmpty)
  }
}

@Suite("Plural argument inference")
struct PluralInferenceTests {
  @Test func pluralArgumentAfterAnObjectIsPositional() throws {
    let variation = plural([("one", "%@ has %lld file"), ("other", "%@ has %lld files")])
    let result = compile([entry("k", [("en", LocalizationNode(variations: [variation]))])])
    guard case .format(let rule) = try #require(table(result, "en")?.rules["k"]) else {
      Issue.record("expected a format rule")
      return
    }
    #expect(rule.formatKey == "%2$#@arg2@")
    #expect(rule.variables["arg2"]?.valueType == "lld")
  }

  @Test func repeatedNumericSpecifierWarnsLikeXcode() {
    let variation = plural([("one", "%lld of %lld"), ("other", "%lld of %lld")])
    let result = compile([entry("k", [("en", LocalizationNode(variations: [variation]))])])
    #expect(
      result.diagnostics.map(\.message) == [
        "Cannot reliably infer argument number for plural variation because %lld is used in multiple positions. Use an explicit substitution instead."
      ])
    #expect(result.diagnostics.first?.language == "en")
    #expect(result.diagnostics.first?.key == "k")
  }

  @Test func formsWithoutSpecifiersTakeTheArgumentFromTheKey() throws {
    let variation = plural([("one", "One file"), ("other", "Many files")])
    let result = compile([
      entry("%@: %d files", [("en", LocalizationNode(variations: [variation]))])
    ])
    guard case .format(let rule) = try #require(table(result, "en")?.rules["%@: %d files"]) else {
      Issue.record("expected a format rule")
      return
    }
    #expect(rule.formatKey == "%2$#@arg2@")
    #expect(rule.variables["arg2"]?.valueType == "d")
  }

  @Test func missingOtherFormWarns() {
    let variation = plural([("one", "%lld item")])
    let result = compile([entry("k", [("zh-Hans", LocalizationNode(variations: [variation]))])])
    #expect(result.diagnostics.map(\.message) == ["Plural variation has no 'other' form"])
    #expect(table(result, "zh-Hans")?.rules["k"] != nil)
  }

  @Test func aVariedPluralCaseIsXcodesError() {
    let inner = plural([("one", "x"), ("other", "y")])
    let outer = Variation(
      kind: .plural,
      cases: [VariationCase(name: "other", node: LocalizationNode(variations: [inner]))])
    let result = compile([entry("k", [("en", LocalizationNode(variations: [outer]))])])
    #expect(result.hasErrors)
    #expect(result.diagnostics.map(\.message) == ["Plural case cannot be further varied"])
    #expect(result.diagnostics.map(\.key) == ["k|==|plural.other"])
  }
}

@Suite("Substitutions")
struct SubstitutionTests {
  private func substitution(_ name: String, argNum: Int?, _ forms: [(String, String)])
    -> Substitution
  {
    Substitution(name: name, argNum: argNum, formatSpecifier: "lld", variations: [plural(forms)])
  }

  @Test func referencesBecomePositionalAndArgExpands() throws {
    let node = LocalizationNode(
      stringUnit: StringUnit(state: .translated, value: "%@ has %#@files@ in %#@dirs@"),
      substitutions: [
        substitution("files", argNum: nil, [("one", "%arg file"), ("other", "%arg files")]),
        substitution("dirs", argNum: 3, [("other", "%arg folders")]),
      ])
    let result = compile([entry("k", [("en", node)])])
    #expect(result.diagnostics.isEmpty)
    #expect(
      table(result, "en")?.rules["k"]
        == .format(
          FormatRule(
            formatKey: "%@ has %2$#@files@ in %3$#@dirs@",
            variables: [
              "files": PluralVariable(
                valueType: "lld", forms: ["one": "%2$lld file", "other": "%2$lld files"]),
              "dirs": PluralVariable(valueType: "lld", forms: ["other": "%3$lld folders"]),
            ])))
  }

  @Test func undefinedSubstitutionIsXcodesError() {
    let node = LocalizationNode(
      stringUnit: StringUnit(state: .translated, value: "Next meeting at %lld %#@arg3@"),
      substitutions: [substitution("other", argNum: 1, [("other", "%arg")])])
    let result = compile([entry("Next meeting at %lld %lld", [("en", node)])])
    #expect(
      result.diagnostics.map(\.message) == [
        "Referencing undefined substitution 'arg3'",
        "Substitution 'other' was never referenced. To reference, use %#@other@ in some other string",
      ])
    #expect(
      result.diagnostics.map(\.key) == [
        "Next meeting at %lld %lld", "Next meeting at %lld %lld|==|substitutions.other",
      ])
    #expect(result.diagnostics.map(\.severity) == [.error, .warning])
  }

  @Test func substitutionsWithoutAStringUnitAreAnError() {
    let node = LocalizationNode(substitutions: [substitution("n", argNum: 1, [("other", "%arg")])])
    let result = compile([entry("k", [("en", node)])])
    #expect(
      result.diagnostics.map(\.message) == [
        "Missing required key 'stringUnit' inside 'strings' -> 'k' -> 'localizations' -> 'en'"
      ])
    #expect(result.diagnostics.map(\.contextSuffix) == [""])
  }

  /// A dotted name is written `@NAME@` in the place (as XLIFF ids do), others bare.
  @Test func unreferencedSubstitutionsAreNamedAsApplesPathsDo() {
    let node = LocalizationNode(
      stringUnit: StringUnit(state: .translated, value: "%#@used@"),
      substitutions: [
        substitution("used", argNum: 1, [("other", "%arg")]),
        substitution("A.@.B", argNum: 1, [("other", "%arg")]),
        substitution("@BOUND@", argNum: 1, [("other", "%arg")]),
      ])
    let result = compile([entry("k", [("fr", node)])])
    #expect(
      result.diagnostics.map { $0.message + $0.contextSuffix } == [
        "Substitution 'A.@.B' was never referenced. To reference, use %#@A.@.B@ in some other string (fr: k|==|substitutions.@A.@.B@)",
        "Substitution '@BOUND@' was never referenced. To reference, use %#@@BOUND@@ in some other string (fr: k|==|substitutions.@BOUND@)",
      ])
  }
}

@Suite("Device variations")
struct DeviceTests {
  @Test func otherGoesToStringsAndDevicesToStringsdict() {
    let device = Variation(
      kind: .device,
      cases: [
        VariationCase(name: "mac", node: unit("Click")),
        VariationCase(name: "applevision", node: unit("Pinch")),
        VariationCase(name: "other", node: unit("Tap")),
      ])
    let result = compile([entry("k", [("en", LocalizationNode(variations: [device]))])])
    let en = table(result, "en")
    #expect(en?.strings == ["k": "Tap"])
    #expect(en?.rules["k"] == .device(["mac": .text("Click"), "applevision": .text("Pinch")]))
  }

  /// Xcode 27 rejects a device `other` that is itself varied; a named device varied by plural,
  /// with a plain `other`, is valid.
  @Test func aVariedFallbackIsXcodesError() throws {
    let device = Variation(
      kind: .device,
      cases: [
        VariationCase(
          name: "iphone",
          node: LocalizationNode(variations: [plural([("one", "%d x"), ("other", "%d xs")])])),
        VariationCase(
          name: "other",
          node: LocalizationNode(variations: [plural([("one", "%d y"), ("other", "%d ys")])])),
      ])
    let result = compile([entry("k", [("en", LocalizationNode(variations: [device]))])])
    #expect(result.diagnostics.map(\.message) == ["Fallback value cannot be further varied"])
    #expect(result.diagnostics.map(\.key) == ["k|==|device.other"])
    #expect(result.hasErrors)
  }

  @Test func aPluralUnderANamedDeviceIsValid() throws {
    let device = Variation(
      kind: .device,
      cases: [
        VariationCase(
          name: "iphone",
          node: LocalizationNode(variations: [plural([("one", "%d x"), ("other", "%d xs")])])),
        VariationCase(name: "other", node: unit("Some")),
      ])
    let result = compile([entry("k", [("en", LocalizationNode(variations: [device]))])])
    #expect(result.diagnostics.isEmpty)
    guard case .device(let forms) = try #require(table(result, "en")?.rules["k"]) else {
      Issue.record("expected a device entry")
      return
    }
    #expect(Array(forms.keys) == ["iphone"])
    #expect(table(result, "en")?.strings == ["k": "Some"])
  }

  /// Width wins over device, device over plural (the order they nest in), with a warning.
  @Test func severalAxesCompileTheOutermostWithAWarning() throws {
    let plural = plural([("one", "%d x"), ("other", "%d xs")])
    let device = Variation(kind: .device, cases: [VariationCase(name: "other", node: unit("d"))])
    let width = Variation(kind: .width, cases: [VariationCase(name: "20", node: unit("w"))])
    let result = compile([
      entry("two", [("en", LocalizationNode(variations: [plural, device]))]),
      entry("three", [("en", LocalizationNode(variations: [plural, device, width]))]),
    ])
    #expect(
      result.diagnostics.map(\.message) == [
        "Localization has both device and plural variations; only the device variation is compiled",
        "Localization has width, device and plural variations; only the width variation is compiled",
      ])
    #expect(table(result, "en")?.strings == ["two": "d"])
    #expect(table(result, "en")?.rules["three"] == .width(["20": .text("w")]))
  }

  @Test func deviceInDeviceIsAnError() {
    let inner = Variation(kind: .device, cases: [VariationCase(name: "mac", node: unit("x"))])
    let outer = Variation(
      kind: .device,
      cases: [
        VariationCase(name: "ipad", node: LocalizationNode(variations: [inner])),
        VariationCase(name: "other", node: unit("y")),
      ])
    let result = compile([entry("k", [("en", LocalizationNode(variations: [outer]))])])
    #expect(
      result.diagnostics.map(\.message) == [
        "Device variations cannot be nested inside device variations"
      ])
    #expect(result.diagnostics.map(\.key) == ["k|==|device.ipad"])
  }
}

@Suite("Format and character checks")
struct TextCheckTests {
  /// A key whose code passes no arguments (the key and the source value ask for none): every `%`
  /// of every language is text, written as it is, without a diagnostic (Xcode builds these; its
  /// "Unable to create a Swift type" is symbol generation's, nightscout/Trio#1360, #1362).
  @Test(arguments: [
    "50%-ig rabatt", "%-lld of them", "%n written", "Ano, běží 100% nativně",
    "100% natural", "50% faster", "% a", "%lld at 100%", "%1$@ %$",
  ])
  func textOfAKeyNobodyFormats(value: String) {
    let result = compile([
      entry("Runs natively", [("en", unit("Yes, it runs 100% native.")), ("cs", unit(value))])
    ])
    #expect(result.diagnostics.isEmpty)
    #expect(table(result, "cs")?.strings["Runs natively"] == value)
  }

  /// The same texts where the code formats the key (the key asks for an argument, or only the
  /// source value does): Foundation reads each `%`, so they are warnings, and the value is still
  /// emitted as written.
  @Test(arguments: [
    ("%lld at 100%", "Invalid format specifier \"%\"; write \"%%\" for a literal percent sign"),
    (
      "% d",
      "Unusual format specifier \"% d\" (flag ' '); write \"%%\" if a literal percent sign is meant"
    ),
    (
      "%-f",
      "Unusual format specifier \"%-f\" (flag '-' without a width); write \"%%\" if a literal percent sign is meant"
    ),
    (
      "50%-ig %lld",
      "Unusual format specifier \"%-i\" (flag '-' without a width); write \"%%\" if a literal percent sign is meant"
    ),
    (
      "%lld, 100%n",
      "Unusual format specifier \"%n\" (it writes through a pointer nothing passes); write \"%%\" if a literal percent sign is meant"
    ),
  ])
  func specifiersOfAKeyTheCodeFormats(value: String, message: String) {
    let byKey = compile([entry("%lld", [("en", unit("%lld")), ("sv", unit(value))])])
    let bySource = compile([entry("count", [("en", unit("%lld")), ("sv", unit(value))])])
    for result in [byKey, bySource] {
      #expect(result.diagnostics.map(\.message) == [message])
      #expect(result.diagnostics.map(\.severity) == [.warning])
      #expect(table(result, "sv")?.strings.values.first == value)
    }
  }

  /// A flag Xcode's interpolation can write (`\(x, specifier: "%+.1f")`), a width with `-`, and
  /// positions: arguments, not prose.
  @Test(arguments: ["100%", "%%", "%-5d left", "%1$@ and %2$@", "%+d", "%+.1f°"])
  func acceptedSpecifiers(value: String) {
    let result = compile([entry("k", [("en", unit(value))])])
    #expect(result.diagnostics.isEmpty)
    #expect(table(result, "en")?.strings["k"] == value)
  }

  @Test func controlCharactersWarnAndNulFails() {
    let result = compile([
      entry("a", [("vi", unit("Bật\u{1B}tắt"))]),
      entry("b", [("vi", unit("nul\u{0}"))]),
    ])
    #expect(result.diagnostics.map(\.severity) == [.warning, .error])
    #expect(result.diagnostics[0].message.contains("U+001B"))
    #expect(result.diagnostics[1].message.contains("NUL"))
    #expect(table(result, "vi")?.strings["a"] == "Bật\u{1B}tắt")
  }
}

@Suite("Compiling in parts")
struct CompilerPartsTests {
  @Test func appendingPartsEqualsCompilingTheWholeCatalog() {
    let entries = [
      entry("b", [("en", unit("B")), ("de", unit("B-de"))]),
      entry("a", [("en", unit("A")), ("fr", unit("A-fr", "odd_state"))]),
      entry(
        "%lld files", [("en", LocalizationNode(variations: [plural([("other", "%lld files")])]))]),
      entry("c", [("en", unit("C", "odd_state"))]),
      entry("b", [("en", unit("B again"))]),
    ]
    let whole = compile(entries)
    var first = CatalogCompiler(table: "Localizable")
    var second = CatalogCompiler(table: "Localizable")
    entries.prefix(2).forEach { first.add($0) }
    entries.dropFirst(2).forEach { second.add($0) }
    let parted = CatalogCompiler.finish([first, second])
    #expect(parted.tables == whole.tables)
    #expect(parted.diagnostics == whole.diagnostics)
    #expect(table(whole, "en")?.strings.keys == ["a", "b", "c"])
    #expect(table(whole, "en")?.strings["b"] == "B again")
    #expect(whole.diagnostics.count == 1)
  }
}

/// Compiled tables read their keys from bytes shared by every language; those are the table's keys,
/// in parts and after a change.
@Suite("Shared key bytes")
struct SharedKeyBytesTests {
  static func utf8Keys<Value>(_ entries: KeyedValues<Value>) -> [String] {
    var keys: [String] = []
    entries.forEachKeyUTF8 { index, utf8 in
      #expect(index == keys.count)
      keys.append(String(decoding: utf8, as: UTF8.self))
    }
    return keys
  }

  /// Every entry as `forEachUTF8` gives it: position, key and value decoded.
  static func utf8Entries(_ entries: KeyedValues<String>) -> [String: String] {
    var decoded: [String: String] = [:]
    var count = 0
    entries.forEachUTF8 { index, key, value in
      #expect(index == count)
      count += 1
      decoded[String(decoding: key, as: UTF8.self)] = String(decoding: value, as: UTF8.self)
    }
    #expect(count == entries.count)
    return decoded
  }

  @Test func compiledTablesReadTheirKeysAndValuesFromSharedBytes() {
    let keys = ["b & c", "😀", "a", "A", "！", "long key " + String(repeating: "x", count: 40), ""]
    var entries: [CatalogEntry] = []
    for (index, key) in keys.enumerated() {
      // Each language has a different subset of the keys.
      var localizations = [("en", unit("v\(index)"))]
      if index % 2 == 0 { localizations.append(("de", unit("w\(index)"))) }
      entries.append(entry(key, localizations))
    }
    var parts: [CatalogCompiler] = []
    for slice in [entries[0..<3], entries[3...], entries[1..<2]] {  // a duplicate in a later part
      var part = CatalogCompiler(table: "T", options: CompileOptions())
      for entry in slice { part.add(entry) }
      parts.append(part)
    }
    let result = CatalogCompiler.finish(parts)
    #expect(result.tables.map(\.language) == ["de", "en"])
    for table in result.tables {
      #expect(Self.utf8Keys(table.strings) == table.strings.keys)
    }
    #expect(result.tables[1].strings.keys == KeyOrder.sorted(keys))
    var changed = result.tables[0].strings
    changed["0 new"] = "x"
    changed["a"] = nil
    #expect(Self.utf8Keys(changed) == changed.keys)
    #expect(changed.keys.contains("0 new") && !changed.keys.contains("a"))
    // Values: from the compiled table's contiguous copy, and after a change from the strings.
    for table in result.tables {
      #expect(Self.utf8Entries(table.strings) == table.strings.dictionary)
    }
    #expect(Self.utf8Entries(changed) == changed.dictionary)
    #expect(Self.utf8Entries(changed)["0 new"] == "x")
    let contiguous = changed.withContiguousValues()
    #expect(Self.utf8Entries(contiguous) == changed.dictionary)
    #expect(contiguous == changed)
  }
}
