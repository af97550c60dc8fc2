// Data path: markup and text → a staging area → one libxml2 `xmlOutputBuffer` (no encoder, no I/O
// callback), 64 KiB at a time → `[UInt8]` copied out once at the end.
//
// Text without a character to escape (nearly all) is staged as it is. Text with one goes through
// libxml2's `xmlOutputBufferWriteEscape` with Xcode's escaping (``XMLEscaping``), which copies runs
// and replaces only what Xcode replaces. The escape callback's contract is the one described in
// `LHCPlist/XMLPlistWriter.swift` (libxml2 2.9.14): progress on every call, entities never split,
// the input NUL-terminated — so U+0000, which would end the input early, is written here.

import Clibxml2
import LHCBase

/// Bytes of an XML document written through one libxml2 output buffer.
final class XMLOutput {
  private let out: xmlOutputBufferPtr
  private let staging: UnsafeMutablePointer<UInt8>
  private var staged = 0
  private static let stagingSize = 64 << 10
  /// Set when libxml2 reports a write failure (out of memory); checked at the end.
  private var failed = false

  init() throws(XLIFFWriteError) {
    _ = libxml2Ready
    guard let out = xmlAllocOutputBuffer(nil) else {
      throw XLIFFWriteError(message: "libxml2 could not allocate an output buffer")
    }
    self.out = out
    staging = .allocate(capacity: Self.stagingSize)
  }

  deinit {
    xmlOutputBufferClose(out)
    staging.deallocate()
  }

  /// Writes fixed markup.
  @inline(__always)
  func write(_ text: StaticString) {
    write(UnsafeRawPointer(text.utf8Start), count: text.utf8CodeUnitCount)
  }

  /// Writes `count` raw bytes: staged when they fit (inlined: an export makes ~12 calls a unit,
  /// a call each cost ~65 instructions), else ``writeDirectly(_:count:)``.
  @inline(__always)
  func write(_ bytes: UnsafeRawPointer, count: Int) {
    guard staged + count <= Self.stagingSize else { return writeDirectly(bytes, count: count) }
    (staging + staged).update(from: bytes.assumingMemoryBound(to: UInt8.self), count: count)
    staged += count
  }

  /// Flushes the staging area and hands `count` bytes to libxml2.
  private func writeDirectly(_ bytes: UnsafeRawPointer, count: Int) {
    flush()
    guard count <= Int32.max,
      xmlOutputBufferWrite(out, Int32(count), bytes.assumingMemoryBound(to: CChar.self)) >= 0
    else {
      failed = true
      return
    }
  }

  /// The number of bytes written so far.
  var count: Int { xmlOutputBufferGetSize(out) + staged }

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
    // Runs between NULs go through libxml2; each NUL is written as its reference (staged: the
    // staging area is flushed before every run, so the two stay in order).
    var start = 0
    while start <= utf8.count {
      let end = utf8[start...].firstIndex(of: 0) ?? utf8.count
      if end > start {
        flush()
        let run = [UInt8](utf8[start..<end]) + [0]  // libxml2 reads up to the NUL
        let status = run.withUnsafeBufferPointer {
          xmlOutputBufferWriteEscape(out, $0.baseAddress, context.escape)
        }
        if status < 0 { failed = true }
      }
      if end < utf8.count { write("&#0;") }
      start = end + 1
    }
  }

  /// The document's bytes.
  func finish() throws(XLIFFWriteError) -> [UInt8] {
    flush()
    guard !failed, let content = xmlOutputBufferGetContent(out) else {
      throw XLIFFWriteError(message: "libxml2 failed to write the XLIFF document")
    }
    return [UInt8](UnsafeBufferPointer(start: content, count: xmlOutputBufferGetSize(out)))
  }

  /// Hands the staged bytes to libxml2.
  private func flush() {
    guard staged > 0 else { return }
    let chars = UnsafeRawPointer(staging).assumingMemoryBound(to: CChar.self)
    if xmlOutputBufferWrite(out, Int32(staged), chars) < 0 { failed = true }
    staged = 0
  }
}

/// Spaces for indentation, written in slices.
private let spaces: StaticString = "                                "

/// A document that could not be written (libxml2 out of memory).
public struct XLIFFWriteError: Error, Sendable {
  public var message: String
}

/// `libxml2` is initialised once per process before the first parser or buffer is made.
let libxml2Ready: Bool = {
  xmlInitParser()
  return true
}()
