import Foundation
import LHCBase
import LHCTestSupport
import StringCatalog
import Testing

/// Mutated corpus catalogs: the reader must return or throw one error, never crash.
@Suite("CatalogReader fuzz")
struct CatalogReaderFuzzTests {
  /// Bytes worth inserting: JSON punctuation, escapes, digits, UTF-8 lead and continuation bytes.
  static let interesting: [UInt8] =
    Array(#"{}[]",:\\u0123456789-+.eEtfn "#.utf8) + [
      0x00, 0x0A, 0x7F, 0x80, 0xBF, 0xC3, 0xE2, 0xED, 0xF0, 0xF4, 0xFF,
    ]

  @Test func mutatedCorpusNeverCrashes() throws {
    var inputs = try TestPaths.corpusCatalogNames.compactMap {
      name -> [UInt8]? in
      let bytes = try [UInt8](
        Data(contentsOf: TestPaths.corpusCatalogFolder.appendingPathComponent(name)))
      return bytes.count <= 64_000 ? bytes : nil
    }
    let fixtures = TestPaths.testData.appendingPathComponent("catalogs/AllFields.xcstrings")
    if let bytes = try? [UInt8](Data(contentsOf: fixtures)) { inputs.append(bytes) }
    try #require(!inputs.isEmpty)
    var random = SplitMix64(state: 0x1C_57_12_65)
    var outcomes = (read: 0, failed: 0)
    for round in 0..<600 {
      var bytes = inputs[round % inputs.count]
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        mutate(&bytes, using: &random)
      }
      let source = SourceText(path: "fuzz.xcstrings", bytes: bytes)
      do {
        _ = try CatalogReader.read(source)
        outcomes.read += 1
      } catch {
        outcomes.failed += 1
        #expect(error.diagnostics.count == 1)
        let offset = error.diagnostics.first?.offset ?? -1
        #expect(offset >= 0 && offset <= bytes.count, "round \(round)")
        #expect(error.diagnostics.first?.severity == .error)
      }
    }
    #expect(outcomes.failed > 0)
  }

  /// Applies one random mutation: flip, insert, delete a range, duplicate a range, or truncate.
  func mutate(_ bytes: inout [UInt8], using random: inout SplitMix64) {
    guard !bytes.isEmpty else {
      bytes = [Self.interesting.randomElement(using: &random) ?? 0]
      return
    }
    let at = Int.random(in: 0..<bytes.count, using: &random)
    switch Int.random(in: 0..<6, using: &random) {
    case 0: bytes[at] ^= UInt8(1 << Int.random(in: 0..<8, using: &random))
    case 1: bytes.insert(Self.interesting.randomElement(using: &random) ?? 0, at: at)
    case 2: bytes[at] = UInt8.random(in: 0...255, using: &random)
    case 3: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...16, using: &random)))
    case 4:
      let end = min(bytes.count, at + Int.random(in: 1...64, using: &random))
      bytes.insert(contentsOf: bytes[at..<end], at: Int.random(in: 0...bytes.count, using: &random))
    default: bytes.removeSubrange(at...)
    }
  }
}
