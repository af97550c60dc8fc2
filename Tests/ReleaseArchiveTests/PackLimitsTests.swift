import ReleaseArchive
import Testing

/// `PackLimits`: the SDK's numbers, and each check's error.
@Suite("PackLimits")
struct PackLimitsTests {
  static let entries = [
    ZipEntry(path: "de.lproj/A.strings", bytes: [UInt8](repeating: 0x41, count: 600)),
    ZipEntry(path: "en.lproj/A.strings", bytes: [UInt8](repeating: 0x41, count: 600)),
  ]

  @Test func sdkNumbers() {
    #expect(PackLimits.sdk.entries == 10_000)
    #expect(PackLimits.sdk.uncompressedBytes == 200 * 1024 * 1024)
    #expect(PackLimits.sdk.compressedBytes == 50 * 1024 * 1024)
    #expect(throws: Never.self) { try PackLimits.sdk.checkBeforeWriting(Self.entries) }
  }

  @Test func eachLimitHasItsError() {
    var limits = PackLimits()
    limits.entries = 1
    #expect(throws: PackError(.tooManyEntries, "2 files, more than the SDK's limit of 1 entries")) {
      try limits.checkBeforeWriting(Self.entries)
    }
    limits = PackLimits()
    limits.uncompressedBytes = 1000
    let uncompressed = PackError(
      .uncompressedSizeTooLarge, "1200 bytes uncompressed, more than the SDK's limit of 1000")
    #expect(throws: uncompressed) { try limits.checkBeforeWriting(Self.entries) }
    limits = PackLimits()
    limits.compressedBytes = 10
    let compressed = PackError(
      .archiveTooLarge, "archive is 11 bytes, more than the SDK's limit of 10")
    #expect(throws: compressed) { try limits.checkAfterWriting([UInt8](repeating: 0, count: 11)) }
    #expect(throws: PackError(.nothingToPack, "nothing to pack: no .strings or .stringsdict file"))
    {
      try PackLimits.sdk.checkBeforeWriting([])
    }
  }
}
