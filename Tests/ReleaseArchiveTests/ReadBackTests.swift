import LHCTestSupport
import ReleaseFiles
import Testing

@testable import ReleaseArchive

/// `WrittenZip.readBack` (lhc's records, libdeflate) against `ReleaseZip.entries` (libarchive) on
/// the same archives: the same files or the same error. And damaged archives are refused.
@Suite("WrittenZip.readBack")
struct ReadBackTests {
  /// What each reader makes of `zip`: its table files, or its error.
  static func bothReadings(
    _ zip: WrittenZip, limits: ReleaseZip.Limits = .sdk
  ) -> (
    own: Result<[ArchiveEntry], ReleaseArchiveError>,
    libarchive: Result<[ArchiveEntry], ReleaseArchiveError>
  ) {
    (
      Result { () throws(ReleaseArchiveError) in try zip.readBack(limits: limits) { $0 } },
      Result { () throws(ReleaseArchiveError) in try ReleaseZip.entries(zip.bytes, limits: limits) }
    )
  }

  @Test(arguments: [
    ["en.lproj/Localizable.strings", "de.lproj/Localizable.stringsdict", "de.lproj/notes.txt"],
    ["en.lproj/Localizable.strings", "__MACOSX/en.lproj/._Localizable.strings", ".DS_Store"],
    ["en.lproj/Localizable.strings", "../x.strings"],
    ["en.lproj/Localizable.strings", "en.lproj/../../x"],
    ["en.lproj/Localizable.strings", "/etc/x"],
    ["README", "en.lproj/sub/Localizable.strings"],
    ["release/en.lproj/Localizable.strings", "release/de.lproj/Localizable.strings"],
    ["en.lproj/\u{00DC}.strings", "de.lproj/U\u{0308}.strings"],
  ])
  func agreesWithLibarchive(paths: [String]) throws {
    let entries = paths.enumerated().map { index, path in
      ZipEntry(path: path, bytes: Array("\"k\" = \"\(index)\";".utf8))
    }
    let (own, libarchive) = Self.bothReadings(try ZipWriter.archive(entries))
    #expect(own == libarchive)
  }

  @Test func limitsAsLibarchive() throws {
    let zip = try ZipWriter.archive(ZipWriterTests.sampleEntries())
    var limits = ReleaseZip.Limits()
    limits.entries = 4
    var (own, libarchive) = Self.bothReadings(zip, limits: limits)
    #expect(own == libarchive)
    #expect(throws: ReleaseArchiveError.self) { try own.get() }
    limits = ReleaseZip.Limits()
    limits.uncompressedBytes = 100_000
    (own, libarchive) = Self.bothReadings(zip, limits: limits)
    #expect((try? own.get()) == nil)
    if case .failure(let error) = own { #expect(error.reason == .uncompressedSizeTooLarge) }
    if case .failure(let error) = libarchive { #expect(error.reason == .uncompressedSizeTooLarge) }
    limits = ReleaseZip.Limits()
    limits.compressedBytes = 100
    (own, libarchive) = Self.bothReadings(zip, limits: limits)
    #expect(own == libarchive)
    limits = ReleaseZip.Limits()
    (own, libarchive) = Self.bothReadings(zip, limits: limits)
    #expect(own == libarchive)
    #expect((try? own.get())?.count == 5)
  }

  /// The first error `read` throws, in path order, once the archive itself is fine.
  @Test func readErrorsComeInPathOrder() throws {
    let zip = try ZipWriter.archive(ZipWriterTests.sampleEntries())
    #expect(
      throws: ReleaseArchiveError(.malformedLocalizationFile, "bad", path: "en.lproj/Empty.strings")
    ) {
      try zip.readBack { file throws(ReleaseArchiveError) in
        if file.path.hasPrefix("en.") || file.path.hasPrefix("ja.") {
          throw ReleaseArchiveError(.malformedLocalizationFile, "bad", path: file.path)
        }
        return file.path
      }
    }
  }

  /// Byte changes anywhere that matters: the data (CRC), a name, a size, the mtime, the end.
  @Test func damagedArchivesAreRefused() throws {
    let bytes = try ZipWriter.archive(ZipWriterTests.sampleEntries()).bytes
    let records = try ZipRecords(bytes)
    let firstData = 30 + 28 + 24  // de.lproj/Localizable.strings' local header, name, extra
    let secondCentral =
      bytes.count - 22 - records.entries.dropFirst().reduce(0) { $0 + $1.central.count }
    var damaged: [(String, [UInt8])] = []
    func change(_ what: String, _ offset: Int, _ value: UInt8) {
      var copy = bytes
      copy[offset] ^= value
      damaged.append((what, copy))
    }
    change("a data byte", firstData + 10, 0x01)
    change("a local name", 30 + 3, 0x20)
    change("a local size", 22, 0x01)
    change("a local mtime", 30 + 28 + 5, 0x01)
    change("a central name", secondCentral + 46, 0x01)
    change("a central CRC", secondCentral + 16, 0x01)
    change("a central offset", secondCentral + 42, 0x01)
    change("the entry count", bytes.count - 22 + 10, 0x01)
    damaged.append(("a missing last byte", Array(bytes.dropLast())))
    damaged.append(("a trailing byte", bytes + [0]))
    for (what, copy) in damaged {
      let result = Result { () throws(ReleaseArchiveError) in
        try WrittenZip(bytes: copy).readBack { $0 }
      }
      guard case .failure(let error) = result else {
        Issue.record("\(what): read back")
        continue
      }
      #expect(error.reason == .unreadableArchive, "\(what): \(error)")
    }
  }
}
