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
    #expect(
      ordered == (try PlistOracle.foundationXML(.dictionary(strings.mapValues(PlistValue.string)))))
  }

  /// Replays a value made of strings and dictionaries as builder calls, keys in key order.
  static func replay<Builder: PlistBuilder>(_ value: PlistValue, into builder: Builder)
    throws(PlistError)
  {
    switch value {
    case .dictionary(let entries):
      builder.beginDictionary()
      for (key, element) in KeyOrder.sortedEntries(entries) {
        try builder.key(key)
        try replay(element, into: builder)
      }
      builder.endDictionary()
    case .string(let string): try builder.string(string)
    default: try builder.string("other")
    }
  }

  /// Random nested dictionaries of strings (what `.stringsdict` files are made of).
  static func stringDictionary(_ random: inout RandomPlist, depth: Int) -> PlistValue {
    var entries: [String: PlistValue] = [:]
    for _ in 0..<Int.random(in: 0...6, using: &random.generator) {
      entries[random.string(maxPieces: 3)] =
        depth > 0 && Bool.random(using: &random.generator)
        ? stringDictionary(&random, depth: depth - 1) : .string(random.string())
    }
    return .dictionary(entries)
  }

  @Test(arguments: 0..<60)
  func streamAndValueBuilderMatchTheGeneralWriter(seed: Int) throws {
    var random = RandomPlist(seed: UInt64(seed) &+ 991)
    let value = Self.stringDictionary(&random, depth: 3)
    let stream = try XMLPlistStream()
    try Self.replay(value, into: stream)
    #expect(try stream.finish() == (try XMLPlistWriter.data(for: value)))
    let builder = PlistValueBuilder()
    try Self.replay(value, into: builder)
    #expect(builder.result == value)
  }

  @Test func nulInAnOrderedStringNamesTheKey() {
    #expect(throws: PlistError(message: PlistError.embeddedNullMessage, keyPath: ["k"])) {
      try XMLPlistWriter.data(forOrderedStrings: ["k"], values: ["a\u{0}b"])
    }
  }
}
