import Foundation
import LHCBase
import LHCTestSupport
import Testing

@Suite("SHA256")
struct SHA256Tests {
  @Test func knownVectors() {
    #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(
      SHA256.hex(Array("abc".utf8))
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    // FIPS 180-2, appendix B.3: one million "a".
    #expect(
      SHA256.hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
        == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    // Not contiguous: hashed through a copy.
    #expect(
      SHA256.hex(Array("abc".utf8).lazy.map { $0 })
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
  }

  /// Random inputs of every length around the block and padding boundaries (and a few large
  /// ones), hashed whole and in pieces, against Python's `hashlib`.
  @Test func matchesPythonHashlibOnRandomInputs() throws {
    var random = SplitMix64(state: 0x5AA5_1234)
    let lengths = Array(0...130) + [183, 447, 448, 511, 512, 1000, 4096, 65_537, 1 << 20]
    let inputs = lengths.map { length in
      (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    }
    let script = """
      import hashlib, sys
      for line in sys.stdin:
          print(hashlib.sha256(bytes.fromhex(line.strip())).hexdigest())
      """
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("inputs.txt")
    let hex = inputs.map { $0.map { String(format: "%02x", $0) }.joined() }
    try Data((hex.joined(separator: "\n") + "\n").utf8).write(to: input)
    let result = try runProcess(
      URL(fileURLWithPath: "/bin/sh"), ["-c", "python3 -c \"$0\" < \"$1\"", script, input.path])
    let expected = result.stdout.split(separator: "\n").map(String.init)
    try #require(expected.count == inputs.count)
    for (bytes, digest) in zip(inputs, expected) {
      #expect(SHA256.hex(bytes) == digest, "length \(bytes.count)")
      var pieces = SHA256()
      var start = 0
      while start < bytes.count {
        let end = min(bytes.count, start + 1 + start % 97)
        pieces.update(bytes[start..<end])
        start = end
      }
      #expect(pieces.finalize().map { String(format: "%02x", $0) }.joined() == digest)
    }
  }
}
