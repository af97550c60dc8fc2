import CFamilySource
import Foundation
import LHCTestSupport
import Testing

/// The lexer's literals against real compilers: the values GCC compiles (a program printing each
/// literal's code units), and which literals clang refuses (`-fsyntax-only`, error lines).
@Suite struct CompilerOracleTests {
  static let folder = TestPaths.testData.appendingPathComponent("c-family")
  static let cc = executable("cc")
  static let cxx = executable("c++")
  static let clang = executable("clang")

  /// An executable of the `PATH`.
  static func executable(_ name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
  }

  /// `literals.inc` (C: escapes, octal, hex, universal names, prefixes, concatenation,
  /// continuations) compiled by `cc`.
  @Test(.enabled(if: cc != nil, "no C compiler (cc) on the PATH: the GCC oracle is skipped"))
  func cLiteralValuesMatchTheCompiler() throws {
    try compareValues(
      compiler: #require(Self.cc), language: ["-x", "c", "-std=gnu11"],
      file: "literals.inc", expectedCount: 41)
  }

  /// `raw-literals.inc` (C++ raw literals with every prefix, continuations inside them)
  /// compiled by `c++`.
  @Test(.enabled(if: cxx != nil, "no C++ compiler (c++) on the PATH: the G++ oracle is skipped"))
  func rawLiteralValuesMatchTheCompiler() throws {
    try compareValues(
      compiler: #require(Self.cxx), language: ["-x", "c++", "-std=gnu++17"],
      file: "raw-literals.inc", expectedCount: 14)
  }

  /// Builds `oracle-main.c` around `file`'s literals, runs it, and compares each printed literal
  /// with the lexer's value of the same literal (the n-th string token of `file`).
  func compareValues(
    compiler: URL, language: [String], file: String, expectedCount: Int
  ) throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let program = directory.appendingPathComponent("oracle")
    let include = Self.folder.appendingPathComponent(file)
    let build = try runProcess(
      compiler,
      language + [
        "-w", "-DLITERALS=\"\(include.path)\"", "-o", program.path,
        Self.folder.appendingPathComponent("oracle-main.c").path,
      ])
    try #require(build.status == 0, "\(compiler.lastPathComponent) failed: \(build.stderr)")
    let run = try runProcess(program, [])
    try #require(run.status == 0)
    let printed = run.stdout.split(separator: "\n").map(Self.decodePrinted)
    let lexed = Lexed(bytes: Array(try Data(contentsOf: include)))
    #expect(lexed.isWellFormed)
    #expect(lexed.literals.count == expectedCount)
    #expect(printed.count == lexed.literals.count)
    for (literal, expected) in zip(lexed.literals, printed) {
      let text = String(decoding: lexed.bytes[literal.range], as: UTF8.self)
      #expect(literal.value == expected, "\(text)")
    }
  }

  /// A line of the program's output (`bits:unit unit …`) as text: bytes decoded as UTF-8 with
  /// repair, UTF-16 units as UTF-16, UTF-32 units as scalars (U+FFFD for the invalid).
  static func decodePrinted(_ line: Substring) -> String {
    let fields = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
    let bits = Int(fields.first ?? "") ?? 0
    let units = (fields.count > 1 ? fields[1] : "").split(separator: " ").compactMap {
      UInt32($0, radix: 16)
    }
    switch bits {
    case 8: return String(decoding: units.map { UInt8(truncatingIfNeeded: $0) }, as: UTF8.self)
    case 16: return String(decoding: units.map { UInt16(truncatingIfNeeded: $0) }, as: UTF16.self)
    default:
      var scalars = String.UnicodeScalarView()
      for unit in units { scalars.append(Unicode.Scalar(unit) ?? "\u{FFFD}") }
      return String(scalars)
    }
  }

  /// `compiles.m`: clang (Objective-C, the language of most files with `@"…"`) reports an error
  /// on a line exactly when the lexer finds that line's literal malformed.
  @Test(.enabled(if: clang != nil, "no clang on the PATH: the clang oracle is skipped"))
  func malformedIsWhatClangRejects() throws {
    let file = Self.folder.appendingPathComponent("compiles.m")
    let result = try runProcess(
      try #require(Self.clang),
      ["-x", "objective-c", "-fsyntax-only", "-ferror-limit=0", file.path])
    // `compiles.m:LINE:COLUMN: error: …`
    var errorLines = Set<Int>()
    for line in result.stderr.split(separator: "\n") where line.contains(": error: ") {
      let fields = line.split(separator: ":")
      if fields.count > 2, let number = Int(fields[1]) { errorLines.insert(number) }
    }
    let lexed = Lexed(bytes: Array(try Data(contentsOf: file)))
    #expect(lexed.literals.count == 50)
    #expect(!errorLines.isEmpty)
    var literalLines = Set<Int>()
    for literal in lexed.literals {
      let line =
        lexed.bytes[..<literal.range.lowerBound].filter { $0 == UInt8(ascii: "\n") }.count
        + 1
      literalLines.insert(line)
      let text = String(decoding: lexed.bytes[literal.range], as: UTF8.self)
      #expect(literal.isMalformed == errorLines.contains(line), "line \(line): \(text)")
    }
    #expect(errorLines.isSubset(of: literalLines), "errors on lines without a literal")
  }
}
