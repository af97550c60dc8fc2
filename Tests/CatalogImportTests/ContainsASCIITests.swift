import Foundation
import Testing

@testable import CatalogImport

/// The mapper's byte search (``Swift/String/containsASCII(_:)``) against Foundation's `contains`,
/// which it replaces where the bytes decide: texts with the pattern between ASCII bytes, at the
/// ends, next to combining marks and prepended characters (where only `contains` may decide).
@Suite("ASCII pattern search")
struct ContainsASCIITests {
  static let texts = [
    "", "#", "@", "#@", "a#@b", "%#@arg@", "%1$#@n@ files", "#@é", "é#@", "x#\u{301}@",
    "%#@\u{301}x@", "#\u{301}#@", "%", "%lld", "50 %", "\u{600}%lld", "%\u{301}lld", "ü%d",
    "no pattern at all", "##@@",
  ]

  @Test(arguments: texts)
  func agreesWithContains(_ text: String) {
    for pattern: StaticString in ["#@", "%"] {
      let expected = text.contains(pattern.description)
      if let decided = text.containsASCII(pattern) {
        #expect(decided == expected, "\(pattern) in \(text.debugDescription)")
      }
      // Every text made of ASCII only is decided.
      if text.utf8.allSatisfy({ $0 < 0x80 }) {
        #expect(text.containsASCII(pattern) == expected, "\(pattern) in \(text.debugDescription)")
      }
    }
  }
}
