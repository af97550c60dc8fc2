/// The records of the zips lhc writes (PKWARE APPNOTE 4.3), field for field as libarchive's zip
/// writer made them before lhc wrote its own (`TestData/pack/libarchive-reference.zip`, compared
/// in the tests), so that only the deflate data changed:
///
/// - local header: version needed 2.0, flags bit 3 (data descriptor) and bit 11 (UTF-8) for a
///   non-ASCII name, method 8, the DOS time and date, CRC-32 and compressed size 0 (they follow
///   in the descriptor), the uncompressed size, the name, the extra fields;
/// - data descriptor after the data: signature, CRC-32, compressed and uncompressed size;
/// - central header: made by Unix 2.0 (0x0314), the local header's fields with the real CRC and
///   sizes, external attributes `0100644 << 16`, the local header's offset, the same extra fields;
/// - extra fields, the same in both headers: `UT` (0x5455) flags 1 and the mtime (a 32-bit Unix
///   time), `ux` (0x7875) version 1 with a 4-byte uid 0 and a 4-byte gid 0;
/// - end of central directory record, no comment; no zip64 records (the SDK's 200 MiB limit keeps
///   every size and offset far below 4 GiB; the writer refuses an archive that would need them).
enum ZipLayout {
  static let localSignature: UInt32 = 0x0403_4b50
  static let descriptorSignature: UInt32 = 0x0807_4b50
  static let centralSignature: UInt32 = 0x0201_4b50
  static let endSignature: UInt32 = 0x0605_4b50
  static let localHeaderSize = 30
  static let descriptorSize = 16
  static let centralHeaderSize = 46
  static let endRecordSize = 22
  /// Version 2.0, needed to extract deflate.
  static let versionNeeded: UInt16 = 20
  /// Unix (3) in the high byte, version 2.0.
  static let versionMadeBy: UInt16 = 0x0314
  static let dataDescriptorFlag: UInt16 = 1 << 3
  static let utf8Flag: UInt16 = 1 << 11
  static let deflateMethod: UInt16 = 8
  /// `S_IFREG | 0644` in the high 16 bits, as Unix zips store the mode.
  static let externalAttributes: UInt32 = 0o100644 << 16
  /// Both extra fields: `UT` and `ux`.
  static let extraSize = 24

  /// What the headers say about one entry.
  struct Entry: Equatable {
    var name: [UInt8]
    var flags: UInt16
    /// Seconds since 1970 (within ``DOSTime``'s range): the `UT` field, and the DOS fields in UTC.
    var modificationTime: UInt32
    var crc: UInt32
    var compressedSize: Int
    var size: Int
    var externalAttributes: UInt32
    /// Where the local header starts.
    var offset: Int

    var time: DOSTime { DOSTime(unixTime: Int(modificationTime)) }
    /// Both extra fields: `UT` with the mtime, `ux` with uid and gid 0.
    var extra: [UInt8] { extraFields(modificationTime: modificationTime) }
  }

  /// The flags of an entry named `name`: a data descriptor follows the data; UTF-8 when the name
  /// is not ASCII.
  static func flags(forName name: [UInt8]) -> UInt16 {
    dataDescriptorFlag | (name.allSatisfy { $0 < 0x80 } ? 0 : utf8Flag)
  }

  /// The extra fields of every entry: `UT` with `modificationTime`, `ux` with uid and gid 0.
  static func extraFields(modificationTime: UInt32) -> [UInt8] {
    var extra: [UInt8] = []
    extra.reserveCapacity(extraSize)
    append16(&extra, 0x5455)
    append16(&extra, 5)
    extra.append(1)  // the mtime only
    append32(&extra, modificationTime)
    append16(&extra, 0x7875)
    append16(&extra, 11)
    extra += [1, 4, 0, 0, 0, 0, 4, 0, 0, 0, 0]  // version 1, uid 0 (4 bytes), gid 0 (4 bytes)
    return extra
  }

  /// Appends the local header of `entry` (its CRC and compressed size left 0: see the descriptor).
  static func appendLocalHeader(_ out: inout [UInt8], _ entry: Entry) {
    append32(&out, localSignature)
    appendSharedFields(&out, entry, crc: 0, compressedSize: 0)
    out += entry.name
    out += entry.extra
  }

  /// Appends the data descriptor that follows the data of `entry`.
  static func appendDescriptor(_ out: inout [UInt8], _ entry: Entry) {
    append32(&out, descriptorSignature)
    append32(&out, entry.crc)
    append32(&out, UInt32(entry.compressedSize))
    append32(&out, UInt32(entry.size))
  }

  /// Appends the central directory header of `entry`.
  static func appendCentralHeader(_ out: inout [UInt8], _ entry: Entry) {
    append32(&out, centralSignature)
    append16(&out, versionMadeBy)
    appendSharedFields(&out, entry, crc: entry.crc, compressedSize: UInt32(entry.compressedSize))
    append16(&out, 0)  // comment length
    append16(&out, 0)  // disk number
    append16(&out, 0)  // internal attributes
    append32(&out, entry.externalAttributes)
    append32(&out, UInt32(entry.offset))
    out += entry.name
    out += entry.extra
  }

  /// The fields local and central headers share, in their order: version needed, flags, method,
  /// DOS time and date, CRC-32, compressed and uncompressed size, name and extra field lengths.
  private static func appendSharedFields(
    _ out: inout [UInt8], _ entry: Entry, crc: UInt32, compressedSize: UInt32
  ) {
    append16(&out, versionNeeded)
    append16(&out, entry.flags)
    append16(&out, deflateMethod)
    append16(&out, entry.time.time)
    append16(&out, entry.time.date)
    append32(&out, crc)
    append32(&out, compressedSize)
    append32(&out, UInt32(entry.size))
    append16(&out, UInt16(entry.name.count))
    append16(&out, UInt16(extraSize))
  }

  /// Appends the end of central directory record.
  static func appendEnd(
    _ out: inout [UInt8], entries: Int, directoryOffset: Int, directorySize: Int
  ) {
    append32(&out, endSignature)
    append16(&out, 0)  // this disk
    append16(&out, 0)  // the disk the directory starts on
    append16(&out, UInt16(entries))
    append16(&out, UInt16(entries))
    append32(&out, UInt32(directorySize))
    append32(&out, UInt32(directoryOffset))
    append16(&out, 0)  // comment length
  }

  static func append16(_ out: inout [UInt8], _ value: UInt16) {
    out.append(UInt8(truncatingIfNeeded: value))
    out.append(UInt8(truncatingIfNeeded: value >> 8))
  }

  static func append32(_ out: inout [UInt8], _ value: UInt32) {
    append16(&out, UInt16(truncatingIfNeeded: value))
    append16(&out, UInt16(truncatingIfNeeded: value >> 16))
  }

  static func read16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
    UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
  }

  static func read32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    UInt32(read16(bytes, offset)) | UInt32(read16(bytes, offset + 2)) << 16
  }
}
