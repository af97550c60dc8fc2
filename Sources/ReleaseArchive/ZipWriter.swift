import LHCBase

/// Reproducible deflate zips through libarchive: the same entries give the same bytes whatever
/// their order, the time zone, the clock or the umask.
///
/// - Entries are sorted by path bytes; each is a regular file, mode 0644, uid and gid 0, no
///   owner names, mtime `modificationTime` (clamped to 1980-01-01…2038-01-19, where the DOS fields and
///   libarchive's 32-bit `UT` field agree), deflate.
/// - No directory entries: ZIPFoundation, `unzip` and Python create parent folders themselves,
///   and every directory entry would be one more record for the SDK's 10,000-entry limit.
/// - libarchive's extra fields stay: `UT` holds only the fixed mtime, `ux` uid and gid 0.
/// - The DOS date and time fields, which libarchive takes from the local time zone, are
///   rewritten from UTC.
/// - Each entry is compressed on its own libarchive handle, on every core; the one-entry zips
///   are joined into the bytes one handle writes for all of them (tested byte for byte).
public enum ZipWriter {
  /// 1980-01-01T00:00:00Z: the zip epoch, the default mtime.
  public static let zipEpoch = DOSTime.earliest

  /// The zip of `entries`, sorted by path. Throws on duplicate paths or a libarchive failure.
  public static func archive(
    _ entries: [ZipEntry], modificationTime: Int = zipEpoch, compressionLevel: Int = 6
  ) throws(PackError) -> [UInt8] {
    let sorted = try sortedUnique(entries)
    let time = DOSTime.clamp(modificationTime)
    let pieces = Parallel.map(sorted) { entry in
      Result { () throws(PackError) in
        try LibarchiveZipWriter.write(
          [entry], modificationTime: time, compressionLevel: compressionLevel)
      }
    }
    var zip = try ZipLayout.join(pieces.map { result throws(PackError) in try result.get() })
    try ZipLayout.setDOSTimes(in: &zip, to: DOSTime(unixTime: time))
    return zip
  }

  /// The same zip written by one libarchive handle on one thread: the reference `archive` is
  /// tested against.
  static func archiveOnOneHandle(
    _ entries: [ZipEntry], modificationTime: Int = zipEpoch, compressionLevel: Int = 6
  ) throws(PackError) -> [UInt8] {
    let time = DOSTime.clamp(modificationTime)
    var zip = try LibarchiveZipWriter.write(
      try sortedUnique(entries), modificationTime: time, compressionLevel: compressionLevel)
    try ZipLayout.setDOSTimes(in: &zip, to: DOSTime(unixTime: time))
    return zip
  }

  /// `entries` sorted by the UTF-8 bytes of their paths; throws on the first duplicate.
  static func sortedUnique(_ entries: [ZipEntry]) throws(PackError) -> [ZipEntry] {
    let sorted = entries.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    for (previous, next) in zip(sorted, sorted.dropFirst()) where previous.path == next.path {
      throw PackError(.duplicateEntry, "two files at \(next.path)")
    }
    return sorted
  }
}
