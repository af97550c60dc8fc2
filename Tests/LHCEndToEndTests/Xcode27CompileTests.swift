import Foundation
import LHCTestSupport
import Testing

/// The catalogs Xcode 27 rejects (`../shared/corpus/xcode27/negative/`), compiled by the built
/// binary: lhc fails with exactly the errors and warnings of Xcode's log, language and
/// `key|==|path` included. Xcode's log lists `fr` only although `en` holds the same shapes; lhc
/// reports every language, so it prints each of Xcode's lines once more for `en` and nothing else.
/// (The catalogs Xcode builds are compiled with the corpus: `CorpusCompileTests`.)
@Suite("lhc compile on the Xcode 27 fixtures")
struct Xcode27CompileTests {
  static let negative = TestPaths.corpus.appendingPathComponent("xcode27/negative")

  /// Catalog → Xcode's compile log, relative to `negative`.
  static let cases: [(String, String)] = [
    ("invalid-nesting/device-other-nested.xcstrings", "invalid-nesting/device-other-compile.log"),
    (
      "invalid-nesting/plural-device-and-at-name.xcstrings",
      "invalid-nesting/plural-device-and-at-name-compile.log"
    ),
    ("substitution-without-parent/source.xcstrings", "substitution-without-parent/compile.log"),
  ]

  /// `severity: message (context)` of each diagnostic line, the file's path and lhc's
  /// `:line:col` removed, sorted.
  static func messages(_ log: String) -> [String] {
    log.split(separator: "\n").compactMap { line in
      guard let range = line.range(of: ": error: ") ?? line.range(of: ": warning: ") else {
        return nil
      }
      return String(line[line.index(range.lowerBound, offsetBy: 2)...])
    }.sorted()
  }

  @Test(
    .enabled(if: FileManager.default.fileExists(atPath: negative.path)), arguments: cases)
  func rejectedWithXcodesMessages(catalog: String, log: String) throws {
    let path = Self.negative.appendingPathComponent(catalog).path
    let apple = Self.messages(
      try String(contentsOf: Self.negative.appendingPathComponent(log), encoding: .utf8))
    #expect(!apple.isEmpty)
    let result = try RunLHC.run(["compile", path, "-o", "/nonexistent/never-written"])
    #expect(result.status == 1)
    // Every line names the catalog, with lhc's line and column.
    for line in result.stderr.split(separator: "\n") {
      #expect(line.hasPrefix(path + ":"), "\(line)")
      #expect(
        line.dropFirst(path.count).firstMatch(of: /^:\d+:\d+: (error|warning):\s/) != nil,
        "\(line)")
    }
    // The same shapes in en: each of Xcode's fr lines once more for en.
    let english = apple.filter { $0.contains("(fr: ") }.map {
      $0.replacingOccurrences(of: "(fr: ", with: "(en: ")
    }
    #expect(Self.messages(result.stderr) == (apple + english).sorted())
  }
}
