import LHCBase
import StringCatalog

/// Bytes of a JSON document in Xcode's layout (Foundation's `.prettyPrinted`): two spaces per
/// level, `"key" : value`, commas at line ends, one array element per line, an empty object or
/// array as `{` (or `[`), an empty line and the closing bracket at the container's own indent.
///
/// Strings: `"` and `\` escaped, `\b \f \n \r \t`, other control characters as `\u00xx` (lower
/// case, as Foundation writes them); everything else raw UTF-8, `/` included.
struct JSONOutput: ~Copyable {
  var bytes: ByteBuffer

  init(capacity: Int) {
    bytes = ByteBuffer(capacity: capacity)
  }

  /// Where the members of one object (or the elements of one array) stand.
  struct Container {
    /// Indent of the container's own line (its closing bracket).
    let indent: Int
    var count = 0
  }

  /// Writes `{` (or `[`) and returns the container whose items will stand one level deeper.
  mutating func open(_ bracket: UInt8, indent: Int) -> Container {
    bytes.append(bracket)
    return Container(indent: indent)
  }

  /// Writes the separator before the next member's name or element: a comma after the previous
  /// one, a newline and the indentation.
  @inline(__always) mutating func nextItem(_ container: inout Container) {
    if container.count > 0 { bytes.append(UInt8(ascii: ",")) }
    container.count += 1
    newline(indent: container.indent + 2)
  }

  /// Writes the next member's name and ` : `; the value follows.
  @inline(__always) mutating func key(_ name: String, _ container: inout Container) {
    nextItem(&container)
    string(name)
    bytes.append(0x20)  // " : "
    bytes.append(0x3A)
    bytes.append(0x20)
  }

  /// Writes the closing `}` (or `]`): on its own line, after an empty line when nothing was written.
  mutating func close(_ container: Container, _ bracket: UInt8) {
    if container.count == 0 { bytes.append(UInt8(ascii: "\n")) }
    newline(indent: container.indent)
    bytes.append(bracket)
  }

  @inline(__always) mutating func newline(indent: Int) {
    if indent < Self.newlineAndSpaces.count {
      Self.newlineAndSpaces.withUnsafeBufferPointer { line in
        bytes.append(UnsafeBufferPointer(rebasing: line[...indent]))
      }
    } else {
      bytes.append(UInt8(ascii: "\n"))
      for _ in 0..<indent { bytes.append(0x20) }
    }
  }

  /// A line feed and enough spaces for most indents, appended in one copy.
  private static let newlineAndSpaces: [UInt8] = [0x0A] + Array(repeating: 0x20, count: 64)

  mutating func bool(_ value: Bool) {
    ascii(value ? "true" : "false")
  }

  mutating func ascii(_ text: String) {
    text.withUTF8Bytes { bytes.append($0) }
  }

  /// `text` as a JSON string literal.
  @inline(__always) mutating func string(_ text: String) {
    text.withUTF8Bytes { utf8 in quoted(utf8) }
  }

  private mutating func quoted(_ utf8: UnsafeBufferPointer<UInt8>) {
    bytes.append(UInt8(ascii: "\""))
    var start = 0
    var index = 0
    while true {
      index = Self.nextSpecial(utf8, from: index)
      guard index < utf8.count else { break }
      bytes.append(UnsafeBufferPointer(rebasing: utf8[start..<index]))
      escape(utf8[index])
      index += 1
      start = index
    }
    bytes.append(UnsafeBufferPointer(rebasing: utf8[start...]))
    bytes.append(UInt8(ascii: "\""))
  }

  /// The offset of the first byte at or after `start` that must be escaped (`"`, `\`, a control
  /// character), or the count. Eight bytes at a time (SWAR), as the reader scans strings: most
  /// values have nothing to escape.
  @inline(__always) private static func nextSpecial(
    _ utf8: UnsafeBufferPointer<UInt8>, from start: Int
  )
    -> Int
  {
    var index = start
    let raw = UnsafeRawBufferPointer(utf8)
    while index &+ 8 <= utf8.count {
      let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      let quote = word ^ 0x2222_2222_2222_2222
      let backslash = word ^ 0x5C5C_5C5C_5C5C_5C5C
      let ones: UInt64 = 0x0101_0101_0101_0101
      // High bit set in a byte that is 0 after the XOR (a quote or backslash) or below 0x20;
      // bytes ≥ 0x80 are masked out (`& ~word`), so UTF-8 text never matches.
      let special =
        (((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
          | (word &- 0x2020_2020_2020_2020)) & ~word & 0x8080_8080_8080_8080
      if special != 0 { return index &+ special.trailingZeroBitCount &>> 3 }
      index &+= 8
    }
    while index < utf8.count {
      let byte = utf8[index]
      if byte < 0x20 || byte == 0x22 || byte == 0x5C { return index }
      index &+= 1
    }
    return index
  }

  /// The escape sequence Foundation's JSON writer uses for `byte`.
  private mutating func escape(_ byte: UInt8) {
    bytes.append(UInt8(ascii: "\\"))
    switch byte {
    case 0x22, 0x5C: bytes.append(byte)
    case 0x08: bytes.append(UInt8(ascii: "b"))
    case 0x0C: bytes.append(UInt8(ascii: "f"))
    case 0x0A: bytes.append(UInt8(ascii: "n"))
    case 0x0D: bytes.append(UInt8(ascii: "r"))
    case 0x09: bytes.append(UInt8(ascii: "t"))
    default:
      let hex: StaticString = "0123456789abcdef"
      for digit in [
        UInt8(ascii: "u"), 0x30, 0x30, hex.utf8Start[Int(byte >> 4)],
        hex.utf8Start[Int(byte & 0xF)],
      ] {
        bytes.append(digit)
      }
    }
  }

  /// A value lhc does not interpret, its object members in key order.
  mutating func raw(_ value: RawJSON, indent: Int) {
    switch value {
    case .object(let members):
      var container = open(UInt8(ascii: "{"), indent: indent)
      for index in CatalogKeyOrder.sortedIndices(members.map(\.name)) {
        key(members[index].name, &container)
        raw(members[index].value, indent: indent + 2)
      }
      close(container, UInt8(ascii: "}"))
    case .array(let elements):
      var container = open(UInt8(ascii: "["), indent: indent)
      for element in elements {
        nextItem(&container)
        raw(element, indent: indent + 2)
      }
      close(container, UInt8(ascii: "]"))
    case .string(let text): string(text)
    case .number(let text): ascii(text)
    case .bool(let value): bool(value)
    case .null: ascii("null")
    }
  }

  /// Writes an object's members in Xcode's order: the model's fields `names` (in key order)
  /// whose bit is set in `present`, each written by `field(index)`, merged with the `unknown`
  /// members. An unknown member named like a present field is not written (the field replaces
  /// it; see `Catalog`).
  @inline(__always) mutating func members(
    _ names: [String], present: UInt32, unknown: [RawMember], _ container: inout Container,
    field: (inout JSONOutput, Int) -> Void
  ) {
    if unknown.isEmpty {
      for index in names.indices where present & (1 << index) != 0 {
        key(names[index], &container)
        field(&self, index)
      }
      return
    }
    let order = CatalogKeyOrder.sortedIndices(unknown.map(\.name))
    var next = 0
    for index in names.indices where present & (1 << index) != 0 {
      while next < order.count, CatalogKeyOrder.precedes(unknown[order[next]].name, names[index]) {
        key(unknown[order[next]].name, &container)
        raw(unknown[order[next]].value, indent: container.indent + 2)
        next += 1
      }
      while next < order.count, unknown[order[next]].name == names[index] { next += 1 }
      key(names[index], &container)
      field(&self, index)
    }
    for member in order[next...].map({ unknown[$0] }) {
      key(member.name, &container)
      raw(member.value, indent: container.indent + 2)
    }
  }
}
