import CFamilySource
import Foundation
import LHCTestSupport
import Testing

/// Random sources made of the fragments that change a C lexer's state (quotes, prefixes, raw
/// openings, continuations, comment markers, digraphs, directives), lexed by clang's raw lexer
/// and by the lexer: every token boundary agrees, as on the corpus (`ClangTokenOracleTests`).
/// No lone CR: clang reads LF CR as one line break in a continuation, GCC (and the lexer) as two;
/// no real file has one.
@Suite struct RandomClangOracleTests {
  static let fragments = [
    "\"a\"", "@\"b\"", "'c'", "'", "\"", "R\"x(", ")x\"", "R\"(", ")\"", "\\\n", "\\ \n", "//",
    "/*",
    "*/", "\n#", "\n#if 0\n", "\n#endif\n", "\n#define X ", "\n#import \"", "define", " ", "\n",
    "\r\n", "\t", "u8", "L", "u", "U", "1'0", "0x1p-3", ".5", "1e+", "<::", "%:%:", "<:",
    ":>",
    "%:", "@interface", "@", "\\u00e9", "\\x41", "\\", "é", "$x", "->*", "...", "..", "?", "x",
    "_1",
    "<<=", ">>", "##", "#", "'\\''", "\"\\\"\"",
  ]

  /// Whether some `R"delimiter(` of `bytes` has no `)delimiter"` after it (judged on the bytes,
  /// wherever they are: comments and skipped lines too).
  static func hasUnterminatedRawOpening(_ bytes: [UInt8]) -> Bool {
    for index in bytes.indices.dropLast()
    where bytes[index] == UInt8(ascii: "R") && bytes[index + 1] == UInt8(ascii: "\"") {
      guard let open = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: "(")) else { return true }
      let closing = [UInt8(ascii: ")")] + bytes[(index + 2)..<open] + [UInt8(ascii: "\"")]
      if bytes[(open + 1)...].firstRange(of: closing) == nil { return true }
    }
    return false
  }

  @Test(.enabled(if: ClangTokenOracleTests.clang != nil, "no clang on the PATH: skipped"))
  func randomFragmentSourcesMatchClang() throws {
    var generator = SplitMix64(state: 0x5EED_C1A9)
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var files: [URL] = []
    for index in 0..<1000 {
      var text = ""
      for _ in 0..<(5 + Int(generator.next() % 60)) {
        text += Self.fragments[Int(generator.next() % UInt64(Self.fragments.count))]
      }
      let file = directory.appendingPathComponent("random\(index).m")
      try Data(text.utf8).write(to: file)
      files.append(file)
    }
    let dump = try ClangTokenOracleTests.rawTokens(of: files, in: directory)
    var problems: [String] = []
    var compared = 0
    for file in files {
      let bytes = Array(try Data(contentsOf: file))
      let lexed = Lexed(bytes: bytes)
      // clang takes an unterminated raw literal to the end of the file, the lexer to the end of
      // its line (so that one typo does not hide the rest of the file).
      if Self.hasUnterminatedRawOpening(bytes) { continue }
      compared += 1
      let found = ClangTokenOracleTests.compare(lexed, dump[file.path] ?? [])
      problems += found.prefix(3).map { "\(file.lastPathComponent) \(bytes): \($0)" }
    }
    #expect(compared > 400)
    #expect(problems.isEmpty, "\(problems.count) differences: \(problems.prefix(20))")
  }
}
