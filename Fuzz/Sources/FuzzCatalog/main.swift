import FuzzSupport
import LHCBase
import StringCatalog

/// Collects the entries one part of a partitioned read hands to its sink (each sink is called
/// from one thread only).
final class EntrySink: @unchecked Sendable {
  var entries: [CatalogEntry] = []
}

/// The `.xcstrings` reader on arbitrary bytes, sequentially and in two parts.
///
/// Errors are the expected outcome for most inputs; a crash, a hang or an ASan report is a bug.
/// The partitioned reader promises the sequential reader's results and diagnostics, so any
/// difference traps too.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let source = SourceText(path: "fuzz.xcstrings", bytes: bytes)
  var entries: [CatalogEntry] = []
  let sequential = Result { () throws(DiagnosticError) in
    try CatalogReader.read(source) { entries.append($0) }
  }
  var sinks: [EntrySink] = []
  let partitioned = Result { () throws(DiagnosticError) in
    try CatalogReader.read(source, parts: 2) { count in
      sinks = (0..<count).map { _ in EntrySink() }
      return sinks.map { sink in { sink.entries.append($0) } }
    }
  }
  switch (sequential, partitioned) {
  case (.success(let one), .success(let two)):
    // Both hand every occurrence of a duplicate key to their sinks, in file order.
    precondition(entries == sinks.flatMap(\.entries), "partitioned entries differ")
    precondition(one.catalog == two.catalog, "partitioned header differs")
    precondition(one.diagnostics == two.diagnostics, "partitioned diagnostics differ")
    _ = try? CatalogReader.read(source)
  case (.failure(let one), .failure(let two)):
    precondition(one.diagnostics == two.diagnostics, "partitioned errors differ")
  default:
    preconditionFailure("one reader failed, the other did not")
  }
  if case .failure(let error) = sequential {
    for diagnostic in error.diagnostics { _ = source.lineColumn(of: diagnostic.offset ?? 0) }
  }
  return 0
}

runFuzzer(testOneInput)
