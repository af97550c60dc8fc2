import CFamilySource
import Foundation
import LHCTestSupport
import Testing

/// The C-family files of the corpus's apps (`../shared/corpus/apps`: `.m .mm .h .c`): every one
/// lexes with its tokens in order and no malformed literal, and the localization calls found
/// agree with an oracle built on GCC's preprocessor.
@Suite struct CorpusTests {
  static let apps = TestPaths.corpus.appendingPathComponent("apps")

  /// The corpus's C-family files, sorted (none when the corpus is absent).
  static let files: [URL] = {
    let found = (try? FileManager.default.subpathsOfDirectory(atPath: apps.path)) ?? []
    return found.filter { path in [".m", ".mm", ".h", ".c"].contains { path.hasSuffix($0) } }
      .sorted().map { apps.appendingPathComponent($0) }
  }()

  /// The macros whose calls the count compares (those of `count-lookups.py`).
  static let lookupNames: Set<String> = [
    "NSLocalizedString", "NSLocalizedStringFromTable", "NSLocalizedStringFromTableInBundle",
    "NSLocalizedStringWithDefaultValue", "CFCopyLocalizedString", "CFCopyLocalizedStringFromTable",
    "CFCopyLocalizedStringFromTableInBundle", "CFCopyLocalizedStringWithDefaultValue",
  ]

  @Test(.enabled(if: !files.isEmpty, "../shared/corpus/apps is absent"))
  func everyFileLexesInOrderWithoutMalformedLiterals() throws {
    #expect(Self.files.count > 1000)
    var literalCount = 0
    var malformed: [String] = []
    for file in Self.files {
      let lexed = Lexed(bytes: Array(try Data(contentsOf: file)))
      #expect(lexed.isWellFormed, "\(file.path)")
      for token in lexed.stream.tokens where token.kind == .string {
        guard let literal = lexed.stream.literal(of: token) else {
          Issue.record("a string token without its literal in \(file.path)")
          continue
        }
        literalCount += 1
        if literal.isMalformed {
          malformed.append("\(file.lastPathComponent): \(lexed.text(token))")
        }
      }
    }
    #expect(literalCount > 8000)
    #expect(malformed.isEmpty, "\(malformed.prefix(20))")
  }

  /// The calls of `NSLocalizedString` and its family (the name, then `(`) outside comments,
  /// skipped directive lines and inactive code, file by file, against `count-lookups.py`.
  @Test(.enabled(if: !files.isEmpty, "../shared/corpus/apps is absent"))
  func lookupCallsMatchTheGCCOracle() throws {
    let needles = Self.lookupNames.map { Array($0.utf8) }
    var candidates: [URL] = []
    var counts: [String: Int] = [:]
    for file in Self.files {
      let bytes = Array(try Data(contentsOf: file))
      // Only files naming a macro can call one (the oracle runs gcc once per file).
      guard needles.contains(where: { bytes.firstRange(of: $0) != nil }) else { continue }
      candidates.append(file)
      let lexed = Lexed(bytes: bytes)
      let tokens = lexed.stream.tokens
      var count = 0
      for (index, token) in tokens.enumerated().dropLast()
      where token.kind == .identifier && !token.flags.contains(.isInactive)
        && tokens[index + 1].punctuator == .leftParen
        && Self.lookupNames.contains(lexed.spelling(token))
      {
        count += 1
      }
      counts[file.path] = count
    }
    #expect(candidates.count > 20)
    let script = TestPaths.testData.appendingPathComponent("c-family/count-lookups.py")
    let result = try runProcess(
      URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path] + candidates.map(\.path))
    try #require(result.status == 0, "\(result.stderr)")
    let oracle = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    var total = 0
    for file in candidates {
      let expected = oracle[file.path] as? Int
      #expect(
        expected == counts[file.path],
        "\(file.path): oracle \(String(describing: oracle[file.path]))")
      total += counts[file.path] ?? 0
    }
    // The corpus's Objective-C apps call the macros well over a hundred times.
    #expect(total > 150)
  }
}
