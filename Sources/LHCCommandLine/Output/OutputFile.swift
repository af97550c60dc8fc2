import Foundation

/// Writes output files the way build phases need them: atomically, and only when bytes change.
///
/// Temporary files: the bytes go to `.<name>.lhc-tmp-<pid>.XXXXXX` in the output's own directory
/// (same file system, so the final `rename` is atomic), locked with `flock` while being written. A
/// kill (SIGKILL, a power cut) can leave one behind; it is hidden, never ends in an output suffix,
/// and the next lhc run that writes into that directory removes it — only when its process is gone
/// and nobody holds its lock, so a concurrent run's temporary file is left alone.
///
/// Symbolic links: files written below an output root (`lhc compile`'s `<lang>.lproj` folders, a
/// payload folder) are refused, before any is staged, when a folder or a file below the root is a
/// symbolic link, wherever it points (``refuseLinks(in:below:)``): lhc never writes through such a
/// link, nor replaces it. The root itself may be a link (the user's own choice).
package enum OutputFile {
  /// The marker in every temporary file name.
  static let temporaryMarker = ".lhc-tmp-"

  /// Writes `bytes` to `path` unless the file already holds exactly them (its mtime is then left
  /// alone). The bytes go to a temporary file in the same directory, which is renamed into place, so
  /// a failure or a kill never leaves a partial file. `permissions` replace the default mode
  /// (0666 less the umask): a file rewritten in place keeps its own.
  package static func write(_ bytes: [UInt8], to path: String, permissions: mode_t? = nil)
    throws(OutputError)
  {
    guard let staged = try stage(bytes, to: path, permissions: permissions) else { return }
    try commit([staged])
  }

  /// A file written to its temporary name, not yet renamed into place.
  struct Staged: Sendable {
    var temporary: String
    var path: String
  }

  /// The first half of `write`: the bytes in a temporary file beside `path`, or nil when `path`
  /// already holds exactly them. Writing every file of a run first and renaming them only when all
  /// were written (`commit`) leaves every previous output untouched when one write fails.
  static func stage(_ bytes: [UInt8], to path: String, permissions: mode_t? = nil)
    throws(OutputError) -> Staged?
  {
    try bytes.withUnsafeBufferPointer { (buffer) throws(OutputError) in
      try stage(UnsafeRawBufferPointer(buffer), to: path, permissions: permissions)
    }
  }

  /// ``stage(_:to:)-([UInt8],_)`` for bytes held elsewhere (a writer's own buffer: no copy).
  static func stage(
    _ bytes: UnsafeRawBufferPointer, to path: String, permissions: mode_t? = nil
  ) throws(OutputError) -> Staged? {
    try stage(chunks: [bytes], to: path, permissions: permissions)
  }

  /// ``write(_:to:permissions:)`` of the bytes of `chunks`, one after the other (a catalog
  /// writer's runs, not joined first).
  package static func write(
    chunks: [UnsafeRawBufferPointer], to path: String, permissions: mode_t? = nil
  ) throws(OutputError) {
    guard let staged = try stage(chunks: chunks, to: path, permissions: permissions) else { return }
    try commit([staged])
  }

  /// ``stage(_:to:)-([UInt8],_)`` of the bytes of `chunks`, one after the other.
  static func stage(
    chunks: [UnsafeRawBufferPointer], to path: String, permissions: mode_t? = nil
  ) throws(OutputError) -> Staged? {
    let directory = parent(of: path)
    removeLeftovers(in: directory.isEmpty ? "." : directory)
    if holdsExactly(chunks, path) { return nil }
    let file = try Stream(path, permissions: permissions, leftoversRemoved: true)
    do {
      for bytes in chunks { try file.append(bytes) }
    } catch {
      file.discard()
      throw error
    }
    return try file.finish()
  }

  /// A file written to its temporary name as its bytes come (`lhc format` writes a catalog's runs
  /// while the writer is still writing the next ones); ``finish()`` closes it for ``commit(_:)``.
  final class Stream {
    private let path: String
    private let temporary: String
    private var fd: Int32

    /// Creates the temporary file beside `path` (removing killed runs' leftovers first, unless
    /// the caller did), locked while being written, with `permissions` or the default mode.
    init(_ path: String, permissions: mode_t? = nil, leftoversRemoved: Bool = false)
      throws(OutputError)
    {
      let directory = OutputFile.parent(of: path)
      let folder = directory.isEmpty ? "." : directory
      if !leftoversRemoved { removeLeftovers(in: folder) }
      do { try createDirectory(folder) } catch {
        throw OutputError(path: path, message: error.message)
      }
      let name = path.lastIndex(of: "/").map { path[path.index(after: $0)...] } ?? path[...]
      var template = Array(
        (folder + "/." + name + temporaryMarker + "\(getpid()).XXXXXX").utf8CString)
      fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
      guard fd >= 0 else { throw OutputError(path: path, errno: errno) }
      self.path = path
      temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
      // Held while writing: `removeLeftovers` of another run never takes a file being written.
      _ = flock(fd, LOCK_EX)
      guard fchmod(fd, permissions ?? (0o666 & ~currentUmask)) == 0 else {
        let failure = errno
        discard()
        throw OutputError(path: path, errno: failure)
      }
    }

    /// Appends `bytes`.
    func append(_ bytes: UnsafeRawBufferPointer) throws(OutputError) {
      let written = transferAll(bytes.count) { offset, count in
        Foundation.write(fd, bytes.baseAddress! + offset, count)
      }
      guard written else { throw OutputError(path: path, errno: errno) }
    }

    /// Closes the file, to be renamed into place by ``OutputFile/commit(_:)``.
    func finish() throws(OutputError) -> Staged {
      close(fd)
      fd = -1
      return Staged(temporary: temporary, path: path)
    }

    /// Closes and removes the temporary file.
    func discard() {
      if fd >= 0 { close(fd) }
      fd = -1
      unlink(temporary)
    }
  }

  /// The second half of `write`: renames every staged file into place, in order. After a failed
  /// rename the files not yet renamed are removed and the error is thrown.
  static func commit(_ staged: [Staged]) throws(OutputError) {
    for (index, file) in staged.enumerated() where rename(file.temporary, file.path) != 0 {
      let failure = errno
      discard(staged[index...])
      throw OutputError(path: file.path, errno: failure)
    }
  }

  /// Writes several files all or nothing: every one is staged first, then all are renamed into
  /// place; after a failure none was changed (short of a failed rename half-way).
  /// `root`: a folder every path is inside, below which no link may be (see above).
  static func writeAll(_ files: [(bytes: [UInt8], path: String)], below root: String? = nil)
    throws(OutputError)
  {
    if let root {
      for file in files { try refuseLinks(in: file.path, below: root) }
    }
    var staged: [Staged] = []
    do {
      for file in files {
        if let done = try stage(file.bytes, to: file.path) { staged.append(done) }
      }
      try commit(staged)
    } catch {
      discard(staged)
      throw error
    }
  }

  /// Removes staged files that will not be committed.
  static func discard(_ staged: some Sequence<Staged>) {
    for file in staged { unlink(file.temporary) }
  }

  /// `mkdir -p folder`, with the reason when it fails (`'x' is not a directory`, `cannot create
  /// directory 'x': read-only file system`).
  private static func createDirectory(_ folder: String) throws(OutputError) {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw OutputError(path: folder, message: "'\(folder)' is not a directory")
      }
      return
    }
    let parent = parent(of: folder)
    if !parent.isEmpty, parent != folder { try createDirectory(parent) }
    guard mkdir(folder, 0o777) == 0 || errno == EEXIST else {
      throw OutputError(
        path: folder, message: "cannot create directory '\(folder)': " + reason(errno))
    }
  }

  /// The folder part of `path`: `a` for `a/b`, `/` for `/b`, empty for a bare name. (NSString's
  /// `deletingLastPathComponent` traps on a one-character name on Linux: `-o o`.)
  static func parent(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "" }
    return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
  }

  /// Throws when a component of `path` below `root` (a folder, the file) is a symbolic link.
  static func refuseLinks(in path: String, below root: String) throws(OutputError) {
    guard path.hasPrefix(root + "/") else { return }
    var current = root
    for component in path.dropFirst(root.count + 1).split(separator: "/") {
      current += "/" + component
      if isLink(current) {
        throw OutputError(
          path: path,
          message: "'\(current)' is a symbolic link; lhc neither writes through nor replaces a "
            + "link inside the output directory (remove it)")
      }
    }
  }

  /// True when `path` is a symbolic link (not followed).
  static func isLink(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
  }

  /// Removes the temporary files that killed lhc runs left in `folder`: those whose process no
  /// longer exists and whose lock nobody holds.
  static func removeLeftovers(in folder: String) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    for name in names where name.hasPrefix(".") {
      guard let pid = temporaryPID(name), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH
      else { continue }
      let path = folder + "/" + name
      let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
      guard fd >= 0 else { continue }
      if flock(fd, LOCK_EX | LOCK_NB) == 0 { unlink(path) }
      close(fd)
    }
  }

  /// The process id in a temporary file's name (`.<name>.lhc-tmp-<pid>.XXXXXX`: the digits after
  /// the last marker), found in its UTF-8 (Foundation's backwards `range(of:)` cost ~12,000
  /// instructions a name: `lhc export` of 29 languages into one folder met its own temporary
  /// files 403 times, 7.4M instructions).
  static func temporaryPID(_ name: String) -> Int32? {
    let bytes = Array(name.utf8)
    let marker = Array(temporaryMarker.utf8)
    guard bytes.count >= marker.count else { return nil }
    for start in stride(from: bytes.count - marker.count, through: 0, by: -1)
    where bytes[start..<start + marker.count].elementsEqual(marker) {
      let digits = bytes[(start + marker.count)...].prefix { $0 != UInt8(ascii: ".") }
      return Int32(String(decoding: digits, as: UTF8.self))
    }
    return nil
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

  /// True when the file at `path` already holds exactly the bytes of `chunks` (sizes compared
  /// first).
  private static func holdsExactly(_ chunks: [UnsafeRawBufferPointer], _ path: String) -> Bool {
    let size = chunks.reduce(0) { $0 + $1.count }
    var info = stat()
    guard stat(path, &info) == 0, Int(info.st_size) == size else { return false }
    guard size > 0 else { return true }
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var existing = [UInt8](repeating: 0, count: size)
    let complete = existing.withUnsafeMutableBytes { buffer in
      transferAll(buffer.count) { offset, count in read(fd, buffer.baseAddress! + offset, count) }
    }
    guard complete else { return false }
    return existing.withUnsafeBytes { existing in
      var offset = 0
      for chunk in chunks where chunk.count > 0 {
        guard memcmp(existing.baseAddress! + offset, chunk.baseAddress!, chunk.count) == 0 else {
          return false
        }
        offset += chunk.count
      }
      return true
    }
  }

  /// `strerror`, lower-cased.
  static func reason(_ code: Int32) -> String {
    String(cString: strerror(code)).lowercased()
  }

  /// The process umask, read once (reading it means setting it, so do it before threads start).
  static let currentUmask: mode_t = {
    let mask = umask(0o022)
    umask(mask)
    return mask
  }()
}

/// An output file that could not be written.
package struct OutputError: Error {
  package var path: String
  package var message: String

  init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  init(path: String, errno code: Int32) {
    self.init(path: path, message: OutputFile.reason(code))
  }
}
