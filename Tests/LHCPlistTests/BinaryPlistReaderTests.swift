import Foundation
import LHCPlist
import LHCTestSupport
import Testing

/// ``PlistReader`` on binary property lists: round trips through Foundation's and Python's
/// writers, and hostile files that must throw, never crash.
@Suite("BinaryPlistReader")
struct BinaryPlistReaderTests {
  /// The error `bytes` raise, or nil when they parse.
  static func readError(_ bytes: [UInt8]) -> String? {
    do {
      _ = try PlistReader.read(bytes)
      return nil
    } catch {
      return error.description
    }
  }

  /// A hand-made `bplist00`: `objects` (already encoded, references `width` bytes wide) with
  /// offsets and references of `width` (1 or 2) bytes.
  static func handMade(
    _ objects: [[UInt8]], top: UInt8 = 0, offsets: [UInt8]? = nil, width: Int = 1
  ) -> [UInt8] {
    var bytes = Array("bplist00".utf8)
    var table: [UInt8] = []
    for object in objects {
      table += width == 1 ? [UInt8(bytes.count)] : bigEndian16(bytes.count)
      bytes += object
    }
    let tableOffset = bigEndian16(bytes.count)
    bytes += offsets ?? table
    bytes += [0, 0, 0, 0, 0, 0, UInt8(width), UInt8(width)]
    bytes += [0, 0, 0, 0, 0, 0] + bigEndian16(objects.count)
    bytes += [0, 0, 0, 0, 0, 0, 0, top]
    bytes += [0, 0, 0, 0, 0, 0] + tableOffset
    return bytes
  }

  @Test("Foundation's binary output reads back equal")
  func foundationRoundTrip() throws {
    var values = BinaryPlistWriterTests.samples()
    for seed in 7000..<7100 {
      var random = RandomPlist(seed: UInt64(seed))
      values.append(random.anyValue(depth: 4))
    }
    values += [.integer(Int.min), .integer(Int.max), .integer(255), .integer(65_536), .real(0.1)]
    for value in values {
      let bytes = try BinaryPlistWriter.data(for: value)
      #expect(try PlistReader.read(bytes) == value)
    }
  }

  @Test("Python's plistlib binary output reads back equal")
  func pythonRoundTrip() throws {
    try PlistOracle.expectPythonWrittenReadsBack(
      fmt: "FMT_BINARY", seeds: 8000..<8100, allowControls: true,
      extra: [.integer(-1), .integer(Int.max), .real(-0.5), .date(-86_400)])
  }

  @Test("root dictionary entries keep stored order for .strings")
  func stringsEntries() throws {
    let bytes = try BinaryPlistWriter.data(
      for: .dictionary(["b": .string("2"), "a": .string("1")]))
    let entries = try StringsFileReader.read(bytes)
    #expect(entries.map(\.key) == ["a", "b"])
    #expect(entries.map(\.value) == [.string("1"), .string("2")])
    let array = try BinaryPlistWriter.data(for: .array([]))
    #expect(throws: PlistReadError.self) { try StringsFileReader.read(array) }
  }

  @Test("hand-made objects: every scalar type, 16-byte integers, UTF-16 strings")
  func handMadeScalars() throws {
    let objects: [[UInt8]] = [
      [0xA6, 1, 2, 3, 4, 5, 6],
      [0x14] + [UInt8](repeating: 0xFF, count: 16),  // -1 as 16 bytes
      [0x22, 0x3F, 0xC0, 0, 0],  // Float32 1.5
      [0x62, 0, 0x68, 0xD8, 0x3D, 0xDE, 0x00],  // "h😀"… 2 units: "h" + high surrogate
      [0x43, 1, 2, 3],
      [0x09],
      [0x33, 0x40, 0x59, 0, 0, 0, 0, 0, 0],  // date 100.0
    ]
    let error = Self.readError(Self.handMade(objects))
    #expect(error == "binary property list: object 3 is a UTF-16 string with an unpaired surrogate")
    var fixed = objects
    fixed[3] = [0x63, 0, 0x68, 0xD8, 0x3D, 0xDE, 0x00]
    #expect(
      try PlistReader.read(Self.handMade(fixed))
        == .array([
          .integer(-1), .real(1.5), .string("h😀"), .data([1, 2, 3]), .boolean(true), .date(100),
        ]))
  }

  @Test("hostile files throw with a clear message")
  func hostile() throws {
    let cases: [([UInt8], String)] = [
      (Self.handMade([[0xA1, 0]]), "binary property list: object 0 contains itself"),
      (Self.handMade([[0xA1, 1], [0xA1, 0]]), "binary property list: object 0 contains itself"),
      (
        Self.handMade([[0xA1, 7]]),
        "binary property list: object reference 7 out of range (1 objects)"
      ),
      (
        Self.handMade([[0xA1, 0]], offsets: [200]),
        "binary property list: object 0 has an offset outside the data"
      ),
      (
        Self.handMade([[0x5F, 0x10, 0xFF, 0x41]]),
        "binary property list: object 0 extends past the end of the data"
      ),
      (
        Self.handMade([[0xAF, 0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]]),
        "binary property list: object 0 extends past the end of the data"
      ),
      (
        Self.handMade([[0x00]]),
        "binary property list: object 0 is null, which property lists cannot hold"
      ),
      (
        Self.handMade([[0xC1, 1], [0x09]]),
        "binary property list: object 0 is a set, which is not supported"
      ),
      (
        Self.handMade([[0x80, 1]]),
        "binary property list: object 0 is a UID (keyed archive), which is not supported"
      ),
      (
        Self.handMade([[0xD1, 1, 1], [0x10, 5]]),
        "binary property list: dictionary object 0 has a key that is not a string"
      ),
      (
        Self.handMade([[0x09]], top: 3),
        "binary property list: invalid trailer (object count, top object or offset table)"
      ),
      (Array("bplist00".utf8) + [0x09], "binary property list: truncated binary property list"),
      (
        Self.handMade([[0x14] + [UInt8](repeating: 0x11, count: 16)]),
        "binary property list: object 0 is an integer outside the 64-bit range"
      ),
      (
        Self.handMade([[0x51, 0xC3]]),
        "binary property list: object 0 is an ASCII string with a non-ASCII byte"
      ),
    ]
    for (bytes, expected) in cases {
      #expect(Self.readError(bytes) == expected)
    }
  }

  @Test("a DAG of shared arrays 60 levels deep reads in linear time")
  func sharedArrays() throws {
    let objects: [[UInt8]] = (0..<60).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] } + [[0x09]]
    guard case .array(let top) = try PlistReader.read(Self.handMade(objects)) else {
      Issue.record("not an array")
      return
    }
    #expect(top.count == 2)
    let tooDeep = (0..<600).map { [0xA1] + Self.bigEndian16($0 + 1) } + [[0x09]]
    #expect(
      Self.readError(Self.handMade(tooDeep, width: 2))
        == "binary property list: nesting deeper than 512 levels")
    let deepEnough = (0..<500).map { [0xA1] + Self.bigEndian16($0 + 1) } + [[0x09]]
    #expect(Self.readError(Self.handMade(deepEnough, width: 2)) == nil)
  }

  /// Two big-endian bytes.
  static func bigEndian16(_ value: Int) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }

  /// Inputs `FuzzBinaryPlist` found (`TestData/fuzz/binary-plist/`), with the error each must raise.
  static let fuzzFindings = [
    // An 8-byte object reference past `Int.max` (0xF7F7…) trapped in `Int(_:)`; now every
    // reference is checked against the object count as it is read, the first one here already.
    (
      "reference-past-Int.max.bplist",
      "binary property list: object reference 72714429551439476 out of range (3 objects)"
    )
  ]

  @Test("inputs the fuzzer found throw their exact error", arguments: fuzzFindings)
  func fuzzFinding(file: String, expected: String) throws {
    let url = TestPaths.testData.appendingPathComponent("fuzz/binary-plist/\(file)")
    let bytes = try [UInt8](Data(contentsOf: url))
    #expect(Self.readError(bytes) == expected)
    #expect(throws: PlistReadError(message: expected)) { try StringsFileReader.read(bytes) }
  }

  @Test("truncations and random mutations of valid files throw or return")
  func mutations() throws {
    var generator = SplitMix64(state: 99)
    var random = RandomPlist(seed: 100)
    let seeds = try (0..<20).map { _ in try BinaryPlistWriter.data(for: random.anyValue(depth: 3)) }
    for seed in seeds {
      for length in 0..<seed.count { _ = try? PlistReader.read(Array(seed[..<length])) }
    }
    for round in 0..<4000 {
      var bytes = seeds[round % seeds.count]
      for _ in 0..<Int.random(in: 1...4, using: &generator) {
        let index = Int.random(in: 0..<bytes.count, using: &generator)
        bytes[index] = UInt8.random(in: 0...255, using: &generator)
      }
      _ = try? PlistReader.read(bytes)
    }
  }
}
