import CatalogImport
import CatalogWriter
import Foundation
import StringCatalog
import StringTables
import Testing

/// The legacy mapping rules, one per test (`catalog-writing.md` §3; `man/lhc-import.1`): tables
/// in, the catalog's JSON (as the Xcode writer writes it, read back by Foundation) out.
@Suite("Legacy import mapping")
struct LegacyMappingTests {
  /// The entry `key` of the catalog imported from one `language` table, as JSON values.
  static func entry(
    _ key: String, strings: [String: String] = [:], rules: [String: StringsdictEntry] = [:],
    language: String = "en", comments: [String: String] = [:]
  ) throws -> NSDictionary {
    let table = StringTable(
      name: "Localizable", language: language, strings: KeyedValues(strings),
      rules: KeyedValues(rules))
    let output = try LegacyImport.catalog(
      LegacyImport.Input(sourceLanguage: "en", tables: [table], comments: comments)
    ).get()
    let bytes = CatalogWriter.bytes(output.catalog)
    let json = try JSONSerialization.jsonObject(with: Data(bytes)) as? NSDictionary
    return try #require((json?["strings"] as? NSDictionary)?[key] as? NSDictionary)
  }

  /// The localization `language` of ``entry(_:strings:rules:language:comments:)``.
  static func localization(
    _ key: String, strings: [String: String] = [:], rules: [String: StringsdictEntry] = [:],
    language: String = "en"
  ) throws -> NSDictionary {
    let found = try entry(key, strings: strings, rules: rules, language: language)
    return try #require((found["localizations"] as? NSDictionary)?[language] as? NSDictionary)
  }

  /// `json` parsed.
  static func json(_ text: String) throws -> NSDictionary {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary)
  }

  static func unit(_ value: String) -> String {
    #"{"stringUnit":{"state":"translated","value":"\#(value)"}}"#
  }

  static func plural(_ valueType: String?, _ forms: [String: String]) -> PluralVariable {
    PluralVariable(valueType: valueType, forms: forms)
  }

  @Test func plainValueIsATranslatedUnitAndTheEntryIsMigrated() throws {
    let found = try Self.entry(
      "hello", strings: ["hello": "Hello \"you\"\n"], comments: ["hello": "Greeting"])
    #expect(
      found
        == (try Self.json(
          #"{"comment":"Greeting","extractionState":"migrated","localizations":{"en":"#
            + #"{"stringUnit":{"state":"translated","value":"Hello \"you\"\n"}}}}"#)))
  }

  @Test func genstringsPlaceholderCommentIsDropped() throws {
    let found = try Self.entry(
      "hello", strings: ["hello": "Hello"],
      comments: ["hello": LegacyImport.genstringsPlaceholder])
    #expect(found["comment"] == nil)
  }

  @Test func singleVariableWithItsSpecifierIsAPluralVariation() throws {
    let rule = FormatRule(
      formatKey: "%#@articles@",
      variables: ["articles": Self.plural("d", ["one": "%d article", "other": "%d articles"])])
    let found = try Self.localization("%d articles", rules: ["%d articles": .format(rule)])
    #expect(
      found
        == (try Self.json(
          #"{"variations":{"plural":{"one":\#(Self.unit("%d article")),"#
            + #""other":\#(Self.unit("%d articles"))}}}"#)))
  }

  @Test func singleVariableWithoutItsSpecifierIsASubstitution() throws {
    let rule = FormatRule(
      formatKey: "%#@files@",
      variables: ["files": Self.plural("lu", ["one": "One file", "other": "Many files"])])
    let found = try Self.localization("files", rules: ["files": .format(rule)])
    #expect(
      found
        == (try Self.json(
          #"{"stringUnit":{"state":"translated","value":"%#@files@"},"substitutions":{"files":"#
            + #"{"formatSpecifier":"lu","variations":{"plural":{"one":\#(Self.unit("One file")),"#
            + #""other":\#(Self.unit("Many files"))}}}}}"#)))
  }

  @Test func textAroundTheVariableMakesItsSpecifierArg() throws {
    let rule = FormatRule(
      formatKey: "Found %#@files@ in %@",
      variables: ["files": Self.plural("lld", ["one": "%lld file", "other": "%lld files"])])
    let found = try Self.localization("found", rules: ["found": .format(rule)])
    #expect(
      found
        == (try Self.json(
          #"{"stringUnit":{"state":"translated","value":"Found %#@files@ in %@"},"#
            + #""substitutions":{"files":{"formatSpecifier":"lld","variations":{"plural":"#
            + #"{"one":\#(Self.unit("%arg file")),"other":\#(Self.unit("%arg files"))}}}}}"#)))
  }

  @Test func positionalVariablesKeepTheirSpecifiersAndGetArgNum() throws {
    let rule = FormatRule(
      formatKey: "%2$#@folders@ / %1$#@files@",
      variables: [
        "files": Self.plural("d", ["other": "%1$d files"]),
        "folders": Self.plural("d", ["one": "%2$d folder", "other": "%2$d folders"]),
      ])
    let found = try Self.localization("k", rules: ["k": .format(rule)])
    #expect(
      found
        == (try Self.json(
          #"{"stringUnit":{"state":"translated","value":"%#@folders@ / %#@files@"},"#
            + #""substitutions":{"files":{"argNum":1,"formatSpecifier":"d","variations":"#
            + #"{"plural":{"other":\#(Self.unit("%1$d files"))}}},"folders":{"argNum":2,"#
            + #""formatSpecifier":"d","variations":{"plural":{"one":\#(Self.unit("%2$d folder")),"#
            + #""other":\#(Self.unit("%2$d folders"))}}}}}"#)))
  }

  @Test func deviceRuleTakesTheStringsValueAsOther() throws {
    let rule = StringsdictEntry.device(["iphone": .text("Tap"), "mac": .text("Click")])
    let found = try Self.localization(
      "action", strings: ["action": "Press"], rules: ["action": rule])
    #expect(
      found
        == (try Self.json(
          #"{"variations":{"device":{"iphone":\#(Self.unit("Tap")),"mac":\#(Self.unit("Click")),"#
            + #""other":\#(Self.unit("Press"))}}}"#)))
  }

  /// Compile writes a device variation's `other` for every class it does not name only when
  /// `other` is a format leaf; a rule naming every class gets such a shared leaf back as `other`,
  /// never a shared plural (a device `other` cannot be varied).
  @Test func aRuleNamingEveryDeviceGetsOtherBackOnlyForALeaf() throws {
    let plural = FormatRule(
      formatKey: "%#@n@", variables: ["n": Self.plural("lld", ["other": "%lld items"])])
    let leaf = FormatRule(
      formatKey: "Got %#@n@", variables: ["n": Self.plural("lld", ["other": "%lld items"])])
    for (shared, expectOther) in [(plural, false), (leaf, true)] {
      var forms: [String: DeviceForm] = [:]
      for device in DeviceClass.all { forms[device] = .format(shared) }
      forms["mac"] = .text("Items")
      let found = try Self.localization("k", rules: ["k": .device(forms)])
      let cases = try #require((found["variations"] as? NSDictionary)?["device"] as? NSDictionary)
      let names = Set(cases.allKeys.compactMap { $0 as? String })
      #expect(names == (expectOther ? ["mac", "other"] : Set(DeviceClass.all)))
    }
  }

  @Test func deviceCasesWithPluralsAndWidths() throws {
    let plural = FormatRule(
      formatKey: "%#@n@",
      variables: ["n": Self.plural("d", ["one": "%d song", "other": "%d songs"])])
    let rule = StringsdictEntry.width([
      "20": .text("Songs"),
      "100": .device(["ipad": .format(plural), "other": .text("Some songs")]),
    ])
    let found = try Self.localization("songs", rules: ["songs": rule])
    #expect(
      found
        == (try Self.json(
          #"{"variations":{"width":{"20":\#(Self.unit("Songs")),"100":{"variations":{"device":"#
            + #"{"ipad":{"variations":{"plural":{"one":\#(Self.unit("%d song")),"#
            + #""other":\#(Self.unit("%d songs"))}}},"other":\#(Self.unit("Some songs"))}}}}}}"#)))
  }

  @Test func stringsdictEntryBeatsTheStringsValue() throws {
    let rule = FormatRule(
      formatKey: "%#@n@", variables: ["n": Self.plural("d", ["other": "%d items"])])
    let table = StringTable(
      name: "Localizable", language: "de", strings: ["items": "Dinge"],
      rules: ["items": .format(rule)])
    let output = try LegacyImport.catalog(
      LegacyImport.Input(
        sourceLanguage: "en", tables: [table],
        files: ["de": ("de.lproj/Localizable.strings", "de.lproj/Localizable.stringsdict")])
    ).get()
    let node = output.catalog.entries.first?.localizations.first?.node
    #expect(node?.stringUnit == nil)
    #expect(node?.variations.first?.kind == .plural)
    #expect(output.droppedTexts.map(\.key) == ["items"])
    #expect(output.droppedTexts.first?.file == "de.lproj/Localizable.strings")
  }

  @Test(arguments: [
    (
      FormatRule(
        formatKey: "%#@n@",
        variables: [
          "n": PluralVariable(specType: "NSStringGenderRuleType", valueType: "@", forms: ["x": "y"])
        ]),
      "variable 'n' is a NSStringGenderRuleType rule; a String Catalog has plural variables only"
    ),
    (
      FormatRule(
        formatKey: "%#@n@ %#@m@", variables: ["n": PluralVariable(valueType: "d", forms: [:])]),
      "variable 'n' has no plural forms"
    ),
    (
      FormatRule(
        formatKey: "%#@n@ and %#@m@",
        variables: ["n": PluralVariable(valueType: "d", forms: ["other": "%d"])]),
      "the format key references variable 'm', which the entry does not define; Foundation then "
        + "has no rule for '%#@m@' and formats it as '%@', reading the argument the app passes "
        + "there (a count) as an object: a crash, or garbage"
    ),
    (
      FormatRule(
        formatKey: "%#@n@ left",
        variables: ["n": PluralVariable(valueType: nil, forms: ["other": "%d"])]
      ),
      "variable 'n' has no NSStringFormatValueTypeKey, which a catalog substitution needs (its formatSpecifier)"
    ),
  ])
  func shapesWithoutACatalogFormAreIssues(rule: FormatRule, reason: String) {
    let table = StringTable(name: "Localizable", language: "fr", rules: ["k": .format(rule)])
    let result = LegacyImport.catalog(
      LegacyImport.Input(
        sourceLanguage: "en", tables: [table],
        files: ["fr": (nil, "fr.lproj/Localizable.stringsdict")]))
    guard case .failure(let failure) = result else {
      Issue.record("imported")
      return
    }
    #expect(
      failure.issues == [
        ImportIssue(
          language: "fr", key: "k", reason: reason, file: "fr.lproj/Localizable.stringsdict")
      ])
  }

  @Test func substitutionsThatDifferBetweenDeviceCasesAreAnIssue() {
    func format(_ form: String) -> DeviceForm {
      .format(
        FormatRule(
          formatKey: "%#@n@ left",
          variables: ["n": PluralVariable(valueType: "d", forms: ["other": form])]
        ))
    }
    let table = StringTable(
      name: "Localizable", language: "fr",
      rules: ["k": .device(["iphone": format("%d"), "mac": format("%d!")])])
    let result = LegacyImport.catalog(LegacyImport.Input(sourceLanguage: "en", tables: [table]))
    guard case .failure(let failure) = result else {
      Issue.record("imported")
      return
    }
    #expect(
      failure.issues.map(\.reason) == [
        "variable 'n' differs between the cases of the entry; a catalog has one substitution per name"
      ])
  }

  /// `skippingUnsafe`: the catalog of the tables without the entries a catalog cannot hold, those
  /// listed; a `.strings` value of such a key is imported, as it would be without the entry.
  @Test func skippingUnsafeLeavesOutTheEntriesAndKeepsTheRest() throws {
    let broken = StringsdictEntry.format(
      FormatRule(
        formatKey: "%#@posts@ von %#@voters@",
        variables: [
          "votes": PluralVariable(valueType: "lld", forms: ["other": "%lld Stimmen"]),
          "voters": PluralVariable(valueType: "lld", forms: ["other": "%lld Teilnehmenden"]),
        ]))
    let good = StringsdictEntry.format(
      FormatRule(
        formatKey: "%#@n@",
        variables: ["n": PluralVariable(valueType: "lld", forms: ["other": "%lld"])]))
    let german = StringTable(
      name: "Localizable", language: "de", strings: ["both": "%lld Stimmen", "plain": "Hallo"],
      rules: ["both": broken, "broken": broken, "good": good])
    let english = StringTable(
      name: "Localizable", language: "en", strings: ["plain": "Hello"],
      rules: ["both": good, "good": good])
    let files: [String: (strings: String?, stringsdict: String?)] = [
      "de": ("de.lproj/Localizable.strings", "de.lproj/Localizable.stringsdict")
    ]
    let input = LegacyImport.Input(sourceLanguage: "en", tables: [english, german], files: files)
    guard case .failure(let failure) = LegacyImport.catalog(input) else {
      Issue.record("imported without skipping")
      return
    }
    #expect(failure.issues.map(\.key) == ["both", "broken"])
    let output = try LegacyImport.catalog(input, skippingUnsafe: true).get()
    let reason =
      "the format key references variable 'posts', which the entry does not define; Foundation "
      + "then has no rule for '%#@posts@' and formats it as '%@', reading the argument the app "
      + "passes there (a count) as an object: a crash, or garbage"
    #expect(
      output.skipped == [
        ImportIssue(
          language: "de", key: "both", reason: reason + "; the .strings value is imported",
          file: "de.lproj/Localizable.stringsdict"),
        ImportIssue(
          language: "de", key: "broken", reason: reason, file: "de.lproj/Localizable.stringsdict"),
      ])
    // The oracle: the same tables without the skipped entries, imported all or nothing.
    var without = german
    without.rules = KeyedValues(["good": good])
    let expected = try LegacyImport.catalog(
      LegacyImport.Input(sourceLanguage: "en", tables: [english, without], files: files)
    ).get()
    #expect(output.catalog == expected.catalog)
    #expect(output.catalog.entries.map(\.key) == ["both", "good", "plain"])
    #expect(expected.skipped.isEmpty)
  }
}
