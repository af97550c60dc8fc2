import Foundation
import LHCTestSupport
import Testing

@testable import LHCBase

@Suite("SourceText")
struct SourceTextTests {
  @Test func lineAndColumnCountScalarsFromOne() {
    let text = SourceText(path: "t", bytes: Array("ab\nçé😀x\n\nz".utf8))
    let offsets = [0, 1, 3, 5, 7, 11, 12, 13, 14, 99]
    let positions = text.lineColumns(of: offsets)
    #expect(positions[0].map { $0 == (1, 1) } == true)
    #expect(positions[1].map { $0 == (1, 2) } == true)
    #expect(positions[3].map { $0 == (2, 1) } == true)
    #expect(positions[5].map { $0 == (2, 2) } == true)  // after "ç" (2 bytes)
    #expect(positions[7].map { $0 == (2, 3) } == true)  // after "é"
    #expect(positions[11].map { $0 == (2, 4) } == true)  // after "😀" (4 bytes)
    #expect(positions[13].map { $0 == (3, 1) } == true)
    #expect(positions[14].map { $0 == (4, 1) } == true)
    #expect(positions[99].map { $0 == (4, 2) } == true)  // past the end: clamped
    #expect(text.lineColumn(of: 12) == (2, 5))
  }

  /// Many offsets (several slices on every core) agree with counting from the start, in files of
  /// short lines, of one long line, and of both.
  @Test(arguments: [0, 1, 2])
  func manyOffsetsAgreeWithCountingFromTheStart(shape: Int) {
    var state = UInt64(shape) &+ 11
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33) % bound
    }
    let pieces = ["a", "é", "😀", "\n", "bc"]
    var text = ""
    for _ in 0..<5000 {
      let piece = pieces[next(pieces.count)]
      // Shape 0: short lines; 1: one line; 2: a few long lines.
      let dropsLineFeed = shape == 1 || (shape == 2 && next(50) > 0)
      text += piece == "\n" && dropsLineFeed ? "x" : piece
    }
    let bytes = Array(text.utf8)
    let offsets = (0..<700).map { _ in next(bytes.count + 10) - 5 }
    let positions = SourceText(path: "t", bytes: bytes).lineColumns(of: offsets)
    for offset in offsets {
      let end = min(max(offset, 0), bytes.count)
      let before = bytes[..<end]
      let line = before.count { $0 == 0x0A } + 1
      let lineStart = (before.lastIndex(of: 0x0A) ?? -1) + 1
      let column = bytes[lineStart..<end].count { $0 & 0xC0 != 0x80 } + 1
      #expect(positions[offset].map { $0 == (line, column) } == true, "offset \(offset)")
    }
  }

  @Test func mappedFileReadsAndSurvivesDiscards() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("big.txt")
    let content = (0..<200_000).map { "line \($0)\n" }.joined()
    try content.write(to: url, atomically: true, encoding: .utf8)
    let text = try SourceText(contentsOf: url.path)
    #expect(text.bytes.count == content.utf8.count)
    text.discard(0..<600_000)
    text.discard(700_000..<1_200_000)
    #expect(
      Array(text.bytes) == Array(content.utf8), "discarded pages are read again from the file")
    #expect(text.lineColumn(of: content.utf8.count) == (200_001, 1))
  }

  @Test func unreadableInputsAreErrorsNotCrashes() throws {
    #expect(throws: SourceTextError.self) { try SourceText(contentsOf: "/nonexistent/file") }
    #expect(throws: SourceTextError.self) { try SourceText(contentsOf: "/tmp") }
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let empty = directory.appendingPathComponent("empty")
    try Data().write(to: empty)
    #expect(try SourceText(contentsOf: empty.path).bytes.isEmpty)
  }
}

@Suite("Diagnostic")
struct DiagnosticTests {
  @Test func contextSuffixAndOrder() {
    #expect(Diagnostic.error("m", language: "de", key: "k").contextSuffix == " (de: k)")
    #expect(Diagnostic.error("m", key: "k").contextSuffix == " (k)")
    #expect(Diagnostic.error("m").contextSuffix == "")
    let sorted = [
      Diagnostic.warning("b", offset: 5), .error("a", offset: 1), .warning("c"),
      .error("d", offset: 5),
    ].sortedByOffset()
    #expect(sorted.map(\.message) == ["c", "a", "b", "d"])
  }
}
