import Foundation
import LHCBase
import StringCatalog

/// The three catalogs of a merge, read so that what all three share is read once.
///
/// Why a second way of reading: the three versions of a catalog in a merge are mostly the same
/// bytes, and reading all three in full made `lhc merge-driver` of the 171 MB benchmark catalog
/// take 2.3 times as long as `lhc compile` of it (target: under 2). So "ours" is read in full;
/// base and theirs are only validated and cut into entry spans, and an entry of theirs (or the
/// base) whose bytes equal ours' is ours' entry, shared; only the entries that differ are read.
/// The models are what full reads give (the tests compare the two), with every offset cleared
/// (what ``CatalogMerge/merge(cleared:_:_:favor:)`` expects).
enum MergeInputs {
  /// One side: its catalog, or its errors; its text and warnings either way.
  struct Side: @unchecked Sendable {
    var catalog: Catalog?
    var source: SourceText?
    var diagnostics: [Diagnostic]
  }

  /// Reads base, ours and theirs (ours and the spans of all three at once, on every core).
  static func read(base: String, ours: String, theirs: String) -> [Side] {
    enum Job {
      case full(String)
      case spans(String)
    }
    enum Read: @unchecked Sendable {
      case full(Result<EditedCatalog, EditedCatalog.Failure>)
      case spans(SourceText?, Result<Spans, DiagnosticError>)
    }
    let jobs: [Job] = [.full(ours), .spans(base), .spans(ours), .spans(theirs)]
    let reads = Parallel.map(jobs) { job -> Read in
      switch job {
      // Ours' offsets cleared while its model is only in the reader's hands: the merge clears
      // the other sides', which share its entries, and a shared entry written to is copied.
      case .full(let path): return .full(EditedCatalog.read(path, clearingOffsets: true))
      case .spans(let path):
        guard let source = try? SourceText(contentsOf: path) else {
          return .spans(nil, .failure(DiagnosticError([])))
        }
        return .spans(source, Result { () throws(DiagnosticError) in try Spans(source) })
      }
    }
    guard case .full(let oursRead) = reads[0], case .success(let edited) = oursRead,
      case .spans(_, .success(let oursSpans)) = reads[2]
    else {
      // Ours cannot be read: every side read in full, for its diagnostics.
      return [base, ours, theirs].map { side(EditedCatalog.read($0, clearingOffsets: true)) }
    }
    let shared = Shared(ours: edited.catalog, spans: oursSpans)
    // Base and theirs at once: each compares its entries' bytes with ours' (a 171 MB catalog's
    // comparisons took ~0.1 s on one core).
    let sides = Parallel.map([(reads[1], base), (reads[3], theirs)]) { read, path in
      guard case .spans(let source?, .success(let spans)) = read else {
        return side(EditedCatalog.read(path, clearingOffsets: true))
      }
      return shared.side(spans, source)
    }
    let oursSide = Side(
      catalog: edited.catalog, source: edited.source, diagnostics: edited.diagnostics)
    return [sides[0], oursSide, sides[1]]
  }

  static func side(_ read: Result<EditedCatalog, EditedCatalog.Failure>) -> Side {
    switch read {
    case .success(let edited):
      Side(catalog: edited.catalog, source: edited.source, diagnostics: edited.diagnostics)
    case .failure(let failure):
      Side(catalog: nil, source: failure.source, diagnostics: failure.diagnostics)
    }
  }

  /// A side cut into entry spans.
  struct Spans {
    var source: SourceText
    var header: Catalog
    var spans: [CatalogReader.EntrySpan]
    var stringsKey: Int
    var diagnostics: [Diagnostic]

    init(_ source: SourceText) throws(DiagnosticError) {
      self.source = source
      (header, spans, stringsKey, diagnostics) = try CatalogReader.readEntrySpans(source)
    }

    func bytes(_ span: CatalogReader.EntrySpan) -> UnsafeBufferPointer<UInt8> {
      UnsafeBufferPointer(rebasing: source.bytes[span.range])
    }
  }

  /// Ours, fully read, with its entries' spans: what the other sides can share.
  struct Shared: @unchecked Sendable {
    var ours: Catalog
    /// The index in `ours.entries` of each key, and of the last span with that key.
    var entries: [String: Int] = [:]
    var spans: [String: Int] = [:]
    var oursSpans: Spans

    init(ours: Catalog, spans: Spans) {
      self.ours = ours
      oursSpans = spans
      entries.reserveCapacity(ours.entries.count)
      for (index, entry) in ours.entries.enumerated() { entries[entry.key] = index }
      self.spans.reserveCapacity(spans.spans.count)
      for (index, span) in spans.spans.enumerated() { self.spans[span.key] = index }
    }

    /// The side's catalog: ours' entry where the bytes are the same, the side's own otherwise.
    func side(_ side: Spans, _ source: SourceText) -> Side {
      var catalog = side.header
      var diagnostics = side.diagnostics
      var unique = CatalogReader.UniqueEntries(capacity: side.spans.count)
      for span in side.spans {
        let entry: CatalogEntry
        if let shared = spans[span.key], let oursEntry = entries[span.key],
          Self.same(side.bytes(span), oursSpans.bytes(oursSpans.spans[shared]))
        {
          entry = ours.entries[oursEntry]
        } else {
          do {
            var read = try CatalogReader.readEntry(source, at: span, stringsKey: side.stringsKey)
            read.entry.clearOffsets()
            (entry, diagnostics) = (read.entry, diagnostics + read.diagnostics)
          } catch {
            return Side(catalog: nil, source: source, diagnostics: error.diagnostics)
          }
        }
        unique.add(entry)
      }
      catalog.entries = unique.entries
      return Side(catalog: catalog, source: source, diagnostics: diagnostics.sortedByOffset())
    }

    static func same(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
      a.count == b.count && (a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
    }
  }
}
