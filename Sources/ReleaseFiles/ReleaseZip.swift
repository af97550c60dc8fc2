/// A file of a release archive: its path inside the zip and its bytes.
public struct ArchiveEntry: Sendable, Equatable {
  /// The path inside the zip, e.g. `de.lproj/Localizable.strings`.
  public var path: String
  /// The decompressed content.
  public var bytes: [UInt8]

  /// An entry at `path` holding `bytes`.
  public init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
  }
}

/// Reads release zips as the LingoHub iOS SDK 2.x does before installing them. Nothing touches the
/// disk: the zip is read from memory through libarchive, one `archive` handle per call, so calls
/// may run on any number of threads at once.
///
/// The rules, in the order they are checked:
/// 1. More input bytes than `limits.compressedBytes` → `.archiveTooLarge`, before anything is read.
/// 2. Not a zip, a zip without its central directory (truncated), 0 bytes, or corrupt data
///    (a bad CRC, a deflate stream that fails, a declared size that the data does not match) →
///    `.unreadableArchive` with libarchive's message.
/// 3. Every central-directory record counts as an entry, directories and junk included, as
///    ZIPFoundation iterates them; entry `limits.entries + 1` → `.tooManyEntries`, right away.
/// 4. A path that is empty, starts with `/` or `\`, has a `..` component (`/` or `\` separated),
///    is not valid UTF-8, or an entry that is a symlink or hard link → `.unsafeEntryPath`.
/// 5. The same path twice → `.duplicateEntry`. Paths compare as Swift strings, so NFC and NFD
///    spellings of one name are the same path, as on APFS.
/// 6. Every entry is decompressed (the SDK extracts them all) and its bytes counted: once the
///    total passes `limits.uncompressedBytes` → `.uncompressedSizeTooLarge`. The declared sizes
///    are summed too, so an honest zip bomb stops before inflating; a lying one stops at the
///    first chunk past the limit. Nothing is allocated from a declared size.
/// 7. Junk is ignored (still counted and checked): see `isJunk(_:)`.
/// 8. Only regular files at `<name>.lproj/<Table>.strings` or `<name>.lproj/<Table>.stringsdict`
///    directly at the root are returned; other files in a `.lproj`, its sub-folders, other root
///    files and directory entries are not.
/// 9. None returned: if all non-junk entries sit in one top-level folder holding such files
///    (`release/en.lproj/…`) → `.wrapperDirectory`; otherwise (deeper nesting, an empty zip)
///    → `.noLocalizationContent`.
///
/// Names are matched case-sensitively, as on the device's file system.
public enum ReleaseZip {
  /// The SDK 2.x limits.
  public struct Limits: Sendable {
    /// The largest archive accepted, in bytes (50 MiB).
    public var compressedBytes = 50 << 20
    /// The most decompressed bytes accepted over all entries (200 MiB).
    public var uncompressedBytes = 200 << 20
    /// The most entries accepted, directories and junk included.
    public var entries = 10_000

    /// The SDK's limits.
    public init() {}

    /// The SDK's limits.
    public static let sdk = Limits()
  }

  /// The `<lang>.lproj/<Table>.strings|.stringsdict` files of `archive`, sorted by path (byte order).
  public static func entries(
    _ archive: [UInt8], limits: Limits = .sdk
  ) throws(ReleaseArchiveError) -> [ArchiveEntry] {
    try entries(archive, limits: limits) { _ in }
  }

  /// ``entries(_:limits:)``, also handing each file to `each` as soon as it is decompressed, in
  /// archive order (work on it can start while the rest is read; a rule broken later still
  /// throws).
  public static func entries(
    _ archive: [UInt8], limits: Limits = .sdk, each: (ArchiveEntry) -> Void
  ) throws(ReleaseArchiveError) -> [ArchiveEntry] {
    guard archive.count <= limits.compressedBytes else {
      throw ReleaseArchiveError(
        .archiveTooLarge,
        "archive is \(archive.count) bytes, more than the limit of \(limits.compressedBytes)")
    }
    var scan = ReleaseZipScan(limits: limits)
    var kept: [ArchiveEntry] = []
    try ZipArchiveReader.read(archive) { reader throws(ReleaseArchiveError) in
      while let header = try reader.nextHeader() {
        let keep = try scan.admit(header)
        let bytes = try reader.readData(
          keeping: keep, declaredSize: header.declaredSize, budget: &scan.remainingBytes)
        if keep, let bytes {
          let entry = ArchiveEntry(path: header.path, bytes: bytes)
          kept.append(entry)
          each(entry)
        }
      }
    }
    try scan.finish()
    return kept.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
  }

  /// Whether the SDK ignores `path`: anything in a `__MACOSX` folder, any `.DS_Store`, any `._*`
  /// name, at any depth.
  public static func isJunk(_ path: String) -> Bool {
    path.split(separator: "/").contains { name in
      name == "__MACOSX" || name == ".DS_Store" || name.hasPrefix("._")
    }
  }
}
