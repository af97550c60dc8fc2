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
    /// libarchive refused an entry or failed to write.
    case writeFailed
  }

  /// Which rule or step failed.
  public var reason: Reason
  /// A lower-case explanation.
  public var message: String

  /// An error for `reason`, explained by `message`.
  public init(_ reason: Reason, _ message: String) {
    self.reason = reason
    self.message = message
  }

  /// `message (reason)`.
  public var description: String { "\(message) (\(reason.rawValue))" }
}
