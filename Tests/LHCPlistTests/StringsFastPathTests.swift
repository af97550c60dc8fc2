import LHCPlist
import LHCTestSupport
import Testing

/// ``StringsFileReader/readStrings(_:)`` (the flat XML fast path) against ``StringsFileReader/read(_:)``:
/// same entries where every value is a string, nil where one is not, the same errors.
@Suite("StringsFileReader fast path")
struct StringsFastPathTests {
  static let documents: [String] =
    [
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
    ] + namespacesAndDeclarations

  /// Documents with namespace syntax or markup declarations: the fast path parses without
  /// namespaces (libxml2's SAX1 tags) and gives up on every one, so the general reader (SAX2)
  /// reads it as before: a prefixed element by its local name, a bad declaration as an error.
  static let namespacesAndDeclarations: [String] = [
    "<p:dict xmlns:p=\"urn:x\"><p:key>a</p:key><string>1</string></p:dict>",
    "<dict xmlns:p=\"urn:x\"><key>a</key><string>1</string></dict>",
    "<dict xmlns=\"urn:x\"><key>a</key><string>1</string></dict>",
    "<dict xmlns=\"http://www.w3.org/XML/1998/namespace\"><key>a</key><string>1</string></dict>",
    "<dict p:a=\"1\"><key>a</key><string>1</string></dict>",
    "<dict xml:lang=\"en\"><key>a</key><string>1</string></dict>",
    "<p:dict><key>a</key><string>1</string></p:dict>",
    "<dict><key>a</key><p:string xmlns:p=\"urn:x\">1</p:string></dict>",
  ]

  /// Accepts every event: only the reader's own checks decide.
  final class AcceptAll: PlistDictionaryHandler {
    func beginDictionary() -> Bool { true }
    func endDictionary() -> Bool { true }
    func key(_ text: UnsafeBufferPointer<UInt8>) -> Bool { true }
    func string(_ text: UnsafeBufferPointer<UInt8>) -> Bool { true }
  }

  @Test func namespaceSyntaxAndMarkupDeclarationsGiveUp() {
    #expect(PlistReader.readDictionaries(plistDocument("<dict/>"), into: AcceptAll()))
    for body in Self.namespacesAndDeclarations {
      #expect(!PlistReader.readDictionaries(plistDocument(body), into: AcceptAll()), "\(body)")
    }
    let body = "<plist><dict><key>a</key><string>1</string></dict></plist>"
    for subset in [
      "<!ATTLIST dict xmlns:p CDATA \"urn:x\">", "<!ELEMENT dict ANY>",
      "<!NOTATION n SYSTEM \"n\">",
      "<!ELEMENT a ANY><!ELEMENT a ANY>",
    ] {
      let bytes = Array("<?xml version=\"1.0\"?><!DOCTYPE plist [\(subset)]>\(body)".utf8)
      #expect(!PlistReader.readDictionaries(bytes, into: AcceptAll()), "\(subset)")
      let general = try? StringsFileReader.read(bytes).map(\.key)
      #expect((try? StringsFileReader.readStrings(bytes)).map(\.keys) == general)
    }
  }

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
