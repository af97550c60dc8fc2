import Foundation
import LHCBase
import LHCTestSupport
import Testing

/// `SHA256.hex(of:)` against Python's `hashlib` on random inputs around the padding boundaries.
@Suite("SHA256")
struct SHA256Tests {
  @Test func knownVectors() {
    #expect(
      SHA256.hex(of: [])
        == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(
      SHA256.hex(of: Array("abc".utf8))
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
  }

  @Test func matchesPythonHashlib() throws {
    var random = SplitMix64(state: 256)
    let lengths = [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 1000, 1 << 20]
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    for length in lengths {
      let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
      let file = directory.appendingPathComponent("input-\(length)")
      try Data(bytes).write(to: file)
      #expect(SHA256.hex(of: bytes) == (try pythonSHA256(file)), "length \(length)")
    }
  }
}
