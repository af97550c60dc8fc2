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

  /// `path` with its symbolic links resolved (`path` itself when that fails): a rewrite replaces
  /// a link's target, so that the link keeps pointing at the catalog.
  static func resolvedPath(_ path: String) -> String {
    realpath(path, nil).map { resolved in
      defer { free(resolved) }
      return String(cString: resolved)
    } ?? path
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

/// A catalog's new bytes as the writer hands them over
/// (``CatalogWriter/chunks(_:threads:sizeHint:finalNewline:ready:)``), compared with the file's
/// and, from the first piece that differs, written to a temporary file beside the catalog (the
/// file's equal bytes before it first), so that the comparison and the write run while the writer
/// is still writing the later runs, not after it on one core. When writing, a file that does not
/// end in the writer's last byte (`}`, or `\n` with a final newline) differs from the start;
/// when only comparing (`--check`), the offset of the first differing byte is found.
final class CatalogRewrite: @unchecked Sendable {
  private let file: UnsafeBufferPointer<UInt8>
  /// Where to write, or nil to only compare (`--check`).
  private let target: String?
  private let permissions: mode_t?
  /// The bytes handed over so far.
  private var count = 0
  private(set) var differs: Bool
  /// The offset of the first byte that differs (the shorter side's length when one is a prefix
  /// of the other); nil when none does, or when writing a file that differs from the start.
  private(set) var firstDifference: Int?
  private var stream: OutputFile.Stream?
  private var error: OutputError?

  /// `last`: the last byte the writer writes.
  init(file: UnsafeBufferPointer<UInt8>, target: String?, permissions: mode_t?, last: UInt8) {
    self.file = file
    self.target = target
    self.permissions = permissions
    differs = target != nil && file.last != last
  }

  /// The next piece of the new bytes.
  func take(_ piece: UnsafeRawBufferPointer) {
    defer { count += piece.count }
    if !differs {
      let overlap = max(0, min(piece.count, file.count - count))
      if overlap > 0, memcmp(file.baseAddress! + count, piece.baseAddress!, overlap) != 0 {
        let index = (0..<overlap).first { file[count + $0] != piece[$0] }!
        firstDifference = count + index
        return start(piece)
      }
      if overlap < piece.count {
        firstDifference = count + overlap
        start(piece)
      }
      return
    }
    write(piece)
  }

  /// The first piece that differs (or one after a file that differs from the start).
  private func start(_ piece: UnsafeRawBufferPointer) {
    differs = true
    guard target != nil else { return }
    write(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(file)[..<count]))
    write(piece)
  }

  private func write(_ bytes: UnsafeRawBufferPointer) {
    guard let target, error == nil else { return }
    do {
      if stream == nil { stream = try OutputFile.Stream(target, permissions: permissions) }
      try stream?.append(bytes)
    } catch {
      self.error = error
    }
  }

  /// After the last piece: whether the bytes differ from the file's; unless `--check`, the file
  /// rewritten (renamed into place) when they do.
  func finish() throws(OutputError) -> Bool {
    if !differs && count != file.count {
      firstDifference = count
      start(UnsafeRawBufferPointer(start: nil, count: 0))
    }
    guard differs, target != nil else { return differs }
    if let error {
      stream?.discard()
      throw error
    }
    guard let stream else { return differs }
    try OutputFile.commit([stream.finish()])
    return true
  }
}
