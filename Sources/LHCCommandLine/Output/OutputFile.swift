import Foundation

/// Writes output files the way build phases need them: atomically, and only when bytes change.
enum OutputFile {
  /// Writes `bytes` to `path` unless the file already holds exactly them (its mtime is then left
  /// alone). The bytes go to a temporary file in the same directory, which is renamed into place, so
  /// a failure or a kill never leaves a partial file.
  static func write(_ bytes: [UInt8], to path: String) throws(OutputError) {
    if holdsExactly(bytes, path) { return }
    let directory = (path as NSString).deletingLastPathComponent
    do {
      try FileManager.default.createDirectory(
        atPath: directory.isEmpty ? "." : directory, withIntermediateDirectories: true)
    } catch {
      throw OutputError(path: directory, message: "cannot create directory")
    }
    var template = Array(
      ((directory.isEmpty ? "." : directory) + "/." + (path as NSString).lastPathComponent
        + ".lhc-XXXXXX").utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else { throw OutputError(path: path, errno: errno) }
    let temporary = String(cString: template)
    let written =
      fchmod(fd, 0o666 & ~currentUmask) == 0
      && bytes.withUnsafeBytes { buffer in
        transferAll(buffer.count) { offset, count in
          Foundation.write(fd, buffer.baseAddress! + offset, count)
        }
      }
    let failure = errno
    close(fd)
    guard written, rename(temporary, path) == 0 else {
      let code = written ? errno : failure
      unlink(temporary)
      throw OutputError(path: path, errno: code)
    }
  }

  /// Calls `transfer(offset, remaining)` (a `read` or `write`) until `count` bytes are done; false
  /// on an error or an early end of file.
  private static func transferAll(_ count: Int, _ transfer: (Int, Int) -> Int) -> Bool {
    var offset = 0
    while offset < count {
      let done = transfer(offset, count - offset)
      if done <= 0 { return false }
      offset += done
    }
    return true
  }

  /// True when the file at `path` already holds exactly `bytes` (sizes compared first).
  private static func holdsExactly(_ bytes: [UInt8], _ path: String) -> Bool {
    var info = stat()
    guard stat(path, &info) == 0, Int(info.st_size) == bytes.count else { return false }
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var existing = [UInt8](repeating: 0, count: bytes.count)
    let complete = existing.withUnsafeMutableBytes { buffer in
      transferAll(buffer.count) { offset, count in read(fd, buffer.baseAddress! + offset, count) }
    }
    return complete && existing == bytes
  }

  /// The process umask, read once (reading it means setting it, so do it before threads start).
  nonisolated(unsafe) static let currentUmask: mode_t = {
    let mask = umask(0o022)
    umask(mask)
    return mask
  }()
}

/// An output file that could not be written.
struct OutputError: Error {
  var path: String
  var message: String

  init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  init(path: String, errno code: Int32) {
    self.init(path: path, message: String(cString: strerror(code)).lowercased())
  }
}
