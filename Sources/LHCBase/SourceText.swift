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

  /// Line and column of many offsets in one pass over the bytes (lines are skipped with
  /// `memchr`; columns are counted only on the lines that hold an offset).
  public func lineColumns(of offsets: [Int]) -> [Int: (line: Int, column: Int)] {
    var result: [Int: (line: Int, column: Int)] = [:]
    let targets = Set(offsets.map { min(max($0, 0), bytes.count) }).sorted()
    guard let base = bytes.baseAddress else {
      for offset in offsets { result[offset] = (1, 1) }
      return result
    }
    var line = 1
    var scanned = 0  // where column counting stopped, on the current line
    var column = 1
    for target in targets {
      // Move to the line that holds `target`.
      while let newline = memchr(base + scanned, 0x0A, target - scanned) {
        line += 1
        scanned = UnsafeRawPointer(newline) - UnsafeRawPointer(base) + 1
        column = 1
      }
      for index in scanned..<target where bytes[index] & 0xC0 != 0x80 { column += 1 }
      scanned = target
      result[target] = (line, column)
    }
    for offset in offsets where result[offset] == nil {
      result[offset] = result[min(max(offset, 0), bytes.count)]
    }
    return result
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
