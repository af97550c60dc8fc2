import Clibarchive
import LHCBase

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One libarchive handle writing a deflate zip into memory, entries in the order given, each a
/// regular file with mode 0644, uid and gid 0, no owner names and the given mtime (no atime,
/// ctime or birth time, so libarchive's `UT` extra field holds the mtime only).
///
/// libarchive computes the DOS date and time fields from the *local* time; ``ZipLayout`` rewrites
/// them from UTC afterwards.
final class LibarchiveZipWriter {
  private let handle: OpaquePointer
  private var output: [UInt8] = []

  private init(handle: OpaquePointer) {
    self.handle = handle
  }

  /// The zip of `entries` as libarchive writes it, with a UTF-8 locale on this thread (names are
  /// converted through it and flagged UTF-8 when not ASCII).
  static func write(
    _ entries: [ZipEntry], modificationTime: Int, compressionLevel: Int
  ) throws(PackError) -> [UInt8] {
    let result = UTF8ThreadLocale.run {
      Result { () throws(PackError) in
        guard let handle = archive_write_new() else {
          throw PackError(.writeFailed, "libarchive could not start")
        }
        defer { archive_write_free(handle) }
        let writer = LibarchiveZipWriter(handle: handle)
        try writer.open(compressionLevel: compressionLevel)
        for entry in entries { try writer.add(entry, modificationTime: modificationTime) }
        try writer.check(archive_write_close(handle), "cannot finish the archive")
        return writer.output
      }
    }
    return try result.get()
  }

  private func open(compressionLevel: Int) throws(PackError) {
    try check(archive_write_set_format_zip(handle), "no zip support in libarchive")
    try check(
      archive_write_set_options(
        handle, "zip:compression=deflate,zip:compression-level=\(compressionLevel)"),
      "cannot set deflate level \(compressionLevel)")
    // No blocking and no padding: the archive ends with its end-of-central-directory record.
    try check(archive_write_set_bytes_per_block(handle, 0), "cannot unset blocking")
    try check(archive_write_set_bytes_in_last_block(handle, 1), "cannot unset padding")
    let context = Unmanaged.passUnretained(self).toOpaque()
    // The write callback appends to `output`.
    let status = archive_write_open(
      handle, context, nil,
      { _, context, buffer, count in
        guard let context, let buffer else { return 0 }
        let writer = Unmanaged<LibarchiveZipWriter>.fromOpaque(context).takeUnretainedValue()
        writer.output.append(contentsOf: UnsafeRawBufferPointer(start: buffer, count: count))
        return count
      }, nil)
    try check(status, "cannot open the archive")
  }

  /// `AE_IFREG` of `archive_entry.h` (a cast macro Swift does not import).
  private static let regularFile: UInt32 = 0o100000

  private func add(_ entry: ZipEntry, modificationTime: Int) throws(PackError) {
    guard let header = archive_entry_new() else {
      throw PackError(.writeFailed, "libarchive could not start an entry")
    }
    defer { archive_entry_free(header) }
    archive_entry_set_pathname_utf8(header, entry.path)
    archive_entry_set_filetype(header, Self.regularFile)
    archive_entry_set_perm(header, 0o644)
    archive_entry_set_uid(header, 0)
    archive_entry_set_gid(header, 0)
    archive_entry_set_size(header, la_int64_t(entry.bytes.count))
    archive_entry_set_mtime(header, time_t(modificationTime), 0)
    try check(archive_write_header(handle, header), "cannot add \(entry.path)")
    let written = entry.bytes.withUnsafeBytes { buffer in
      archive_write_data(handle, buffer.baseAddress, buffer.count)
    }
    guard written == entry.bytes.count else {
      throw failure("cannot compress \(entry.path)")
    }
    try check(archive_write_finish_entry(handle), "cannot finish \(entry.path)")
  }

  /// Throws unless `status` is `ARCHIVE_OK` (a warning counts as a failure: a name libarchive
  /// could not convert would be written differently).
  private func check(_ status: Int32, _ message: String) throws(PackError) {
    guard status == ARCHIVE_OK else { throw failure(message) }
  }

  private func failure(_ message: String) -> PackError {
    let detail = archive_error_string(handle).map { ": libarchive: " + String(cString: $0) } ?? ""
    return PackError(.writeFailed, message + detail)
  }
}
