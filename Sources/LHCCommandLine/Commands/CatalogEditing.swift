import Foundation
import LHCBase
import StringCatalog

/// A catalog read in full for a command that writes it back (`format`, `merge-driver`).
struct EditedCatalog: @unchecked Sendable {
  var source: SourceText
  var catalog: Catalog
  /// The reader's warnings.
  var diagnostics: [Diagnostic]
  /// With `clearingOffsets`, where each entry started (its key's quote), by index.
  var entryOffsets: [Int] = []

  /// Why a catalog could not be read: its error diagnostics, and its text when it was read.
  struct Failure: Error, @unchecked Sendable {
    var source: SourceText?
    var diagnostics: [Diagnostic]
  }

  /// Reads `path` losslessly (a large catalog in parts, `partsPerCore` per core, taken by the
  /// cores in turn); with `clearingOffsets`, every offset is set to 0 while the model is still
  /// only here (so nothing is copied), the entries' own kept in `entryOffsets`.
  static func read(
    _ path: String, clearingOffsets: Bool = false, partsPerCore: Int = 1
  ) -> Result<EditedCatalog, Failure> {
    let source: SourceText
    do {
      source = try SourceText(contentsOf: path)
    } catch {
      return .failure(Failure(diagnostics: [.error("cannot read file: \(error.message)")]))
    }
    let cores = CatalogCompilation.parts(forBytes: source.bytes.count)
    let parts = cores > 1 ? cores * partsPerCore : 1
    do {
      var (catalog, diagnostics) = try CatalogReader.readLossless(source, parts: parts)
      var offsets: [Int] = []
      if clearingOffsets {
        offsets = catalog.entries.map(\.offset)
        // On every core (one took ~0.1 s for the 171 MB bench catalog's 600,000 localizations).
        catalog.entries.withUnsafeMutableBufferPointer { entries in
          let shared = SharedEntries(entries)
          _ = Parallel.map(Parallel.chunks(of: Array(entries.indices))) { chunk in
            for index in chunk { shared.entries[index].clearOffsets() }
          }
        }
      }
      return .success(
        EditedCatalog(
          source: source, catalog: catalog, diagnostics: diagnostics, entryOffsets: offsets))
    } catch {
      return .failure(Failure(source: source, diagnostics: error.diagnostics))
    }
  }

  /// Threads for writing: every core for a large catalog.
  var writerThreads: Int {
    CatalogCompilation.parts(forBytes: source.bytes.count)
  }

  /// The file's permission bits, so that a rewrite keeps them.
  static func permissions(of path: String) -> mode_t? {
    var info = stat()
    return stat(path, &info) == 0 ? info.st_mode & 0o7777 : nil
  }
}

/// A model's entries cleared on several threads, each its own indices.
private struct SharedEntries: @unchecked Sendable {
  let entries: UnsafeMutableBufferPointer<CatalogEntry>
  init(_ entries: UnsafeMutableBufferPointer<CatalogEntry>) { self.entries = entries }
}
