import ReleaseFiles

extension ZipLayout {
  /// The entries of a zip that ``ZipWriter`` wrote, checked against the layout it writes: local
  /// parts back to back from offset 0 (header, data, descriptor), then the central directory,
  /// then the end record; every local header and descriptor agreeing with its central header.
  /// Anything else throws `.unreadableArchive` (a bug in the writer, never the user's input).
  ///
  /// Only for lhc's own archives: untrusted zips are read by libarchive (`ReleaseZip`). Every read
  /// is bounds-checked all the same.
  static func entries(of zip: [UInt8]) throws(ReleaseArchiveError) -> [Entry] {
    func malformed(_ what: String) -> ReleaseArchiveError {
      ReleaseArchiveError(.unreadableArchive, "lhc wrote a malformed zip: \(what)")
    }
    let end = zip.count - endRecordSize
    guard end >= 0, read32(zip, end) == endSignature, read16(zip, end + 20) == 0 else {
      throw malformed("no end of central directory record at the end")
    }
    let count = Int(read16(zip, end + 10))
    let directorySize = Int(read32(zip, end + 12))
    let directoryOffset = Int(read32(zip, end + 16))
    guard read16(zip, end + 8) == count, directoryOffset + directorySize == end else {
      throw malformed("the end record does not describe the central directory before it")
    }
    var entries: [Entry] = []
    entries.reserveCapacity(count)
    var central = directoryOffset
    var local = 0
    for _ in 0..<count {
      let entry = try centralHeader(zip, at: central, end: end, malformed)
      guard entry.offset == local else { throw malformed("a local header out of place") }
      local = try checkLocalPart(zip, entry, before: directoryOffset, malformed)
      central += centralHeaderSize + entry.name.count + extraSize
      entries.append(entry)
    }
    guard central == end, local == directoryOffset else {
      throw malformed("bytes outside the entries")
    }
    return entries
  }

  /// The central header at `offset`, which must end before `end`.
  private static func centralHeader(
    _ zip: [UInt8], at offset: Int, end: Int, _ malformed: (String) -> ReleaseArchiveError
  ) throws(ReleaseArchiveError) -> Entry {
    guard offset + centralHeaderSize <= end, read32(zip, offset) == centralSignature else {
      throw malformed("a central directory header is missing")
    }
    let nameLength = Int(read16(zip, offset + 28))
    let fixed: [(Int, UInt16)] = [
      (4, versionMadeBy), (6, versionNeeded), (10, deflateMethod), (30, UInt16(extraSize)),
      (32, 0), (34, 0), (36, 0),
    ]
    guard fixed.allSatisfy({ read16(zip, offset + $0.0) == $0.1 }),
      offset + centralHeaderSize + nameLength + extraSize <= end
    else { throw malformed("a central directory header lhc does not write") }
    let nameStart = offset + centralHeaderSize
    let extraStart = nameStart + nameLength
    let entry = Entry(
      name: Array(zip[nameStart..<extraStart]), flags: read16(zip, offset + 8),
      modificationTime: read32(zip, extraStart + 5), crc: read32(zip, offset + 16),
      compressedSize: Int(read32(zip, offset + 20)), size: Int(read32(zip, offset + 24)),
      externalAttributes: read32(zip, offset + 38), offset: Int(read32(zip, offset + 42)))
    let time = DOSTime(time: read16(zip, offset + 12), date: read16(zip, offset + 14))
    guard zip[extraStart..<extraStart + extraSize].elementsEqual(entry.extra), time == entry.time
    else { throw malformed("extra fields or a time lhc does not write") }
    return entry
  }

  /// Checks the local header and descriptor of `entry` against its central header; where the next
  /// local part starts.
  private static func checkLocalPart(
    _ zip: [UInt8], _ entry: Entry, before limit: Int,
    _ malformed: (String) -> ReleaseArchiveError
  ) throws(ReleaseArchiveError) -> Int {
    let header = entry.offset
    let data = header + localHeaderSize + entry.name.count + extraSize
    let next = data + entry.compressedSize + descriptorSize
    guard next <= limit, read32(zip, header) == localSignature else {
      throw malformed("a local header is missing")
    }
    let fields: [(Int, UInt32)] = [
      (4, UInt32(versionNeeded)), (6, UInt32(entry.flags)), (8, UInt32(deflateMethod)),
      (10, UInt32(entry.time.time)), (12, UInt32(entry.time.date)),
      (26, UInt32(entry.name.count)), (28, UInt32(extraSize)),
    ]
    let sizes: [(Int, UInt32)] = [(14, 0), (18, 0), (22, UInt32(entry.size))]
    let descriptor: [(Int, UInt32)] = [
      (0, descriptorSignature), (4, entry.crc), (8, UInt32(entry.compressedSize)),
      (12, UInt32(entry.size)),
    ]
    let nameStart = header + localHeaderSize
    guard fields.allSatisfy({ UInt32(read16(zip, header + $0.0)) == $0.1 }),
      sizes.allSatisfy({ read32(zip, header + $0.0) == $0.1 }),
      descriptor.allSatisfy({ read32(zip, next - descriptorSize + $0.0) == $0.1 }),
      zip[nameStart..<nameStart + entry.name.count].elementsEqual(entry.name),
      zip[nameStart + entry.name.count..<data].elementsEqual(entry.extra),
      entry.flags == flags(forName: entry.name)
    else { throw malformed("a local header or descriptor disagrees with the central directory") }
    return next
  }
}
