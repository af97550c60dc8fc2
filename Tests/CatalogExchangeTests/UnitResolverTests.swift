import Testing

@testable import CatalogExchange

/// ``UnitPath/delimiters(in:)``, the byte search import resolves unit ids with, against the
/// character search it stands for (``UnitPath/characterDelimiters(in:)``) on ids where bytes
/// and characters disagree.
@Suite("UnitResolver's delimiter search")
struct UnitResolverTests {
  static let ids =
    UnitTextTests.texts + [
      "key|==|plural.one", "a|==|b|==|plural.other", "|==|==|", "x|==||==|y", "|==", "==|",
      "k|==|\u{301}plural.one", "\u{301}|==|plural.one", "é|==|plural.one", "é |==| é",
      "\u{600}|==|plural.one", "|==|\u{600}", "👍🏽|==|device.iphone", "a|==|b|==|\u{301}",
      "varied|==|key|==|plural.one",
    ]

  @Test(arguments: ids)
  func matchesCharacterSearch(_ id: String) {
    #expect(
      UnitPath.delimiters(in: id) == UnitPath.characterDelimiters(in: id),
      "\(id.debugDescription)")
  }

  @Test func findsEveryDelimiterInOrder() {
    let id = "a|==|b|==|plural.one"
    let found = UnitPath.delimiters(in: id)
    #expect(found.map { id.utf8.distance(from: id.startIndex, to: $0.lowerBound) } == [1, 6])
  }
}
