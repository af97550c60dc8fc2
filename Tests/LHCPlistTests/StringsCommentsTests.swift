import Foundation
import LHCPlist
import Testing

/// ``StringsFileReader/comments(_:)``: which comment documents an entry of an old-style
/// `.strings` file (what `lhc import` makes the entry's `comment`).
@Suite("StringsFileReader.comments")
struct StringsCommentsTests {
  static func comments(_ text: String) throws -> [String: String] {
    try StringsFileReader.comments(Array(text.utf8))
  }

  @Test func theCommentRightAboveAnEntryIsItsComment() throws {
    let text = """
      /* File header */

      /* Title */
      "a" = "A";
      // Line
      "b" = "B";
      "c" = "C"; /* after c: c's, not d's */
      "d" = "D";

      /* separated by a blank line */

      "e" = "E";
      //// several slashes
      // a run of lines
      "g" = "G";
      /*
         Multi-line
      */
      "h" = "H";
      """
    #expect(
      try Self.comments(text)
        == [
          "a": "Title", "b": "Line", "g": "several slashes\na run of lines",
          "h": "Multi-line",
        ])
  }

  @Test func aFirstEntryRightBelowTheFirstCommentTakesIt() throws {
    #expect(try Self.comments("/* Greeting */\n\"hi\" = \"Hi\";\n") == ["hi": "Greeting"])
    #expect(try Self.comments("{\n/* In braces */\n\"hi\" = \"Hi\";\n}\n") == ["hi": "In braces"])
  }

  @Test func theLastDefinitionsCommentWinsAndPropertyListsHaveNone() throws {
    #expect(
      try Self.comments("/* one */\n\"k\" = \"1\";\n/* two */\n\"k\" = \"2\";\n") == ["k": "two"])
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><!-- c --><key>k</key><string>v</string></dict></plist>
      """
    #expect(try Self.comments(xml) == [:])
  }

  @Test func utf16TextIsRead() throws {
    var bytes: [UInt8] = [0xFF, 0xFE]
    for unit in "/* Größe */\n\"k\" = \"v\";\n".utf16 {
      bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
    }
    #expect(try StringsFileReader.comments(bytes) == ["k": "Größe"])
  }
}
