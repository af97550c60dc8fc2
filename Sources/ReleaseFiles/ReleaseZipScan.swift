/// The state of one read of a release zip: what the entries seen so far add up to, and the rules
/// applied to each (see `ReleaseZip` for the list). `ReleaseZip.entries` drives it with what
/// libarchive reads; `lhc pack` with the records of the archive it has just written.
public struct ReleaseZipScan {
  public let limits: ReleaseZip.Limits
  /// Decompressed bytes still allowed.
  public var remainingBytes: Int
  /// Whether some entry was a table file to keep.
  private var keptAny = false
  private var entryCount = 0
  private var declaredBytes = 0
  private var seenPaths: Set<String> = []
  /// The first path component of every non-junk entry.
  private var topLevelNames: Set<String> = []
  /// Whether some non-junk file sits at `<folder>/<name>.lproj/<Table>.strings[dict]`.
  private var hasWrappedTable = false

  /// A scan with nothing seen yet.
  public init(limits: ReleaseZip.Limits) {
    self.limits = limits
    self.remainingBytes = limits.uncompressedBytes
  }

  /// Applies the per-entry rules to `header`; whether the entry is a table file to keep.
  public mutating func admit(_ header: ZipEntryHeader) throws(ReleaseArchiveError) -> Bool {
    entryCount += 1
    guard entryCount <= limits.entries else {
      throw ReleaseArchiveError(
        .tooManyEntries, "archive has more than \(limits.entries) entries")
    }
    try Self.checkSafety(header)
    guard seenPaths.insert(header.path).inserted else {
      throw ReleaseArchiveError(.duplicateEntry, "entry appears twice", path: header.path)
    }
    // Compared before adding: a zip64 size near `Int.max` must not overflow the sum.
    let declared = max(0, header.declaredSize ?? 0)
    guard declared <= limits.uncompressedBytes - declaredBytes else { throw Self.sizeError() }
    declaredBytes += declared
    guard !ReleaseZip.isJunk(header.path) else { return false }
    let keep = note(header)
    keptAny = keptAny || keep
    return keep
  }

  /// Throws why the archive holds no table file, if it holds none.
  public func finish() throws(ReleaseArchiveError) {
    guard !keptAny else { return }
    if topLevelNames.count == 1, hasWrappedTable, let folder = topLevelNames.first {
      throw ReleaseArchiveError(
        .wrapperDirectory,
        "the .lproj folders are inside the folder '\(folder)'; SDK revisions disagree on this "
          + "shape (some hoist the folder, some reject the release), so lhc requires the .lproj "
          + "folders at the root of the archive", path: folder)
    }
    throw ReleaseArchiveError(
      .noLocalizationContent,
      "no <lang>.lproj/<Table>.strings or .stringsdict at the root of the archive")
  }

  /// The error for too many decompressed bytes.
  public static func sizeError() -> ReleaseArchiveError {
    ReleaseArchiveError(
      .uncompressedSizeTooLarge, "archive decompresses to more than the limit")
  }

  /// Records a non-junk entry's place in the layout; whether it is a root table file.
  private mutating func note(_ header: ZipEntryHeader) -> Bool {
    let names = header.path.split(separator: "/", omittingEmptySubsequences: false)
    topLevelNames.insert(String(names[0]))
    guard header.isRegularFile, !header.isDirectory else { return false }
    if names.count == 3, Self.isTable(folder: names[1], file: names[2]) {
      hasWrappedTable = true
    }
    return names.count == 2 && Self.isTable(folder: names[0], file: names[1])
  }

  /// Whether `folder/file` is `<name>.lproj/<Table>.strings` or `<name>.lproj/<Table>.stringsdict`.
  private static func isTable(folder: Substring, file: Substring) -> Bool {
    func hasStem(_ name: Substring, _ suffix: String) -> Bool {
      name.count > suffix.count && name.hasSuffix(suffix)
    }
    return hasStem(folder, ".lproj") && (hasStem(file, ".strings") || hasStem(file, ".stringsdict"))
  }

  /// Rejects names that could land outside the destination folder, links and non-UTF-8 names.
  private static func checkSafety(_ header: ZipEntryHeader) throws(ReleaseArchiveError) {
    let path = header.path
    func unsafe(_ why: String) -> ReleaseArchiveError {
      ReleaseArchiveError(.unsafeEntryPath, why, path: path.isEmpty ? nil : path)
    }
    guard header.isUTF8 else { throw unsafe("entry name is not valid UTF-8") }
    guard !path.isEmpty else { throw unsafe("entry has an empty name") }
    guard path.first != "/", path.first != "\\" else { throw unsafe("entry path is absolute") }
    let names = path.split(omittingEmptySubsequences: false) { $0 == "/" || $0 == "\\" }
    guard !names.contains("..") else { throw unsafe("entry path has a '..' component") }
    guard !header.isLink else { throw unsafe("entry is a symbolic or hard link") }
  }
}
