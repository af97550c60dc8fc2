import CFamilySource
import Foundation
import LHCTestSupport
import Testing

/// Every token boundary of the corpus's C-family files and the fixtures against clang's own raw
/// lexer (`clang -cc1 -dump-raw-tokens`, Objective-C++ and C++20: the union of the languages the
/// lexer reads), an implementation independent of lhc's.
///
/// clang's raw lexer does not run the preprocessor: it returns the tokens of skipped directive
/// lines (`#import <A/B.h>`), the name after `#` and after `@` as identifiers, and each part of a
/// concatenation. So every token of the lexer must start where one of clang's starts (and for
/// identifiers, numbers, characters and punctuators, end where it ends, with a matching kind);
/// every token of clang's must start where one of the lexer's does, or inside one of its string,
/// `@` keyword and directive tokens (their later parts), or in the skipped rest of a directive;
/// and a string token must end where one of clang's string literals ends.
@Suite struct ClangTokenOracleTests {
  static let clang = CompilerOracleTests.clang

  /// One token of clang's dump: its kind and where it starts.
  struct RawToken {
    var kind: RawKind
    var line: Int
    var column: Int
  }

  @Test(
    .enabled(
      if: clang != nil && !CorpusTests.files.isEmpty,
      "no clang on the PATH, or ../shared/corpus/apps is absent: the clang token oracle is skipped"
    ))
  func everyTokenBoundaryMatchesClang() throws {
    let fixtures = ["tricky.m", "literals.inc", "raw-literals.inc", "oracle-main.c"].map {
      CompilerOracleTests.folder.appendingPathComponent($0)
    }
    let files = fixtures + CorpusTests.files
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let dump = try Self.rawTokens(of: files, in: directory)
    var compared = 0
    var problems: [String] = []
    for file in files {
      let bytes = Array(try Data(contentsOf: file))
      let raw = dump[file.path] ?? []
      if raw.isEmpty, !bytes.isEmpty {
        problems.append("\(file.path): no tokens from clang")
        continue
      }
      let found = Self.compare(Lexed(bytes: bytes), raw)
      compared += raw.count
      problems += found.prefix(5).map { "\(file.lastPathComponent): \($0)" }
    }
    #expect(compared > 1_000_000)
    #expect(problems.isEmpty, "\(problems.count) differences: \(problems.prefix(30))")
  }

  /// clang's raw tokens of `files` by path, through dump files in `directory`.
  static func rawTokens(of files: [URL], in directory: URL) throws -> [String: [RawToken]] {
    // The dump goes to standard error, unbuffered (a write per piece of a token, 120 MB for the
    // corpus): into files, by two clang processes at once.
    guard let clang = Self.clang else { return [:] }
    let halves = [Array(files.prefix(files.count / 2)), Array(files.dropFirst(files.count / 2))]
    var processes: [Process] = []
    for (index, half) in halves.enumerated() {
      let output = directory.appendingPathComponent("tokens\(index).txt")
      _ = FileManager.default.createFile(atPath: output.path, contents: nil)
      let process = Process()
      process.executableURL = clang
      process.arguments =
        ["-cc1", "-w", "-dump-raw-tokens", "-x", "objective-c++", "-std=gnu++20"] + half.map(\.path)
      process.standardOutput = FileHandle.nullDevice
      process.standardError = try FileHandle(forWritingTo: output)
      try process.run()
      processes.append(process)
    }
    for process in processes {
      process.waitUntilExit()
      guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
    }
    var dump: [String: [RawToken]] = [:]
    for index in halves.indices {
      let data = try Data(contentsOf: directory.appendingPathComponent("tokens\(index).txt"))
      dump.merge(Self.parse(Array(data))) { $0 + $1 }
    }
    return dump
  }

  /// clang's dump (`kind 'text'<TAB>flags<TAB>Loc=<path:line:column>` per token, the text
  /// possibly over several lines) by file.
  static func parse(_ dump: [UInt8]) -> [String: [RawToken]] {
    dump.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return [:] }
      var result: [String: [RawToken]] = [:]
      var currentPath: [UInt8] = []
      var current: [RawToken] = []
      let count = buffer.count
      let marker = Array("Loc=<".utf8)
      var index = 0
      while index < count {
        var kindEnd = index
        while kindEnd < count, isKindByte(base[kindEnd]) { kindEnd += 1 }
        // The record's location: the first `<TAB>Loc=<` after the kind.
        var found = kindEnd
        while found < count,
          let tab = memchr(base + found, Int32(UInt8(ascii: "\t")), count - found)
        {
          found = base.distance(to: tab.assumingMemoryBound(to: UInt8.self)) + 1
          if found + marker.count <= count,
            marker.indices.allSatisfy({ base[found + $0] == marker[$0] })
          {
            break
          }
        }
        let pathStart = found + marker.count
        var close = pathStart
        while close < count, base[close] != UInt8(ascii: ">") { close += 1 }
        guard kindEnd > index, close < count else { break }
        // `path:line:column`, read from the end.
        var colon2 = close - 1
        while colon2 > pathStart, base[colon2] != UInt8(ascii: ":") { colon2 -= 1 }
        var colon1 = colon2 - 1
        while colon1 > pathStart, base[colon1] != UInt8(ascii: ":") { colon1 -= 1 }
        let path = UnsafeBufferPointer(start: base + pathStart, count: max(colon1 - pathStart, 0))
        if !path.elementsEqual(currentPath) {
          if !current.isEmpty {
            result[String(decoding: currentPath, as: UTF8.self), default: []] += current
          }
          currentPath = Array(path)
          current = []
        }
        let name = UnsafeBufferPointer(start: base + index, count: kindEnd - index)
        current.append(
          RawToken(
            kind: kind(name),
            line: number(UnsafeBufferPointer(start: base + colon1 + 1, count: colon2 - colon1 - 1)),
            column: number(UnsafeBufferPointer(start: base + colon2 + 1, count: close - colon2 - 1))
          ))
        index = close + 1
        if index < count, base[index] == UInt8(ascii: "\n") { index += 1 }
      }
      if !current.isEmpty {
        result[String(decoding: currentPath, as: UTF8.self), default: []] += current
      }
      return result
    }
  }

  static func isKindByte(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
      || byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") || byte == UInt8(ascii: "_")
  }

  /// A decimal number's value (0 for none).
  static func number(_ digits: UnsafeBufferPointer<UInt8>) -> Int {
    digits.reduce(0) { $0 &* 10 &+ Int($1 &- UInt8(ascii: "0")) }
  }

  /// The kinds the comparison tells apart (a clang kind name's class).
  enum RawKind {
    case identifier, number, string, character, unknown, comment, punctuator
  }

  static func kind(_ name: UnsafeBufferPointer<UInt8>) -> RawKind {
    func ends(_ suffix: String) -> Bool { name.reversed().starts(with: suffix.utf8.reversed()) }
    if name.elementsEqual("raw_identifier".utf8) { return .identifier }
    if name.elementsEqual("numeric_constant".utf8) { return .number }
    if name.elementsEqual("unknown".utf8) { return .unknown }
    if name.elementsEqual("comment".utf8) { return .comment }
    if ends("string_literal") { return .string }
    if ends("char_constant") { return .character }
    return .punctuator
  }

  /// The offsets where the input's lines start, with clang's line breaks (LF, CR LF, CR).
  static func lineStarts(_ bytes: [UInt8]) -> [Int] {
    var starts = [0]
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "\n") {
        starts.append(index + 1)
      } else if bytes[index] == UInt8(ascii: "\r") {
        if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") { index += 1 }
        starts.append(index + 1)
      }
      index += 1
    }
    return starts
  }

  /// The differences between the lexer's tokens and clang's raw tokens of one file.
  static func compare(_ lexed: Lexed, _ raw: [RawToken]) -> [String] {
    let bytes = lexed.bytes
    let starts = lineStarts(bytes)
    // clang's tokens as byte ranges (each ends where the next starts: they tile the file).
    var offsets: [Int] = raw.map { token in
      let line = min(max(token.line - 1, 0), starts.count - 1)
      return starts[line] + token.column - 1
    }
    offsets.append(bytes.count)
    var clangTokens: [(kind: RawKind, range: Range<Int>)] = []
    for (index, token) in raw.enumerated() where offsets[index] < offsets[index + 1] {
      var range = offsets[index]..<offsets[index + 1]
      // clang starts a token at a continuation right before it; the lexer after it.
      while let after = continuationEnd(bytes, range.lowerBound), after < range.upperBound {
        range = after..<range.upperBound
      }
      if token.kind == .comment || token.kind == .unknown && isTrivia(bytes, range) { continue }
      clangTokens.append((token.kind, range))
    }
    var clangByStart: [Int: (kind: RawKind, range: Range<Int>)] = [:]
    for token in clangTokens { clangByStart[token.range.lowerBound] = token }

    var problems: [String] = []
    func describe(_ range: Range<Int>) -> String {
      let line = (starts.lastIndex { $0 <= range.lowerBound } ?? 0) + 1
      return "line \(line) `\(String(decoding: bytes[range].prefix(60), as: UTF8.self))`"
    }
    // The lexer's side: starts, ends and kinds; and the ranges clang's extra tokens may lie in.
    var covering: [Range<Int>] = []
    let tokens = lexed.tokens
    var lastStringEnds = Set<Int>()
    var unknownEnds = Set<Int>()
    for token in clangTokens {
      if token.kind == .string { lastStringEnds.insert(token.range.upperBound) }
      if token.kind == .unknown { unknownEnds.insert(token.range.upperBound) }
    }
    /// Whether the lexer's token end `end` is clang's `clangEnd` but for continuations after it
    /// (which clang keeps in an unterminated literal and in the file's last token).
    func sameEnd(_ end: Int, _ clangEnd: Int) -> Bool {
      var end = end
      while end < clangEnd, let after = continuationEnd(bytes, end) { end = after }
      return end == clangEnd
    }
    var suffixStarts = Set<Int>()
    for (index, token) in tokens.enumerated() {
      let range = token.range
      if suffixStarts.contains(range.lowerBound) { continue }
      // C++11's user-defined literal suffix (`"a"_x`, `'c'\u00e9`) is part of clang's literal (read
      // as C++), an identifier of its own for the lexer (C and Objective-C have none).
      var suffixEnd = range.upperBound
      var afterToken = range.upperBound
      while let after = continuationEnd(bytes, afterToken) { afterToken = after }
      if token.kind == .string || token.kind == .character, index + 1 < tokens.count,
        tokens[index + 1].kind == .identifier, tokens[index + 1].start == afterToken
      {
        suffixEnd = Int(tokens[index + 1].end)
        if clangByStart[afterToken] == nil { suffixStarts.insert(afterToken) }
      }
      guard let clangToken = clangByStart[range.lowerBound] else {
        problems.append("no clang token starts at \(describe(range)) (\(token.kind))")
        continue
      }
      switch token.kind {
      case .string:
        covering.append(range.lowerBound..<suffixEnd)
        // An unterminated literal is clang's `unknown` token up to the line's end.
        let ends =
          token.flags.contains(.isMalformed) ? lastStringEnds.union(unknownEnds) : lastStringEnds
        // (clang's suffix stops at a `$`: it may end inside the lexer's identifier.)
        let endsMatch = ends.contains {
          sameEnd(range.upperBound, $0) || sameEnd(suffixEnd, $0)
            || $0 > range.upperBound && $0 <= suffixEnd
        }
        if !endsMatch {
          problems.append("string ends where no clang literal does: \(describe(range))")
        }
      case .atKeyword, .directive:
        covering.append(range)
        if token.directive.map({ !$0.lexesRestOfLine }) == true {
          let next = index + 1 < tokens.count ? Int(tokens[index + 1].start) : bytes.count
          covering.append(range.upperBound..<max(next, range.upperBound))
        }
      default:
        let clangEnd = clangToken.range.upperBound
        if clangEnd > range.upperBound, clangEnd <= suffixEnd {
          covering.append(range.lowerBound..<suffixEnd)
        } else if token.kind == .number, clangEnd < range.upperBound, clangEnd > range.lowerBound,
          bytes[clangEnd] == UInt8(ascii: "+") || bytes[clangEnd] == UInt8(ascii: "-"),
          bytes[clangEnd - 1] | 0x20 == UInt8(ascii: "p")
        {
          // clang reading C++ continues a number after `p+` only in a hex literal; C (and clang
          // reading C or Objective-C) always does: the lexer follows C.
          covering.append(range)
        } else if !sameEnd(range.upperBound, clangEnd) {
          problems.append(
            "ends differ: \(describe(range)) vs clang's \(describe(clangToken.range))")
        }
        if !kindsMatch(token, clangToken.kind) {
          problems.append("kinds differ: \(token.kind) vs \(clangToken.kind) at \(describe(range))")
        }
      }
    }
    // clang's side: every token is one of the lexer's, or lies inside one (or a skipped line).
    let lexerStarts = Set(tokens.map { Int($0.start) })
    var coverIndex = 0
    covering.sort { $0.lowerBound < $1.lowerBound }
    for token in clangTokens where !lexerStarts.contains(token.range.lowerBound) {
      let start = token.range.lowerBound
      while coverIndex < covering.count, covering[coverIndex].upperBound <= start {
        coverIndex += 1
      }
      let inside = covering[coverIndex...].prefix(2).contains { $0.contains(start) }
      if !inside {
        problems.append("the lexer has no token at clang's \(token.kind) \(describe(token.range))")
      }
    }
    return problems
  }

  /// The end of the line continuation (`\`, spaces, a line break) at `index`, if one starts there.
  static func continuationEnd(_ bytes: [UInt8], _ index: Int) -> Int? {
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\\") else { return nil }
    var next = index + 1
    while next < bytes.count, bytes[next] == UInt8(ascii: " ") || bytes[next] == UInt8(ascii: "\t")
    {
      next += 1
    }
    guard next < bytes.count else { return nil }
    if bytes[next] == UInt8(ascii: "\n") { return next + 1 }
    guard bytes[next] == UInt8(ascii: "\r") else { return nil }
    return next + 1 < bytes.count && bytes[next + 1] == UInt8(ascii: "\n") ? next + 2 : next + 1
  }

  /// Whether a clang `unknown` token is trivia: whitespace and continuations, or an unterminated
  /// `/*` comment (which clang returns as a token, the lexer skips).
  static func isTrivia(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
    if bytes[range].starts(with: Array("/*".utf8)) { return true }
    var index = range.lowerBound
    while index < range.upperBound {
      if let after = continuationEnd(bytes, index) {
        index = after
        continue
      }
      let whitespace: [UInt8] = [
        UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0B, 0x0C,
        0,
      ]
      guard whitespace.contains(bytes[index]) else { return false }
      index += 1
    }
    return true
  }

  /// Whether a token of the lexer and one of clang's are the same kind of token.
  static func kindsMatch(_ token: CFamilyToken, _ clangKind: RawKind) -> Bool {
    switch token.kind {
    case .identifier: clangKind == .identifier
    case .number: clangKind == .number
    // An unterminated character literal is clang's `unknown` up to the line's end.
    case .character: clangKind == .character || clangKind == .unknown
    case .unknown: clangKind == .unknown
    case .punctuator: clangKind == .punctuator
    default: true
    }
  }
}
