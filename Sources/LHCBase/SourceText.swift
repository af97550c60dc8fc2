#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The bytes of one input file, memory-mapped read-only.
///
/// Large catalogs are scanned once from front to back; ``discard(_:)`` lets the reader hand
/// pages it has passed back to the kernel, so peak memory stays near the size of the model rather
/// than model plus file. Discarded pages are re-read from the file on the next access, which only
/// happens when a diagnostic needs a line number.
public final class SourceText: @unchecked Sendable {
  /// The path the bytes were read from, as given by the user.
  public let path: String
  public let bytes: UnsafeBufferPointer<UInt8>
  private let mapping: UnsafeMutableRawPointer?
  private var owned: UnsafeMutableRawBufferPointer?

  /// The bytes of the regular file at `path`, or nil when it cannot be read. (Foundation's
  /// `FileManager.contents(atPath:)` leaks a 4 KiB buffer for an empty file on Linux.)
  public static func bytes(atPath path: String) -> [UInt8]? {
    (try? SourceText(contentsOf: path)).map { Array($0.bytes) }
  }

  /// Maps the file at `path`. Throws a message naming the file when it cannot be read.
  public init(contentsOf path: String) throws(SourceTextError) {
    self.path = path
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw SourceTextError(path: path, errno: errno) }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw SourceTextError(path: path, errno: errno) }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      throw SourceTextError(path: path, message: "not a regular file")
    }
    let size = Int(info.st_size)
    if size == 0 {
      mapping = nil
      bytes = UnsafeBufferPointer(start: nil, count: 0)
      return
    }
    let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0)
    guard let address, address != MAP_FAILED else {
      throw SourceTextError(path: path, errno: errno)
    }
    mapping = address
    bytes = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: size)
  }

  /// Wraps bytes held in memory (tests, in-memory inputs).
  public init(path: String, bytes: some Collection<UInt8>) {
    self.path = path
    let buffer = UnsafeMutableRawBufferPointer.allocate(
      byteCount: max(bytes.count, 1), alignment: 1)
    buffer.copyBytes(from: bytes)
    owned = buffer
    mapping = nil
    self.bytes = UnsafeBufferPointer(
      start: buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), count: bytes.count)
  }

  deinit {
    if let mapping { munmap(mapping, bytes.count) }
    owned?.deallocate()
  }

  /// Tells the kernel the whole pages inside `range` are not needed for now (mapped files only);
  /// safe to call from several threads for disjoint ranges.
  public func discard(_ range: Range<Int>) {
    guard let mapping else { return }
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    let start = (max(range.lowerBound, 0) + page - 1) / page * page
    let end = min(range.upperBound, bytes.count) / page * page
    guard end > start else { return }
    _ = madvise(mapping + start, end - start, MADV_DONTNEED)
  }

  /// 1-based line and column (in Unicode scalars) of a byte offset.
  public func lineColumn(of offset: Int) -> (line: Int, column: Int) {
    lineColumns(of: [offset])[offset] ?? (1, 1)
  }

  /// Line and column of many offsets.
  ///
  /// The file is cut at the offsets into slices counted on every core (a large catalog has
  /// millions of lines; a lint of one can have tens of thousands of findings): a slice counts its
  /// line feeds and, for each offset, the column from the last line feed before it, or, while it has
  /// seen none, the scalars since the slice's start, completed once the slices before are summed.
  /// Every byte is read once, so a file that is one long line costs no more than any other.
  public func lineColumns(of offsets: [Int]) -> [Int: (line: Int, column: Int)] {
    let clamp = { (offset: Int) in min(max(offset, 0), self.bytes.count) }
    let targets = Set(offsets.map(clamp)).sorted()
    let bytes = self.bytes
    let sliceCount = min(targets.count, 64)
    let slices = (0..<sliceCount).map {
      targets.count * $0 / sliceCount..<targets.count * ($0 + 1) / sliceCount
    }
    /// Line feeds since the slice's start, and the column: known, or scalars since the slice's start.
    typealias Found = (lineFeeds: Int, column: Int, isKnown: Bool)
    let counted = Parallel.map(slices) { slice in
      var start = slice.lowerBound == 0 ? 0 : targets[slice.lowerBound - 1]
      var last: Found = (0, 0, false)
      var found: [Found] = []
      for target in targets[slice] {
        let (lineFeeds, lastLineFeed) = Self.lineFeeds(in: bytes, start..<target)
        if let lastLineFeed {
          last.lineFeeds += lineFeeds
          last.column = Self.scalars(in: bytes[(lastLineFeed + 1)..<target]) + 1
          last.isKnown = true
        } else {
          last.column += Self.scalars(in: bytes[start..<target])
        }
        found.append(last)
        start = target
      }
      return found
    }
    var result: [Int: (line: Int, column: Int)] = [:]
    var line = 1
    var column = 1
    for (slice, found) in zip(slices, counted) {
      for (target, position) in zip(targets[slice], found) {
        result[target] = (
          line + position.lineFeeds, position.isKnown ? position.column : column + position.column
        )
      }
      if let end = found.last {
        line += end.lineFeeds
        column = end.isKnown ? end.column : column + end.column
      }
    }
    for offset in offsets where result[offset] == nil {
      result[offset] = result[clamp(offset)]
    }
    return result
  }

  /// The line feeds in `range` of `bytes`: how many, and where the last one is. Eight bytes are
  /// read at a time; a word's line feeds are found exactly (no carries between bytes).
  private static func lineFeeds(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (
    count: Int, last: Int?
  ) {
    guard let base = bytes.baseAddress else { return (0, nil) }
    var count = 0
    var last: Int?
    var index = range.lowerBound
    while index + 8 <= range.upperBound {
      let word = UInt64(
        littleEndian: UnsafeRawPointer(base).loadUnaligned(fromByteOffset: index, as: UInt64.self))
      let x = word ^ 0x0A0A_0A0A_0A0A_0A0A
      // High bit of each byte set where that byte of `x` is not zero.
      let nonzero = ((x & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | x
      let found = ~nonzero & 0x8080_8080_8080_8080
      if found != 0 {
        count += found.nonzeroBitCount
        last = index + (63 - found.leadingZeroBitCount) / 8  // byte 0 is the lowest
      }
      index += 8
    }
    while index < range.upperBound {
      if bytes[index] == 0x0A {
        count += 1
        last = index
      }
      index += 1
    }
    return (count, last)
  }

  /// The Unicode scalars in `slice`: its bytes that do not continue a UTF-8 sequence.
  private static func scalars(in slice: Slice<UnsafeBufferPointer<UInt8>>) -> Int {
    var count = 0
    for element in slice where element & 0xC0 != 0x80 { count &+= 1 }
    return count
  }
}

/// A file that could not be read.
public struct SourceTextError: Error, Sendable, CustomStringConvertible {
  public var path: String
  public var message: String

  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  init(path: String, errno code: Int32) {
    self.init(path: path, message: String(cString: strerror(code)).lowercased())
  }

  public var description: String { message }
}
