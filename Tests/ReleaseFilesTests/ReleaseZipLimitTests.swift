import LHCTestSupport
import ReleaseFiles
import Testing

/// Random bytes from `SplitMix64`, the same on every run.
struct SplitMixBytes {
  var generator: SplitMix64

  init(seed: UInt64) {
    generator = SplitMix64(state: seed)
  }

  mutating func bytes(_ count: Int) -> [UInt8] {
    (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
  }
}

@Suite("ReleaseZip: limits and hostile input")
struct ReleaseZipLimitTests {
  private static func limits(
    compressed: Int = 50 << 20, uncompressed: Int = 200 << 20, entries: Int = 10_000
  ) -> ReleaseZip.Limits {
    var limits = ReleaseZip.Limits()
    limits.compressedBytes = compressed
    limits.uncompressedBytes = uncompressed
    limits.entries = entries
    return limits
  }

  @Test func sdkLimits() {
    let sdk = ReleaseZip.Limits.sdk
    #expect(sdk.compressedBytes == 52_428_800)
    #expect(sdk.uncompressedBytes == 209_715_200)
    #expect(sdk.entries == 10_000)
  }

  @Test func compressedSize() throws {
    let zip = try PythonZip.goodRelease()
    expectRejection(.archiveTooLarge, zip, limits: Self.limits(compressed: zip.count - 1))
    #expect(try ReleaseZip.entries(zip, limits: Self.limits(compressed: zip.count)).count == 4)
  }

  @Test func entryCount() throws {
    let zip = try PythonZip.make(
      """
      add('en.lproj/Localizable.strings', b'x')
      for i in range(10000):
          add('en.lproj/More/%d.txt' % i)
      """)
    expectRejection(.tooManyEntries, zip)
    expectRejection(.tooManyEntries, zip, limits: Self.limits(entries: 100))
    #expect(try ReleaseZip.entries(zip, limits: Self.limits(entries: 10_001)).count == 1)
  }

  @Test func uncompressedSizeCountsEveryEntry() throws {
    let zip = try PythonZip.make(
      "add('en.lproj/Localizable.strings', b'x' * 1000)\nadd('junk/big.bin', b'y' * 5000)")
    expectRejection(.uncompressedSizeTooLarge, zip, limits: Self.limits(uncompressed: 5999))
    #expect(try ReleaseZip.entries(zip, limits: Self.limits(uncompressed: 6000)).count == 1)
  }

  @Test func zipBomb() throws {
    let zip = try PythonZip.make("add_zeros('en.lproj/Localizable.strings', 300)")
    #expect(zip.count < 1 << 20)
    expectRejection(.uncompressedSizeTooLarge, zip)
  }

  /// A declared size of 1,000 bytes for 300 MB of zeros: libarchive inflates past the declared
  /// size, so the decompressed bytes counted while reading trip the limit.
  @Test func lyingDeclaredSize() throws {
    let zip = try PythonZip.make(
      "add_zeros('en.lproj/Localizable.strings', 300)", after: "patch_declared_size(1000)")
    expectRejection(.uncompressedSizeTooLarge, zip)
  }

  /// Under the limit, the mismatch between declared and real size is libarchive's error.
  @Test func lyingDeclaredSizeUnderLimit() throws {
    let zip = try PythonZip.make(
      "add_zeros('en.lproj/Localizable.strings', 2)", after: "patch_declared_size(1000)")
    expectRejection(.unreadableArchive, zip)
  }

  /// A declared size larger than the data (an entry is decompressed into an array of its declared
  /// size when that fits the limit): libarchive's mismatch error, or the limit when the declared
  /// size is over it.
  @Test(arguments: [10_000, 150 << 20, 300 << 20])
  func declaredSizeLargerThanTheData(declared: Int) throws {
    let zip = try PythonZip.make(
      "add('en.lproj/Localizable.strings', b'\"a\" = \"b\";' * 100)",
      after: "patch_declared_size(\(declared))")
    let overLimit = declared > ReleaseZip.Limits.sdk.uncompressedBytes
    expectRejection(overLimit ? .uncompressedSizeTooLarge : .unreadableArchive, zip)
  }

  @Test func randomMutationsNeverCrash() throws {
    let zip = try PythonZip.goodRelease()
    var generator = SplitMix64(state: 2024)
    var outcomes: [String: Int] = [:]
    for _ in 0..<2000 {
      var mutated = zip
      for _ in 0..<Int.random(in: 1...4, using: &generator) {
        let index = Int.random(in: 0..<mutated.count, using: &generator)
        mutated[index] ^= UInt8.random(in: 1...255, using: &generator)
      }
      do {
        _ = try ReleaseZip.entries(mutated)
        outcomes["accepted", default: 0] += 1
      } catch {
        outcomes[error.reason.rawValue, default: 0] += 1
      }
    }
    #expect(outcomes.values.reduce(0, +) == 2000)
  }
}
