// Data path: PlistValue → one libxml2 `xmlOutputBuffer` (allocated per document by
// `xmlAllocOutputBuffer(nil)`, no encoder, no I/O callback) → `[UInt8]` copied out of the buffer's
// content once at the end.
//
// - Fixed text (prolog, tags, tabs, integers) goes in with `xmlOutputBufferWrite` from static bytes.
// - Each string is scanned once with `memchr` (U+0000 → `PlistError`) and `strcspn` (`& < >`).
//   A string with none of them is written in one `xmlOutputBufferWrite`; otherwise the whole
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
    var writer = try OutputBuffer()
    defer { writer.close() }
    writer.write(prolog)
    var path: [String] = []
    try writer.writeValue(value, depth: 0, path: &path)
    writer.write(epilog)
    return try writer.bytes()
  }

  /// The XML bytes of a flat string → string dictionary (a `.strings` table) whose keys are
  /// already unique and in ``KeyOrder``, written in the order given without building
  /// ``PlistValue``s: the same bytes as `data(for: .dictionary(…))` of those pairs.
  public static func data(forOrderedStrings keys: [String], values: [String]) throws(PlistError)
    -> [UInt8]
  {
    var writer = try OutputBuffer()
    defer { writer.close() }
    writer.write(prolog)
    var empty = true
    for (key, value) in zip(keys, values) {
      if empty {
        writer.write("<dict>\n")
        empty = false
      }
      writer.write("\t<key>")
      try writer.writeText(key, path: [key])
      writer.write("</key>\n\t<string>")
      try writer.writeText(value, path: [key])
      writer.write("</string>\n")
    }
    writer.write(empty ? "<dict/>\n" : "</dict>\n")
    writer.write(epilog)
    return try writer.bytes()
  }

  /// The XML bytes of a dictionary whose keys are already unique and in ``KeyOrder``, written in
  /// the order given (nested dictionaries are sorted as usual).
  public static func data(forOrderedEntries keys: [String], values: [PlistValue])
    throws(PlistError) -> [UInt8]
  {
    var writer = try OutputBuffer()
    defer { writer.close() }
    writer.write(prolog)
    var empty = true
    var path: [String] = []
    for (key, value) in zip(keys, values) {
      if empty {
        writer.write("<dict>\n")
        empty = false
      }
      path.append(key)
      writer.write("\t<key>")
      try writer.writeText(key, path: path)
      writer.write("</key>\n")
      try writer.writeValue(value, depth: 1, path: &path)
      path.removeLast()
    }
    writer.write(empty ? "<dict/>\n" : "</dict>\n")
    writer.write(epilog)
    return try writer.bytes()
  }

  static let prolog: StaticString = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" \
    "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">

    """
  static let epilog: StaticString = "</plist>\n"
}

/// `libxml2` is initialised once per process before the first buffer is made.
private let libxml2Initialized: Bool = {
  xmlInitParser()
  return true
}()

/// One libxml2 output buffer plus the plist-specific writing on top of it.
private struct OutputBuffer {
  private let out: xmlOutputBufferPtr
  /// Set when libxml2 reports a write failure (out of memory); checked once at the end.
  private var failed = false

  init() throws(PlistError) {
    _ = libxml2Initialized
    guard let out = xmlAllocOutputBuffer(nil) else {
      throw PlistError(message: "libxml2 could not allocate an output buffer")
    }
    self.out = out
  }

  /// Frees the libxml2 buffer.
  func close() {
    xmlOutputBufferClose(out)
  }

  /// The bytes written so far.
  func bytes() throws(PlistError) -> [UInt8] {
    guard !failed, let content = xmlOutputBufferGetContent(out) else {
      throw PlistError(message: "libxml2 failed to write the property list")
    }
    let count = xmlOutputBufferGetSize(out)
    return [UInt8](UnsafeBufferPointer(start: content, count: count))
  }

  /// Writes fixed text.
  mutating func write(_ text: StaticString) {
    write(UnsafeRawPointer(text.utf8Start), count: text.utf8CodeUnitCount)
  }

  /// Writes `count` raw bytes.
  mutating func write(_ bytes: UnsafeRawPointer, count: Int) {
    guard count > 0 else { return }
    guard count <= Int32.max else {
      failed = true
      return
    }
    let chars = bytes.assumingMemoryBound(to: CChar.self)
    if xmlOutputBufferWrite(out, Int32(count), chars) < 0 { failed = true }
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

  /// Writes `value` at `depth`, each line ending in a newline.
  mutating func writeValue(_ value: PlistValue, depth: Int, path: inout [String]) throws(PlistError)
  {
    indent(depth)
    switch value {
    case .string(let string):
      write("<string>")
      try writeText(string, path: path)
      write("</string>\n")
    case .integer(let integer):
      write("<integer>")
      var digits = String(integer)
      digits.withUTF8 { utf8 in
        if let base = utf8.baseAddress { write(base, count: utf8.count) }
      }
      write("</integer>\n")
    case .boolean(let flag):
      write(flag ? "<true/>\n" : "<false/>\n")
    case .array(let elements):
      if elements.isEmpty { return write("<array/>\n") }
      write("<array>\n")
      for (index, element) in elements.enumerated() {
        path.append(String(index))
        try writeValue(element, depth: depth + 1, path: &path)
        path.removeLast()
      }
      indent(depth)
      write("</array>\n")
    case .dictionary(let entries):
      if entries.isEmpty { return write("<dict/>\n") }
      write("<dict>\n")
      for (key, element) in KeyOrder.sortedEntries(entries) {
        path.append(key)
        indent(depth + 1)
        write("<key>")
        try writeText(key, path: path)
        write("</key>\n")
        try writeValue(element, depth: depth + 1, path: &path)
        path.removeLast()
      }
      indent(depth)
      write("</dict>\n")
    }
  }

  /// Writes `text` with only `& < >` escaped; throws on U+0000 with `path` as the key path.
  mutating func writeText(_ text: String, path: [String]) throws(PlistError) {
    let count = text.utf8.count
    guard count > 0 else { return }
    guard count <= Int32.max else {
      failed = true
      return
    }
    let out = self.out
    let status: Int32 = text.withCString { chars in
      if memchr(chars, 0, count) != nil { return -2 }
      if strcspn(chars, "&<>") >= count {
        return xmlOutputBufferWrite(out, Int32(count), chars)
      }
      return chars.withMemoryRebound(to: xmlChar.self, capacity: count + 1) {
        xmlOutputBufferWriteEscape(out, $0, appleEscape)
      }
    }
    if status == -2 {
      throw PlistError(message: PlistError.embeddedNullMessage, keyPath: path)
    }
    if status < 0 { failed = true }
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
    let entity: StaticString
    switch input[consumed] {
    case UInt8(ascii: "&"): entity = "&amp;"
    case UInt8(ascii: "<"): entity = "&lt;"
    default: entity = "&gt;"
    }
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
