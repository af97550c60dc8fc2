/// String and character literals: their openings (prefix, `@`, raw), their extent, adjacent
/// literals (phase 6) and their decoding (phase 5).
extension CFamilyScanner {
  /// How a string literal opens: `@`, encoding prefix, raw or not, and where its `"` is.
  struct StringOpening {
    var isObjectiveC: Bool
    var encoding: CFamilyStringEncoding
    var isRaw: Bool
    var quote: Int
  }

  /// One literal of a concatenation: its opening, its content's range (logical offsets, or for
  /// a raw literal offsets of the input) and where it ends.
  struct StringPart {
    var opening: StringOpening
    var content: Range<Int>
    var isTerminated: Bool
    /// The logical offset after the closing quote (or where the unterminated literal stops).
    var end: Int
  }

  /// The string literal opening at `index`: `"`, `@"`, `@R"`, or a prefix (`L u U u8`, each
  /// optionally followed by `R`, or `R` alone) directly followed by `"`. `index` must start a
  /// token.
  func stringOpening(at index: Int) -> StringOpening? {
    var isObjectiveC = false
    var encoding = CFamilyStringEncoding.ordinary
    var isRaw = false
    var next = index
    switch byte(at: next) {
    case UInt8(ascii: "\""):
      return StringOpening(isObjectiveC: false, encoding: .ordinary, isRaw: false, quote: index)
    case UInt8(ascii: "@"):
      isObjectiveC = true
      next += 1
    case UInt8(ascii: "L"):
      encoding = .wide
      next += 1
    case UInt8(ascii: "U"):
      encoding = .utf32
      next += 1
    case UInt8(ascii: "u"):
      if byte(at: next + 1) == UInt8(ascii: "8") {
        encoding = .utf8
        next += 2
      } else {
        encoding = .utf16
        next += 1
      }
    case UInt8(ascii: "R"):
      break
    default:
      return nil
    }
    // `@R"(…)"` is an NSString too (clang reads `@` then any ordinary literal).
    if byte(at: next) == UInt8(ascii: "R") {
      isRaw = true
      next += 1
    }
    guard byte(at: next) == UInt8(ascii: "\"") else { return nil }
    return StringOpening(
      isObjectiveC: isObjectiveC, encoding: encoding, isRaw: isRaw, quote: next)
  }

  /// The character literal opening at `index` with a prefix (`L'`, `u'`, `U'`, `u8'`): where
  /// its `'` is, and its code unit's width.
  func characterOpening(at index: Int) -> (quote: Int, unitBits: Int)? {
    switch byte(at: index) {
    case UInt8(ascii: "L"), UInt8(ascii: "U"):
      return byte(at: index + 1) == UInt8(ascii: "'") ? (index + 1, 32) : nil
    case UInt8(ascii: "u"):
      if byte(at: index + 1) == UInt8(ascii: "'") { return (index + 1, 16) }
      return byte(at: index + 1) == UInt8(ascii: "8") && byte(at: index + 2) == UInt8(ascii: "'")
        ? (index + 2, 8) : nil
    default:
      return nil
    }
  }

  // MARK: - String literals

  /// The string literal at `start` and every literal adjacent to it (separated by whitespace,
  /// comments and, outside a directive, line breaks), as one token and one literal.
  mutating func lexStringLiteral(from start: Int) {
    var parts: [StringPart] = []
    var partStart = start
    while let opening = stringOpening(at: partStart) {
      let part = opening.isRaw ? scanRawPart(opening) : scanPart(opening)
      parts.append(part)
      position = part.end
      // An unterminated literal ends at its line's end: the next line's literal is not joined.
      guard part.isTerminated, let next = nextStringStart() else { break }
      partStart = next
    }
    if parts.isEmpty {
      // Not reached (the caller saw an opening); never loop on it.
      position = start + 1
      emit(.unknown, from: start)
      return
    }
    var literal = decode(parts)
    literal.start = Self.offset(splices.inputOffset(start))
    literal.end = Self.offset(splices.inputEnd(position, start: start))
    var index: Int32 = -1
    if !discarding {
      index = Int32(clamping: literals.count)
      literals.append(literal)
    }
    emit(.string, from: start, value: index, malformed: literal.isMalformed)
  }

  /// Where the next literal of a concatenation opens after the position: past whitespace and
  /// comments (and line breaks, except in a directive, whose line they end), if a string
  /// literal comes next.
  func nextStringStart() -> Int? {
    var index = position
    while index < end {
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0B, 0x0C, 0:
        index += 1
      case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        if directive != nil { return nil }
        index += 1
      case UInt8(ascii: "/") where byte(at: index + 1) == UInt8(ascii: "/"):
        index = lineCommentEnd(from: index)
      case UInt8(ascii: "/") where byte(at: index + 1) == UInt8(ascii: "*"):
        index = blockCommentEnd(from: index).end
      default:
        return stringOpening(at: index) != nil ? index : nil
      }
    }
    return nil
  }

  /// An ordinary (not raw) literal's extent: up to its closing quote, or unterminated before a
  /// line break or the end of the input.
  func scanPart(_ opening: StringOpening) -> StringPart {
    var index = opening.quote + 1
    while index < end {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        return StringPart(
          opening: opening, content: opening.quote + 1..<index, isTerminated: true, end: index + 1)
      }
      if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { break }
      if byte == UInt8(ascii: "\\"), index + 1 < end, bytes[index + 1] != UInt8(ascii: "\n"),
        bytes[index + 1] != UInt8(ascii: "\r")
      {
        index += 2
      } else {
        index += 1
      }
    }
    index = min(index, end)
    return StringPart(
      opening: opening, content: opening.quote + 1..<index, isTerminated: false, end: index)
  }

  /// A raw literal's extent, read in the input (line continuations are not removed inside it):
  /// `"`, a delimiter of at most 16 characters, `(`, the content, `)`, the delimiter, `"`. An
  /// invalid delimiter or a missing terminator makes it an unterminated literal ending at its
  /// logical line's end.
  mutating func scanRawPart(_ opening: StringOpening) -> StringPart {
    let quote = splices.inputOffset(opening.quote)
    var index = quote + 1
    while index < input.count, index - quote - 1 <= 16, Self.isRawDelimiterByte(input[index]) {
      index += 1
    }
    let delimiter = quote + 1..<index
    if index < input.count, input[index] == UInt8(ascii: "("), delimiter.count <= 16,
      let close = rawTerminator(Array(input[delimiter]), from: index + 1)
    {
      let inputEnd = close + delimiter.count + 2
      return StringPart(
        opening: opening, content: index + 1..<close, isTerminated: true,
        end: max(splices.logicalOffset(ofInput: inputEnd), opening.quote + 1))
    }
    var lineEnd = opening.quote + 1
    while lineEnd < end, bytes[lineEnd] != UInt8(ascii: "\n"), bytes[lineEnd] != UInt8(ascii: "\r")
    {
      lineEnd += 1
    }
    return StringPart(
      opening: opening, content: quote + 1..<quote + 1, isTerminated: false, end: lineEnd)
  }

  /// The input offset of the first `)delimiter"` at or after `from`.
  mutating func rawTerminator(_ delimiter: [UInt8], from: Int) -> Int? {
    if rawTerminators == nil { rawTerminators = Self.rawTerminatorIndex(input) }
    guard let positions = rawTerminators?[delimiter] else { return nil }
    var low = 0
    var high = positions.count
    while low < high {
      let middle = (low + high) / 2
      if positions[middle] < from { low = middle + 1 } else { high = middle }
    }
    return low < positions.count ? positions[low] : nil
  }

  /// Every `)delimiter"` of the input by delimiter: for each `"`, the nearest `)` before it with
  /// only delimiter characters (at most 16) between. Built once per input: finding a raw
  /// literal's end stays linear however many raw literals there are.
  static func rawTerminatorIndex(_ input: [UInt8]) -> [[UInt8]: [Int]] {
    var index: [[UInt8]: [Int]] = [:]
    for quote in input.indices where input[quote] == UInt8(ascii: "\"") {
      var candidate = quote - 1
      while candidate >= 0, quote - candidate <= 17, isRawDelimiterByte(input[candidate]) {
        candidate -= 1
      }
      guard candidate >= 0, quote - candidate <= 17, input[candidate] == UInt8(ascii: ")") else {
        continue
      }
      index[Array(input[candidate + 1..<quote]), default: []].append(candidate)
    }
    return index
  }

  /// A raw literal's delimiter characters: printable ASCII but `(`, `)` and `\` (C++'s d-chars,
  /// with `$`, `@` and backquote as C++26 and clang allow).
  static func isRawDelimiterByte(_ byte: UInt8) -> Bool {
    byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "(") && byte != UInt8(ascii: ")")
      && byte != UInt8(ascii: "\\")
  }

  // MARK: - Decoding

  /// The literal of a concatenation: one encoding for all parts (the prefixed parts' one),
  /// every part decoded with its code unit width, the checks clang applies.
  func decode(_ parts: [StringPart]) -> CFamilyStringLiteral {
    var encoding = CFamilyStringEncoding.ordinary
    var isMalformed = false
    var isObjectiveC = false
    var isRaw = false
    for part in parts {
      let partEncoding = part.opening.encoding
      if partEncoding != .ordinary {
        if encoding == .ordinary {
          encoding = partEncoding
        } else if encoding != partEncoding {
          isMalformed = true
        }
      }
      if part.opening.isObjectiveC { isObjectiveC = true }
      if part.opening.isRaw { isRaw = true }
      if !part.isTerminated { isMalformed = true }
    }
    // `@"a" "b"` and `@"a" @"b"` are one NSString; `"a" @"b"` is a syntax error, and an
    // NSString's parts are ordinary literals.
    if isObjectiveC, parts.first?.opening.isObjectiveC != true || encoding != .ordinary {
      isMalformed = true
    }
    var decoder = LiteralDecoder(unitBits: encoding.unitBits)
    for part in parts {
      if part.opening.isRaw {
        decodeRaw(part.content, into: &decoder)
      } else {
        var index = part.content.lowerBound
        while index < part.content.upperBound {
          let byte = bytes[index]
          if byte == UInt8(ascii: "\\") {
            index = decodeEscape(at: index + 1, limit: part.content.upperBound, into: &decoder)
          } else {
            decoder.appendSource(byte)
            index += 1
          }
        }
      }
      decoder.flushSource()
    }
    let (value, isRepaired) = decoder.value()
    return CFamilyStringLiteral(
      value: value, start: 0, end: 0, encoding: encoding, isObjectiveC: isObjectiveC,
      isRaw: isRaw, partCount: Int32(clamping: parts.count),
      isMalformed: isMalformed || decoder.isMalformed, hasUnknownEscape: decoder.hasUnknownEscape,
      isRepaired: isRepaired)
  }

  /// A raw literal's content (input offsets): its bytes as written, a CR LF or CR line break
  /// being a line feed (phase 1).
  func decodeRaw(_ content: Range<Int>, into decoder: inout LiteralDecoder) {
    var index = content.lowerBound
    while index < content.upperBound {
      let byte = input[index]
      index += 1
      if byte == UInt8(ascii: "\r") {
        decoder.appendSource(UInt8(ascii: "\n"))
        if index < content.upperBound, input[index] == UInt8(ascii: "\n") { index += 1 }
      } else {
        decoder.appendSource(byte)
      }
    }
  }

  /// The escape sequence after a `\` at `index - 1`, up to `limit`: its code unit or character
  /// into `decoder`; the offset after it. An unknown escape (`\q`) decodes to the character after
  /// the backslash, as GCC and clang do: the offset of that character is returned.
  func decodeEscape(at index: Int, limit: Int, into decoder: inout LiteralDecoder) -> Int {
    guard index < limit else {
      decoder.isMalformed = true
      return index
    }
    let simple: UInt32? =
      switch bytes[index] {
      case UInt8(ascii: "n"): 0x0A
      case UInt8(ascii: "t"): 0x09
      case UInt8(ascii: "r"): 0x0D
      case UInt8(ascii: "a"): 0x07
      case UInt8(ascii: "b"): 0x08
      case UInt8(ascii: "f"): 0x0C
      case UInt8(ascii: "v"): 0x0B
      // GNU: escape.
      case UInt8(ascii: "e"), UInt8(ascii: "E"): 0x1B
      case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "?"):
        UInt32(bytes[index])
      default: nil
      }
    if let simple {
      decoder.appendUnit(simple)
      return index + 1
    }
    let letter = bytes[index]
    let delimited = index + 1 < limit && bytes[index + 1] == UInt8(ascii: "{")
    switch letter {
    case UInt8(ascii: "0")...UInt8(ascii: "7"):
      var value: UInt32 = 0
      var next = index
      while next < limit, next - index < 3, let digit = Self.octalValue(bytes[next]) {
        value = value * 8 + digit
        next += 1
      }
      decoder.appendNumeric(value, overflowed: false)
      return next
    case UInt8(ascii: "x"), UInt8(ascii: "o"):
      // `\o` is an escape only as `\o{…}` (C++23, a clang extension).
      guard letter == UInt8(ascii: "x") || delimited else {
        decoder.hasUnknownEscape = true
        return index
      }
      let radix: UInt64 = letter == UInt8(ascii: "x") ? 16 : 8
      var next = delimited ? index + 2 : index + 1
      var value: UInt64 = 0
      var overflowed = false
      var digits = 0
      while next < limit, let digit = Self.digitValue(bytes[next], radix: radix) {
        value = value * radix + UInt64(digit)
        if value > UInt64(UInt32.max) {
          overflowed = true
          value &= UInt64(UInt32.max)
        }
        digits += 1
        next += 1
      }
      if delimited {
        if next < limit, bytes[next] == UInt8(ascii: "}") { next += 1 } else { digits = 0 }
      }
      guard digits > 0 else {
        decoder.isMalformed = true
        return next
      }
      decoder.appendNumeric(UInt32(truncatingIfNeeded: value), overflowed: overflowed)
      return next
    case UInt8(ascii: "u"), UInt8(ascii: "U"):
      var next = index + 1
      var value: UInt64 = 0
      var digits = 0
      if letter == UInt8(ascii: "u"), delimited {
        next += 1
        while next < limit, let digit = Self.hexValue(bytes[next]) {
          value = min(value * 16 + UInt64(digit), 0x1_0000_0000)
          digits += 1
          next += 1
        }
        if next < limit, bytes[next] == UInt8(ascii: "}") { next += 1 } else { digits = 0 }
      } else {
        let wanted = letter == UInt8(ascii: "u") ? 4 : 8
        while next < limit, digits < wanted, let digit = Self.hexValue(bytes[next]) {
          value = value * 16 + UInt64(digit)
          digits += 1
          next += 1
        }
        if digits < wanted { digits = 0 }
      }
      guard digits > 0 else {
        decoder.isMalformed = true
        return next
      }
      decoder.appendUniversal(value)
      return next
    case UInt8(ascii: "N") where delimited:
      // A named character (C++23, a clang extension): not decoded without Unicode's name table.
      var next = index + 2
      while next < limit, bytes[next] != UInt8(ascii: "}") { next += 1 }
      decoder.isMalformed = true
      decoder.appendUniversal(0xFFFD)
      return min(next + 1, limit)
    default:
      decoder.hasUnknownEscape = true
      return index
    }
  }

  static func octalValue(_ byte: UInt8) -> UInt32? {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "7") ? UInt32(byte - UInt8(ascii: "0")) : nil
  }

  static func digitValue(_ byte: UInt8, radix: UInt64) -> UInt32? {
    radix == 8 ? octalValue(byte) : hexValue(byte)
  }

  // MARK: - Character literals

  /// A character literal from `start` (its prefix) with its `'` at `quote`: up to the closing
  /// `'`, or unterminated before a line break. Malformed when unterminated, empty or with an
  /// invalid escape; not decoded.
  mutating func lexCharacterLiteral(from start: Int, quote: Int, unitBits: Int) {
    var decoder = LiteralDecoder(unitBits: unitBits)
    var index = quote + 1
    var characters = 0
    var isTerminated = false
    while index < end {
      let byte = bytes[index]
      if byte == UInt8(ascii: "'") {
        isTerminated = true
        index += 1
        break
      }
      if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { break }
      characters += 1
      if byte == UInt8(ascii: "\\") {
        // An unknown escape's character is then read as an ordinary one.
        index = decodeEscape(at: index + 1, limit: end, into: &decoder)
      } else {
        index += 1
      }
    }
    position = min(index, end)
    emit(
      .character, from: start,
      malformed: !isTerminated || characters == 0 || decoder.isMalformed)
  }
}

/// A literal's code units as they are decoded: bytes for `char` and `char8_t` literals, UTF-16
/// or UTF-32 units for the others. The source's own characters (UTF-8) are kept as bytes in a
/// narrow literal and transcoded in a wide one; escapes give code units or characters.
struct LiteralDecoder {
  let unitBits: Int
  private var narrow: [UInt8] = []
  private var wide: [UInt32] = []
  /// Source bytes of a wide literal waiting to be transcoded.
  private var pending: [UInt8] = []
  var isMalformed = false
  var hasUnknownEscape = false

  init(unitBits: Int) {
    self.unitBits = unitBits
  }

  /// A byte of the source text.
  mutating func appendSource(_ byte: UInt8) {
    if unitBits == 8 { narrow.append(byte) } else { pending.append(byte) }
  }

  /// Transcodes the source text kept for a wide literal (invalid UTF-8 there is an error for
  /// clang).
  mutating func flushSource() {
    guard !pending.isEmpty else { return }
    if String(validating: pending, as: UTF8.self) == nil { isMalformed = true }
    let text = String(decoding: pending, as: UTF8.self)
    pending.removeAll(keepingCapacity: true)
    if unitBits == 16 {
      wide.append(contentsOf: text.utf16.lazy.map { UInt32($0) })
    } else {
      wide.append(contentsOf: text.unicodeScalars.lazy.map { $0.value })
    }
  }

  /// A code unit of a simple escape.
  mutating func appendUnit(_ unit: UInt32) {
    flushSource()
    if unitBits == 8 { narrow.append(UInt8(truncatingIfNeeded: unit)) } else { wide.append(unit) }
  }

  /// An octal or hex escape's value: one code unit, taken modulo the unit's width as GCC does
  /// (clang rejects a value that does not fit: malformed).
  mutating func appendNumeric(_ value: UInt32, overflowed: Bool) {
    if overflowed || (unitBits < 32 && value >> UInt32(unitBits) != 0) { isMalformed = true }
    appendUnit(unitBits == 32 ? value : value & ((1 << UInt32(unitBits)) - 1))
  }

  /// A universal character name's value: the character in the literal's encoding. A surrogate
  /// or a value past U+10FFFF is invalid (U+FFFD); so is, in C and Objective-C, a character
  /// below U+00A0 other than `$`, `@` and backquote (C++11 and C23 allow them: the character is
  /// kept either way).
  mutating func appendUniversal(_ value: UInt64) {
    flushSource()
    let scalar: Unicode.Scalar
    if value <= 0x10FFFF, let valid = Unicode.Scalar(UInt32(value)) {
      scalar = valid
      if value < 0xA0, value != 0x24, value != 0x40, value != 0x60 { isMalformed = true }
    } else {
      scalar = "\u{FFFD}"
      isMalformed = true
    }
    switch unitBits {
    case 8: narrow.append(contentsOf: String(Character(scalar)).utf8)
    case 16: wide.append(contentsOf: String(Character(scalar)).utf16.lazy.map { UInt32($0) })
    default: wide.append(scalar.value)
    }
  }

  /// The decoded text, and whether code units that are not Unicode became U+FFFD.
  func value() -> (String, Bool) {
    switch unitBits {
    case 8:
      if let text = String(validating: narrow, as: UTF8.self) { return (text, false) }
      return (String(decoding: narrow, as: UTF8.self), true)
    case 16:
      let units = wide.map { UInt16(truncatingIfNeeded: $0) }
      if let text = String(validating: units, as: UTF16.self) { return (text, false) }
      return (String(decoding: units, as: UTF16.self), true)
    default:
      var text = String.UnicodeScalarView()
      var isRepaired = false
      for unit in wide {
        if let scalar = Unicode.Scalar(unit) {
          text.append(scalar)
        } else {
          text.append("\u{FFFD}")
          isRepaired = true
        }
      }
      return (String(text), isRepaired)
    }
  }
}
