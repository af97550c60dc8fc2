import CatalogWriter
import Foundation
import LHCTestSupport
import StringCatalog
import Testing

/// `lhc format --check`'s reason: each kind of difference on a small catalog changed one way
/// (against the writer's own bytes for it), its place, and the final newline the writer keeps.
@Suite("Format difference")
struct FormatDifferenceTests {
  /// A catalog in Xcode's bytes: a `/` and an `é` in strings, an empty object, two entries.
  static let xcode = Array(
    """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "a/b" : {
          "comment" : "é"
        },
        "Bye" : {

        }
      },
      "version" : "1.0"
    }
    """.utf8)

  /// The difference of `text` from the writer's bytes for the catalog it holds.
  static func difference(_ text: String) throws -> FormatDifference? {
    let file = Array(text.utf8)
    let written = CatalogWriter.bytes(try readLossless(file))
    return FormatDifference.first(file: file, xcode: written)
  }

  static var text: String { String(decoding: xcode, as: UTF8.self) }

  /// The line and column (1-based, in characters) of a byte offset of `text`.
  static func position(_ offset: Int, in text: String) -> (Int, Int) {
    let before = String(decoding: Array(text.utf8)[..<offset], as: UTF8.self)
    let lines = before.split(separator: "\n", omittingEmptySubsequences: false)
    return (lines.count, (lines.last?.count ?? 0) + 1)
  }

  @Test func xcodesBytesHaveNone() throws {
    #expect(CatalogWriter.bytes(try readLossless(Self.xcode)) == Self.xcode)
    #expect(try Self.difference(Self.text) == nil)
  }

  @Test func finalNewline() throws {
    let one = try #require(try Self.difference(Self.text + "\n"))
    #expect(
      one
        == FormatDifference(
          kind: .finalNewline, offset: Self.xcode.count,
          message: "final newline: a newline after the last \"}\" (Xcode writes none)"))
    let two = try #require(try Self.difference(Self.text + "\n\n"))
    #expect(two.kind == .finalNewline && two.offset == Self.xcode.count)
    #expect(two.message == "final newline: `\\n\\n` after the last \"}\" (Xcode writes none)")
    // Against the writer's bytes with a final newline, the whole trailing whitespace is named.
    let kept = CatalogWriter.bytes(try readLossless(Self.xcode), finalNewline: true)
    let extra = try #require(FormatDifference.first(file: Self.xcode + [0x0A, 0x0A], xcode: kept))
    #expect(extra.kind == .finalNewline && extra.offset == Self.xcode.count + 1)
    #expect(extra.message == two.message)
    let space = try #require(FormatDifference.first(file: Self.xcode + [0x20, 0x0A], xcode: kept))
    #expect(space.kind == .finalNewline && space.offset == Self.xcode.count)
    #expect(space.message == "final newline: ` \\n` after the last \"}\" (Xcode writes none)")
    #expect(FormatDifference.first(file: Self.xcode + [0x0A], xcode: kept) == nil)
  }

  @Test func lineEndings() throws {
    let found = try #require(try Self.difference(Self.text.replacing("\n", with: "\r\n")))
    #expect(
      found
        == FormatDifference(
          kind: .lineEndings, offset: 1, message: "line endings: CR LF where Xcode writes LF"))
  }

  @Test func indentation() throws {
    let four = Self.text.replacing("\n  ", with: "\n    ")
    let found = try #require(try Self.difference(four))
    #expect(found.kind == .indentation && found.offset == 4)
    #expect(found.message == "indentation: 4 spaces where Xcode writes 2 spaces")
    let tab = try #require(try Self.difference(Self.text.replacing("\n  \"s", with: "\n\t\"s")))
    #expect(tab.message == "indentation: 1 tab where Xcode writes 2 spaces")
    #expect(tab.offset == 2)
  }

  @Test func spacing() throws {
    let colon = Self.text.replacing("\"sourceLanguage\" :", with: "\"sourceLanguage\":")
    let found = try #require(try Self.difference(colon))
    #expect(found.kind == .spacing)
    #expect(Self.position(found.offset, in: colon) == (2, 19))
    #expect(found.message == "spacing: `\":` where Xcode writes `\" :`")
    let empty = Self.text.replacing("{\n\n    }", with: "{}")
    let object = try #require(try Self.difference(empty))
    #expect(object.kind == .spacing)
    #expect(object.message == "spacing: `{}` where Xcode writes `{\\n\\n    }`")
  }

  @Test func keyOrder() throws {
    let swapped = """
      {
        "sourceLanguage" : "en",
        "strings" : {
          "Bye" : {

          },
          "a/b" : {
            "comment" : "é"
          }
        },
        "version" : "1.0"
      }
      """
    let found = try #require(try Self.difference(swapped))
    #expect(found.kind == .keyOrder)
    #expect(Self.position(found.offset, in: swapped) == (4, 6))
    #expect(found.message == "key order: Xcode writes \"a/b\" here, before \"Bye\"")
  }

  @Test func escaping() throws {
    let slash = try #require(try Self.difference(Self.text.replacing("a/b", with: "a\\/b")))
    #expect(slash.kind == .escaping)
    #expect(slash.message == "escaping: `\\/` where Xcode writes `/`")
    let text = Self.text.replacing("é", with: "\\u00e9")
    let unicode = try #require(try Self.difference(text))
    #expect(unicode.kind == .escaping && Self.position(unicode.offset, in: text) == (5, 20))
    #expect(unicode.message == "escaping: `\\u00e9` where Xcode writes `é`")
  }

  /// A value that is not the same text is no escaping: a catalog without `version` gets one.
  @Test func content() throws {
    let noVersion = Self.text.replacing(",\n  \"version\" : \"1.0\"", with: "")
    let found = try #require(try Self.difference(noVersion))
    #expect(found.kind == .content)
    #expect(
      found.message == "content: `}\\n}` where Xcode writes `},\\n  \"version\" : \"1.0\"\\n}`")
    let other = try #require(
      FormatDifference.first(
        file: Array(Self.text.replacing("é", with: "e").utf8), xcode: Self.xcode))
    #expect(other.kind == .content)
  }

  /// `finalNewline` ends the same bytes with one `\n`, on one thread or several.
  @Test func writerKeepsAFinalNewlineWhenAsked() throws {
    let catalog = try readLossless(Self.xcode)
    #expect(CatalogWriter.bytes(catalog, finalNewline: true) == Self.xcode + [0x0A])
    var random = RandomCatalog(seed: 42)
    let large = random.catalog(entries: 1500)
    let plain = CatalogWriter.bytes(large, threads: 3)
    #expect(CatalogWriter.bytes(large, threads: 3, finalNewline: true) == plain + [0x0A])
  }

  /// The written bytes read one at a time, across the runs of a catalog written on several
  /// threads, are the joined bytes; a difference in a later run is found there.
  @Test func differenceInAWrittenCatalogOfSeveralRuns() throws {
    var random = RandomCatalog(seed: 7)
    let catalog = random.catalog(entries: 1500)
    let written = CatalogWriter.chunks(catalog, threads: 3)
    let joined = written.joined()
    try #require(written.withChunks { $0.count } > 3)
    #expect((0..<joined.count).allSatisfy { written[$0] == joined[$0] })
    var file = joined
    let colon = try #require(
      Array(joined.indices).last { joined[$0] == 0x20 && joined[$0 + 1] == 0x3A })
    file.remove(at: colon)
    let found = file.withUnsafeBufferPointer {
      FormatDifference.first(file: $0, xcode: written, at: colon)
    }
    #expect(found.kind == .spacing && found.offset == colon)
    #expect(found == FormatDifference.first(file: file, xcode: joined))
  }
}
