import LHCBase
import ReleaseArchive
import ReleaseFiles
import StringTables

/// A release zip in memory, within the SDK's limits and read back as the SDK reads it.
struct PackedRelease {
  var archive: [UInt8]
  var sha256: String
  var entries: Int
  /// The tables the SDK would install, with the reader's warnings.
  var release: Release

  /// The LingoHub iOS SDK's archive of `entries`: limits checked before and after writing, then
  /// validated with `Release.read(zip:)`. Throws `PackError` or, when the SDK would refuse the
  /// archive, `PackValidationError`.
  ///
  /// `writtenFrom`: entry path → the table part lhc wrote that entry's bytes from (catalogs
  /// compiled in memory; none for a folder's files). Such a file read back with exactly those
  /// bytes is that table part, known to parse (lhc's writer and reader give back every table
  /// they are given: tested on the corpus); every other file is parsed.
  static func lingoHub(
    _ entries: [ZipEntry], modificationTime: Int, writtenFrom: [String: StringTable] = [:]
  ) throws -> PackedRelease {
    try PackLimits.sdk.checkBeforeWriting(entries)
    let archive = try ZipWriter.archive(entries, modificationTime: modificationTime)
    try PackLimits.sdk.checkAfterWriting(archive)
    do {
      let release = try Release.read(
        zip: archive, recognizing: writtenFrom.isEmpty ? nil : recognizer(entries, writtenFrom))
      return PackedRelease(
        archive: archive, sha256: SHA256.hex(archive), entries: entries.count,
        release: release)
    } catch {
      throw PackValidationError(cause: error)
    }
  }
}

extension PackedRelease {
  /// Recognizes the entries read back with the bytes they were written with, when written from
  /// a table part.
  private static func recognizer(
    _ entries: [ZipEntry], _ writtenFrom: [String: StringTable]
  ) -> Release.Recognizer {
    var written: [String: (bytes: [UInt8], part: StringTable)] = [:]
    for entry in entries {
      if let part = writtenFrom[entry.path] { written[entry.path] = (entry.bytes, part) }
    }
    return Release.recognizer(sameBytes: written)
  }
}

/// The archive fails the SDK's validation: a malformed input file, or a bug in lhc.
struct PackValidationError: Error, CustomStringConvertible {
  var cause: ReleaseArchiveError

  var description: String { "the LingoHub SDK would refuse the archive: \(cause)" }
}
