import PluralRules
import Testing

/// Shape of the generated table: what every rule set promises, and the conditions re-printed.
@Suite("Rule table")
struct PluralRuleTableTests {
  /// Each rule set lists sorted locales, categories in CLDR order, and ends with a bare `other`.
  @Test(arguments: PluralRules.ruleSets)
  func ruleSetShape(ruleSet: PluralRuleSet) {
    #expect(ruleSet.locales == ruleSet.locales.sorted())
    let categories = ruleSet.rules.map(\.category)
    #expect(categories == categories.sorted())
    #expect(Set(categories).count == categories.count)
    #expect(ruleSet.rules.last?.category == .other)
    #expect(ruleSet.rules.last?.condition == .always)
    for rule in ruleSet.rules.dropLast() {
      #expect(!rule.condition.alternatives.isEmpty, "\(ruleSet.locales) \(rule.category)")
    }
  }

  /// Printing each parsed condition gives back the text of `plurals.xml` (the generator's parse
  /// loses nothing).
  @Test(arguments: PluralRules.ruleSets)
  func conditionsPrintAsWritten(ruleSet: PluralRuleSet) {
    for rule in ruleSet.rules {
      #expect(rule.condition.description == rule.source)
    }
  }

  /// ``PluralRule/reachesIntegers`` (CLDR lists `@integer` samples) is exactly whether an integer
  /// selects the rule, evaluated over 0…20,000, every multiple of 1,000 up to 2,000,000 and the
  /// powers of ten up to 10¹² (the `e` operand is 0: Apple's runtime passes plain numbers).
  @Test(arguments: PluralRules.ruleSets)
  func integerSamplesAreExactlyTheCategoriesIntegersReach(ruleSet: PluralRuleSet) {
    var numbers = Array(0...20_000) + stride(from: 21_000, through: 2_000_000, by: 1_000)
    var power = 10_000_000
    while power <= 1_000_000_000_000 {
      numbers.append(power)
      power *= 10
    }
    let reached = Set(numbers.map { ruleSet.category(for: PluralOperands($0)) })
    let sampled = Set(ruleSet.rules.filter(\.reachesIntegers).map(\.category))
    #expect(reached == sampled, "\(ruleSet.locales)")
  }

  /// Czech and Slovak `many` (`v != 0`) is for fractions only; Russian `many` has integers, and
  /// its `other` none.
  @Test func integerReachExamples() {
    func reaches(_ language: String) -> [String] {
      PluralRules.ruleSet(for: language).rules.filter(\.reachesIntegers).map(\.category.rawValue)
    }
    #expect(reaches("cs") == ["one", "few", "other"])
    #expect(reaches("ru") == ["one", "few", "many"])
    #expect(reaches("fr") == ["one", "many", "other"])
  }

  /// Every locale appears once; `root` is there with only `other`; the CLDR version is recorded.
  @Test func localesAndRoot() {
    let locales = PluralRules.ruleSets.flatMap(\.locales)
    #expect(Set(locales).count == locales.count)
    #expect(locales.contains("root"))
    #expect(PluralRules.categories(for: "root") == ["other"])
    #expect(!PluralRules.cldrVersion.isEmpty)
  }

  /// Categories come back in CLDR order, only those the language uses.
  @Test func categoriesOrder() {
    #expect(PluralRules.categories(for: "en") == ["one", "other"])
    #expect(PluralRules.categories(for: "ja") == ["other"])
    #expect(PluralRules.categories(for: "fr") == ["one", "many", "other"])
    #expect(PluralRules.categories(for: "ru") == ["one", "few", "many", "other"])
    #expect(PluralRules.categories(for: "pl") == ["one", "few", "many", "other"])
    #expect(PluralRules.categories(for: "cy") == ["zero", "one", "two", "few", "many", "other"])
    #expect(PluralRules.categories(for: "ar") == ["zero", "one", "two", "few", "many", "other"])
    #expect(PluralRules.categories(for: "lv") == ["zero", "one", "other"])
  }

  /// A few well-known selections through the public API.
  @Test func knownSelections() {
    #expect(PluralRules.category(for: 1, language: "en") == "one")
    #expect(PluralRules.category(for: 0, language: "en") == "other")
    #expect(PluralRules.category(for: -1, language: "en") == "one")
    #expect(PluralRules.category(for: 22, language: "ru") == "few")
    #expect(PluralRules.category(for: 11, language: "ru") == "many")
    #expect(PluralRules.category(for: 0, language: "fr") == "one")
    #expect(PluralRules.category(for: 1_000_000, language: "fr") == "many")
    #expect(PluralRules.category(for: 2, language: "ar") == "two")
    #expect(PluralRules.category(for: 103, language: "ar") == "few")
    if let operands = PluralOperands("1.0") {
      #expect(PluralRules.category(for: operands, language: "en") == "other")
      #expect(PluralRules.category(for: operands, language: "pt") == "one")
    }
  }
}

extension PluralRuleSet: CustomTestStringConvertible {
  /// The rule set's locales, as the test's argument label.
  public var testDescription: String { locales.joined(separator: " ") }
}

@Suite("Rules only millions select")
struct MillionsTests {
  @Test func frenchManySelectsOnlyMillionsRussianManyDoesNot() {
    let french = PluralRules.ruleSet(for: "fr").rules.first { $0.category == .many }
    #expect(french?.selectsOnlyMillions == true)
    let russian = PluralRules.ruleSet(for: "ru").rules.first { $0.category == .many }
    #expect(russian?.selectsOnlyMillions == false)
    #expect(PluralRules.ruleSet(for: "en").rules.allSatisfy { !$0.selectsOnlyMillions })
  }

  /// Every rule of the table against the samples read as characters (the way the flag was
  /// computed before it was read from bytes): the five `many` rules of fr, pt, it/pt_PT, es, br.
  @Test func everyRuleAgreesWithTheSamplesReadAsCharacters() {
    let rules = PluralRules.ruleSets.flatMap(\.rules)
    for rule in rules {
      #expect(rule.selectsOnlyMillions == Self.onlyMillions(rule.integerSamples), "\(rule)")
    }
    #expect(rules.filter(\.selectsOnlyMillions).count == 5)
  }

  private static func onlyMillions(_ integerSamples: String) -> Bool {
    let samples = integerSamples.split(separator: ",")
      .map { sample in
        String(sample.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
      }
      .filter { !$0.isEmpty && $0 != "…" }
    return !samples.isEmpty
      && samples.allSatisfy { sample in
        let first = sample.split(separator: "~").first.map(String.init) ?? sample
        return first.contains("c") || first.contains("e") || (UInt64(first) ?? 0) >= 1_000_000
      }
  }
}
