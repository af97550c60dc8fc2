/// The few zip records `ZipWriter` touches after libarchive wrote them (PKWARE APPNOTE 4.3):
/// the end of central directory record, central directory headers and local file headers.
///
/// Two jobs, no compression: rewrite every DOS date and time from UTC (libarchive derives them from
/// the local time zone), and join one-entry zips written on several threads into one zip with
/// the bytes a single libarchive handle writes for all the entries.
enum ZipLayout {
  static let endRecordSize = 22
  static let endSignature: UInt32 = 0x0605_4b50
  static let centralSignature: UInt32 = 0x0201_4b50
  static let localSignature: UInt32 = 0x0403_4b50

  /// Where a zip's central directory is and how many entries it lists.
  struct Directory {
    var offset: Int
    var size: Int
    var entries: Int
  }

  /// The central directory of a zip without comment or zip64 records, as libarchive writes it
  /// for archives under 4 GiB.
  static func directory(of zip: [UInt8]) throws(PackError) -> Directory {
    let end = zip.count - endRecordSize
    guard end >= 0, read32(zip, end) == endSignature else {
      throw PackError(.writeFailed, "libarchive wrote no end of central directory record")
    }
    let directory = Directory(
      offset: Int(read32(zip, end + 16)), size: Int(read32(zip, end + 12)),
      entries: Int(read16(zip, end + 10)))
    guard directory.offset + directory.size == end else {
      throw PackError(.writeFailed, "libarchive wrote an unexpected zip layout (zip64?)")
    }
    return directory
  }

  /// The offsets of the central directory headers of `zip`.
  static func centralHeaders(of zip: [UInt8]) throws(PackError) -> [Int] {
    let directory = try directory(of: zip)
    var offsets: [Int] = []
    var offset = directory.offset
    for _ in 0..<directory.entries {
      guard offset + 46 <= zip.count, read32(zip, offset) == centralSignature else {
        throw PackError(.writeFailed, "libarchive wrote a malformed central directory")
      }
      offsets.append(offset)
      offset +=
        46 + Int(read16(zip, offset + 28)) + Int(read16(zip, offset + 30))
        + Int(read16(zip, offset + 32))
    }
    return offsets
  }

  /// Sets the DOS date and time of every entry, in its central and local header, to `time`.
  static func setDOSTimes(in zip: inout [UInt8], to time: DOSTime) throws(PackError) {
    for central in try centralHeaders(of: zip) {
      let local = Int(read32(zip, central + 42))
      guard local + 30 <= zip.count, read32(zip, local) == localSignature else {
        throw PackError(.writeFailed, "libarchive wrote a malformed local header")
      }
      write16(&zip, central + 12, time.time)
      write16(&zip, central + 14, time.date)
      write16(&zip, local + 10, time.time)
      write16(&zip, local + 12, time.date)
    }
  }

  /// One zip holding the entries of `pieces` (one-entry zips) in order: their local parts
  /// concatenated, their central headers pointed at the new offsets, a new end record.
  static func join(_ pieces: [[UInt8]]) throws(PackError) -> [UInt8] {
    var locals: [UInt8] = []
    var centrals: [UInt8] = []
    locals.reserveCapacity(pieces.reduce(0) { $0 + $1.count })
    for piece in pieces {
      let directory = try directory(of: piece)
      guard directory.entries == 1 else {
        throw PackError(.writeFailed, "expected a one-entry zip")
      }
      let headerStart = centrals.count
      centrals += piece[directory.offset..<directory.offset + directory.size]
      write32(&centrals, headerStart + 42, UInt32(locals.count))
      locals += piece[..<directory.offset]
    }
    var end = [UInt8](repeating: 0, count: endRecordSize)
    write32(&end, 0, endSignature)
    write16(&end, 8, UInt16(pieces.count))
    write16(&end, 10, UInt16(pieces.count))
    write32(&end, 12, UInt32(centrals.count))
    write32(&end, 16, UInt32(locals.count))
    return locals + centrals + end
  }

  static func read16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
    UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
  }

  static func read32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    UInt32(read16(bytes, offset)) | UInt32(read16(bytes, offset + 2)) << 16
  }

  static func write16(_ bytes: inout [UInt8], _ offset: Int, _ value: UInt16) {
    bytes[offset] = UInt8(truncatingIfNeeded: value)
    bytes[offset + 1] = UInt8(truncatingIfNeeded: value >> 8)
  }

  static func write32(_ bytes: inout [UInt8], _ offset: Int, _ value: UInt32) {
    write16(&bytes, offset, UInt16(truncatingIfNeeded: value))
    write16(&bytes, offset + 2, UInt16(truncatingIfNeeded: value >> 16))
  }
}
