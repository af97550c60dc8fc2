import PluralRules
import Testing

/// CLDR's own conformance data: every `@integer` / `@decimal` sample of every rule of every
/// locale selects that rule's category.
@Suite("CLDR samples")
struct CLDRSampleTests {
  /// Every CLDR locale id in the table.
  static let locales = PluralRules.ruleSets.flatMap(\.locales).sorted()

  /// Every sample of every rule of `locale`'s rule set selects the rule's category, through the
  /// public API, with the CLDR id and with its Apple spelling (`pt-PT`).
  @Test(arguments: locales)
  func samplesSelectTheirCategory(locale: String) throws {
    #expect(PluralRules.cldrLocale(for: locale) == locale)
    #expect(PluralRules.cldrLocale(for: locale.replacingUnderscores()) == locale)
    let ruleSet = PluralRules.ruleSet(for: locale)
    #expect(ruleSet.locales.contains(locale))
    for rule in ruleSet.rules {
      let integers = try SampleNumbers.expand(rule.integerSamples)
      let decimals = try SampleNumbers.expand(rule.decimalSamples)
      #expect(!integers.isEmpty || !decimals.isEmpty, "\(locale) \(rule.category) has no samples")
      for (numeral, isInteger) in integers.map({ ($0, true) }) + decimals.map({ ($0, false) }) {
        let operands = try #require(
          PluralOperands(numeral), "\(locale): unreadable sample \(numeral)")
        // CLDR files samples by how they are written: `1.1c6` (1100000, v = 0) is under @decimal.
        #expect(
          numeral.contains(".") != isInteger, "\(locale): \(numeral) is in the wrong sample list")
        #expect(
          operands.v == 0 || !isInteger,
          "\(locale): integer sample \(numeral) has v = \(operands.v)")
        let category = PluralRules.category(for: operands, language: locale)
        #expect(
          category == rule.category.rawValue,
          "\(locale): \(numeral) (\(operands)) selects \(category), CLDR says \(rule.category)")
      }
    }
  }

  /// Every sample numeral across the table, counted (CLDR 41: several thousand).
  @Test func sampleCount() throws {
    var count = 0
    for ruleSet in PluralRules.ruleSets {
      for rule in ruleSet.rules {
        count += try SampleNumbers.expand(rule.integerSamples).count
        count += try SampleNumbers.expand(rule.decimalSamples).count
      }
    }
    #expect(count > 2000)
  }

  /// Sample expansion itself: ranges step by the last digit, the ellipsis is skipped.
  @Test func sampleExpansion() throws {
    #expect(try SampleNumbers.expand("0~3, 100, …") == ["0", "1", "2", "3", "100"])
    #expect(try SampleNumbers.expand("0.8~1.1, 1.1c6") == ["0.8", "0.9", "1.0", "1.1", "1.1c6"])
    #expect(try SampleNumbers.expand("0.00~0.02") == ["0.00", "0.01", "0.02"])
    #expect(try SampleNumbers.expand("") == [])
    #expect(throws: SampleNumbers.Malformed.self) { try SampleNumbers.expand("1.0~2") }
  }
}

extension String {
  /// The CLDR id in Apple's spelling: `pt_PT` → `pt-PT`.
  func replacingUnderscores() -> String {
    String(map { $0 == "_" ? "-" : $0 })
  }
}
