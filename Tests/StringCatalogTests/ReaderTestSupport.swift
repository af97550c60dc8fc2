import Foundation
import LHCBase
import LHCTestSupport
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
