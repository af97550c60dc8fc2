/// The encoding of an old-style `.strings` file, and its text as UTF-8.
///
/// - A BOM decides: `FF FE` UTF-16LE, `FE FF` UTF-16BE, `EF BB BF` UTF-8; the BOM is dropped.
/// - Without a BOM the text is UTF-8. A file that looks like BOM-less UTF-16 (one of its first two
///   bytes is NUL) is refused with a message saying so: CoreFoundation's old-style parser
///   (`PropertyListSerialization` in swift-corelibs-foundation, checked) cannot read it either,
///   so such a file would also fail on the device.
/// - Invalid UTF-8, an unpaired UTF-16 surrogate or an odd number of UTF-16 bytes is an error at
///   the line and column where the text stops being valid.
enum StringsTextDecoder {
  /// The text of `bytes` as UTF-8 without BOM.
  static func utf8(_ bytes: [UInt8]) throws(PlistReadError) -> [UInt8] {
    if bytes.starts(with: [0xFF, 0xFE]) { return try utf16(bytes.dropFirst(2), bigEndian: false) }
    if bytes.starts(with: [0xFE, 0xFF]) { return try utf16(bytes.dropFirst(2), bigEndian: true) }
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return try validated(Array(bytes.dropFirst(3))) }
    if bytes.count >= 2, (bytes[0] == 0) != (bytes[1] == 0) {
      throw PlistReadError(
        message: "UTF-16 text without a byte-order mark (add a BOM or save as UTF-8)", line: 1,
        column: 1)
    }
    return try validated(bytes)
  }

  /// `bytes` when they are valid UTF-8.
  private static func validated(_ bytes: [UInt8]) throws(PlistReadError) -> [UInt8] {
    if String(validating: bytes, as: UTF8.self) != nil { return bytes }
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    var offset = 0
    while case .scalarValue(let scalar) = decoder.decode(&iterator) {
      offset += UTF8.width(scalar)
    }
    throw TextPosition.error("invalid UTF-8", in: bytes, at: offset)
  }

  /// UTF-16 code units (two bytes each) transcoded to UTF-8.
  private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) throws(PlistReadError)
    -> [UInt8]
  {
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count / 2 * 3 / 2)
    let start = bytes.startIndex
    let count = bytes.count / 2
    var units = (0..<count).lazy.map { index -> UInt16 in
      let first = UInt16(bytes[start + 2 * index])
      let second = UInt16(bytes[start + 2 * index + 1])
      return bigEndian ? first << 8 | second : second << 8 | first
    }.makeIterator()
    var decoder = UTF16()
    while true {
      switch decoder.decode(&units) {
      case .scalarValue(let scalar): UTF8.encode(scalar) { result.append($0) }
      case .emptyInput:
        guard bytes.count % 2 == 0 else {
          throw TextPosition.error(
            "odd number of bytes in UTF-16 text", in: result, at: result.count)
        }
        return result
      case .error:
        throw TextPosition.error("unpaired UTF-16 surrogate", in: result, at: result.count)
      }
    }
  }
}

/// Line and column of a byte offset in UTF-8 text, computed only when an error is reported.
enum TextPosition {
  /// An error at `offset` of `text`: 1-based line (LF, CRLF and CR end lines) and column (in
  /// Unicode scalars).
  static func error(_ message: String, in text: [UInt8], at offset: Int) -> PlistReadError {
    var line = 1
    var column = 1
    var index = 0
    let end = min(offset, text.count)
    while index < end {
      let byte = text[index]
      if byte == 0x0A || (byte == 0x0D && (index + 1 >= text.count || text[index + 1] != 0x0A)) {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80, byte != 0x0D {
        column += 1
      }
      index += 1
    }
    return PlistReadError(message: message, line: line, column: column)
  }
}
