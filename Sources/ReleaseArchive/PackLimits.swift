/// The LingoHub iOS SDK 2.x limits on a release archive, checked by `lhc pack` before and after
/// writing so a release the SDK would refuse is never produced.
public struct PackLimits: Sendable {
  /// The most entries the SDK accepts.
  public var entries = 10_000
  /// The most decompressed bytes the SDK accepts over all entries (200 MiB).
  public var uncompressedBytes = 200 << 20
  /// The largest archive the SDK downloads (50 MiB).
  public var compressedBytes = 50 << 20

  /// The SDK's limits.
  public init() {}

  /// The SDK's limits.
  public static let sdk = PackLimits()

  /// Checks what is known before compressing: the entry count and the uncompressed total (of
  /// files, their sizes when listed; the read-back counts the bytes packed).
  public func checkBeforeWriting(_ entries: [ZipEntry]) throws(PackError) {
    guard !entries.isEmpty else {
      throw PackError(.nothingToPack, "nothing to pack: no .strings or .stringsdict file")
    }
    guard entries.count <= self.entries else {
      throw PackError(
        .tooManyEntries,
        "\(entries.count) files, more than the SDK's limit of \(self.entries) entries")
    }
    let total = entries.reduce(0) { $0 + $1.size }
    guard total <= uncompressedBytes else {
      throw PackError(
        .uncompressedSizeTooLarge,
        "\(total) bytes uncompressed, more than the SDK's limit of \(uncompressedBytes)")
    }
  }

  /// Checks the written archive's size.
  public func checkAfterWriting(_ archive: [UInt8]) throws(PackError) {
    guard archive.count <= compressedBytes else {
      throw PackError(
        .archiveTooLarge,
        "archive is \(archive.count) bytes, more than the SDK's limit of \(compressedBytes)")
    }
  }
}
