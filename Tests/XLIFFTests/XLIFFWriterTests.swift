import Testing
import XLIFF

/// The writer on text the fixtures do not hold: written, then read back to the same document.
@Suite("XLIFF writer")
struct XLIFFWriterTests {
  /// Each character Xcode escapes, at every place in texts longer than the writer's 8-byte
  /// scan steps (before, inside and after a step; after a 2-byte character, so that no step is
  /// aligned with the text): written escaped exactly where it stands, in element content and
  /// in attributes, against an independent spelling of Xcode's rules (`xliff.md` §1).
  @Test func everyEscapedCharacterAtEveryPlace() throws {
    let content: [Character: String] = [
      "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "\"", "\t": "\t", "\n": "\n",
      "\r": "&#13;", "\u{1}": "&#1;", "\u{1F}": "&#31;", "\u{FFFE}": "&#65534;",
      "\u{FFFF}": "&#65535;",
    ]
    let attribute = content.merging([
      "\"": "&quot;", "\t": "&#9;", "\n": "&#10;",
    ]) { $1 }
    for prefix in ["", "é"] {
      let filler = Array(prefix + "abcdefghijklmnopqrstu")
      for (character, escaped) in content {
        for place in 0...filler.count {
          var text = filler
          text.insert(character, at: place)
          let raw = String(text)
          let unit = TransUnit(
            id: raw, source: "s", target: TransUnit.Target(text: raw, state: "new"),
            notes: [TransUnit.Note(text: "")])
          let document = XLIFFDocument(files: [
            XLIFFFile(
              original: "L.xcstrings", sourceLanguage: "en", targetLanguage: "fr", units: [unit])
          ])
          let written = String(decoding: try XLIFFWriter.bytes(document), as: UTF8.self)
          let before = String(filler[..<place])
          let after = String(filler[place...])
          #expect(written.contains(">\(before)\(escaped)\(after)</target>"), "\(written)")
          let inID = attribute[character]!
          #expect(written.contains("id=\"\(before)\(inID)\(after)\""), "\(written)")
        }
      }
    }
  }

  /// U+0000 beside characters to escape: each NUL is written as `&#0;` in its place (FuzzXLIFF
  /// found them moved to the end of the text, after the escaped runs).
  @Test func nulBesideEscapedCharacters() throws {
    let text = "sig\u{0}\u{0}ned <&> off\u{0}"
    let unit = TransUnit(
      id: "a\u{0}<b", source: text, target: TransUnit.Target(text: text, state: "translated"),
      notes: [TransUnit.Note(text: "\u{0}&")])
    let document = XLIFFDocument(files: [
      XLIFFFile(original: "L.xcstrings", sourceLanguage: "en", targetLanguage: "fr", units: [unit])
    ])
    let bytes = try XLIFFWriter.bytes(document)
    let written = String(decoding: bytes, as: UTF8.self)
    #expect(written.contains("<source>sig&#0;&#0;ned &lt;&amp;&gt; off&#0;</source>"), "\(written)")
    #expect(written.contains(#"<trans-unit id="a&#0;&lt;b" xml:space="preserve">"#), "\(written)")
    let read = try bytes.withUnsafeBufferPointer { try XLIFFReader.read($0) }
    let back = try #require(read.files.first?.units.first)
    #expect(back.id == unit.id && back.source == text && back.target?.text == text)
    #expect(back.notes == unit.notes)
  }
}
