import LHCPlist
import LHCTestSupport
import Testing

/// ``StringsFileReader/readStrings(_:)`` (the flat XML fast path) against ``StringsFileReader/read(_:)``:
/// same entries where every value is a string, nil where one is not, the same errors.
@Suite("StringsFileReader fast path")
struct StringsFastPathTests {
  static let documents: [String] = [
    "<dict>\n\t<key>a</key>\n\t<string>1</string>\n\t<key>b</key>\n\t<string/>\n</dict>",
    "<dict>\n\t<key>b</key>\n\t<string>2</string>\n\t<key>a</key>\n\t<string>1</string>\n</dict>",
    "<dict><key>a</key><string>1</string><key>a</key><string>2</string></dict>",
    "<dict><!-- note --><key>a&amp;b</key><string><![CDATA[<x>]]></string></dict>",
    "<dict><key>c\u{1}r\rl</key><string>\(XMLPlistReaderTests.noncharacters)\u{B}\r\n</string></dict>",
    "<dict><key>long key before \u{1}</key><string>x</string><!-- in markup \u{2} --></dict>",
    "<dict><key>k</key><string>text, then a CR\r and \(XMLPlistReaderTests.noncharacters)</string></dict>",
    "<dict/>",
    "<dict><key>a</key><dict/></dict>",
    "<dict><key>a</key><integer>1</integer></dict>",
    "<dict><key>a</key></dict>",
    "<dict><string>a</string></dict>",
    "<dict>x<key>a</key><string>1</string></dict>",
    "<dict><key>a</key><string>1</string></dict><dict/>",
    "<array/>",
    "",
    "<dict><key>a</key><string>1</string>",
    "<dict><key>a<b/></key><string>1</string></dict>",
  ]

  @Test(arguments: documents)
  func agreesWithTheGeneralReader(body: String) {
    let bytes = plistDocument(body)
    let general = Result { try StringsFileReader.read(bytes) }
    let fast = Result { try StringsFileReader.readStrings(bytes) }
    // Keys only (`lhc pack`'s read-back): the same keys, same errors.
    let keysOnly = Result { try StringsFileReader.readStringKeys(bytes) }
    switch (fast, keysOnly) {
    case (.success(let strings), .success(let keys)):
      #expect(keys?.strings == strings?.keys)
    case (.failure(let error), .failure(let keysError)):
      #expect(keysError as? PlistReadError == error as? PlistReadError)
    default:
      Issue.record("reading keys only disagrees: \(keysOnly) vs \(fast)")
    }
    switch (general, fast) {
    case (.success(let entries), .success(let strings?)):
      #expect(strings.keys == entries.map(\.key))
      #expect(strings.values.map { PlistValue.string($0) } == entries.map(\.value))
    case (.success(let entries), .success(nil)):
      #expect(entries.contains { if case .string = $0.value { false } else { true } })
    case (.failure(let error), .failure(let fastError)):
      #expect(fastError as? PlistReadError == error as? PlistReadError)
    default:
      Issue.record("readers disagree: \(general) vs \(fast)")
    }
  }

  @Test func aBareDictionaryRootReadsAsTheGeneralReaderReadsIt() throws {
    let bytes = Array("<dict><key>a</key><string>1</string></dict>".utf8)
    let strings = try StringsFileReader.readStrings(bytes)
    #expect(strings?.keys == ["a"])
    #expect(strings?.values == ["1"])
    #expect(try StringsFileReader.read(bytes).map(\.key) == ["a"])
  }
}
