import LHCBase
import StringCatalog
import Testing

@testable import SwiftSymbols

/// Which keys get symbols, and their parameters, fallbacks and default values.
@Suite("SymbolBuilder")
struct SymbolBuilderTests {
  /// Builds the symbols of a catalog given as the JSON of its `strings`.
  func build(_ strings: String, options: SymbolOptions = SymbolOptions()) throws -> (
    [Symbol], [Diagnostic]
  ) {
    let json = #"{"sourceLanguage":"en","version":"1.0","strings":"# + strings + "}"
    let (catalog, _) = try CatalogReader.read(
      SourceText(path: "T.xcstrings", bytes: Array(json.utf8)))
    let (table, diagnostics) = SymbolBuilder.build(catalog, table: "T", options: options)
    return (table.symbols, diagnostics)
  }

  func unit(_ value: String) -> String {
    #"{"stringUnit":{"state":"translated","value":"\#(value)"}}"#
  }

  @Test func substitutionWithoutArgNumReadsItsReferencePosition() throws {
    let (symbols, diagnostics) = try build(
      #"""
      {"k":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"%@ liked %#@posts@"},
        "substitutions":{"posts":{"formatSpecifier":"lld","variations":{"plural":{
          "one":{"stringUnit":{"state":"translated","value":"%arg post"}},
          "other":{"stringUnit":{"state":"translated","value":"%arg posts"}}}}}}}}}}
      """#)
    #expect(diagnostics.isEmpty)
    let symbol = try #require(symbols.first)
    #expect(symbol.parameters.map(\.label) == [nil, "posts"])
    #expect(symbol.parameters.map(\.type) == ["String", "Int"])
    #expect(symbol.fallback == "%1$@ liked %2$lld posts")
  }

  @Test func theReferenceTakesASequentialSlotWhateverItsArgNum() throws {
    let strings = { (argNum: Int) in
      #"""
      {"k":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"%#@count@ by %@"},
        "substitutions":{"count":{"argNum":\#(argNum),"formatSpecifier":"d","variations":{"plural":{
          "other":{"stringUnit":{"state":"translated","value":"%arg items"}}}}}}}}}}
      """#
    }
    let (symbols, diagnostics) = try build(strings(1))
    #expect(diagnostics.isEmpty)
    let symbol = try #require(symbols.first)
    #expect(symbol.parameters.map(\.type) == ["Int32", "String"])
    #expect(symbol.parameters.map(\.label) == ["count", nil])
    #expect(symbol.fallback == "%1$d items by %2$@")
    // argNum 2: `%@` is still argument 2 (the reference used slot 1), so 2 clashes and 1 is unused.
    let problems = [
      "argument 1 is never used although argument 2 is; every argument from 1 to 2 must appear in the source text",
      "argument 2 is used as Int32 and as String; use one type",
    ]
    let (none, warnings) = try build(strings(2))
    #expect(none.isEmpty)
    #expect(warnings.map(\.message) == problems.map { "the key gets no symbol: " + $0 })
    #expect(warnings.allSatisfy { $0.severity == .warning && $0.key == "k" && $0.language == "en" })
    let (strictNone, errors) = try build(strings(2), options: SymbolOptions(strict: true))
    #expect(strictNone.isEmpty)
    #expect(errors.map(\.message) == problems)
    #expect(errors.allSatisfy { $0.severity == .error })
  }

  /// The keeper of a group: the first key in key order that Xcode generates a symbol for
  /// (`manual`, or `generatesSymbol: true`), else the first key in key order (`A` before `a`).
  @Test(arguments: [
    ("", "", "A"),
    ("", #""extractionState":"manual","#, "a"),
    ("", #""generatesSymbol":true,"#, "a"),
    (#""extractionState":"manual","#, #""extractionState":"manual","#, "A"),
    // `generatesSymbol: false` opts a manual key out.
    ("", #""extractionState":"manual","generatesSymbol":false,"#, "A"),
  ])
  func theKeeperIsAManualKeyElseTheFirst(upper: String, lower: String, keeper: String) throws {
    let (symbols, diagnostics) = try build(
      #"{"A":{\#(upper)"localizations":{"en":\#(unit("x"))}},"a":{\#(lower)"localizations":{"en":\#(unit("y"))}}}"#
    )
    let names = Dictionary(uniqueKeysWithValues: symbols.map { ($0.key, $0.name) })
    #expect(names == [keeper: "a", keeper == "A" ? "a" : "A": "a2"])
    #expect(diagnostics.map(\.severity) == [.warning])
  }

  @Test func pluralCasesWithoutTheArgumentStillGiveTheParameter() throws {
    let (symbols, _) = try build(
      #"""
      {"k":{"localizations":{"en":{"variations":{"plural":{
        "one":\#(unit("One item")),"other":\#(unit("%lld items"))}}}}}}
      """#)
    let symbol = try #require(symbols.first)
    #expect(symbol.parameters.map(\.type) == ["Int"])
    #expect(symbol.resourceDefault == [.argument(1), .literal(" items")])
  }

  @Test func reorderedArgumentsKeepTheirOrderInTheResourceDefault() throws {
    let (symbols, _) = try build(#"{"k":{"localizations":{"en":\#(unit("%2$@ / %1$lld"))}}}"#)
    let symbol = try #require(symbols.first)
    #expect(symbol.parameters.map(\.type) == ["Int", "String"])
    #expect(symbol.resourceDefault == [.argument(1), .literal(" "), .argument(2)])
    #expect(symbol.fallback == "%2$@ / %1$lld")
  }

  @Test func keysWithoutSourceValueAreSkippedUnlessManual() throws {
    let strings = #"""
      {"Extracted %@":{"extractionState":"manual","localizations":{}},
       "other":{"localizations":{"de":\#(unit("Andere"))}},
       "plain":{"localizations":{"en":\#(unit("Plain"))}}}
      """#
    let (all, _) = try build(strings)
    #expect(all.map(\.key) == ["plain"])
    let (manual, _) = try build(strings, options: SymbolOptions(onlyManual: true))
    #expect(manual.map(\.key) == ["Extracted %@"])
    #expect(manual.first?.fallback == "Extracted %@")
    #expect(manual.first?.parameters.map(\.type) == ["String"])
  }

  @Test func keysAreInKeyOrder() throws {
    let (symbols, _) = try build(
      #"{"b":{"localizations":{"en":\#(unit("b"))}},"C":{"localizations":{"en":\#(unit("C"))}},"a":{"localizations":{"en":\#(unit("a"))}}}"#
    )
    #expect(symbols.map(\.key) == ["C", "a", "b"])
  }

  @Test func widthAndPrecisionArgumentsAreInt32() throws {
    let (symbols, diagnostics) = try build(#"{"k":{"localizations":{"en":\#(unit("%*.*f"))}}}"#)
    #expect(diagnostics.isEmpty)
    #expect(symbols.first?.parameters.map(\.type) == ["Int32", "Int32", "Double"])
  }
}
