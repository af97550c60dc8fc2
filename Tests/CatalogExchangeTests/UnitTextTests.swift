import Testing

@testable import CatalogExchange

/// ``UnitText/contains(_:_:)``, the byte search export uses in place of `String.contains`, against
/// `String.contains` itself as the module calls it (the oracle: ``UnitText/stringContains(_:_:)``)
/// on texts where bytes and characters disagree.
@Suite("UnitText's pattern search")
struct UnitTextTests {
  static let texts = [
    "", "%", "%ar", "%arg", "%arg birds", "x%argy", "%lld %arg", "#@", "%#@COUNT@", "# @",
    "%arg\u{301}", "e\u{301}%arg", "%\u{301}arg", "\u{600}%arg", "\u{600}#@", "#@\u{301}",
    "#\u{301}@", "👍🏽%arg", "%arg👍🏽", "\r\n#@", "é%#@N@ é", "%%arg", "%ar%arg", "##@@", "é %arg é",
    "%arg\u{200D}", "\u{915}\u{94D}%arg",
    "日本%arg語", "\r%arg\n", "a|==|plural.one", "|==|", "a|=|b", "é|==|\u{301}", "\u{600}|==|x",
  ]

  @Test(arguments: texts)
  func matchesStringContains(_ text: String) {
    for pattern: StaticString in ["%arg", "#@", "|==|"] {
      #expect(
        UnitText.contains(text, pattern)
          == UnitText.stringContains(text, pattern.description), "\(text.debugDescription)")
    }
  }
}
