// STUB (helper C replaces): release zips read in memory through libarchive, with the SDK's rules.

/// A file of a release archive: its path inside the zip and its bytes.
public struct ArchiveEntry: Sendable, Equatable {
  public var path: String
  public var bytes: [UInt8]

  public init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
  }
}

/// Why the LingoHub iOS SDK (2.x) would refuse a release archive.
public struct ReleaseArchiveError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The SDK's `UpdateInstaller.InstallError` case, plus lhc's own for layouts it rejects.
  public enum Reason: String, Sendable {
    case unreadableArchive, archiveTooLarge, uncompressedSizeTooLarge, tooManyEntries
    case unsafeEntryPath, duplicateEntry, wrapperDirectory, noLocalizationContent
    case malformedLocalizationFile
  }

  public var reason: Reason
  public var message: String
  /// The entry concerned, if any.
  public var path: String?

  public init(_ reason: Reason, _ message: String, path: String? = nil) {
    self.reason = reason
    self.message = message
    self.path = path
  }

  public var description: String {
    (path.map { "\($0): " } ?? "") + message + " (\(reason.rawValue))"
  }
}

/// Reads release zips as the LingoHub iOS SDK does before installing them. Nothing touches the disk.
public enum ReleaseZip {
  /// The SDK 2.x limits.
  public struct Limits: Sendable {
    public var compressedBytes = 50 << 20
    public var uncompressedBytes = 200 << 20
    public var entries = 10_000
    public init() {}
    public static let sdk = Limits()
  }

  /// The `<lang>.lproj/<Table>.strings|.stringsdict` files of `archive`, sorted by path.
  public static func entries(
    _ archive: [UInt8], limits: Limits = .sdk
  ) throws(ReleaseArchiveError) -> [ArchiveEntry] {
    throw ReleaseArchiveError(.unreadableArchive, "not implemented")
  }
}
