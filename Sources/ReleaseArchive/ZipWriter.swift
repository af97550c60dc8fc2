import LHCBase

/// Reproducible deflate zips, written by lhc (the records: ``ZipLayout``; deflate: libdeflate):
/// the same entries give the same bytes whatever their order, the time zone, the clock or the
/// umask.
///
/// - Entries are sorted by path bytes; each is a regular file, mode 0644, uid and gid 0, no
///   owner names, mtime `modificationTime` (clamped to 1980-01-01…2038-01-19, where the DOS fields
///   and the 32-bit `UT` field agree; the DOS fields in UTC), deflate.
/// - No directory entries: ZIPFoundation, `unzip` and Python create parent folders themselves,
///   and every directory entry would be one more record for the SDK's 10,000-entry limit.
/// - Entries are compressed on every core, one libdeflate compressor per core; a core reads (or
///   maps) an entry's file only when it compresses it and drops it right after, so the archive
///   and one uncompressed entry per core are in memory, never the whole tree.
public enum ZipWriter {
  /// 1980-01-01T00:00:00Z: the zip epoch, the default mtime.
  public static let zipEpoch = DOSTime.earliest

  /// libdeflate's level 7: lazy matching with a search depth of 100 and a nice length of 130,
  /// about zlib's level 6 (chains of 128, nice length 128). libdeflate's level 6 searches 35 deep
  /// and gives archives 3 % larger than Info-ZIP's `zip -6` on `make bench`'s tree (8,584,722
  /// against 8,328,006 bytes of deflate data for 106 MB of `.strings` XML), level 7 1.2 % smaller
  /// (8,227,980) for about the CPU time zlib needs at level 6.
  public static let compressionLevel = 7

  /// The zip of `entries`, sorted by path. Throws on duplicate paths, an unreadable input file,
  /// or an archive that would need zip64.
  public static func archive(
    _ entries: [ZipEntry], modificationTime: Int = zipEpoch,
    compressionLevel: Int = compressionLevel
  ) throws(PackError) -> WrittenZip {
    try archive(entries, modificationTime: modificationTime, compressionLevel: compressionLevel) {
      _, _ in ()
    }.zip
  }

  /// ``archive(_:modificationTime:compressionLevel:)``, also handing every entry's uncompressed
  /// bytes to `note` while they are in memory (on the core compressing them, several at once):
  /// its results come back in the archive's order.
  public static func archive<Note>(
    _ entries: [ZipEntry], modificationTime: Int = zipEpoch,
    compressionLevel: Int = compressionLevel,
    noting note: (ZipEntry, UnsafeBufferPointer<UInt8>) -> Note
  ) throws(PackError) -> (zip: WrittenZip, notes: [Note]) {
    let sorted = try sortedUnique(entries)
    let time = UInt32(DOSTime.clamp(modificationTime))
    let compressed = Parallel.map(sorted, state: { Compressor(level: compressionLevel) }) {
      compressor, entry in
      Result { () throws(PackError) in
        guard let compressor else {
          throw PackError(.writeFailed, "libdeflate cannot compress at level \(compressionLevel)")
        }
        return try entry.withBytes { bytes in
          let raw = UnsafeRawBufferPointer(bytes)
          return (crc32(raw), bytes.count, compressor.deflate(raw), note(entry, bytes))
        }
      }
    }
    var bytes: [UInt8] = []
    var headers: [ZipLayout.Entry] = []
    var notes: [Note] = []
    bytes.reserveCapacity(
      compressed.reduce(0) { total, piece in
        total + ((try? piece.get().2.count) ?? 0) + 200
      })
    for (entry, piece) in zip(sorted, compressed) {
      let (crc, size, data, noted) = try piece.get()
      let name = Array(entry.path.utf8)
      guard name.count <= UInt16.max, size <= UInt32.max, data.count <= UInt32.max,
        bytes.count <= UInt32.max
      else { throw needsZip64(entry.path) }
      let header = ZipLayout.Entry(
        name: name, flags: ZipLayout.flags(forName: name), modificationTime: time, crc: crc,
        compressedSize: data.count, size: size, externalAttributes: ZipLayout.externalAttributes,
        offset: bytes.count)
      ZipLayout.appendLocalHeader(&bytes, header)
      bytes += data
      ZipLayout.appendDescriptor(&bytes, header)
      headers.append(header)
      notes.append(noted)
    }
    let directoryOffset = bytes.count
    guard headers.count <= UInt16.max, directoryOffset <= UInt32.max else { throw needsZip64(nil) }
    for header in headers { ZipLayout.appendCentralHeader(&bytes, header) }
    guard bytes.count - directoryOffset <= UInt32.max else { throw needsZip64(nil) }
    ZipLayout.appendEnd(
      &bytes, entries: headers.count, directoryOffset: directoryOffset,
      directorySize: bytes.count - directoryOffset)
    return (WrittenZip(bytes: bytes), notes)
  }

  /// The error for an archive or entry beyond the classic zip format's 16- and 32-bit fields.
  private static func needsZip64(_ path: String?) -> PackError {
    PackError(
      .writeFailed,
      (path.map { "\($0): " } ?? "")
        + "too large for a zip without zip64 records, which lhc does not write")
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
