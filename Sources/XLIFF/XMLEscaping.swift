import Clibxml2

/// Xcode's XLIFF escaping (`xliff.md` §1), as libxml2 escape callbacks.
///
/// Element content: `&amp; &lt; &gt;`, and CR as `&#13;` (a raw CR would be read back as LF); `"`,
/// tab and LF raw. Attribute values: also `&quot;` and tab, LF, CR as `&#9; &#10; &#13;`. Characters
/// XML 1.0 has no place for (C0 controls other than tab, LF, CR; U+FFFE, U+FFFF; U+0000, written
/// by ``XMLOutput``) are written as numeric references, which Xcode's files never hold (so no
/// Xcode bytes are at stake) and lhc's reader reads back (see ``XMLReferenceShield``).
public enum XMLEscaping {
  /// Where text goes.
  public enum Context: Sendable {
    case content, attribute

    /// This context's mark in ``XMLEscaping/byteFlags``.
    var escapedFlag: UInt8 {
      switch self {
      case .content: 1
      case .attribute: 2
      }
    }

    /// The callback for `xmlOutputBufferWriteEscape`.
    var escape: xmlCharEncodingOutputFunc {
      switch self {
      case .content: contentEscape
      case .attribute: attributeEscape
      }
    }
  }

  /// True when `utf8` holds a byte that `context` escapes (one pass, one table look-up a byte:
  /// most text has spaces and digits, which a range test would send to the slow check).
  ///
  /// First 8 bytes at a time while ``mayBeMarked(_:)`` says none of them can be; from the first
  /// word that may hold one on, the table decides byte by byte. (The table alone: 15M
  /// instructions of an export of the 9.9 MB bench catalog, ~290 a text, the `<target>` texts
  /// 41 bytes on average.)
  static func needsEscaping(_ utf8: UnsafeBufferPointer<UInt8>, _ context: Context) -> Bool {
    var start = 0
    if let base = utf8.baseAddress {
      let raw = UnsafeRawPointer(base)
      while start + 8 <= utf8.count,
        !mayBeMarked(raw.loadUnaligned(fromByteOffset: start, as: UInt64.self))
      {
        start += 8
      }
    }
    let escaped = context.escapedFlag
    return byteFlags.withUnsafeBufferPointer { flags in
      for index in start..<utf8.count {
        let flag = flags[Int(utf8[index])]
        if flag == 0 { continue }
        if flag & escaped != 0 { return true }
        if flag & nonCharacterLead != 0, isNonCharacter(utf8, index) { return true }
      }
      return false
    }
  }

  /// False when none of the 8 bytes of `word` is one that ``byteFlags`` marks in any context (a
  /// control character, `"`, `&`, `<`, `>`, `EF`); true may be a false alarm (`"` in element
  /// content, tab, LF, a borrow between bytes), which the table then settles. Bit tricks on the
  /// word: a byte is zero after `^` with the value looked for, `|` folds the pairs `<` `>` and
  /// `"` `&` (one bit apart) into one test each, and `(v - 0x01…) & ~v & 0x80…` is non-zero when
  /// a byte of `v` is zero (with `0x20…`: below 0x20) — never missing one.
  @inline(__always)
  private static func mayBeMarked(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    func anyZero(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
    let controls = (word &- 0x2020_2020_2020_2020) & ~word & highs
    let angles = anyZero((word | 0x0202_0202_0202_0202) ^ 0x3E3E_3E3E_3E3E_3E3E)  // `<` `>`
    let quotes = anyZero((word | 0x0404_0404_0404_0404) ^ 0x2626_2626_2626_2626)  // `"` `&`
    let lead = anyZero(word ^ 0xEFEF_EFEF_EFEF_EFEF)
    return controls | angles | quotes | lead != 0
  }

  /// For each byte: ``Context/escapedFlag`` of the contexts that escape it (U+0000 counts: see
  /// ``XMLOutput``), and ``nonCharacterLead`` for `EF`; derived from ``entity(_:_:)``.
  fileprivate static let byteFlags: [UInt8] = (0..<256).map { value in
    let byte = UInt8(value)
    var flag: UInt8 = byte == 0xEF ? nonCharacterLead : 0
    for context in [Context.content, .attribute] where byte == 0 || entity(byte, context) != nil {
      flag |= context.escapedFlag
    }
    return flag
  }

  /// ``byteFlags``' mark of `EF`, the first byte of U+FFFE and U+FFFF.
  fileprivate static let nonCharacterLead: UInt8 = 4

  /// True when the bytes at `index` are U+FFFE or U+FFFF (`EF BF BE`, `EF BF BF`).
  static func isNonCharacter(_ utf8: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool {
    index + 2 < utf8.count && utf8[index + 1] == 0xBF && (utf8[index + 2] | 1) == 0xBF
  }

  /// The entity that replaces the ASCII byte `byte` in `context`, or nil when it stays raw.
  static func entity(_ byte: UInt8, _ context: Context) -> [UInt8]? {
    switch byte {
    case UInt8(ascii: "&"): return ampersand
    case UInt8(ascii: "<"): return lessThan
    case UInt8(ascii: ">"): return greaterThan
    case UInt8(ascii: "\""): return context == .attribute ? quote : nil
    case 0x09, 0x0A: return context == .attribute ? controlReferences[Int(byte)] : nil
    case 0x01..<0x20: return controlReferences[Int(byte)]
    default: return nil
    }
  }

  private static let ampersand = Array("&amp;".utf8)
  private static let lessThan = Array("&lt;".utf8)
  private static let greaterThan = Array("&gt;".utf8)
  private static let quote = Array("&quot;".utf8)
  /// `&#N;` for N in 0..<32.
  private static let controlReferences = (0..<32).map { Array("&#\($0);".utf8) }
  /// `&#65534;`, `&#65535;` for U+FFFE, U+FFFF.
  static let nonCharacterReferences = [Array("&#65534;".utf8), Array("&#65535;".utf8)]
}

/// Copies `input` to `out`, replacing what `context` escapes (the `xmlCharEncodingOutputFunc`
/// contract: `*outlen` in = space, out = written; `*inlen` in = available, out = consumed).
private func escape(
  _ out: UnsafeMutablePointer<UInt8>?, _ outlen: UnsafeMutablePointer<Int32>?,
  _ input: UnsafePointer<UInt8>?, _ inlen: UnsafeMutablePointer<Int32>?,
  _ context: XMLEscaping.Context
) -> Int32 {
  guard let out, let outlen, let input, let inlen else { return -1 }
  let available = UnsafeBufferPointer(start: input, count: Int(inlen.pointee))
  let space = Int(outlen.pointee)
  var consumed = 0
  var written = 0
  // Runs of bytes that stay as they are (``XMLEscaping/byteFlags`` clear for `context`) are
  // copied at once, not a byte at a time through `entity` (an export of the 9.9 MB bench
  // catalog escapes 2,395 texts: `xmlOutputBufferWriteEscape` with this callback 4.8M → 2.9M).
  let marked = context.escapedFlag | XMLEscaping.nonCharacterLead
  while consumed < available.count {
    var end = consumed
    XMLEscaping.byteFlags.withUnsafeBufferPointer { flags in
      while end < available.count, flags[Int(available[end])] & marked == 0 { end += 1 }
    }
    let run = min(end - consumed, space - written)
    if run > 0 {
      (out + written).update(from: input + consumed, count: run)
      written += run
      consumed += run
      continue
    }
    guard consumed == end else { break }  // out of space
    let byte = available[consumed]
    var replacement: [UInt8]? = nil
    var width = 1
    if byte == 0xEF, XMLEscaping.isNonCharacter(available, consumed) {
      replacement = XMLEscaping.nonCharacterReferences[Int(available[consumed + 2] & 1)]
      width = 3
    } else if byte < 0x3F {
      replacement = XMLEscaping.entity(byte, context)
    }
    guard let replacement else {
      guard written < space else { break }
      out[written] = byte
      written += 1
      consumed += 1
      continue
    }
    guard written + replacement.count <= space else { break }
    for (offset, value) in replacement.enumerated() { out[written + offset] = value }
    written += replacement.count
    consumed += width
  }
  outlen.pointee = Int32(written)
  inlen.pointee = Int32(consumed)
  return Int32(written)
}

private let contentEscape: xmlCharEncodingOutputFunc = { out, outlen, input, inlen in
  escape(out, outlen, input, inlen, .content)
}

private let attributeEscape: xmlCharEncodingOutputFunc = { out, outlen, input, inlen in
  escape(out, outlen, input, inlen, .attribute)
}
