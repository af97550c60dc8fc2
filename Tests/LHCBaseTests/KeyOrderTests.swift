import LHCTestSupport
import Testing

@testable import LHCBase

/// ``KeyOrder`` must sort exactly as UTF-16 code units compare (Apple's and Foundation's plist order).
@Suite("KeyOrder")
struct KeyOrderTests {
  /// Characters around the places where UTF-8 and UTF-16 order part: the end of the BMP
  /// (U+E000–U+FFFF) against supplementary characters, plus ASCII and other BMP text.
  static let alphabet: [String] = [
    "", "a", "B", "b", "~", "\u{7F}", "é", "\u{7FF}", "\u{800}", "日", "\u{D7FF}", "\u{E000}",
    "\u{F8FF}", "！", "～", "\u{FFFD}", "\u{FFFF}", "\u{10000}", "😀", "𝄞", "\u{10FFFF}",
  ]

  /// The oracle: lexicographic comparison of UTF-16 code units.
  static func utf16Precedes(_ lhs: String, _ rhs: String) -> Bool {
    lhs.utf16.lexicographicallyPrecedes(rhs.utf16)
  }

  @Test func pairwiseAgreementWithUTF16Order() {
    var strings: [String] = []
    for first in Self.alphabet {
      for second in Self.alphabet { strings.append(first + second) }
    }
    var mismatches = 0
    for left in strings {
      for right in strings where KeyOrder.precedes(left, right) != Self.utf16Precedes(left, right) {
        mismatches += 1
      }
    }
    #expect(mismatches == 0)
    #expect(KeyOrder.precedes("😀", "！"))
    #expect(!KeyOrder.precedes("！", "😀"))
    #expect(KeyOrder.precedes("B", "a"))
    #expect(!KeyOrder.precedes("a", "a"))
  }

  @Test(arguments: 0..<30)
  func sortingAgreesWithUTF16Order(seed: Int) {
    var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 1
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33)
    }
    var dictionary: [String: Int] = [:]
    for index in 0..<200 {
      let pieces = (0..<(1 + next() % 4)).map { _ in Self.alphabet[next() % Self.alphabet.count] }
      dictionary[pieces.joined()] = index
    }
    let expected = dictionary.keys.sorted(by: Self.utf16Precedes)
    #expect(KeyOrder.sorted(dictionary.keys) == expected)
    #expect(KeyOrder.sortedEntries(dictionary).map(\.key) == expected)
    #expect(KeyOrder.sortedEntries(dictionary).allSatisfy { dictionary[$0.key] == $0.value })
  }

  /// Two random subsets of the alphabet, each sorted: the union is the sorted set of both, and the
  /// merged walk names every key once with its index in each list.
  @Test(arguments: 0..<20)
  func unionAndMergedWalkOfSortedLists(seed: UInt64) {
    var generator = SplitMix64(state: seed)
    let first = KeyOrder.sorted(Set(Self.alphabet.filter { _ in generator.next() % 2 == 0 }))
    let second = KeyOrder.sorted(Set(Self.alphabet.filter { _ in generator.next() % 3 == 0 }))
    #expect(KeyOrder.union(first, second) == KeyOrder.sorted(Set(first).union(second)))
    var walked: [String] = []
    KeyOrder.forEachMerged(first, second) { f, s in
      #expect(f != nil || s != nil)
      if let f, let s { #expect(first[f] == second[s]) }
      walked.append(f.map { first[$0] } ?? second[s!])
    }
    #expect(walked == KeyOrder.union(first, second))
  }
}
