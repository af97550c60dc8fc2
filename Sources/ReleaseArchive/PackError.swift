/// Why `lhc pack` could not produce a release archive.
public struct PackError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Which rule or step failed.
  public enum Reason: String, Sendable {
    /// No table file to pack (an empty catalog, a language filter that matches nothing).
    case nothingToPack
    /// More entries than the SDK accepts.
    case tooManyEntries
    /// More uncompressed bytes than the SDK accepts.
    case uncompressedSizeTooLarge
    /// A larger archive than the SDK downloads.
    case archiveTooLarge
    /// Two entries with the same path.
    case duplicateEntry
    /// An input file could not be read when its entry was compressed.
    case unreadableInput
    /// libdeflate failed (no memory), or the archive would need zip64.
    case writeFailed
  }

  /// Which rule or step failed.
  public var reason: Reason
  /// A lower-case explanation.
  public var message: String
  /// The input file concerned (``Reason/unreadableInput``).
  public var path: String?

  /// An error for `reason`, explained by `message`, about the input file at `path` if any.
  public init(_ reason: Reason, _ message: String, path: String? = nil) {
    self.reason = reason
    self.message = message
    self.path = path
  }

  /// `message (reason)`.
  public var description: String { "\(message) (\(reason.rawValue))" }
}
