// Layout of `bplist00` (CoreFoundation's CFBinaryPList.c): the 8-byte magic, the objects, an
// offset table (one big-endian offset of `offsetSize` bytes per object), and a 32-byte trailer:
// 6 unused bytes, offsetSize, refSize, object count, top object, offset-table offset (the last
// three as big-endian UInt64). An object starts with a marker byte: type in the high nibble,
// size or count in the low one (0xF: an integer object with the count follows). Containers hold
// `refSize`-byte object numbers.
//
// Every offset, count and reference is checked against the file before use, with arithmetic
// that cannot overflow (counts are first bounded by the file size); an object that contains
// itself is an error; nesting is capped; every object is decoded once and shared, so a file whose
// arrays or dictionaries reference the same objects many times over stays linear to read.

/// Reads binary property lists (`bplist00`); never traps on any input.
enum BinaryPlistReader {
  /// Whether `bytes` start with the binary property-list magic.
  static func isBinary(_ bytes: [UInt8]) -> Bool {
    bytes.starts(with: magic)
  }

  private static let magic = Array("bplist00".utf8)

  /// The document in `bytes`.
  static func read(_ bytes: [UInt8]) throws(PlistReadError) -> PlistDocument {
    var parser = try BinaryPlistParser(bytes)
    return try parser.document()
  }
}

/// One binary property list being decoded.
struct BinaryPlistParser {
  static let maximumDepth = 512

  let bytes: [UInt8]
  private let offsetSize: Int
  private let refSize: Int
  private let objectCount: Int
  private let topObject: Int
  private let tableOffset: Int
  /// Objects being decoded, from the root down (a reference to one of them is a cycle).
  private var active: Set<Int> = []
  /// Decoded objects (a string or array referenced many times is decoded once and shared).
  private var cache: [Int: PlistValue] = [:]

  /// Reads and checks the trailer.
  init(_ bytes: [UInt8]) throws(PlistReadError) {
    self.bytes = bytes
    guard bytes.count >= 8 + 1 + 1 + 32 else { throw Self.error("truncated binary property list") }
    let trailer = bytes.count - 32
    offsetSize = Int(bytes[trailer + 6])
    refSize = Int(bytes[trailer + 7])
    let count = Self.bigEndian(bytes, trailer + 8, 8)
    let top = Self.bigEndian(bytes, trailer + 16, 8)
    let table = Self.bigEndian(bytes, trailer + 24, 8)
    guard (1...8).contains(offsetSize), (1...8).contains(refSize) else {
      throw Self.error("invalid offset or reference size in the trailer")
    }
    guard count >= 1, count <= UInt64(bytes.count), top < count, table >= 9,
      table <= UInt64(trailer), (UInt64(trailer) - table) / UInt64(offsetSize) >= count
    else { throw Self.error("invalid trailer (object count, top object or offset table)") }
    objectCount = Int(count)
    topObject = Int(top)
    tableOffset = Int(table)
  }

  /// The whole document.
  mutating func document() throws(PlistReadError) -> PlistDocument {
    let value = try object(topObject, depth: 0)
    guard case .dictionary = value else { return PlistDocument(value: value) }
    return PlistDocument(value: value, rootEntries: try dictionaryEntries(topObject, depth: 0))
  }

  /// An error naming the binary format.
  static func error(_ message: String) -> PlistReadError {
    PlistReadError(message: "binary property list: \(message)")
  }

  /// A big-endian unsigned integer of `size` (1…8) bytes at `offset` (in bounds).
  static func bigEndian(_ bytes: [UInt8], _ offset: Int, _ size: Int) -> UInt64 {
    var value: UInt64 = 0
    for index in offset..<offset + size { value = value << 8 | UInt64(bytes[index]) }
    return value
  }

  /// Throws unless `length` bytes from `start` lie between the magic and the trailer.
  func check(_ start: Int, _ length: Int, _ object: Int) throws(PlistReadError) {
    guard start >= 8, length >= 0, start <= bytes.count - 32, length <= bytes.count - 32 - start
    else { throw Self.error("object \(object) extends past the end of the data") }
  }

  /// The offset of object `number`.
  private func offset(of number: Int) throws(PlistReadError) -> Int {
    guard number >= 0, number < objectCount else {
      throw Self.error("object reference \(number) out of range (\(objectCount) objects)")
    }
    let offset = Self.bigEndian(bytes, tableOffset + number * offsetSize, offsetSize)
    guard offset >= 8, offset < UInt64(tableOffset) else {
      throw Self.error("object \(number) has an offset outside the data")
    }
    return Int(offset)
  }

  /// Object `number`, decoded (from the cache when seen before).
  mutating func object(_ number: Int, depth: Int) throws(PlistReadError) -> PlistValue {
    if let cached = cache[number] { return cached }
    guard !active.contains(number) else { throw Self.error("object \(number) contains itself") }
    guard depth < Self.maximumDepth else {
      throw Self.error("nesting deeper than \(Self.maximumDepth) levels")
    }
    active.insert(number)
    defer { active.remove(number) }
    let start = try offset(of: number)
    let marker = bytes[start]
    let value: PlistValue
    switch marker >> 4 {
    case 0xA:
      value = .array(
        try references(number, start).map { (ref) throws(PlistReadError) in
          try object(ref, depth: depth + 1)
        })
    case 0xD:
      let entries = try dictionaryEntries(number, depth: depth)
      value = .dictionary(Dictionary(entries, uniquingKeysWith: { _, last in last }))
    default:
      value = try scalar(number, start, marker)
    }
    cache[number] = value
    return value
  }

  /// The key/value pairs of dictionary object `number`, in stored order.
  private mutating func dictionaryEntries(_ number: Int, depth: Int) throws(PlistReadError)
    -> [(key: String, value: PlistValue)]
  {
    let start = try offset(of: number)
    let refs = try references(number, start, perEntry: 2)
    let half = refs.count / 2
    var entries: [(key: String, value: PlistValue)] = []
    entries.reserveCapacity(half)
    for index in 0..<half {
      guard case .string(let key) = try object(refs[index], depth: depth + 1) else {
        throw Self.error("dictionary object \(number) has a key that is not a string")
      }
      entries.append((key, try object(refs[half + index], depth: depth + 1)))
    }
    return entries
  }

  /// The object references of a container (`perEntry` references per counted entry).
  private func references(_ number: Int, _ start: Int, perEntry: Int = 1) throws(PlistReadError)
    -> [Int]
  {
    let (count, body) = try length(number, start)
    guard count <= (bytes.count - 32) / (refSize * perEntry) else {
      throw Self.error("object \(number) extends past the end of the data")
    }
    let total = count * perEntry
    try check(body, total * refSize, number)
    // Checked here: an 8-byte reference can be past `Int.max`, which `Int(_:)` would trap on.
    return try (0..<total).map { (index) throws(PlistReadError) in
      let reference = Self.bigEndian(bytes, body + index * refSize, refSize)
      guard reference < UInt64(objectCount) else {
        throw Self.error("object reference \(reference) out of range (\(objectCount) objects)")
      }
      return Int(reference)
    }
  }

  /// The count in a marker's low nibble (or the integer object after it) and where the body starts.
  func length(_ number: Int, _ start: Int) throws(PlistReadError) -> (Int, Int) {
    let low = Int(bytes[start] & 0x0F)
    if low != 0x0F { return (low, start + 1) }
    try check(start + 1, 1, number)
    let marker = bytes[start + 1]
    let size = 1 << Int(marker & 0x0F)
    guard marker >> 4 == 0x1, size <= 8 else {
      throw Self.error("object \(number) has an invalid length")
    }
    try check(start + 2, size, number)
    let count = Self.bigEndian(bytes, start + 2, size)
    guard count <= UInt64(bytes.count) else {
      throw Self.error("object \(number) extends past the end of the data")
    }
    return (Int(count), start + 2 + size)
  }
}
