import Foundation
import LHCPlist
import Testing

/// ``BinaryPlistWriter``: readable by Foundation and Python, and deterministic.
@Suite("BinaryPlistWriter")
struct BinaryPlistWriterTests {
  /// Inputs for the binary writer: the XML tricky cases plus seeded random dictionaries.
  static func samples() -> [PlistValue] {
    var values = XMLPlistWriterTests.tricky.map(\.1)
    values.append(.dictionary(["nul": .string("a\u{0}b"), "k\u{0}": .integer(1)]))
    for seed in 3000..<3050 {
      var random = RandomPlist(seed: UInt64(seed))
      values.append(random.dictionary(depth: 3))
    }
    return values
  }

  @Test("starts with bplist00 and Foundation reads it back")
  func foundationRoundTrip() throws {
    for value in Self.samples() {
      let bytes = try BinaryPlistWriter.data(for: value)
      #expect(bytes.starts(with: Array("bplist00".utf8)))
      #expect(try PlistOracle.foundationRead(bytes) == value)
    }
  }

  @Test("Python's plistlib reads it back")
  func pythonRoundTrip() throws {
    let values = Self.samples()
    let documents = try values.map { try BinaryPlistWriter.data(for: $0) }
    let parsed = try PlistOracle.pythonRead(documents, fmt: "FMT_BINARY")
    #expect(parsed.count == values.count)
    for (value, read) in zip(values, parsed) {
      #expect(read == value)
    }
  }

  @Test("same value, same bytes, whatever the dictionary's insertion history")
  func deterministic() throws {
    let keys = (0..<500).map { "key \($0) \($0 % 7 == 0 ? "😀" : "！")" }
    var forward: [String: PlistValue] = [:]
    for key in keys { forward[key] = .string("v " + key) }
    var backward: [String: PlistValue] = [:]
    backward.reserveCapacity(4096)
    for key in keys.reversed() { backward[key] = .string("v " + key) }
    let nested = PlistValue.dictionary([
      "a": .dictionary(forward), "b": .array([.dictionary(backward)]),
    ])
    let first = try BinaryPlistWriter.data(for: .dictionary(forward))
    #expect(first == (try BinaryPlistWriter.data(for: .dictionary(forward))))
    #expect(first == (try BinaryPlistWriter.data(for: .dictionary(backward))))
    #expect(try BinaryPlistWriter.data(for: nested) == (try BinaryPlistWriter.data(for: nested)))
  }
}
