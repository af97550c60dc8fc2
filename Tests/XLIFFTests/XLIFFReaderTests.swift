import Foundation
import LHCTestSupport
import Testing

@testable import XLIFF

/// Reads `text` as an XLIFF document.
func read(_ text: String) throws(XLIFFReadError) -> XLIFFDocument {
  try read(Array(text.utf8))
}

func read(_ bytes: [UInt8]) throws(XLIFFReadError) -> XLIFFDocument {
  try bytes.withUnsafeBufferPointer { (buffer) throws(XLIFFReadError) in
    try XLIFFReader.read(buffer)
  }
}

/// A document with one file around `body` (trans-units), in the default namespace.
func document(
  _ body: String, root: String = "xliff",
  namespace: String = "xmlns=\"urn:oasis:names:tc:xliff:document:1.2\""
) -> String {
  """
  <?xml version="1.0" encoding="UTF-8"?>
  <\(root) \(namespace) version="1.2">
  <file original="L.xcstrings" source-language="en" target-language="fr" datatype="plaintext">
  <body>\(body)</body></file></\(root)>
  """
}

@Suite("XLIFF reader")
struct XLIFFReaderTests {
  /// Every Xcode 27 XLIFF of the corpus reads, and its units are what Python's ElementTree finds
  /// (the capture's own `expected-units.json`, written with ElementTree).
  @Test(arguments: [
    "positive/catalog-matrix", "positive/multiple-catalogs", "behavior/state-import",
    "behavior/state-qualifiers",
  ])
  func xcodeFilesMatchElementTree(folder: String) throws {
    let root = TestPaths.corpus.appendingPathComponent("xcode27/\(folder)")
    let parsed = try read(
      Array(try Data(contentsOf: root.appendingPathComponent("exported.xliff"))))
    let expected =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: root.appendingPathComponent("expected-units.json")))
      as! [[String: Any]]
    #expect(parsed.files.count == expected.count)
    for (file, oracle) in zip(parsed.files, expected) {
      let attributes = oracle["file"] as! [String: String]
      #expect(file.original == attributes["original"])
      #expect(file.sourceLanguage == attributes["source-language"])
      #expect(file.targetLanguage == attributes["target-language"])
      #expect(file.tool == .xcode(version: "27.0", buildNumber: "27A266a"))
      let units = oracle["units"] as! [[String: Any]]
      #expect(file.units.map(\.id) == units.map { $0["id"] as! String })
      for (unit, expectedUnit) in zip(file.units, units) {
        #expect(unit.source == expectedUnit["source"] as? String, "\(unit.id)")
        #expect(
          unit.target?.text == expectedUnit["target"] as? String ?? (unit.target == nil ? nil : ""),
          "\(unit.id)")
        let targetAttributes = expectedUnit["target_attributes"] as? [String: String] ?? [:]
        #expect(unit.target?.state == targetAttributes["state"], "\(unit.id)")
        #expect(unit.target?.stateQualifier == targetAttributes["state-qualifier"], "\(unit.id)")
        let notes = expectedUnit["notes"] as! [[String: Any]]
        #expect(unit.notes.map(\.text) == notes.map { $0["text"] as? String ?? "" }, "\(unit.id)")
        #expect(
          unit.notes.map(\.from) == notes.map { ($0["attributes"] as? [String: String])?["from"] },
          "\(unit.id)")
      }
    }
  }

  /// A prefixed namespace (`ns0:`, as ElementTree writes) reads like the default one; so does no
  /// namespace at all. Other namespaces' elements are skipped with their content.
  @Test func namespaces() throws {
    let units =
      #"<ns0:trans-unit id="a"><ns0:source>A</ns0:source><ns0:target state="translated">B</ns0:target><x:extra xmlns:x="urn:other"><ns0:target>no</ns0:target></x:extra></ns0:trans-unit>"#
    let prefixed = """
      <ns0:xliff xmlns:ns0="urn:oasis:names:tc:xliff:document:1.2" version="1.2"><ns0:file original="L.xcstrings" source-language="en" target-language="fr" datatype="plaintext"><ns0:body>\(units)</ns0:body></ns0:file></ns0:xliff>
      """
    let unit = try read(prefixed).files[0].units[0]
    #expect(unit.id == "a" && unit.source == "A" && unit.target?.text == "B")
    let bare = try read(
      document(#"<trans-unit id="a"><source>A</source></trans-unit>"#, namespace: ""))
    #expect(bare.files[0].units[0].source == "A")
  }

  /// Inline elements are flattened to their text; groups are read through; `alt-trans` is skipped.
  @Test func inlineElementsGroupsAndAltTrans() throws {
    let body = #"""
      <group id="g"><trans-unit id="k"><source>Hi <ph id="1">%@</ph>!</source>
      <target state="final">Salut <g id="2">the <x id="3"/>bold</g> <ph id="1">%@</ph>!</target>
      <alt-trans><target>old</target></alt-trans><note from="developer">A <b>note</b></note></trans-unit></group>
      """#
    let unit = try read(document(body)).files[0].units[0]
    #expect(unit.source == "Hi %@!")
    #expect(unit.target?.text == "Salut the bold %@!")
    #expect(unit.target?.state == "final")
    #expect(unit.notes == [TransUnit.Note(text: "A note", from: "developer")])
  }

  /// Entities and character references: predefined ones and `&#…;` decode in text and attributes;
  /// CR written as `&#13;` stays CR, a raw CR becomes LF (XML's line ends).
  @Test func referencesAndLineEnds() throws {
    let body =
      "<trans-unit id=\"&lt;&amp;&quot;&#9;&#10;&#13;\"><source>a&amp;b&#13;c\r\nd&#x1F642;</source></trans-unit>"
    let unit = try read(document(body)).files[0].units[0]
    #expect(unit.id == "<&\"\t\n\r")
    #expect(unit.source == "a&b\rc\nd🙂")
  }

  /// Characters XML 1.0 cannot hold, raw or as references, are read back (lhc writes them as
  /// references); a U+FDD0 in the same document stays itself.
  @Test func forbiddenCharacters() throws {
    let (fdd0, fffe) = (String(Unicode.Scalar(0xFDD0)!), String(Unicode.Scalar(0xFFFE)!))
    let body =
      "<trans-unit id=\"x&#1;y\"><source>a&#24;b\u{18}c&#0;d&#xFFFE;\(fdd0)e&#xFDD0;</source></trans-unit>"
    let unit = try read(document(body)).files[0].units[0]
    #expect(unit.id == "x\u{1}y")
    #expect(unit.source == "a\u{18}b\u{18}c\u{0}d\(fffe)\(fdd0)e\(fdd0)")
  }

  /// Hostile input: a DOCTYPE, entity declarations and references, external entities, broken
  /// XML, other roots and XLIFF 2.0 are refused with a message and an offset.
  @Test(arguments: [
    ("<?xml version=\"1.0\"?><!DOCTYPE xliff [<!ENTITY a \"aaaa\">]><xliff/>", "DOCTYPE"),
    (
      "<?xml version=\"1.0\"?><!DOCTYPE xliff SYSTEM \"http://example.com/x.dtd\"><xliff/>",
      "DOCTYPE"
    ),
    (document("<trans-unit id=\"a\"><source>&ent;</source></trans-unit>"), "ent"),
    (document("<trans-unit id=\"a\"><source>x</trans-unit>"), "mismatch"),
    ("<plist version=\"1.0\"/>", "root element is 'plist'"),
    ("<xliff xmlns=\"urn:oasis:names:tc:xliff:document:2.0\" version=\"2.0\"/>", "XLIFF 2.0"),
    (document("<trans-unit><source>x</source></trans-unit>"), "no 'id'"),
    ("", "empty"),
  ])
  func hostileInput(text: String, message: String) {
    #expect {
      _ = try read(text)
    } throws: { error in
      (error as? XLIFFReadError)?.message.contains(message) == true
    }
  }

  /// The offset of an error points into the document (a unit's element at its `<`).
  @Test func errorOffsets() throws {
    let text = document("<trans-unit><source>x</source></trans-unit>")
    do {
      _ = try read(text)
      Issue.record("read")
    } catch {
      let offset = text.utf8.index(text.utf8.startIndex, offsetBy: error.offset)
      #expect(text[offset...].hasPrefix("<trans-unit>"))
    }
  }
}
