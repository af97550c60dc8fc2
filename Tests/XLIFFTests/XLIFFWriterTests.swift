import Testing
import XLIFF

/// The writer on text the fixtures do not hold: written, then read back to the same document.
@Suite("XLIFF writer")
struct XLIFFWriterTests {
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
