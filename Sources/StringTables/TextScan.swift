/// One pass over a value's UTF-8 that tells whether it needs any checking at all.
///
/// Most values have no `%` and no C0 control character; for those the compiler skips parsing.
/// The bytes are read eight at a time; a word holding a candidate byte is looked at byte by byte.
package struct TextScan {
  /// The text contains `%`.
  package private(set) var hasPercent = false
  /// The text contains a C0 control character other than tab, LF and CR (or NUL).
  package private(set) var hasControlCharacter = false
  /// The text contains a 0xEF byte, the lead byte of U+FFFE and U+FFFF among others.
  package private(set) var hasByteEF = false

  package init(_ text: String) {
    text.withUTF8Bytes { bytes in
      guard let base = bytes.baseAddress else { return }
      let raw = UnsafeRawPointer(base)
      var index = 0
      while index + 8 <= bytes.count {
        let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        let percent = word ^ 0x2525_2525_2525_2525
        let ef = word ^ 0xEFEF_EFEF_EFEF_EFEF
        let candidates =
          ((word &- 0x2020_2020_2020_2020) & ~word)  // bytes below 0x20
          | ((percent &- 0x0101_0101_0101_0101) & ~percent)  // `%` bytes
          | ((ef &- 0x0101_0101_0101_0101) & ~ef)  // 0xEF bytes (each term has false alarms)
        if candidates & 0x8080_8080_8080_8080 != 0 {
          for byte in bytes[index..<index + 8] { note(byte) }
        }
        index += 8
      }
      for byte in bytes[index...] { note(byte) }
    }
  }

  private mutating func note(_ byte: UInt8) {
    if byte == 0x25 {
      hasPercent = true
    } else if byte == 0xEF {
      hasByteEF = true
    } else if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D {
      hasControlCharacter = true
    }
  }

  /// Neither `%` nor a control character: the value is copied with no further checks.
  package var isPlain: Bool { !hasPercent && !hasControlCharacter }
}
