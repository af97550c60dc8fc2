import Clibarchive
import LHCBase

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a zip's headers say about one entry (as libarchive reads them, for `ReleaseZip`).
public struct ZipEntryHeader: Sendable {
  /// The UTF-8 path; empty when the name could not be read as UTF-8 (`isUTF8` false).
  public var path: String
  public var isUTF8: Bool
  public var isDirectory: Bool
  public var isRegularFile: Bool
  /// A symlink or hard link.
  public var isLink: Bool
  /// The size the zip declares, when it declares one; never trusted.
  public var declaredSize: Int?

  public init(
    path: String, isUTF8: Bool, isDirectory: Bool, isRegularFile: Bool, isLink: Bool,
    declaredSize: Int?
  ) {
    self.path = path
    self.isUTF8 = isUTF8
    self.isDirectory = isDirectory
    self.isRegularFile = isRegularFile
    self.isLink = isLink
    self.declaredSize = declaredSize
  }
}

/// One libarchive handle reading a zip in memory, seekable reader only (central directory, as
/// ZIPFoundation; a truncated zip has none and is unreadable).
///
/// Zip names flagged UTF-8 (bit 11) are converted by libarchive to the current locale, which fails
/// for any non-ASCII name in the C locale Swift programs run in. So the read runs with a UTF-8
/// `LC_CTYPE` on this thread only (`uselocale`, restored afterwards), and `hdrcharset=UTF-8` makes
/// unflagged names UTF-8 too: a name that is not valid UTF-8 comes back without a path.
final class ZipArchiveReader {
  private let handle: OpaquePointer
  private var chunk = [UInt8](repeating: 0, count: 64 << 10)

  private init(handle: OpaquePointer) {
    self.handle = handle
  }

  /// Opens `bytes` and runs `body` on the reader, inside a UTF-8 locale on this thread. An empty
  /// zip (an end record and nothing else) runs nothing.
  static func read(
    _ bytes: [UInt8], _ body: (ZipArchiveReader) throws(ReleaseArchiveError) -> Void
  ) throws(ReleaseArchiveError) {
    let result = UTF8ThreadLocale.run {
      bytes.withUnsafeBytes { buffer in
        Result { () throws(ReleaseArchiveError) in
          var opened = false
          do throws(ReleaseArchiveError) {
            try withReader(buffer, streamable: false) { reader throws(ReleaseArchiveError) in
              opened = true
              try body(reader)
            }
          } catch  where !opened && isEmptyZip(buffer) {
            return
          }
        }
      }
    }
    try result.get()
  }

  /// Whether `buffer` is a zip without entries. libarchive's seekable reader refuses one, its
  /// streaming reader (which would also take a truncated zip) reports the end right away.
  private static func isEmptyZip(_ buffer: UnsafeRawBufferPointer) -> Bool {
    var isEmpty = false
    try? withReader(buffer, streamable: true) { reader throws(ReleaseArchiveError) in
      isEmpty = try reader.nextHeader() == nil
    }
    return isEmpty
  }

  private static func withReader(
    _ buffer: UnsafeRawBufferPointer, streamable: Bool,
    _ body: (ZipArchiveReader) throws(ReleaseArchiveError) -> Void
  ) throws(ReleaseArchiveError) {
    guard let handle = archive_read_new() else {
      throw ReleaseArchiveError(.unreadableArchive, "libarchive could not start")
    }
    defer { archive_read_free(handle) }
    let reader = ZipArchiveReader(handle: handle)
    try reader.open(buffer, streamable: streamable)
    try body(reader)
  }

  private func open(_ buffer: UnsafeRawBufferPointer, streamable: Bool) throws(ReleaseArchiveError)
  {
    if streamable {
      archive_read_support_format_zip_streamable(handle)
    } else {
      archive_read_support_format_zip_seekable(handle)
    }
    _ = archive_read_set_options(handle, "zip:hdrcharset=UTF-8")
    // An empty array has no base address; libarchive then reports an unrecognized format.
    var empty: UInt8 = 0
    let status = withUnsafeMutablePointer(to: &empty) { placeholder in
      archive_read_open_memory(
        handle, UnsafeMutableRawPointer(mutating: buffer.baseAddress) ?? .init(placeholder),
        buffer.count)
    }
    guard status == ARCHIVE_OK else { throw unopenable(buffer) }
  }

  /// Why `buffer` does not open, in words for the three usual cases: an empty file, a zip cut
  /// short (a local header but no central directory), anything else.
  private func unopenable(_ buffer: UnsafeRawBufferPointer) -> ReleaseArchiveError {
    let libarchive = unreadable().message
    guard buffer.count > 0 else {
      return ReleaseArchiveError(.unreadableArchive, "the file is empty (0 bytes)")
    }
    let message =
      buffer.starts(with: [0x50, 0x4B, 0x03, 0x04])
      ? "truncated or damaged zip: its central directory is missing (\(libarchive))"
      : "not a zip archive (\(libarchive))"
    return ReleaseArchiveError(.unreadableArchive, message)
  }

  /// The next entry's header, or nil at the end of the central directory.
  func nextHeader() throws(ReleaseArchiveError) -> ZipEntryHeader? {
    var entry: OpaquePointer?
    let status = archive_read_next_header(handle, &entry)
    if status == ARCHIVE_EOF { return nil }
    guard status >= ARCHIVE_WARN, let entry else { throw unreadable() }
    let name = archive_entry_pathname_utf8(entry).flatMap { String(validatingCString: $0) }
    if name != nil, status != ARCHIVE_OK { throw unreadable(path: name) }
    let type = archive_entry_filetype(entry)
    return ZipEntryHeader(
      path: name ?? "", isUTF8: name != nil,
      isDirectory: type == FileType.directory, isRegularFile: type == FileType.regular,
      isLink: type == FileType.symlink || archive_entry_symlink(entry) != nil
        || archive_entry_hardlink(entry) != nil,
      declaredSize: archive_entry_size_is_set(entry) != 0 ? Int(archive_entry_size(entry)) : nil)
  }

  /// Decompresses the current entry chunk by chunk, taking each chunk from `budget`; the bytes
  /// when `keeping`, else nil. Throws as soon as `budget` goes below zero.
  ///
  /// A kept entry whose header declares its size (within the budget) is decompressed straight
  /// into an array of that size; any bytes beyond it still come chunk by chunk.
  func readData(
    keeping: Bool, declaredSize: Int? = nil, budget: inout Int
  ) throws(ReleaseArchiveError) -> [UInt8]? {
    var bytes: [UInt8]? = keeping ? [] : nil
    if keeping, let size = declaredSize, size > 0, size <= budget {
      var failed = false
      let whole = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
        while count < size {
          let read = archive_read_data(handle, buffer.baseAddress! + count, size - count)
          if read == 0 { break }
          guard read > 0 else {
            failed = true
            break
          }
          count += read
        }
      }
      guard !failed else { throw unreadable() }
      budget -= whole.count
      if whole.count < size { return whole }
      bytes = whole
    }
    while true {
      let count = chunk.withUnsafeMutableBytes { buffer in
        archive_read_data(handle, buffer.baseAddress, buffer.count)
      }
      if count == 0 { return bytes }
      guard count > 0 else { throw unreadable() }
      budget -= count
      guard budget >= 0 else { throw ReleaseZipScan.sizeError() }
      bytes?.append(contentsOf: chunk[..<count])
    }
  }

  /// `AE_IFDIR`, `AE_IFREG`, `AE_IFLNK` of `archive_entry.h` (cast macros Swift does not import).
  private enum FileType {
    static let directory: mode_t = 0o040000
    static let regular: mode_t = 0o100000
    static let symlink: mode_t = 0o120000
  }

  private func unreadable(path: String? = nil) -> ReleaseArchiveError {
    let message = archive_error_string(handle).map { String(cString: $0) }
    return ReleaseArchiveError(
      .unreadableArchive, message.map { "libarchive: \($0)" } ?? "not a readable zip", path: path)
  }
}
