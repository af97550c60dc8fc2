import LHCBase
import Testing

@testable import LHCPlist

/// ``FastKeyOrder`` must give exactly ``KeyOrder``'s answers.
@Suite("FastKeyOrder")
struct FastKeyOrderTests {
  /// Characters around the places where UTF-8 and UTF-16 order part: the end of the BMP
  /// (U+E000–U+FFFF) against supplementary characters, plus ASCII and other BMP text.
  static let alphabet: [String] = [
    "", "a", "B", "b", "~", "\u{7F}", "é", "\u{7FF}", "\u{800}", "日", "\u{D7FF}", "\u{E000}",
    "\u{F8FF}", "！", "～", "\u{FFFD}", "\u{FFFF}", "\u{10000}", "😀", "𝄞", "\u{10FFFF}",
  ]

  @Test("pairwise agreement with KeyOrder.precedes")
  func pairwise() {
    var strings: [String] = []
    for first in Self.alphabet {
      for second in Self.alphabet { strings.append(first + second) }
    }
    var mismatches = 0
    for left in strings {
      for right in strings
      where FastKeyOrder.precedes(left, right) != KeyOrder.precedes(left, right) {
        mismatches += 1
      }
    }
    #expect(mismatches == 0)
    #expect(FastKeyOrder.precedes("😀", "！"))
    #expect(!FastKeyOrder.precedes("！", "😀"))
    #expect(FastKeyOrder.precedes("B", "a"))
  }

  @Test("sortedKeys equals KeyOrder.sorted on seeded random dictionaries", arguments: 0..<50)
  func sortedKeys(_ seed: Int) {
    var random = RandomPlist(seed: UInt64(seed) &+ 10_000)
    var entries: [String: Int] = [:]
    for index in 0..<200 {
      entries[
        random.string(maxPieces: 4) + (Self.alphabet.randomElement(using: &random.generator) ?? "")] =
        index
    }
    #expect(FastKeyOrder.sortedKeys(entries) == KeyOrder.sorted(entries.keys))
  }
}
