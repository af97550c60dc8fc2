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

  /// Reads base, ours and theirs: ours first, in parts on every core; then base and theirs at
  /// once, each cut into spans and compared with ours. (Ours read on one core while the other
  /// cut the other sides ended alone: ~15 % of the merge's time on the 171 MB bench catalog.)
  static func read(base: String, ours: String, theirs: String) -> [Side] {
    // Ours' offsets cleared while its model is only in the reader's hands (a shared entry
    // written to is copied); where its entries start is kept, to compare the other sides' with.
    // Four parts per core: with one, a core idled while the other ended the longer part (~8 %
    // of the merge of the 171 MB bench catalog).
    let oursRead = EditedCatalog.read(ours, clearingOffsets: true, partsPerCore: 4)
    guard case .success(let edited) = oursRead else {
      // Ours cannot be read: every side read in full, for its diagnostics.
      return [base, ours, theirs].map { side(EditedCatalog.read($0, clearingOffsets: true)) }
    }
    let shared = Shared(edited)
    let sides = Parallel.map([base, theirs]) { path in
      guard let source = try? SourceText(contentsOf: path), let spans = try? Spans(source) else {
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

  /// Ours, fully read, with where its entries start: what the other sides can share.
  ///
  /// An entry of another side is ours' when its span's bytes stand at ours' entry of that key
  /// (from its key's quote): an entry's value is an object, which ends where its braces close,
  /// so ours' entry holds exactly those bytes. (Ours is not cut into spans as well: that was a
  /// fourth scan of the catalog, 85M instructions of 713M for the 9.9 MB bench catalog.)
  struct Shared: @unchecked Sendable {
    var ours: Catalog
    var source: SourceText
    /// The index in `ours.entries` of each key.
    var entries: [String: Int] = [:]
    /// Where each of ours' entries starts (its key's quote), by index.
    var offsets: [Int]

    init(_ edited: EditedCatalog) {
      ours = edited.catalog
      source = edited.source
      offsets = edited.entryOffsets
      entries.reserveCapacity(ours.entries.count)
      for (index, entry) in ours.entries.enumerated() { entries[entry.key] = index }
    }

    /// True when `bytes` stand at ours' entry `index`.
    func holds(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
      let start = offsets[index]
      guard start + bytes.count <= source.bytes.count else { return false }
      return bytes.count == 0
        || memcmp(bytes.baseAddress!, source.bytes.baseAddress! + start, bytes.count) == 0
    }

    /// The side's catalog: ours' entry where the bytes are the same, the side's own otherwise.
    func side(_ side: Spans, _ source: SourceText) -> Side {
      var catalog = side.header
      var diagnostics = side.diagnostics
      var unique = CatalogReader.UniqueEntries(capacity: side.spans.count)
      for span in side.spans {
        let entry: CatalogEntry
        if let index = entries[span.key], holds(side.bytes(span), at: index) {
          entry = ours.entries[index]
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

  }
}
