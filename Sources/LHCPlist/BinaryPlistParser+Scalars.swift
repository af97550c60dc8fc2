extension BinaryPlistParser {
  /// A non-container object: boolean, integer, real, date, data or string.
  func scalar(_ number: Int, _ start: Int, _ marker: UInt8) throws(PlistReadError) -> PlistValue {
    let low = Int(marker & 0x0F)
    switch marker >> 4 {
    case 0x0:
      switch marker {
      case 0x08: return .boolean(false)
      case 0x09: return .boolean(true)
      case 0x00: throw Self.error("object \(number) is null, which property lists cannot hold")
      default: throw Self.error("object \(number) has an unknown type (marker \(hex(marker)))")
      }
    case 0x1:
      guard low <= 4 else { throw Self.error("object \(number) is an integer of invalid size") }
      return .integer(try integer(number, start + 1, size: 1 << low))
    case 0x2:
      guard low == 2 || low == 3 else {
        throw Self.error("object \(number) is a real of invalid size")
      }
      return .real(try real(number, start + 1, size: 1 << low))
    case 0x3:
      guard marker == 0x33 else { throw Self.error("object \(number) is an invalid date") }
      return .date(try real(number, start + 1, size: 8))
    case 0x4:
      let (count, body) = try length(number, start)
      try check(body, count, number)
      return .data(Array(bytes[body..<body + count]))
    case 0x5: return .string(try ascii(number, start))
    case 0x6: return .string(try utf16(number, start))
    case 0x8:
      throw Self.error("object \(number) is a UID (keyed archive), which is not supported")
    case 0xB, 0xC: throw Self.error("object \(number) is a set, which is not supported")
    default: throw Self.error("object \(number) has an unknown type (marker \(hex(marker)))")
    }
  }

  /// `0x` and two hex digits.
  private func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return "0x" + (digits.count == 1 ? "0" + digits : digits)
  }

  /// A big-endian integer: 1, 2 and 4 bytes unsigned, 8 bytes signed, 16 bytes signed (must fit
  /// in 64 bits).
  private func integer(_ number: Int, _ start: Int, size: Int) throws(PlistReadError) -> Int {
    try check(start, size, number)
    if size < 8 { return Int(Self.bigEndian(bytes, start, size)) }
    if size == 8 { return Int(truncatingIfNeeded: Self.bigEndian(bytes, start, 8)) }
    let high = Self.bigEndian(bytes, start, 8)
    let low = Self.bigEndian(bytes, start + 8, 8)
    let value = Int(truncatingIfNeeded: low)
    guard (high == 0 && value >= 0) || (high == .max && value < 0) else {
      throw Self.error("object \(number) is an integer outside the 64-bit range")
    }
    return value
  }

  /// A big-endian IEEE float (4 bytes) or double (8 bytes).
  private func real(_ number: Int, _ start: Int, size: Int) throws(PlistReadError) -> Double {
    try check(start, size, number)
    let bits = Self.bigEndian(bytes, start, size)
    return size == 4
      ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits)))
      : Double(bitPattern: bits)
  }

  /// An ASCII string object.
  private func ascii(_ number: Int, _ start: Int) throws(PlistReadError) -> String {
    let (count, body) = try length(number, start)
    try check(body, count, number)
    let slice = bytes[body..<body + count]
    guard slice.allSatisfy({ $0 < 0x80 }) else {
      throw Self.error("object \(number) is an ASCII string with a non-ASCII byte")
    }
    return String(decoding: slice, as: UTF8.self)
  }

  /// A UTF-16 (big-endian) string object; unpaired surrogates are an error.
  private func utf16(_ number: Int, _ start: Int) throws(PlistReadError) -> String {
    let (count, body) = try length(number, start)
    guard count <= bytes.count / 2 else {
      throw Self.error("object \(number) extends past the end of the data")
    }
    try check(body, count * 2, number)
    var units = (0..<count).lazy.map {
      UInt16(self.bytes[body + 2 * $0]) << 8 | UInt16(self.bytes[body + 2 * $0 + 1])
    }.makeIterator()
    var decoder = UTF16()
    var result = String.UnicodeScalarView()
    while true {
      switch decoder.decode(&units) {
      case .scalarValue(let scalar): result.append(scalar)
      case .emptyInput: return String(result)
      case .error:
        throw Self.error("object \(number) is a UTF-16 string with an unpaired surrogate")
      }
    }
  }
}
