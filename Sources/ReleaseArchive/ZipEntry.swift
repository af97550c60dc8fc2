import LHCBase

/// A file to put in a release archive.
public struct ZipEntry: Sendable, Equatable {
  /// Where an entry's uncompressed bytes come from.
  public enum Source: Sendable, Equatable {
    /// Bytes in memory (a table file lhc wrote, another SDK's payload).
    case bytes([UInt8])
    /// The file at this path, read only when the entry is compressed and dropped right after, so
    /// that a tree of files is never in memory at once; `size` is its size when the inputs were
    /// listed (for the limits checked before writing).
    case file(path: String, size: Int)
  }

  /// The path inside the zip, e.g. `de.lproj/Localizable.strings`.
  public var path: String
  /// The uncompressed content.
  public var source: Source

  /// An entry at `path` holding `bytes`.
  public init(path: String, bytes: [UInt8]) {
    self.path = path
    self.source = .bytes(bytes)
  }

  /// An entry at `path` holding what the file at `file` holds when it is compressed.
  public init(path: String, file: String, size: Int) {
    self.path = path
    self.source = .file(path: file, size: size)
  }

  /// The number of uncompressed bytes, as far as known before reading.
  public var size: Int {
    switch source {
    case .bytes(let bytes): bytes.count
    case .file(_, let size): size
    }
  }

  /// Calls `body` with the uncompressed bytes: held, or the file mapped now (and unmapped after).
  func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) throws(PackError) -> R {
    switch source {
    case .bytes(let bytes): return bytes.withUnsafeBufferPointer(body)
    case .file(let file, _):
      let text: SourceText
      do { text = try SourceText(contentsOf: file) } catch {
        throw PackError(.unreadableInput, "cannot read file: \(error.message)", path: file)
      }
      return withExtendedLifetime(text) { body(text.bytes) }
    }
  }
}
