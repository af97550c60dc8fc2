import Foundation
import Testing

@testable import LHCBase

@Suite("JSONValue")
struct JSONValueTests {
  @Test func layoutIsApplesPrettyPrinting() {
    let value = JSONValue.object([
      ("a", .array([.integer(1), .null, .object([]), .array([])])),
      ("b", .object([("c", .string("d")), ("e", .rendered("{\n    \"x\" : 1\n  }"))])),
      ("f", .number("71.4")),
    ])
    #expect(
      value.document() == """
        {
          "a" : [
            1,
            null,
            {},
            []
          ],
          "b" : {
            "c" : "d",
            "e" : {
            "x" : 1
          }
          },
          "f" : 71.4
        }

        """)
  }

  /// Every string comes back from Foundation's JSON parser as it went in.
  @Test func stringsRoundTripThroughFoundation() throws {
    var strings = (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }
    strings += ["\"", "\\", "/", "é", "😀", "a\"b\\c\nd\u{7F}", "plain text", ""]
    for string in strings {
      let document = JSONValue.array([.string(string)]).document()
      let parsed = try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String]
      #expect(parsed == [string], "\(Array(string.utf8)) → \(document)")
      #expect(
        JSONValue.quoted(string)
          == document.split(separator: "\n")[1].drop { $0 == " " }.description)
    }
  }

  /// An array whose elements are given as pieces of several elements each renders exactly as
  /// the array of the elements themselves.
  @Test(arguments: [0, 1, 2, 5])
  func elementsInPiecesRenderAsTheArray(pieces: Int) {
    let values: [JSONValue] = (0..<7).map { index in
      .object([("id", .integer(index)), ("text", .string("a \"b\"\n")), ("none", .null)])
    }
    let plain = JSONValue.object([("items", .array(values))]).document()
    let size = pieces == 0 ? values.count : (values.count + pieces - 1) / pieces
    let pieced = stride(from: 0, to: values.count, by: size).map {
      JSONValue.elements(Array(values[$0..<min($0 + size, values.count)]), indent: 4)
    }
    #expect(JSONValue.object([("items", .array(pieced))]).document() == plain)
  }
}
