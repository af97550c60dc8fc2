/// Lets libxml2 read the raw control characters CoreFoundation reads and writes in XML plists.
///
/// XML 1.0 forbids C0 controls other than tab, LF and CR (libxml2 stops with "PCDATA invalid Char
/// value"), and turns CR into LF; U+FFFE and U+FFFF are refused too. Apple's parser keeps all of
/// them. Before parsing, each such character found in text (outside `<…>` markup) is replaced by
/// a marker (U+FDD0, a noncharacter that is valid XML) followed by a private-use code point that
/// names it; a marker already in the text is itself escaped the same way, so the mapping is
/// reversible. Text and key values are mapped back after parsing. Only UTF-8 documents are
/// shielded (UTF-16 ones are parsed as they are, so such characters are errors there). Columns
/// libxml2 reports on a line with shielded characters count the substitutes.
enum XMLControlShield {
  /// U+FDD0 in UTF-8.
  private static let marker: [UInt8] = [0xEF, 0xB7, 0x90]

  /// The shielded document, or nil when nothing needed shielding (or it is not UTF-8).
  static func shield(_ bytes: [UInt8]) -> [UInt8]? {
    guard isUTF8(bytes), let first = firstShielded(bytes) else { return nil }
    var result = [UInt8](bytes[..<first.index])
    result.reserveCapacity(bytes.count + 64)
    var inMarkup = first.inMarkup
    var index = first.index
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "<") { inMarkup = true }
      if byte == UInt8(ascii: ">") { inMarkup = false }
      if !inMarkup, let (code, length) = shieldCode(bytes, index) {
        result += marker
        result += [0xEE, 0x80 | code >> 6, 0x80 | code & 0x3F]  // U+E000 + code
        index += length
      } else {
        result.append(byte)
        index += 1
      }
    }
    return result
  }

  /// Where shielding starts, and whether that point is inside markup.
  ///
  /// Every table file goes through this scan, nearly always finding nothing, so it reads eight
  /// bytes at a time, two words per test while there are: a word with no control other than
  /// tab and LF (and NUL, which libxml2 reports) and no 0xEF holds no candidate. The test adds
  /// to the low seven bits of each byte (no carry crosses a byte), so each comparison is a few
  /// whole-word operations. Testing each byte of a word for zero after masking or xoring took
  /// 40 instructions a word, 30M of the 1,026M of `lhc pack --from` on the 9.9 MB bench
  /// catalog's tree (issue 24 in Benchmarks/README.md).
  /// The markup state is worked out only at candidates, scanning on from the previous one.
  private static func firstShielded(_ bytes: [UInt8]) -> (index: Int, inMarkup: Bool)? {
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return nil }
      let ones: UInt64 = 0x0101_0101_0101_0101
      let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
      let highs: UInt64 = 0x8080_8080_8080_8080
      /// The high bit set in each byte of the word at `offset` that may need shielding.
      @inline(__always) func candidates(at offset: Int) -> UInt64 {
        let word = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
        // The high bit of each byte of `atLeast(n)` is set where the byte's low seven bits are
        // n or more.
        let low = word & lows
        func atLeast(_ n: UInt64) -> UInt64 { low &+ (0x80 &- n) &* ones }
        // Controls 0x01–0x08 and 0x0B–0x1F (ASCII bytes below 0x20, not NUL, tab or LF).
        let controls =
          ~(word | atLeast(0x20)) & (atLeast(0x0B) | (atLeast(0x01) & ~atLeast(0x09)))
        // 0xEF: the high bit is clear exactly where `flipped` is zero.
        let flipped = word ^ (0xEF &* ones)
        let lead = ~(((flipped & lows) &+ lows) | flipped)
        return (controls | lead) & highs
      }
      var index = 0
      // The markup state just before `scanned`.
      var scanned = 0
      var inMarkup = false
      while index < buffer.count {
        while index + 16 <= buffer.count, candidates(at: index) | candidates(at: index + 8) == 0 {
          index += 16
        }
        if index + 8 <= buffer.count, candidates(at: index) == 0 {
          index += 8
          continue
        }
        let end = Swift.min(index + 8, buffer.count)
        while index < end {
          let byte = buffer[index]
          if (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x00) || byte == 0xEF,
            shieldCode(bytes, index) != nil
          {
            while scanned < index {
              if buffer[scanned] == UInt8(ascii: "<") { inMarkup = true }
              if buffer[scanned] == UInt8(ascii: ">") { inMarkup = false }
              scanned += 1
            }
            if !inMarkup { return (index, false) }
          }
          index += 1
        }
      }
      return nil
    }
  }

  /// The code (0x00–0x1F controls, 0x40 marker, 0x41 U+FFFE, 0x42 U+FFFF) and length of a
  /// character that must be shielded at `index`.
  @inline(__always) private static func shieldCode(_ bytes: [UInt8], _ index: Int) -> (UInt8, Int)?
  {
    let byte = bytes[index]
    if byte < 0x20 {
      return byte == 0x09 || byte == 0x0A || byte == 0x00 ? nil : (byte, 1)
    }
    guard byte == 0xEF, index + 2 < bytes.count else { return nil }
    switch (bytes[index + 1], bytes[index + 2]) {
    case (0xB7, 0x90): return (0x40, 3)
    case (0xBF, 0xBE): return (0x41, 3)
    case (0xBF, 0xBF): return (0x42, 3)
    default: return nil
    }
  }

  /// Text as it was before ``shield(_:)``.
  static func unshield(_ text: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(text.count)
    var index = 0
    while index < text.count {
      if index + 6 <= text.count, text[index] == 0xEF, text[index + 1] == 0xB7,
        text[index + 2] == 0x90, text[index + 3] == 0xEE
      {
        let code = (text[index + 4] & 0x3F) << 6 | text[index + 5] & 0x3F
        switch code {
        case 0x40: result += marker
        case 0x41: result += [0xEF, 0xBF, 0xBE]
        case 0x42: result += [0xEF, 0xBF, 0xBF]
        default: result.append(code)
        }
        index += 6
      } else {
        result.append(text[index])
        index += 1
      }
    }
    return result
  }

  /// False for UTF-16/32 (BOM or NUL bytes up front) and for a declared non-UTF-8 encoding.
  private static func isUTF8(_ bytes: [UInt8]) -> Bool {
    if bytes.count >= 2, bytes[0] == 0xFE || bytes[0] == 0xFF || bytes[0] == 0 || bytes[1] == 0 {
      return false
    }
    let prolog = bytes.prefix(200)
    guard prolog.starts(with: Array("<?xml".utf8)),
      let end = prolog.firstIndex(of: UInt8(ascii: ">"))
    else { return true }
    let declaration = String(decoding: prolog[..<end], as: UTF8.self).lowercased()
    guard let range = declaration.range(of: "encoding") else { return true }
    let rest = declaration[range.upperBound...].drop { " =\"'".contains($0) }
    return rest.hasPrefix("utf-8") || rest.hasPrefix("utf8")
  }
}
