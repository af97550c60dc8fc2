// Data path: PlistValue → one libxml2 `xmlOutputBuffer` (allocated per document by
// `xmlAllocOutputBuffer(nil)`, no encoder, no I/O callback) → `[UInt8]` copied out of the buffer's
// content once at the end.
//
// - Fixed text (prolog, tags, tabs, integers) is staged from static bytes with the strings.
// - Each string is scanned once for U+0000 (→ `PlistError`) and `& < >`. A string with none of them
//   is staged with the fixed text and handed to `xmlOutputBufferWrite` 64 KiB at a time; otherwise the whole
//   string goes through `xmlOutputBufferWriteEscape` with `appleEscape`, which copies runs with
//   `memcpy` and replaces only `& < >`. Control characters, quotes, `\r` and non-ASCII stay raw,
//   as in Apple's (CoreFoundation's) writer.
//
// Contract of the escape callback (libxml2 2.9.14 `xmlCharEncodingOutputFunc`, called from
// `xmlOutputBufferWriteEscape`): on entry `*outlen` is the free space at `out` and `*inlen` the
// bytes left at `in` (the rest of a NUL-terminated string); on return `*outlen` is the number of
// bytes written and `*inlen` the number consumed; a negative return is an error. libxml2 calls it
// again with the rest until everything is consumed, and treats "0 bytes written" as an error, so
// the callback must always make progress (it gets at least 40 bytes of space) and must never be
// called with an empty string. An entity is never split across calls.

import Clibxml2
import LHCBase

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes property lists in Apple's XML format, byte-identical to Foundation's
/// `PropertyListSerialization` `.xml` output: one-line DOCTYPE, root at column 0, tab indentation,
/// keys in ``KeyOrder``, `<dict/>`/`<array/>` when empty, only `& < >` escaped.
public enum XMLPlistWriter {
  /// The XML bytes for `value`; throws when a key or string contains U+0000.
  public static func data(for value: PlistValue) throws(PlistError) -> [UInt8] {
    let stream = try XMLPlistStream()
    try stream.value(value)
    return try stream.finish()
  }

  /// The XML bytes of a flat string → string dictionary (a `.strings` table) whose keys are
  /// already unique and in ``KeyOrder``, written in the order given without building
  /// ``PlistValue``s: the same bytes as `data(for: .dictionary(…))` of those pairs.
  public static func data(forOrderedStrings keys: [String], values: [String]) throws(PlistError)
    -> [UInt8]
  {
    let stream = try XMLPlistStream()
    stream.beginDictionary()
    for (key, value) in zip(keys, values) {
      do throws(PlistError) {
        try stream.key(key)
        try stream.string(value)
      } catch {
        throw error.within(key)
      }
    }
    stream.endDictionary()
    return try stream.finish()
  }
}

/// Builds a property list one element at a time, in document order: what writers of large
/// plists use so no intermediate ``PlistValue`` tree is needed. Keys must come in ``KeyOrder``.
public protocol PlistBuilder {
  func beginDictionary()
  func key(_ key: String) throws(PlistError)
  /// A key given as UTF-8 (keys read from bytes several threads share, see `KeyedValues`).
  func key(utf8: UnsafeBufferPointer<UInt8>) throws(PlistError)
  func string(_ value: String) throws(PlistError)
  /// A string value given as UTF-8 (values a table keeps contiguous, see `KeyedValues`).
  func string(utf8: UnsafeBufferPointer<UInt8>) throws(PlistError)
  func endDictionary()
}

extension PlistBuilder {
  public func key(utf8: UnsafeBufferPointer<UInt8>) throws(PlistError) {
    try key(String(decoding: utf8, as: UTF8.self))
  }

  public func string(utf8: UnsafeBufferPointer<UInt8>) throws(PlistError) {
    try string(String(decoding: utf8, as: UTF8.self))
  }
}

/// Streams Apple XML plist bytes through one libxml2 output buffer.
public final class XMLPlistStream: PlistBuilder {
  // Accessed only by the stream's own (non-reentrant) methods: no dynamic exclusivity checks on the hot path.
  @exclusivity(unchecked) private var buffer: OutputBuffer
  /// Open containers; `<dict>` is written with the first key, so an empty one becomes `<dict/>`.
  @exclusivity(unchecked) private var depth = 0
  @exclusivity(unchecked) private var openPending = false

  /// Starts a document (the XML prolog is written).
  public init() throws(PlistError) {
    buffer = try OutputBuffer()
    buffer.write(Self.prolog)
  }

  deinit {
    buffer.close()
  }

  /// Ends the document and returns its bytes.
  public func finish() throws(PlistError) -> [UInt8] {
    try finish { bytes in [UInt8](bytes) }.get()
  }

  /// Ends the document and calls `body` with its bytes, without copying them (they are valid only
  /// during the call): a plist error is thrown, `body`'s own error is returned.
  public func finish<R, E: Error>(
    _ body: (UnsafeRawBufferPointer) throws(E) -> R
  ) throws(PlistError) -> Result<R, E> {
    buffer.write(Self.epilog)
    return try buffer.withBytes(body)
  }

  public func beginDictionary() {
    flushOpen()
    buffer.indent(depth)
    openPending = true
    depth += 1
  }

  /// Writes a key. Errors from builder calls carry no key path: the caller, who knows the keys,
  /// adds them with ``PlistError/within(_:)``.
  public func key(_ key: String) throws(PlistError) {
    try stopIfRefused(key.withUTF8Bytes(writeKey))
  }

  public func key(utf8: UnsafeBufferPointer<UInt8>) throws(PlistError) {
    try stopIfRefused(writeKey(utf8))
  }

  /// Writes `<key>…</key>`; returns true (writing no text) when the key holds U+0000.
  private func writeKey(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    flushOpen()
    buffer.indent(depth)
    buffer.write("<key>")
    if buffer.writeText(utf8: utf8) { return true }
    buffer.write("</key>\n")
    return false
  }

  /// Throws when a key or string was refused: it held U+0000 (its key path is added while the
  /// error unwinds).
  @inline(__always) private func stopIfRefused(_ refused: Bool) throws(PlistError) {
    guard refused else { return }
    throw PlistError(message: PlistError.embeddedNullMessage)
  }

  public func string(_ value: String) throws(PlistError) {
    try stopIfRefused(value.withUTF8Bytes(writeString))
  }

  public func string(utf8: UnsafeBufferPointer<UInt8>) throws(PlistError) {
    try stopIfRefused(writeString(utf8))
  }

  /// Writes `<string>…</string>`; returns true (writing no text) when the value holds U+0000.
  private func writeString(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    flushOpen()
    buffer.indent(depth)
    buffer.write("<string>")
    if buffer.writeText(utf8: utf8) { return true }
    buffer.write("</string>\n")
    return false
  }

  public func endDictionary() {
    depth -= 1
    if openPending {
      openPending = false
      buffer.write("<dict/>\n")
    } else {
      buffer.indent(depth)
      buffer.write("</dict>\n")
    }
  }

  /// Writes any value; dictionaries are written in ``KeyOrder``.
  public func value(_ value: PlistValue) throws(PlistError) {
    switch value {
    case .string(let string):
      try self.string(string)
    case .dictionary(let entries):
      beginDictionary()
      for (key, element) in KeyOrder.sortedEntries(entries) {
        do throws(PlistError) {
          try self.key(key)
          try self.value(element)
        } catch {
          throw error.within(key)
        }
      }
      endDictionary()
    case .array(let elements):
      flushOpen()
      buffer.indent(depth)
      if elements.isEmpty { return buffer.write("<array/>\n") }
      buffer.write("<array>\n")
      depth += 1
      for (index, element) in elements.enumerated() {
        do throws(PlistError) { try self.value(element) } catch {
          throw error.within(String(index))
        }
      }
      depth -= 1
      buffer.indent(depth)
      buffer.write("</array>\n")
    case .integer(let integer):
      leaf("<integer>", String(integer), "</integer>\n")
    case .boolean(let flag):
      flushOpen()
      buffer.indent(depth)
      buffer.write(flag ? "<true/>\n" : "<false/>\n")
    case .real(let real):
      leaf("<real>", PlistScalarText.real(real), "</real>\n")
    case .date(let date):
      leaf("<date>", PlistScalarText.date(date), "</date>\n")
    case .data(let bytes):
      flushOpen()
      buffer.indent(depth)
      buffer.write("<data>\n")
      // CoreFoundation indents base64 lines by at most 8 tabs, 76 columns minus 8 per tab.
      let indent = min(depth, 8)
      for line in PlistScalarText.base64Lines(bytes, lineLength: 76 - 8 * indent) {
        buffer.indent(indent)
        leafText(line + "\n")
      }
      buffer.indent(depth)
      buffer.write("</data>\n")
    }
  }

  /// Writes an indented element whose text needs no escaping (numbers, dates).
  private func leaf(_ open: StaticString, _ text: String, _ close: StaticString) {
    flushOpen()
    buffer.indent(depth)
    buffer.write(open)
    leafText(text)
    buffer.write(close)
  }

  /// Writes ASCII text as it is.
  private func leafText(_ text: String) {
    text.withUTF8Bytes { utf8 in
      if let base = utf8.baseAddress { buffer.write(base, count: utf8.count) }
    }
  }

  /// Writes the `<dict>` of a dictionary that turned out not to be empty.
  @inline(__always) private func flushOpen() {
    if openPending {
      openPending = false
      buffer.write("<dict>\n")
    }
  }

  static let prolog: StaticString = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" \
    "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">

    """
  static let epilog: StaticString = "</plist>\n"
}

/// One libxml2 output buffer: raw writes, indentation, and Apple's escaping.
///
/// Small pieces (tags, tabs, short strings) are gathered in a staging area and handed to libxml2
/// 64 KiB at a time: a plist is mostly pieces of a few bytes, and one libxml2 call per piece would
/// cost more than the copying.
private struct OutputBuffer {
  private let out: xmlOutputBufferPtr
  private let staging: UnsafeMutablePointer<UInt8>
  private var staged = 0
  private static let stagingSize = 64 << 10
  /// Set when libxml2 reports a write failure (out of memory); checked once at the end.
  private var failed = false

  init() throws(PlistError) {
    _ = libxml2Initialized
    guard let out = xmlAllocOutputBuffer(nil) else {
      throw PlistError(message: "libxml2 could not allocate an output buffer")
    }
    self.out = out
    staging = .allocate(capacity: Self.stagingSize)
  }

  /// Frees the buffers.
  func close() {
    xmlOutputBufferClose(out)
    staging.deallocate()
  }

  /// Calls `body` with the bytes written so far, in libxml2's buffer (valid only during the call).
  mutating func withBytes<R, E: Error>(
    _ body: (UnsafeRawBufferPointer) throws(E) -> R
  ) throws(PlistError) -> Result<R, E> {
    flush()
    guard !failed, let content = xmlOutputBufferGetContent(out) else {
      throw PlistError(message: "libxml2 failed to write the property list")
    }
    let bytes = UnsafeRawBufferPointer(start: content, count: xmlOutputBufferGetSize(out))
    return Result { () throws(E) in try body(bytes) }
  }

  /// Hands the staged bytes to libxml2.
  private mutating func flush() {
    guard staged > 0 else { return }
    let chars = UnsafeRawPointer(staging).assumingMemoryBound(to: CChar.self)
    if xmlOutputBufferWrite(out, Int32(staged), chars) < 0 { failed = true }
    staged = 0
  }

  /// Writes fixed text.
  mutating func write(_ text: StaticString) {
    write(UnsafeRawPointer(text.utf8Start), count: text.utf8CodeUnitCount)
  }

  /// Writes `count` raw bytes.
  mutating func write(_ bytes: UnsafeRawPointer, count: Int) {
    guard count > 0 else { return }
    if staged + count <= Self.stagingSize {
      (staging + staged).update(from: bytes.assumingMemoryBound(to: UInt8.self), count: count)
      staged += count
      return
    }
    flush()
    guard count <= Int32.max else {
      failed = true
      return
    }
    if xmlOutputBufferWrite(out, Int32(count), bytes.assumingMemoryBound(to: CChar.self)) < 0 {
      failed = true
    }
  }

  /// Writes `depth` tabs.
  mutating func indent(_ depth: Int) {
    var remaining = depth
    while remaining > 0 {
      let n = min(remaining, tabs.utf8CodeUnitCount)
      write(UnsafeRawPointer(tabs.utf8Start), count: n)
      remaining -= n
    }
  }

  /// Writes UTF-8 text with only `& < >` escaped; returns true (writing nothing) when it holds
  /// U+0000.
  ///
  /// Text without `& < >` (nearly all) is staged as it is; text with them goes through libxml2's
  /// `xmlOutputBufferWriteEscape` with ``appleEscape``.
  mutating func writeText(utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = utf8.baseAddress, utf8.count > 0 else { return false }
    // One pass for NUL and `& < >`, eight bytes at a time (a word holding one of them is looked
    // at byte by byte): the byte-by-byte scan was half of the writer's own instructions.
    var escapes = false
    @inline(__always) func note(_ byte: UInt8) -> Bool {
      if byte == 0 { return true }
      if byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") {
        escapes = true
      }
      return false
    }
    let raw = UnsafeRawPointer(base)
    var index = 0
    while index &+ 8 <= utf8.count {
      let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      let amp = word ^ 0x2626_2626_2626_2626
      let less = word ^ 0x3C3C_3C3C_3C3C_3C3C
      let greater = word ^ 0x3E3E_3E3E_3E3E_3E3E
      // A byte equal to 0 in `word`, `amp`, `less` or `greater` sets its high bit here (a
      // borrow may flag bytes above it too: those are looked at and found ordinary).
      let found =
        ((word &- 0x0101_0101_0101_0101) & ~word) | ((amp &- 0x0101_0101_0101_0101) & ~amp)
        | ((less &- 0x0101_0101_0101_0101) & ~less)
        | ((greater &- 0x0101_0101_0101_0101) & ~greater)
      if found & 0x8080_8080_8080_8080 != 0 {
        for offset in index..<index &+ 8 where note(utf8[offset]) { return true }
      }
      index &+= 8
    }
    for offset in index..<utf8.count where note(utf8[offset]) { return true }
    guard escapes else {
      write(base, count: utf8.count)
      return false
    }
    flush()
    let terminated = [UInt8](utf8) + [0]  // libxml2 reads up to the NUL
    let status = terminated.withUnsafeBufferPointer {
      xmlOutputBufferWriteEscape(out, $0.baseAddress, appleEscape)
    }
    if status < 0 { failed = true }
    return false
  }
}

/// The entity Apple's writer uses for `byte`: only `& < >` are escaped.
private func xmlEntity(_ byte: UInt8) -> StaticString? {
  switch byte {
  case UInt8(ascii: "&"): "&amp;"
  case UInt8(ascii: "<"): "&lt;"
  case UInt8(ascii: ">"): "&gt;"
  default: nil
  }
}

/// Tabs for indentation, written in slices.
private let tabs: StaticString = "\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t"

/// The `xmlCharEncodingOutputFunc` for `xmlOutputBufferWriteEscape`: copies `in` to `out`,
/// replacing `&` `<` `>` with `&amp;` `&lt;` `&gt;` and nothing else (see the contract above).
private let appleEscape: xmlCharEncodingOutputFunc = { out, outlen, input, inlen in
  guard let out, let outlen, let input, let inlen else { return -1 }
  let inCount = Int(inlen.pointee)
  let outCount = Int(outlen.pointee)
  var consumed = 0
  var written = 0
  while consumed < inCount {
    // `input` points into a NUL-terminated string, so `strcspn` stays inside it.
    let cursor = UnsafeRawPointer(input + consumed).assumingMemoryBound(to: CChar.self)
    let run = min(strcspn(cursor, "&<>"), inCount - consumed)
    let copied = min(run, outCount - written)
    if copied > 0 {
      memcpy(out + written, input + consumed, copied)
      consumed += copied
      written += copied
    }
    if copied < run || consumed == inCount { break }
    guard let entity = xmlEntity(input[consumed]) else { return -1 }  // `strcspn` stopped at one
    let length = entity.utf8CodeUnitCount
    if written + length > outCount { break }
    memcpy(out + written, entity.utf8Start, length)
    written += length
    consumed += 1
  }
  outlen.pointee = Int32(written)
  inlen.pointee = Int32(consumed)
  return Int32(written)
}
