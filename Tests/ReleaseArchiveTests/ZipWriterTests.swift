import Foundation
import LHCTestSupport
import Testing

@testable import ReleaseArchive

/// `ZipWriter` against libarchive's own one-handle output, Python's `zipfile` and `unzip -t`.
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

  /// Writes `bytes` to a fresh temporary file; returns it and its directory.
  static func temporaryZip(_ bytes: [UInt8]) throws -> (URL, URL) {
    let directory = try makeTemporaryDirectory()
    let url = directory.appendingPathComponent("release.zip")
    try Data(bytes).write(to: url)
    return (directory, url)
  }

  @Test func joinedEntriesEqualOneHandlesOutput() throws {
    for level in [1, 6, 9] {
      let entries = Self.sampleEntries()
      let joined = try ZipWriter.archive(entries, compressionLevel: level)
      let reference = try ZipWriter.archiveOnOneHandle(entries, compressionLevel: level)
      #expect(joined == reference, "level \(level)")
    }
  }

  @Test func sameBytesWhateverTheInputOrder() throws {
    let entries = Self.sampleEntries()
    let first = try ZipWriter.archive(entries)
    #expect(try ZipWriter.archive(entries.reversed()) == first)
    #expect(try ZipWriter.archive(entries.shuffled()) == first)
    #expect(try ZipWriter.archive(entries) == first)
  }

  @Test func pythonReadsNamesSizesBytesAndMetadata() throws {
    let entries = Self.sampleEntries()
    let (directory, url) = try Self.temporaryZip(try ZipWriter.archive(entries))
    defer { try? FileManager.default.removeItem(at: directory) }
    let read = try pythonZipEntries(url)
    let sorted = entries.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    #expect(read.map(\.name) == sorted.map(\.path))
    for (python, entry) in zip(read, sorted) {
      #expect(python.fileSize == entry.bytes.count)
      #expect(python.base64 == Data(entry.bytes).base64EncodedString())
      #expect(python.compressType == 8, "deflate")
      #expect(python.dateTime == [1980, 1, 1, 0, 0, 0])
      #expect(python.externalAttributes == 0o100644 << 16, "regular file, rw-r--r--")
      #expect(python.createSystem == 3, "Unix")
    }
    #expect(read.first { $0.name.hasPrefix("ja.") }.map { $0.flagBits & 0x800 != 0 } == true)
  }

  @Test func unzipTestPasses() throws {
    let (directory, url) = try Self.temporaryZip(try ZipWriter.archive(Self.sampleEntries()))
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try unzipTest(url)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("No errors detected"))
  }

  @Test(arguments: [
    (1_700_000_000, [2023, 11, 14, 22, 13, 20]),
    (0, [1980, 1, 1, 0, 0, 0]),
    (1_700_000_001, [2023, 11, 14, 22, 13, 20]),
    (5_000_000_000, [2038, 1, 19, 3, 14, 6]),
    (951_782_400, [2000, 2, 29, 0, 0, 0]),
  ])
  func modificationTimeInUTC(seconds: Int, expected: [Int]) throws {
    let bytes = try ZipWriter.archive(Self.sampleEntries(), modificationTime: seconds)
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
  }
}
