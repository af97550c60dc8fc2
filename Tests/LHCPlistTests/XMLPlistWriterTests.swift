import Foundation
import LHCPlist
import Testing

/// Byte parity of ``XMLPlistWriter`` with Foundation's `PropertyListSerialization` XML output,
/// NUL rejection, and round trips through Foundation and Python's `plistlib`.
@Suite("XMLPlistWriter")
struct XMLPlistWriterTests {
  /// Named tricky inputs; each must come out byte-identical to Foundation's.
  static let tricky: [(String, PlistValue)] = [
    ("empty dict", .dictionary([:])),
    ("empty array", .array([])),
    ("root string", .string("top & <bottom>")),
    ("root integer", .integer(-42)),
    ("root boolean", .boolean(false)),
    ("empty strings", .dictionary(["": .string(""), "e": .array([.string("")])])),
    (
      "nested",
      .dictionary([
        "outer": .dictionary([
          "inner": .dictionary(["deep": .array([.integer(1), .dictionary([:]), .array([])])]),
          "flag": .boolean(true), "off": .boolean(false),
        ]),
        "list": .array([.string("x"), .integer(Int.max), .integer(Int.min), .integer(0)]),
      ])
    ),
    (
      "XML specials and quotes",
      .dictionary([
        "a&b<c>d": .string("& < > \" ' \\ ]]> &amp; &#13;"),
        "ws": .string(" lead\r\nmid\rend\n\ttab "),
        "<": .string("<<<>>>&&&"),
      ])
    ),
    (
      "key order by UTF-16 code unit",
      .dictionary([
        "b": .integer(1), "B": .integer(2), "a": .integer(3), "A": .integer(4), "_": .integer(5),
        "😀": .string("emoji"), "！": .string("fullwidth"), "𝄞": .string("clef"),
        "\u{FFFF}": .string("last BMP"), "é": .string("e acute"), "o\u{308}": .string("decomposed"),
        "ab": .integer(6), "a b": .integer(7), "1": .integer(8), "10": .integer(9),
        "9": .integer(10),
      ])
    ),
    (
      "control characters raw",
      .dictionary([
        "c": .string("\u{1}\u{2}\u{8}\u{B}\u{C}\u{E}\u{1B}\u{1F}\u{7F}\u{80}\u{9F}"),
        "key\u{1}\u{1F}": .string("x\u{1B}[0m"),
      ])
    ),
    (
      "non-ASCII",
      .dictionary([
        "日本語": .string("こんにちは、世界"), "emoji": .string("👍🏽👨‍👩‍👧 🇫🇷"),
        "bom": .string("\u{FEFF}x\u{2028}\u{2029}\u{85}"), "ÿ": .string("ß ﬁ 𝄞"),
      ])
    ),
    (
      "long strings",
      .dictionary([
        "plain": .string(String(repeating: "abcdefgh", count: 2048)),
        "amps": .string(String(repeating: "&", count: 20_000)),
        "mixed": .string(String(repeating: "x<y>&z é😀\u{1} ", count: 3000)),
        String(repeating: "k&", count: 5000): .string("long key"),
      ])
    ),
    (
      "many keys",
      .dictionary(
        Dictionary(
          uniqueKeysWithValues: (0..<2000).map { ("key \($0 * 7919 % 2000)", .integer($0)) })
      )
    ),
    (
      "reals, data and dates",
      .dictionary([
        "reals": .array([
          .real(1.5), .real(0.1), .real(-0.0), .real(1e300), .real(-2.5e-300), .real(.infinity),
          .real(-.infinity), .real(3), .real(123_456_789.125),
        ]),
        "data": .array(
          [0, 1, 2, 3, 56, 57, 58, 200].map { n in .data((0..<n).map { UInt8($0 * 37 % 256) }) }),
        "dates": .array([.date(0), .date(-1), .date(1e9), .date(-3e10), .date(7.75e8)]),
        "deep data": (0..<10).reduce(PlistValue.data(Array(repeating: 0xAB, count: 80))) { v, _ in
          .array([v])
        },
      ])
    ),
    ("format specifiers", .dictionary(["%@ %lld": .string("%1$@ has %2$lld items, 100%%")])),
  ]

  @Test("byte parity with Foundation", arguments: 0..<tricky.count)
  func byteParity(_ index: Int) throws {
    let (name, value) = Self.tricky[index]
    let ours = try XMLPlistWriter.data(for: value)
    let foundation = try PlistOracle.foundationXML(value)
    #expect(ours == foundation, "\(name)")
  }

  @Test("exact prolog and layout")
  func exactLayout() throws {
    let value = PlistValue.dictionary([
      "b": .array([.string("x\r&"), .boolean(true)]), "B": .dictionary([:]), "a": .integer(-7),
    ])
    let expected = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" \
      "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
      \t<key>B</key>
      \t<dict/>
      \t<key>a</key>
      \t<integer>-7</integer>
      \t<key>b</key>
      \t<array>
      \t\t<string>x\r&amp;</string>
      \t\t<true/>
      \t</array>
      </dict>
      </plist>

      """
    #expect(try XMLPlistWriter.data(for: value) == Array(expected.utf8))
  }

  @Test("seeded random dictionaries match Foundation", arguments: 0..<300)
  func randomParity(_ seed: Int) throws {
    var random = RandomPlist(seed: UInt64(seed))
    let value = random.dictionary(depth: 3)
    let ours = try XMLPlistWriter.data(for: value)
    let foundation = try PlistOracle.foundationXML(value)
    #expect(ours == foundation, "seed \(seed)")
  }

  @Test("U+0000 in a value throws with the key path")
  func nulInValue() {
    let value = PlistValue.dictionary([
      "fine": .string("ok"), "greeting": .string("Hello\u{0}world"),
    ])
    #expect(throws: PlistError(message: PlistError.embeddedNullMessage, keyPath: ["greeting"])) {
      try XMLPlistWriter.data(for: value)
    }
  }

  @Test("U+0000 in a key or deep inside throws with the key path")
  func nulInKey() throws {
    let inKey = PlistValue.dictionary(["outer": .dictionary(["in\u{0}ner": .string("x")])])
    #expect(
      throws: PlistError(message: PlistError.embeddedNullMessage, keyPath: ["outer", "in\u{0}ner"])
    ) {
      try XMLPlistWriter.data(for: inKey)
    }
    let inArray = PlistValue.dictionary(["list": .array([.string("a"), .string("\u{0}")])])
    do {
      _ = try XMLPlistWriter.data(for: inArray)
      Issue.record("no error for NUL inside an array")
    } catch {
      #expect(
        error.message
          == "Property list strings cannot contain embedded null characters in XML format.")
      #expect(error.keyPath == ["list", "1"])
      #expect(error.description.contains("\"list\" → \"1\""))
    }
    #expect(throws: PlistError.self) { try XMLPlistWriter.data(for: .string("\u{0}")) }
  }

  @Test("Foundation reads back what was written, control characters included")
  func foundationRoundTrip() throws {
    var values = Self.tricky.map(\.1)
    for seed in 1000..<1100 {
      var random = RandomPlist(seed: UInt64(seed))
      values.append(random.dictionary(depth: 3))
    }
    for value in values {
      let bytes = try XMLPlistWriter.data(for: value)
      // Foundation's reader drops a U+FEFF that starts a string; nothing else changes.
      #expect(try PlistOracle.foundationRead(bytes) == PlistOracle.droppingLeadingBOM(value))
    }
  }

  @Test("Python's plistlib reads back what was written")
  func pythonRoundTrip() throws {
    var values: [PlistValue] = Self.tricky.map(\.1).filter { !Self.hasControl($0) }
    for seed in 2000..<2100 {
      var random = RandomPlist(seed: UInt64(seed), allowControls: false)
      values.append(random.dictionary(depth: 3))
    }
    #expect(values.count > 100)
    let documents = try values.map { try XMLPlistWriter.data(for: $0) }
    let parsed = try PlistOracle.pythonRead(documents, fmt: "FMT_XML")
    #expect(parsed.count == values.count)
    for (value, read) in zip(values, parsed) {
      #expect(read == value)
    }
  }

  /// True when a string or key anywhere in `value` holds something expat rejects or changes
  /// (see ``RandomPlist/hasControl(_:)``).
  static func hasControl(_ value: PlistValue) -> Bool {
    switch value {
    case .string(let string): RandomPlist.hasControl(string)
    case .integer, .boolean, .real, .data, .date: false
    case .array(let elements): elements.contains(where: hasControl)
    case .dictionary(let entries):
      entries.contains { RandomPlist.hasControl($0.key) || hasControl($0.value) }
    }
  }
}
