import SourceStrings
import SwiftSource
import Testing

/// The strings of Objective-C and C sources (lhc-extract(1), WHAT IS EXTRACTED): the four
/// routines of each base name as `genstrings -s` reads them, each with its negative twin.
@Suite struct CFamilyStringsTests {
  private func strings(_ source: String, macros: [String] = []) -> [String: LocalizableString] {
    Dictionary(
      CFamilyStrings.extract(Array(source.utf8), macroNames: macros).strings.map { ($0.key, $0) },
      uniquingKeysWith: { first, _ in first })
  }

  @Test func theRoutinesOfEachBaseName() {
    let found = strings(
      #"""
      NSString *a = NSLocalizedString(@"Plain", @"A comment");
      NSString *b = NSLocalizedStringFromTable(@"Tabled", @"Prefs", nil);
      NSString *c = NSLocalizedStringFromTableInBundle(@"Bundled", nil, [NSBundle mainBundle], @"");
      NSString *d = NSLocalizedStringWithDefaultValue(@"letsmove.title", nil, bundle, @"Move to Applications?", @"Title");
      CFStringRef e = CFCopyLocalizedString(CFSTR("From C"), "C comment");
      NSString *f = NSLocalizedString(@"Concatenated, " @"as the compiler does", nil);
      NSString *g = NSLocalizedString(@"%d of %@ left", nil);
      """#)
    #expect(found["Plain"]?.comment == "A comment")
    #expect(found["Plain"]?.table == "Localizable")
    #expect(found["Tabled"]?.table == "Prefs")
    #expect(found["Bundled"]?.table == "Localizable")
    #expect(found["Bundled"]?.comment == nil)
    #expect(found["letsmove.title"]?.value == "Move to Applications?")
    #expect(found["letsmove.title"]?.comment == "Title")
    #expect(found["From C"]?.comment == "C comment")
    #expect(found["Concatenated, as the compiler does"] != nil)
    #expect(found["%d of %@ left"] != nil)  // specifiers as written
    #expect(found.count == 7)
  }

  @Test func macroNamesAddBaseNames() {
    let source = #"""
      NSString *a = MFLocalizedString(@"toast.title", @"");
      NSString *b = MFLocalizedStringFromTable(@"toast.body", @"Toasts", @"");
      """#
    #expect(strings(source).isEmpty)
    let found = strings(source, macros: ["MFLocalizedString"])
    #expect(found["toast.title"]?.api == "MFLocalizedString")
    #expect(found["toast.body"]?.table == "Toasts")
  }

  @Test func whatIsNotExtracted() {
    let found = strings(
      #"""
      // NSLocalizedString(@"In a comment", nil);
      /* NSLocalizedString(@"In a block comment", nil); */
      #if 0
      NSString *a = NSLocalizedString(@"Under if 0", nil);
      #endif
      #define kTitle NSLocalizedString(@"In a define", nil)
      #define NSLocalizedPrefString(key) [bundle localizedStringForKey:(key) value:@"" table:nil]
      NSString *b = NSLocalizedPrefString(@"Through an unnamed wrapper");
      NSString *c = NSLocalizedString(name, nil);
      NSString *d = NSLocalizedStringFromTable(@"Variable table", tableName, nil);
      NSString *e = NSLocalizedString(@"Too", @"many", @"arguments");
      NSString *f = NSLocalizedStringWithDefaultValue(@"Same value", nil, bundle, @"Same value", nil);
      """#)
    #expect(found["In a define"] != nil)  // a #define body is code
    #expect(found["Same value"]?.value == nil)  // the key itself is no default value
    for key in [
      "In a comment", "In a block comment", "Under if 0", "Through an unnamed wrapper",
      "Variable table", "Too",
    ] {
      #expect(found[key] == nil, "\(key)")
    }
    // The lookups lhc does not extract are recorded (a key or a table made at run time).
    let lookups = CFamilyStrings.extract(
      Array(#"NSLocalizedString(name, nil); NSLocalizedStringFromTable(@"k", t, nil);"#.utf8),
      macroNames: []
    ).lookups
    #expect(lookups.count == 2)
  }

  /// In Swift, a function `LOCALIZED_STRING_MACRO_NAMES` names is read as `NSLocalizedString`,
  /// whatever the sources declare of it; an unlabelled second argument is the comment.
  @Test func swiftCallsOfMacroNames() {
    let source = """
      func MFLocalizedString(_ key: String, comment: String) -> String { _MFLocalizedString(key) }
      let a = MFLocalizedString("toast.title", comment: "Shown after a save")
      let b = OCLocalizedString("Privacy", nil)
      let c = OCLocalizedString("Sharing", "Section title")
      """
    let tree = Parser.parse(SourceFile(path: "File.swift", bytes: Array(source.utf8)))
    func keys(_ lookups: Set<String>) -> [String: LocalizableString] {
      let index = TypeIndex(merging: [TypeIndex(trees: [tree])], lookups: lookups)
      let found = StringExtractor.extract(tree, index: index, conditions: .anyApplePlatform)
      return Dictionary(found.strings.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
    }
    #expect(keys([]).isEmpty)
    let found = keys(["MFLocalizedString", "OCLocalizedString"])
    #expect(found["toast.title"]?.comment == "Shown after a save")
    #expect(found["Privacy"] != nil && found["Privacy"]?.comment == nil)
    #expect(found["Sharing"]?.comment == "Section title")
  }

  /// `LOCALIZED_STRING_CODE_COMMENTS = YES`: the routines' calls written in comments are
  /// extracted too, at their own lines and columns; in `#if 0` code still not.
  @Test func callsInCommentsWithCodeComments() {
    let source = #"""
      NSString *a = NSLocalizedString(@"Code", nil);
      // NSLocalizedString(@"Line comment", @"From a line comment")
      /* Keys made at run time:
         NSLocalizedStringFromTable(@"state.open", @"States", nil)
       */
      /// MFLocalizedString(@"Doc comment", nil)
      #if 0
      // NSLocalizedString(@"Excluded comment", nil)
      #endif
      """#
    #expect(Set(strings(source).keys) == ["Code"])
    let found = Dictionary(
      CFamilyStrings.extract(
        Array(source.utf8), macroNames: ["MFLocalizedString"], codeComments: true
      ).strings.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    #expect(Set(found.keys) == ["Code", "Line comment", "state.open", "Doc comment"])
    #expect(found["Line comment"]?.comment == "From a line comment")
    #expect(found["state.open"]?.table == "States")
    // Where it is written: the offset of the key in the file.
    let offset = found["state.open"]?.offset
    #expect(offset.map { Array(source.utf8)[$0] } == UInt8(ascii: "@"))
  }

  /// In Swift, with `LOCALIZED_STRING_CODE_COMMENTS`, the calls of the routines that look keys
  /// up through the bundle (`NSLocalizedString`, the macro names) written in comments; not
  /// other APIs (`Text`).
  @Test func swiftCallsInComments() {
    let source = """
      // NSLocalizedString("Swift comment", comment: "Listed for the catalog")
      /* MFLocalizedString("Block", comment: "") */
      // Text("Not a routine")
      let a = NSLocalizedString("Code", comment: "")
      """
    let file = SourceFile(path: "File.swift", bytes: Array(source.utf8))
    let index = TypeIndex(
      merging: [TypeIndex(trees: [Parser.parse(file)])], lookups: ["MFLocalizedString"])
    let found = StringExtractor.extractFromComments(
      file, index: index, conditions: .anyApplePlatform)
    #expect(Set(found.map(\.key)) == ["Swift comment", "Block"])
    #expect(found.first { $0.key == "Swift comment" }?.comment == "Listed for the catalog")
    #expect(file.lineColumn(of: found[0].offset).line == 1)
  }
}
