import Foundation
import LHCBase
import StringCatalog

/// Reads catalog text held in memory.
func readCatalog(_ text: String) throws(DiagnosticError) -> (
  catalog: Catalog, diagnostics: [Diagnostic]
) {
  try CatalogReader.read(SourceText(path: "test.xcstrings", bytes: Array(text.utf8)))
}

/// Text with a `1️⃣` marker: the bytes without it and the marker's UTF-8 offset.
func marked(_ text: String) -> (bytes: [UInt8], offset: Int) {
  let marker = "1️⃣"
  guard let range = text.range(of: marker) else { return (Array(text.utf8), -1) }
  let offset = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
  return (Array(text.replacingCharacters(in: range, with: "").utf8), offset)
}

/// The one error a must-fail input produces, or `nil` when it reads.
func readError(_ bytes: [UInt8]) -> Diagnostic? {
  do {
    _ = try CatalogReader.read(SourceText(path: "test.xcstrings", bytes: bytes))
    return nil
  } catch {
    return error.diagnostics.count == 1 ? error.diagnostics[0] : nil
  }
}

/// Wraps entries (the inside of `strings`) in a minimal catalog.
func catalogText(_ entries: String) -> String {
  #"{"sourceLanguage": "en", "strings": {"# + entries + #"}, "version": "1.0"}"#
}

/// A small deterministic random generator (SplitMix64), so fuzz runs are reproducible.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
