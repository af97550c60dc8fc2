import LHCBase
import ReleaseArchive
import ReleaseFiles

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
  static func lingoHub(_ entries: [ZipEntry], modificationTime: Int) throws -> PackedRelease {
    try PackLimits.sdk.checkBeforeWriting(entries)
    let archive = try ZipWriter.archive(entries, modificationTime: modificationTime)
    try PackLimits.sdk.checkAfterWriting(archive)
    do {
      let release = try Release.read(zip: archive)
      return PackedRelease(
        archive: archive, sha256: SHA256.hex(archive), entries: entries.count,
        release: release)
    } catch {
      throw PackValidationError(cause: error)
    }
  }
}

/// The archive fails the SDK's validation: a malformed input file, or a bug in lhc.
struct PackValidationError: Error, CustomStringConvertible {
  var cause: ReleaseArchiveError

  var description: String { "the LingoHub SDK would refuse the archive: \(cause)" }
}
