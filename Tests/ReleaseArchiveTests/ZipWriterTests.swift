import Foundation
import LHCTestSupport
import ReleaseFiles
import Testing

@testable import ReleaseArchive

/// `ZipWriter` against the headers libarchive wrote before, Python's `zipfile`, `unzip -t` and
/// libarchive's reader.
@Suite("ZipWriter")
struct ZipWriterTests {
  /// Tables of several sizes (empty, tiny, compressible, random), with non-ASCII names.
  static func sampleEntries(seed: UInt64 = 1) -> [ZipEntry] {
    var random = SplitMix64(state: seed)
    let text = Array(String(repeating: "\"key\" = \"Wert für den Schlüssel\";\n", count: 3000).utf8)
    let noise = (0..<70_000).map { _ in UInt8.random(in: 0...255, using: &random) }
    return [
      ZipEntry(path: "de.lproj/Localizable.strings", bytes: text),
      ZipEntry(path: "en.lproj/Localizable.strings", bytes: Array("\"a\" = \"b\";\n".utf8)),
      ZipEntry(path: "en.lproj/Empty.strings", bytes: []),
      ZipEntry(path: "fr.lproj/Noise.stringsdict", bytes: noise),
      ZipEntry(path: "ja.lproj/Überschrift.strings", bytes: Array("\"x\" = \"日本\";".utf8)),
    ]
  }

  /// The entries sorted as the archive holds them.
  static func sorted(_ entries: [ZipEntry]) -> [ZipEntry] {
    entries.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
  }

  /// The bytes of an in-memory entry.
  static func bytes(_ entry: ZipEntry) -> [UInt8] {
    guard case .bytes(let bytes) = entry.source else { return [] }
    return bytes
  }

  /// Writes `bytes` to a fresh temporary file; returns it and its directory.
  static func temporaryZip(_ bytes: [UInt8]) throws -> (URL, URL) {
    let directory = try makeTemporaryDirectory()
    let url = directory.appendingPathComponent("release.zip")
    try Data(bytes).write(to: url)
    return (directory, url)
  }

  /// `TestData/pack/libarchive-reference.zip` was written by lhc's libarchive writer (commit
  /// 71d18eb, `SOURCE_DATE_EPOCH=1700000000 TZ=Asia/Kolkata lhc pack --from` a folder of five
  /// files). The same files written by lhc's own writer have the same records, field for field,
  /// except the compressed sizes and the offsets that follow from them (the deflate data is
  /// libdeflate's).
  @Test func recordsEqualLibarchiveWritersOutsideTheDeflateData() throws {
    let reference = try [UInt8](
      Data(contentsOf: TestPaths.testData.appendingPathComponent("pack/libarchive-reference.zip")))
    let entries = try ReleaseZip.entries(reference).map { ZipEntry(path: $0.path, bytes: $0.bytes) }
    #expect(entries.count == 5)
    let written = try ZipWriter.archive(entries, modificationTime: 1_700_000_000).bytes
    let (old, new) = (try ZipRecords(reference), try ZipRecords(written))
    #expect(new.end == old.end, "entry counts; the directory's size")
    #expect(new.entries.count == old.entries.count)
    for (newEntry, oldEntry) in zip(new.entries, old.entries) {
      #expect(newEntry.withoutCompressedSizes == oldEntry.withoutCompressedSizes)
    }
    #expect(written != reference, "libdeflate's data differs from zlib's")
  }

  @Test func sameBytesWhateverTheInputOrder() throws {
    let entries = Self.sampleEntries()
    let first = try ZipWriter.archive(entries).bytes
    #expect(try ZipWriter.archive(entries.reversed()).bytes == first)
    #expect(try ZipWriter.archive(entries.shuffled()).bytes == first)
    #expect(try ZipWriter.archive(entries).bytes == first)
  }

  /// Files read when compressed give the archive their bytes in memory give; `noting` sees
  /// every entry's bytes once, results in archive order.
  @Test func filesAndBytesGiveTheSameArchive() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let entries = Self.sampleEntries()
    let files = try entries.enumerated().map { index, entry in
      let url = directory.appendingPathComponent("\(index)")
      try Data(Self.bytes(entry)).write(to: url)
      return ZipEntry(path: entry.path, file: url.path, size: Self.bytes(entry).count)
    }
    let (zip, notes) = try ZipWriter.archive(files.reversed()) { entry, bytes in
      (entry.path, Array(bytes))
    }
    #expect(zip.bytes == (try ZipWriter.archive(entries).bytes))
    #expect(notes.map(\.0) == Self.sorted(entries).map(\.path))
    #expect(notes.map(\.1) == Self.sorted(entries).map(Self.bytes))
  }

  @Test func anUnreadableFileIsNamed() {
    let missing = ZipEntry(path: "en.lproj/A.strings", file: "/nonexistent/A.strings", size: 0)
    #expect(
      throws: PackError(
        .unreadableInput, "cannot read file: no such file or directory",
        path: "/nonexistent/A.strings")
    ) { try ZipWriter.archive(Self.sampleEntries() + [missing]) }
  }

  @Test func pythonReadsNamesSizesBytesAndMetadata() throws {
    let entries = Self.sampleEntries()
    let (directory, url) = try Self.temporaryZip(try ZipWriter.archive(entries).bytes)
    defer { try? FileManager.default.removeItem(at: directory) }
    let read = try pythonZipEntries(url)
    let sorted = Self.sorted(entries)
    #expect(read.map(\.name) == sorted.map(\.path))
    for (python, entry) in zip(read, sorted) {
      #expect(python.fileSize == Self.bytes(entry).count)
      #expect(python.base64 == Data(Self.bytes(entry)).base64EncodedString())
      #expect(python.compressType == 8, "deflate")
      #expect(python.dateTime == [1980, 1, 1, 0, 0, 0])
      #expect(python.externalAttributes == 0o100644 << 16, "regular file, rw-r--r--")
      #expect(python.createSystem == 3, "Unix")
      // UT: flags 1, mtime 315532800; ux: version 1, uid 0 and gid 0 in 4 bytes each.
      #expect(python.extra == "5554050001" + "00a6ce12" + "75780b000104000000000400000000")
    }
    #expect(read.first { $0.name.hasPrefix("ja.") }.map { $0.flagBits & 0x800 != 0 } == true)
    #expect(read.first { $0.name.hasPrefix("de.") }.map { $0.flagBits } == 0x8)
  }

  @Test func unzipTestAndLibarchivePass() throws {
    let entries = Self.sampleEntries()
    let archive = try ZipWriter.archive(entries).bytes
    let (directory, url) = try Self.temporaryZip(archive)
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try unzipTest(url)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("No errors detected"))
    let read = try ReleaseZip.entries(archive)
    #expect(read.map(\.path) == Self.sorted(entries).map(\.path))
    #expect(read.map(\.bytes) == Self.sorted(entries).map(Self.bytes))
  }

  /// More entries than cores, of very different sizes (one 3 MB, many tiny), every one intact.
  @Test func manyEntriesOfMixedSizes() throws {
    var random = SplitMix64(state: 7)
    let large = (0..<3_000_000).map { index in
      UInt8(ascii: "a") + UInt8(truncatingIfNeeded: index % 23 ^ Int(random.next() % 3))
    }
    let entries =
      [ZipEntry(path: "de.lproj/Large.strings", bytes: large)]
      + (0..<300).map {
        ZipEntry(path: "e\($0).lproj/T.strings", bytes: Array("\"\($0)\" = \"x\";".utf8))
      }
    let archive = try ZipWriter.archive(entries).bytes
    let read = try ReleaseZip.entries(archive)
    #expect(read.map(\.path) == Self.sorted(entries).map(\.path))
    #expect(read.map(\.bytes) == Self.sorted(entries).map(Self.bytes))
  }

  @Test(arguments: [
    (1_700_000_000, [2023, 11, 14, 22, 13, 20]),
    (0, [1980, 1, 1, 0, 0, 0]),
    (1_700_000_001, [2023, 11, 14, 22, 13, 20]),
    (5_000_000_000, [2038, 1, 19, 3, 14, 6]),
    (951_782_400, [2000, 2, 29, 0, 0, 0]),
  ])
  func modificationTimeInUTC(seconds: Int, expected: [Int]) throws {
    let bytes = try ZipWriter.archive(Self.sampleEntries(), modificationTime: seconds).bytes
    let (directory, url) = try Self.temporaryZip(bytes)
    defer { try? FileManager.default.removeItem(at: directory) }
    for entry in try pythonZipEntries(url) {
      #expect(entry.dateTime == expected)
    }
  }

  @Test func duplicatePathsAreRefused() {
    let entry = ZipEntry(path: "en.lproj/A.strings", bytes: [])
    #expect(throws: PackError(.duplicateEntry, "two files at en.lproj/A.strings")) {
      try ZipWriter.archive([entry, entry])
    }
    // Paths compare as Swift strings, as the SDK's rule does: NFC and NFD are one path.
    let composed = ZipEntry(path: "en.lproj/\u{00DC}.strings", bytes: [])
    let decomposed = ZipEntry(path: "en.lproj/U\u{0308}.strings", bytes: [])
    #expect(throws: PackError.self) { try ZipWriter.archive([composed, decomposed]) }
  }
}

/// The records of a zip without zip64 or comment, read field by field (for comparing two zips'
/// headers): the end record, then per entry its central header, local header and descriptor.
struct ZipRecords {
  struct Entry: Equatable {
    /// The central header's fixed fields, name and extra fields.
    var central: [UInt8]
    var local: [UInt8]
    var descriptor: [UInt8]

    /// The records with the compressed size (central 20, descriptor 8) and the local header's
    /// offset (central 42) zeroed.
    var withoutCompressedSizes: Entry {
      var copy = self
      copy.central.replaceSubrange(20..<24, with: [0, 0, 0, 0])
      copy.central.replaceSubrange(42..<46, with: [0, 0, 0, 0])
      copy.descriptor.replaceSubrange(8..<12, with: [0, 0, 0, 0])
      return copy
    }
  }

  /// The end record without the directory's offset.
  var end: [UInt8]
  var entries: [Entry] = []

  init(_ zip: [UInt8]) throws {
    func u16(_ at: Int) -> Int { Int(zip[at]) | Int(zip[at + 1]) << 8 }
    func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
    let endStart = zip.count - 22
    guard endStart >= 0, u32(endStart) == 0x0605_4b50 else { throw RecordError() }
    end = Array(zip[endStart..<endStart + 16])
    var central = u32(endStart + 16)
    for _ in 0..<u16(endStart + 10) {
      guard u32(central) == 0x0201_4b50 else { throw RecordError() }
      let centralLength = 46 + u16(central + 28) + u16(central + 30) + u16(central + 32)
      let local = u32(central + 42)
      guard u32(local) == 0x0403_4b50 else { throw RecordError() }
      let localLength = 30 + u16(local + 26) + u16(local + 28)
      let descriptor = local + localLength + u32(central + 20)
      entries.append(
        Entry(
          central: Array(zip[central..<central + centralLength]),
          local: Array(zip[local..<local + localLength]),
          descriptor: Array(zip[descriptor..<descriptor + 16])))
      central += centralLength
    }
  }

  struct RecordError: Error {}
}
