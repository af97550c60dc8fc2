import Foundation
import LHCPlist
import LHCTestSupport
import Testing

/// ``PlistReader`` on XML: round trips, what Apple's parser accepts, errors with positions, and
/// hostile documents.
@Suite("XMLPlistReader")
struct XMLPlistReaderTests {

  /// U+FDD0 (the shield's marker), U+FFFE and U+FFFF, which Swift literals cannot spell.
  static let noncharacters = String(
    String.UnicodeScalarView([0xFDD0, 0xFFFE, 0xFFFF].compactMap(Unicode.Scalar.init)))

  /// The error `bytes` raise, or nil when they parse.
  static func readError(_ bytes: [UInt8]) -> PlistReadError? {
    do {
      _ = try PlistReader.read(bytes)
      return nil
    } catch {
      return error
    }
  }

  @Test("writer output reads back equal: tricky values and seeded random trees")
  func writerRoundTrip() throws {
    var values = XMLPlistWriterTests.tricky.map(\.1)
    for seed in 5000..<5200 {
      var random = RandomPlist(seed: UInt64(seed))
      values.append(random.anyValue(depth: 4))
    }
    for value in values {
      let bytes = try XMLPlistWriter.data(for: value)
      #expect(try PlistReader.read(bytes) == value)
    }
  }

  @Test("Python's plistlib XML reads equal")
  func pythonWritten() throws {
    // expat (plistlib) refuses control characters, so the trees hold none.
    try PlistOracle.expectPythonWrittenReadsBack(
      fmt: "FMT_XML", seeds: 6000..<6100, allowControls: false, extra: [.real(0.1), .data([])])
  }

  @Test("a real catalog value with a raw control character (Rectangle, U+0018)")
  func rectangleControlCharacter() throws {
    let url = try #require(
      try FileManager.default.contentsOfDirectory(
        at: TestPaths.corpus.appendingPathComponent("xcstrings"), includingPropertiesForKeys: nil
      ).first { $0.lastPathComponent.contains("Rectangle") })
    let text = try String(contentsOf: url, encoding: .utf8)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let strings = try #require(json["strings"] as? [String: Any])
    var found: [(String, String)] = []
    Self.collectValues(strings, into: &found)
    let withControls = found.filter {
      $0.1.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }
    }
    #expect(!withControls.isEmpty)
    let table = PlistValue.dictionary(
      Dictionary(
        withControls.map { ($0.0, .string($0.1)) }, uniquingKeysWith: { first, _ in first }))
    let bytes = try XMLPlistWriter.data(for: table)
    #expect(try PlistReader.read(bytes) == table)
    #expect(try PlistOracle.foundationRead(bytes) == table)
    let entries = try StringsFileReader.read(bytes)
    guard case .dictionary(let unique) = table else { return }
    #expect(entries.count == unique.count)
  }

  /// Every `"value"` string under a catalog's `strings`, with the key it belongs to.
  static func collectValues(_ object: Any, key: String = "", into found: inout [(String, String)]) {
    if let dictionary = object as? [String: Any] {
      for (name, child) in dictionary {
        if name == "value", let value = child as? String {
          found.append((key, value))
        } else {
          collectValues(child, key: key.isEmpty ? name : key, into: &found)
        }
      }
    } else if let array = object as? [Any] {
      for child in array { collectValues(child, key: key, into: &found) }
    }
  }

  @Test("what Apple's parser accepts")
  func accepted() throws {
    let cases: [(String, PlistValue)] = [
      ("<plist><string>bare</string></plist>", .string("bare")),
      ("<dict><key>k</key><string/></dict>", .dictionary(["k": .string("")])),
      (
        "<plist version=\"1.0\">\n<!-- c --><array>\n<integer> 42 </integer><integer>-7</integer>"
          + "<integer>0x1F</integer><real>2.5</real><real>-infinity</real><true/><false/>"
          + "<!-- between --></array></plist>",
        .array([
          .integer(42), .integer(-7), .integer(31), .real(2.5), .real(-.infinity),
          .boolean(true), .boolean(false),
        ])
      ),
      ("<data>\n\tAAEC\n\tAw==\n</data>", .data([0, 1, 2, 3])),
      ("<date>2001-01-02T00:00:01Z</date>", .date(86_401)),
      ("<string>a &amp; &lt;b&gt; &#x263A; <![CDATA[<raw>]]></string>", .string("a & <b> ☺ <raw>")),
      (
        "<string>\u{1}\u{8}\u{1B}\r\n\u{1F}\(Self.noncharacters)</string>",
        .string("\u{1}\u{8}\u{1B}\r\n\u{1F}\(Self.noncharacters)")
      ),
      ("<dict><key>\u{7}</key><integer>1</integer></dict>", .dictionary(["\u{7}": .integer(1)])),
    ]
    for (body, expected) in cases {
      #expect(try PlistReader.read(Array(body.utf8)) == expected, "\(body)")
    }
    let withProlog = plistDocument("<dict>\r\n\t<key>a</key>\r\n\t<string>b</string>\r\n</dict>")
    #expect(try PlistReader.read(withProlog) == .dictionary(["a": .string("b")]))
  }

  /// The control-character scan tests eight bytes at a time: every character it must find, at
  /// every place in a word, and its neighbours that it must pass over, read back as written.
  @Test("every shielded character is found at every offset within a word")
  func shieldedAtEveryOffset() throws {
    let shielded = (Array(0x01...0x08) + Array(0x0B...0x1F) + [0xFDD0, 0xFFFE, 0xFFFF])
      .compactMap(Unicode.Scalar.init)
    // Passed over: NUL is libxml2's error, tab and LF are XML, the rest are near the tests'
    // bounds (0x20, 0x7F, lead bytes 0xEE and 0xF0, continuation byte 0xAF of U+EFEF).
    let neighbours = "\t\n \u{7F}\u{E000}\u{EFEF}\u{10000}"
    for scalar in shielded {
      for offset in 0..<9 {
        // U+E001 after the marker: were the marker missed, unshielding would read both as U+0001.
        let text = String(repeating: "x", count: offset) + String(scalar) + "\u{E001}" + neighbours
        let document = Array("<plist><string>\(text)</string></plist>".utf8)
        #expect(try PlistReader.read(document) == .string(text), "U+\(scalar.value) at \(offset)")
        let later = text + String(repeating: "y", count: 17) + "\u{1}"
        #expect(
          try PlistReader.read(Array("<plist><string>\(later)</string></plist>".utf8))
            == .string(later), "U+\(scalar.value) at \(offset), then U+0001")
      }
    }
  }

  @Test("structural errors name line and column")
  func structuralErrors() {
    let cases: [(String, String)] = [
      ("<html><body/></html>", "1:6: unknown element <html>"),
      ("<plist>\n<dict>\n<key>a</key>\n</dict></plist>", "4:8: missing value for key \"a\""),
      ("<plist><dict><string>x</string></dict></plist>", "1:32: value without a key in <dict>"),
      ("<plist><dict><key>a</key><key>b</key></dict></plist>", "1:38: missing value for key \"a\""),
      ("<plist><array><key>a</key></array></plist>", "1:27: <key> outside a <dict>"),
      ("<plist><integer>12x</integer></plist>", "1:30: invalid integer \"12x\""),
      (
        "<plist><integer>99999999999999999999</integer></plist>",
        "1:47: invalid integer \"99999999999999999999\""
      ),
      ("<plist><date>yesterday</date></plist>", "1:30: invalid date \"yesterday\""),
      ("<plist><foo/></plist>", "1:12: unknown element <foo>"),
      ("<plist><string><b/></string></plist>", "1:18: unexpected element <b> inside <string>"),
      ("<plist></plist>", "1:16: empty <plist>"),
      ("<plist><true/><false/></plist>", "1:23: more than one value in <plist>"),
      ("<plist>text<true/></plist>", "1:12: unexpected text between elements"),
    ]
    for (body, expected) in cases {
      #expect(Self.readError(Array(body.utf8))?.description == expected, "\(body)")
    }
  }

  @Test("malformed XML and invalid UTF-8 carry libxml2's line and column")
  func libxml2Errors() throws {
    let unclosed = try #require(Self.readError(Array("<plist>\n<dict>\n</plist>".utf8)))
    #expect(unclosed.line == 3 && unclosed.column != nil)
    let badUTF8 = try #require(
      Self.readError(
        Array("<plist>\n<string>a".utf8) + [0xC3, 0x28] + Array("</string></plist>".utf8)))
    #expect(badUTF8.line == 2 && badUTF8.column != nil)
    #expect(badUTF8.message == "invalid UTF-8 (bytes 0xC3 0x28 0x3C 0x2F)")
    #expect(Self.readError([]) == PlistReadError(message: "empty document"))
  }

  @Test("entities: declarations refused, nothing fetched, no expansion")
  func entities() throws {
    let external = """
      <?xml version="1.0"?>
      <!DOCTYPE plist [ <!ENTITY x SYSTEM "file:///etc/passwd"> ]>
      <plist><string>&x;</string></plist>
      """
    let error = try #require(Self.readError(Array(external.utf8)))
    #expect(error.message == "entity declarations are not allowed")
    #expect(error.line == 2)
    var laughs = "<?xml version=\"1.0\"?>\n<!DOCTYPE plist [\n<!ENTITY l0 \"ha\">\n"
    for level in 1...12 {
      laughs += "<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">\n"
    }
    laughs += "]>\n<plist><string>&l12;</string></plist>"
    #expect(Self.readError(Array(laughs.utf8))?.message == "entity declarations are not allowed")
    let parameter = "<!DOCTYPE plist [ <!ENTITY % p SYSTEM \"http://127.0.0.1:9/x\"> %p; ]><plist/>"
    #expect(Self.readError(Array(parameter.utf8))?.message == "entity declarations are not allowed")
    let undeclared = try #require(Self.readError(Array("<plist><string>&x;</string></plist>".utf8)))
    #expect(undeclared.line == 1)
    let externalDTD = "<!DOCTYPE plist SYSTEM \"file:///etc/passwd\"><plist><true/></plist>"
    #expect(try PlistReader.read(Array(externalDTD.utf8)) == .boolean(true))
  }

  @Test("10,000-deep nesting is an error, not a crash")
  func deepNesting() throws {
    let deep =
      String(repeating: "<array>", count: 10_000) + String(repeating: "</array>", count: 10_000)
    let error = try #require(Self.readError(Array(("<plist>" + deep + "</plist>").utf8)))
    #expect(error.line == 1)
    #expect(error.message == "nesting is deeper than 256 levels")
    let deepDicts =
      String(repeating: "<dict><key>k</key>", count: 300) + "<true/>"
      + String(repeating: "</dict>", count: 300)
    #expect(Self.readError(Array(deepDicts.utf8)) != nil)
  }

  @Test("random mutations of valid documents throw or return")
  func mutations() throws {
    var generator = SplitMix64(state: 77)
    var random = RandomPlist(seed: 78)
    let seeds = try (0..<20).map { _ in try XMLPlistWriter.data(for: random.anyValue(depth: 3)) }
    for round in 0..<2000 {
      var bytes = seeds[round % seeds.count]
      for _ in 0..<Int.random(in: 1...4, using: &generator) where !bytes.isEmpty {
        let index = Int.random(in: 0..<bytes.count, using: &generator)
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: bytes[index] = UInt8.random(in: 0...255, using: &generator)
        case 1: bytes.remove(at: index)
        default: bytes.insert(UInt8.random(in: 0...255, using: &generator), at: index)
        }
      }
      _ = try? PlistReader.read(bytes)
    }
  }

  @Test("readers run on several threads at once")
  func concurrent() async throws {
    let good = try XMLPlistWriter.data(for: .dictionary(["a": .array([.string("x\u{1}")])]))
    let bad = Array("<plist>\n\n<dict><key>a</key></dict></plist>".utf8)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for task in 0..<8 {
        group.addTask { () throws -> Void in
          for _ in 0..<200 {
            #expect(try PlistReader.read(good) == .dictionary(["a": .array([.string("x\u{1}")])]))
            #expect(
              Self.readError(bad)?.description == "3:26: missing value for key \"a\"", "\(task)")
          }
        }
      }
      try await group.waitForAll()
    }
  }
}
