import LHCBase
import ReleaseFiles

/// A zip ``ZipWriter`` wrote, which can be read back as the LingoHub SDK reads a release.
public struct WrittenZip: Sendable {
  /// The archive.
  public let bytes: [UInt8]

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Reads the archive as the LingoHub iOS SDK 2.x reads a release before installing it, with the
  /// rules of ``ReleaseZip`` and the same errors (`limits`, the SDK's by default): the size, then
  /// every central directory record (count, path safety, duplicates, declared sizes), every entry
  /// inflated (libdeflate) to exactly its size and CRC-32, then the layout; and `read` run on each
  /// table file, whose first error is thrown after those. Returns what `read` returns, in the
  /// archive's (path) order.
  ///
  /// The records are read as ``ZipWriter`` writes them (``ZipLayout/entries(of:)``), not by
  /// libarchive, which reads every zip lhc did not write. Entries are inflated and read on every
  /// core, one at a time per core, so the archive and one entry per core are in memory, plus what
  /// `read` keeps. `read` runs on several threads at once (the caveat of `Parallel.map`).
  public func readBack<Read>(
    limits: ReleaseZip.Limits = .sdk,
    _ read: (ArchiveEntry) throws(ReleaseArchiveError) -> Read
  ) throws(ReleaseArchiveError) -> [Read] {
    guard bytes.count <= limits.compressedBytes else {
      throw ReleaseArchiveError(
        .archiveTooLarge,
        "archive is \(bytes.count) bytes, more than the limit of \(limits.compressedBytes)")
    }
    let entries = try ZipLayout.entries(of: bytes)
    var scan = ReleaseZipScan(limits: limits)
    var kept: [Bool] = []
    for entry in entries { kept.append(try scan.admit(Self.header(entry))) }
    // Outer result: the entry's data; inner: `read` on a table file (nil: not one).
    let results = Parallel.map(Array(zip(entries, kept)), state: { Decompressor() }) {
      decompressor, item in
      Result { () throws(ReleaseArchiveError) in
        let (entry, keep) = item
        let data = try inflate(entry, decompressor)
        guard keep else { return Result<Read, ReleaseArchiveError>?.none }
        let path = String(decoding: entry.name, as: UTF8.self)
        return Result { () throws(ReleaseArchiveError) in
          try read(ArchiveEntry(path: path, bytes: data))
        }
      }
    }
    var outcomes: [Result<Read, ReleaseArchiveError>] = []
    for result in results {
      if let outcome = try result.get() { outcomes.append(outcome) }
    }
    try scan.finish()
    return try outcomes.map { outcome throws(ReleaseArchiveError) in try outcome.get() }
  }

  /// The bytes of `entry`, inflated and checked against its size and CRC-32.
  private func inflate(
    _ entry: ZipLayout.Entry, _ decompressor: Decompressor?
  ) throws(ReleaseArchiveError) -> [UInt8] {
    let path = String(decoding: entry.name, as: UTF8.self)
    guard let decompressor else {
      throw ReleaseArchiveError(.unreadableArchive, "libdeflate has no memory", path: path)
    }
    let start = entry.offset + ZipLayout.localHeaderSize + entry.name.count + ZipLayout.extraSize
    let data = bytes.withUnsafeBytes { archive in
      decompressor.inflate(
        UnsafeRawBufferPointer(rebasing: archive[start..<start + entry.compressedSize]),
        size: entry.size)
    }
    guard let data else {
      throw ReleaseArchiveError(
        .unreadableArchive, "the deflate data does not give the entry's \(entry.size) bytes",
        path: path)
    }
    guard data.withUnsafeBytes(crc32) == entry.crc else {
      throw ReleaseArchiveError(.unreadableArchive, "CRC-32 mismatch", path: path)
    }
    return data
  }

  /// What the SDK's rules look at in `entry`'s headers.
  private static func header(_ entry: ZipLayout.Entry) -> ZipEntryHeader {
    let path = String(validating: entry.name, as: UTF8.self)
    let type = entry.externalAttributes >> 16 & 0o170000
    return ZipEntryHeader(
      path: path ?? "", isUTF8: path != nil, isDirectory: entry.name.last == UInt8(ascii: "/"),
      isRegularFile: type == 0o100000, isLink: type == 0o120000, declaredSize: entry.size)
  }
}
