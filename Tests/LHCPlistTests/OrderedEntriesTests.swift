import LHCBase
import Testing

@testable import LHCPlist

/// The ordered entry points (used for `.strings` and `.stringsdict` tables) write the same bytes
/// as the general writer, and those match Foundation's.
@Suite("XMLPlistWriter ordered entries")
struct OrderedEntriesTests {
  @Test(arguments: 0..<40)
  func orderedStringsMatchTheGeneralWriterAndFoundation(seed: Int) throws {
    var random = RandomPlist(seed: UInt64(seed) &+ 77)
    var strings: [String: String] = [:]
    for _ in 0..<Int.random(in: 0...60, using: &random.generator) {
      strings[random.string(maxPieces: 4)] = random.string()
    }
    let sorted = KeyOrder.sortedEntries(strings)
    let ordered = try XMLPlistWriter.data(
      forOrderedStrings: sorted.map(\.key), values: sorted.map(\.value))
    let general = try XMLPlistWriter.data(for: .dictionary(strings.mapValues(PlistValue.string)))
    #expect(ordered == general)
    #expect(ordered == (try PlistOracle.foundationXML(.dictionary(strings.mapValues(PlistValue.string)))))
  }

  @Test(arguments: 0..<40)
  func orderedEntriesMatchTheGeneralWriter(seed: Int) throws {
    var random = RandomPlist(seed: UInt64(seed) &+ 991)
    guard case .dictionary(let entries) = random.dictionary(depth: 3) else { return }
    let sorted = KeyOrder.sortedEntries(entries)
    let ordered = try XMLPlistWriter.data(
      forOrderedEntries: sorted.map(\.key), values: sorted.map(\.value))
    #expect(ordered == (try XMLPlistWriter.data(for: .dictionary(entries))))
  }

  @Test func nulInAnOrderedStringNamesTheKey() {
    #expect(throws: PlistError(message: PlistError.embeddedNullMessage, keyPath: ["k"])) {
      try XMLPlistWriter.data(forOrderedStrings: ["k"], values: ["a\u{0}b"])
    }
  }
}
