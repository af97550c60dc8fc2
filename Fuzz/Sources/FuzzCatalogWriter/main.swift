import CatalogMerge
import CatalogWriter
import FuzzSupport
import LHCBase
import StringCatalog

/// The lossless reader and the writer on arbitrary bytes (what `lhc format` and
/// `lhc merge-driver` do with a catalog).
///
/// Whatever reads must also read entry by entry from its spans (what the merge driver does) to the
/// same entries, and must write, re-read and write again to the same bytes (the writer's output is
/// in its own form); the two-part read must give the sequential read's model; a merge of a
/// catalog with itself and its rewrite must be clean and change nothing.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let source = SourceText(
    path: "fuzz.xcstrings", bytes: UnsafeBufferPointer(start: data, count: size))
  guard var catalog = try? CatalogReader.readLossless(source).catalog else { return 0 }
  if var parts = try? CatalogReader.readLossless(source, parts: 2).catalog {
    parts.clearOffsets()
    catalog.clearOffsets()
    precondition(parts == catalog, "the two-part lossless read differs")
  } else {
    preconditionFailure("the two-part lossless read failed, the sequential one did not")
  }
  // The merge's shared reading: the spans, each read alone, are the entries (the last of a key).
  guard let spans = try? CatalogReader.readEntrySpans(source) else {
    preconditionFailure("the spans read failed, the full read did not")
  }
  var byKey: [String: CatalogEntry] = [:]
  for span in spans.spans {
    guard
      var entry = try? CatalogReader.readEntry(source, at: span, stringsKey: spans.stringsKey).entry
    else { preconditionFailure("an entry of a readable catalog does not read alone") }
    entry.clearOffsets()
    byKey[span.key] = entry
  }
  precondition(catalog.entries.allSatisfy { byKey[$0.key] == $0 }, "an entry read alone differs")
  precondition(byKey.count == catalog.entries.count, "the spans have other keys")
  let written = CatalogWriter.bytes(catalog)
  let source2 = SourceText(path: "written.xcstrings", bytes: written)
  guard var reread = try? CatalogReader.readLossless(source2).catalog else {
    preconditionFailure("the writer's output does not read")
  }
  precondition(CatalogWriter.bytes(reread) == written, "writing is not stable")
  var base = catalog
  var ours = catalog
  let merged = CatalogMerge.merge(base: &base, ours: &ours, theirs: &reread)
  precondition(merged.conflicts.isEmpty, "a catalog conflicts with its own rewrite")
  precondition(CatalogWriter.bytes(merged.catalog) == written, "merging with itself changed it")
  return 0
}

runFuzzer(testOneInput)
