// Data path: markup and text → one growable buffer holding the whole document, from which the
// caller writes the file (``XLIFFStream/withBytes(_:)``: no copy at the end).
//
// Text without a character to escape (nearly all) is copied in as it is. Text with one goes through
// libxml2's `xmlOutputBufferWriteEscape` with Xcode's escaping (``XMLEscaping``), which copies runs
// and replaces only what Xcode replaces, on an output buffer whose write callback appends to this
// document; it is flushed after each text, so the bytes stay in order. The escape callback's
// contract is the one described in `LHCPlist/XMLPlistWriter.swift` (libxml2 2.9.14): progress on
// every call, entities never split, the input NUL-terminated — so U+0000, which would end the
// input early, is written here.
//
// Why not libxml2's own memory buffer for the whole document, as before (measured on the 9.9 MB
// bench catalog, `lhc export --xliff` of 29 languages, callgrind): staging into it, its growth and
// the copy out into a `[UInt8]` cost 30M instructions of `memcpy` (7.7M, 9.9M, 13.1M), and on the
// 171 MB catalog each of the 29 documents (7 MB) was held two or three times over in fresh pages.

import Clibxml2
import HardenedXML
import LHCBase

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Bytes of an XML document, the escaped ones written through a libxml2 output buffer.
final class XMLOutput {
  private var bytes: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  /// The number of bytes written so far.
  private(set) var count = 0
  /// libxml2's output buffer for escaped text; its write callback appends to ``bytes``.
  private var escaper: xmlOutputBufferPtr?
  /// Set when memory ran out or libxml2 reported a failure; checked at the end.
  private var failed = false
  /// The NUL-terminated copy of a run that libxml2 escapes, kept for the next text.
  private var scratch: [UInt8] = []

  /// An empty document with room for `capacity` bytes (it grows as needed).
  init(capacity: Int = 64 << 10) throws(XLIFFWriteError) {
    _ = libxml2Ready
    self.capacity = max(capacity, 4096)
    guard let bytes = malloc(self.capacity) else {
      throw XLIFFWriteError(message: "out of memory for the XLIFF document")
    }
    self.bytes = bytes.assumingMemoryBound(to: UInt8.self)
    let context = Unmanaged.passUnretained(self).toOpaque()
    guard let escaper = xmlOutputBufferCreateIO(appendEscaped, nil, context, nil) else {
      throw XLIFFWriteError(message: "libxml2 could not allocate an output buffer")
    }
    self.escaper = escaper
  }

  deinit {
    if let escaper {
      // Nothing is left in it (flushed after every text); the document is going away.
      escaper.pointee.writecallback = nil
      xmlOutputBufferClose(escaper)
    }
    free(bytes)
  }

  /// Writes fixed markup.
  @inline(__always)
  func write(_ text: StaticString) {
    write(UnsafeRawPointer(text.utf8Start), count: text.utf8CodeUnitCount)
  }

  /// Writes `count` raw bytes (inlined: an export makes ~12 calls a unit, a call each cost ~65
  /// instructions).
  @inline(__always)
  func write(_ source: UnsafeRawPointer, count: Int) {
    guard self.count + count <= capacity || grow(to: self.count + count) else { return }
    (bytes + self.count).update(from: source.assumingMemoryBound(to: UInt8.self), count: count)
    self.count += count
  }

  /// Makes room for `additional` more bytes at once (a caller that knows about what it will
  /// write); only the bytes written so far are copied (`realloc` copies the whole old buffer).
  func reserve(_ additional: Int) {
    guard count + additional > capacity, !failed, let moved = malloc(count + additional) else {
      return
    }
    memcpy(moved, bytes, count)
    free(bytes)
    bytes = moved.assumingMemoryBound(to: UInt8.self)
    capacity = count + additional
  }

  /// Makes room for `needed` bytes (doubling); false, and the document failed, when memory is out.
  private func grow(to needed: Int) -> Bool {
    var grown = capacity
    while grown < needed { grown *= 2 }
    guard !failed, let moved = realloc(bytes, grown) else {
      failed = true
      return false
    }
    bytes = moved.assumingMemoryBound(to: UInt8.self)
    capacity = grown
    return true
  }

  /// Writes `depth` × 2 spaces.
  func indent(_ depth: Int) {
    var remaining = depth * 2
    while remaining > 0 {
      let count = min(remaining, spaces.utf8CodeUnitCount)
      write(UnsafeRawPointer(spaces.utf8Start), count: count)
      remaining -= count
    }
  }

  /// Writes `text` escaped for `context` (element content or an attribute value).
  func text(_ text: String, _ context: XMLEscaping.Context) {
    text.withUTF8Bytes { self.text(utf8: $0, context) }
  }

  /// ``text(_:_:)`` for UTF-8 bytes.
  func text(utf8: UnsafeBufferPointer<UInt8>, _ context: XMLEscaping.Context) {
    guard let base = utf8.baseAddress, !utf8.isEmpty else { return }
    guard XMLEscaping.needsEscaping(utf8, context) else {
      return write(base, count: utf8.count)
    }
    // Runs between NULs go through libxml2 (flushed into the document at once); each NUL is
    // written as its reference.
    var start = 0
    while start <= utf8.count {
      let end = utf8[start...].firstIndex(of: 0) ?? utf8.count
      if end > start {
        // libxml2 reads up to a NUL: the run is copied into a scratch buffer kept for the
        // next text, not into two arrays made for each escaped text.
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<end]))
        scratch.append(0)
        let status = scratch.withUnsafeBufferPointer {
          xmlOutputBufferWriteEscape(escaper, $0.baseAddress, context.escape)
        }
        if status < 0 || xmlOutputBufferFlush(escaper) < 0 { failed = true }
      }
      if end < utf8.count { write("&#0;") }
      start = end + 1
    }
  }

  /// Throws when the document could not be written whole.
  func check() throws(XLIFFWriteError) {
    if failed { throw XLIFFWriteError(message: "libxml2 failed to write the XLIFF document") }
  }

  /// Calls `body` with the bytes written so far, in place.
  func withBytes<Result, Failure: Error>(
    _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try body(UnsafeRawBufferPointer(start: bytes, count: count))
  }
}

/// libxml2's write callback of ``XMLOutput``'s escaper: appends the escaped bytes to the document.
private let appendEscaped: xmlOutputWriteCallback = { context, buffer, length in
  guard length > 0 else { return 0 }
  guard let context, let buffer else { return -1 }
  let output = Unmanaged<XMLOutput>.fromOpaque(context).takeUnretainedValue()
  output.write(UnsafeRawPointer(buffer), count: Int(length))
  return length
}

/// Spaces for indentation, written in slices.
private let spaces: StaticString = "                                "

/// A document that could not be written (libxml2 out of memory).
public struct XLIFFWriteError: Error, Sendable {
  public var message: String
}
