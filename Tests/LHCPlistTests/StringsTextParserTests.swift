import Foundation
import LHCPlist
import LHCTestSupport
import Testing

/// ``StringsFileReader`` on old-style text: every feature with exact entries, encodings, and
/// exact error messages with line and column.
@Suite("StringsTextParser")
struct StringsTextParserTests {
  /// The entries of `text` (UTF-8), as pairs that compare with `==`.
  static func entries(_ text: String) throws -> [Entry] {
    try entries(Array(text.utf8))
  }

  /// The entries of `bytes`.
  static func entries(_ bytes: [UInt8]) throws -> [Entry] {
    try StringsFileReader.read(bytes).map { Entry(key: $0.key, value: $0.value) }
  }

  /// A key and value.
  struct Entry: Equatable, CustomStringConvertible {
    var key: String
    var value: PlistValue
    var description: String { "\(key.debugDescription) = \(value)" }
  }

  /// A string entry.
  static func entry(_ key: String, _ value: String) -> Entry {
    Entry(key: key, value: .string(value))
  }

  /// The error message (`line:col: message`) for `text`, or nil when it parses.
  static func error(_ text: String) -> String? {
    do {
      _ = try StringsFileReader.read(Array(text.utf8))
      return nil
    } catch {
      return error.description
    }
  }

  static let features: [(String, [Entry])] = [
    (#""a" = "b";"#, [entry("a", "b")]),
    (#""q" = "say \"hi\" \\ back";"#, [entry("q", #"say "hi" \ back"#)]),
    (#""e" = "\n\t\r\a\b\f\v";"#, [entry("e", "\n\t\r\u{7}\u{8}\u{C}\u{B}")]),
    (#""o" = "\101\102\7x\302";"#, [entry("o", "AB\u{7}x´")]),
    (#""u" = "\U203A \u203a \U41 \UD83D\UDE00 \uD83D";"#, [entry("u", "› u203a A 😀 uD83D")]),
    (#""x" = "\q\'\/";"#, [entry("x", "q'/")]),
    ("\"c\" = \"multi\\\nline\";", [entry("c", "multi\nline")]),
    ("\"k\\\nk\" = \"v\";", [entry("k\nk", "v")]),
    (#"unquoted_$Key.1/a:b-c = value+1;"#, [entry("unquoted_$Key.1/a:b-c", "value+1")]),
    (#""short";"#, [entry("short", "short")]),
    (
      "/* c */ \"a\" /* x */ = // y\n \"/* not */ // text\"; /// doc\n\"b\"=\"c\";",
      [entry("a", "/* not */ // text"), entry("b", "c")]
    ),
    (#""dup" = "1"; "dup" = "2";"#, [entry("dup", "1"), entry("dup", "2")]),
    (#""arr" = ( "x", y, );"#, [Entry(key: "arr", value: .array([.string("x"), .string("y")]))]),
    (#""arr" = ();"#, [Entry(key: "arr", value: .array([]))]),
    (
      #""d" = { k = v; "n" = ( <00ff> ); };"#,
      [
        Entry(
          key: "d", value: .dictionary(["k": .string("v"), "n": .array([.data([0, 0xFF])])]))
      ]
    ),
    (#""data" = <0fbd 77>;"#, [Entry(key: "data", value: .data([0x0F, 0xBD, 0x77]))]),
    ("{ \"a\" = \"b\"; }", [entry("a", "b")]),
    ("", []),
    ("  \n/* only a comment */\n// and this\n", []),
    ("\"a\" = \"b\";\u{2028}\"c\"=\"d\";", [entry("a", "b"), entry("c", "d")]),
    ("\"é\" = \"日本 😀\";", [entry("é", "日本 😀")]),
  ]

  @Test("features", arguments: 0..<features.count)
  func feature(_ index: Int) throws {
    let (text, expected) = Self.features[index]
    #expect(try Self.entries(text) == expected, "\(text)")
  }

  @Test("string-only features agree with Foundation's old-style parser")
  func foundationAgrees() throws {
    // `+` in unquoted strings is lhc's addition (see StringsTextParser); the rest must match.
    for (text, expected) in Self.features where !text.isEmpty && !text.contains("+") {
      guard expected.allSatisfy({ if case .string = $0.value { true } else { false } }) else {
        continue
      }
      let foundation = try PlistOracle.foundationRead(Array(text.utf8))
      let ours = PlistValue.dictionary(
        Dictionary(expected.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last }))
      #expect(foundation == ours, "\(text)")
    }
  }

  @Test("encodings: BOMs, UTF-16 both ways, BOM-only file")
  func encodings() throws {
    let text = "\"k\" = \"日本 😀\";\n"
    let units = Array(text.utf16)
    let little: [UInt8] = [0xFF, 0xFE] + units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    let big: [UInt8] = [0xFE, 0xFF] + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    let expected = [Self.entry("k", "日本 😀")]
    #expect(try Self.entries(little) == expected)
    #expect(try Self.entries(big) == expected)
    #expect(try Self.entries([0xEF, 0xBB, 0xBF] + Array(text.utf8)) == expected)
    #expect(try Self.entries([0xFF, 0xFE]) == [])
    #expect(try Self.entries([0xFF, 0xFE, 0x0A, 0x00]) == [])
    let noBOM = Array(little.dropFirst(2))
    #expect(throws: PlistReadError.self) { try Self.entries(noBOM) }
    let lone: [UInt8] = [0xFF, 0xFE] + [0x22, 0, 0x00, 0xD8, 0x22, 0]
    #expect(throws: PlistReadError.self) { try Self.entries(lone) }
  }

  @Test("XML and binary .strings files")
  func plistForms() throws {
    let xml = try XMLPlistWriter.data(for: .dictionary(["b": .string("2"), "a": .string("1")]))
    #expect(try Self.entries(xml) == [Self.entry("a", "1"), Self.entry("b", "2")])
    let utf16XML =
      "<?xml version=\"1.0\" encoding=\"UTF-16\"?><plist><dict><key>k</key><string>v</string></dict></plist>"
    let bytes: [UInt8] =
      [0xFF, 0xFE] + Array(utf16XML.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    #expect(try Self.entries(bytes) == [Self.entry("k", "v")])
    let array = try XMLPlistWriter.data(for: .array([]))
    #expect(
      Self.error(String(decoding: array, as: UTF8.self))
        == "the root of a .strings property list must be a dictionary")
  }

  static let errors: [(String, String)] = [
    ("\"a\" = \"b\"\n\"c\" = \"d\";", "2:1: missing ';' after value for key \"a\""),
    ("\n\n  \"foo\" = \"bar\" x", "3:17: missing ';' after value for key \"foo\""),
    ("\"a\" \"b\";", "1:5: missing '=' after key \"a\", found '\"'"),
    ("\"a\"", "1:4: missing '=' after key \"a\", found end of file"),
    ("\"a\" = ;", "1:7: expected a value for key \"a\", found ';'"),
    ("\"a\" = \"b;\n", "1:7: unterminated string"),
    ("\"é😀\" = \"b\"; /* open", "1:13: unterminated comment"),
    ("= \"b\";", "1:1: expected a key, found '='"),
    ("\"a\" = \"b\";;", "1:11: expected a key, found ';'"),
    ("\"a\" = ( \"x\" \"y\" );", "1:13: missing ',' or ')' in array for key \"a\", found '\"'"),
    ("\"a\" = ( \"x\", ", "1:7: unterminated array"),
    ("\"a\" = { k = v; ", "1:7: unterminated dictionary"),
    ("\"a\" = <0f 1>;", "1:12: odd number of hex digits in data"),
    ("\"a\" = <0g>;", "1:9: invalid character 'g' in data"),
    ("\"a\" = \"\\UD83D x\";", "1:8: unpaired surrogate \\UD83D in string"),
    ("\"a\" = \"\\UDE00\";", "1:8: unpaired surrogate \\UDE00 in string"),
    ("\"a\" = \"\\Ux\";", "1:8: missing hex digits after \\U"),
    ("{ \"a\" = \"b\"; } x", "1:16: unexpected text after the closing '}'"),
    ("\r\n\"a\" = \"b\"\r\n", "3:1: missing ';' after value for key \"a\""),
  ]

  @Test("errors with line and column", arguments: 0..<errors.count)
  func errorMessage(_ index: Int) {
    let (text, expected) = Self.errors[index]
    #expect(Self.error(text) == expected, "\(text.debugDescription)")
  }

  @Test("invalid UTF-8 names its position")
  func invalidUTF8() {
    let bytes = Array("\"a\" = \"b\";\n\"c\" = \"".utf8) + [0xC3, 0x28] + Array("\";".utf8)
    do {
      _ = try StringsFileReader.read(bytes)
      Issue.record("no error")
    } catch {
      #expect(error.description == "2:8: invalid UTF-8")
    }
  }

  @Test("deep nesting is an error; a large file is read quickly")
  func limits() throws {
    let deep =
      "\"a\" = " + String(repeating: "(", count: 10_000) + String(repeating: ")", count: 10_000)
      + ";"
    #expect(Self.error(deep) == "1:519: nesting deeper than 512 levels")
    var large = ""
    for index in 0..<100_000 { large += "\"key \(index)\" = \"value \\\"\(index)\\\" 😀\";\n" }
    let clock = ContinuousClock()
    var count = 0
    let elapsed = try clock.measure { count = try Self.entries(large).count }
    #expect(count == 100_000)
    // Sanitized builds run this several times slower.
    #expect(elapsed < .seconds(isSanitizerRun ? 60 : 5))
  }

  @Test("random mutations throw or return")
  func mutations() {
    var generator = SplitMix64(state: 5)
    let seed = Array(Self.features.map(\.0).joined(separator: "\n").utf8)
    for _ in 0..<3000 {
      var bytes = seed
      for _ in 0..<3 {
        let index = Int.random(in: 0..<bytes.count, using: &generator)
        bytes[index] =
          [0x22, 0x5C, 0x3B, 0x3D, 0x2F, 0x2A, 0x28, 0x7B, 0x3C, 0xFF, 0x0A][
            Int.random(in: 0..<11, using: &generator)]
      }
      _ = try? StringsFileReader.read(bytes)
    }
  }
}
