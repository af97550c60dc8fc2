/// Why the LingoHub iOS SDK (2.x) would refuse a release archive.
public struct ReleaseArchiveError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The SDK's `UpdateInstaller.InstallError` case, plus lhc's own for layouts it rejects.
  public enum Reason: String, Sendable {
    /// Not a zip, truncated, empty (0 bytes) or corrupt data; the message is libarchive's.
    case unreadableArchive
    /// More input bytes than `ReleaseZip.Limits.compressedBytes`.
    case archiveTooLarge
    /// More decompressed bytes than `ReleaseZip.Limits.uncompressedBytes`.
    case uncompressedSizeTooLarge
    /// More entries than `ReleaseZip.Limits.entries`.
    case tooManyEntries
    /// An absolute path, a `..` component, a symlink, a hard link or a name that is not UTF-8.
    case unsafeEntryPath
    /// The same path twice (lhc's own; the SDK would silently keep the last one extracted).
    case duplicateEntry
    /// The `.lproj` folders sit in a single top-level folder instead of at the root.
    case wrapperDirectory
    /// No `<lang>.lproj/<Table>.strings|.stringsdict` at the root.
    case noLocalizationContent
    /// A `.strings` or `.stringsdict` file fails to parse.
    case malformedLocalizationFile
  }

  /// Which rule the archive broke.
  public var reason: Reason
  /// A lower-case explanation.
  public var message: String
  /// The entry concerned, if any.
  public var path: String?
  /// The 1-based line and column in the entry's text, when a table file fails to parse there.
  public var line: Int?
  public var column: Int?

  /// An error for `reason`, explained by `message`, about the entry at `path` if any.
  public init(_ reason: Reason, _ message: String, path: String? = nil) {
    self.reason = reason
    self.message = message
    self.path = path
  }

  /// `line:column` or `line` when the position is known, else nil.
  public var position: String? {
    line.map { line in column.map { "\(line):\($0)" } ?? "\(line)" }
  }

  /// `path:line:column: message (reason)`, without the parts that are unknown.
  public var description: String {
    let location = [path, position].compactMap { $0 }.joined(separator: ":")
    return (location.isEmpty ? "" : location + ": ") + message + " (\(reason.rawValue))"
  }
}
