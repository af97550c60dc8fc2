import Foundation
import LHCBase
import LHCTestSupport
import Testing

/// The rule of whether a string asks for format arguments, read the way Xcode writes keys.
@Suite("Format strings: asking for arguments")
struct FormatArgumentsRuleTests {
  /// Prose: a `%` before a space or before `-` and a letter, `%n`, a lone `%`, `%%`.
  @Test(arguments: [
    "100% natural", "50% faster", "% a", "Ano, 100% nativně", "50%-ig rabatt", "%-lld of them",
    "100%n", "100%", "100%%", "", "no percent", "%$",
  ])
  func asksForNone(text: String) {
    #expect(!FormatString.asksForArguments(text), "\(text)")
    #expect(!FormatString(parsing: text).asksForArguments)
  }

  /// What Xcode's interpolation writes (also with `specifier:`: flags `+`, `0`, `#`, a width with
  /// `-`), positions, substitutions and `%arg`.
  @Test(arguments: [
    "%lld%% natural", "%@", "%lf", "%d", "%llu", "%+.1f°", "%02d:%02d", "%-5d left", "%#x",
    "%1$@ and %2$@", "%#@count@", "50% off %@",
  ])
  func asksForSome(text: String) {
    #expect(FormatString.asksForArguments(text), "\(text)")
  }

  @Test func argPlaceholderAsksForTheSubstitutedArgument() {
    #expect(FormatString.asksForArguments("%arg files", options: .argPlaceholder))
    #expect(FormatString(parsing: "%arg", options: .argPlaceholder).tokens == [.argPlaceholder])
  }

  @Test(arguments: [
    ("% n", true), ("%-i", true), ("%n", true), ("% @", true), ("%-5d", false), ("%+d", false),
    ("%0.1f", false), ("%lld", false),
  ])
  func proseLikeSpecifiers(text: String, isProseLike: Bool) throws {
    let specifier = try #require(FormatString(parsing: text).specifiers.first)
    #expect(specifier.isProseLike == isProseLike, "\(text)")
  }

  /// Xcode writes `%%` only in a key with interpolations: every key Xcode extracted in the
  /// corpus apps that holds `%%` asks for arguments.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: TestPaths.corpus.path)))
  func xcodesKeysWithDoubledPercentAskForArguments() throws {
    let folders = ["apps", "extraction"].map { TestPaths.corpus.appendingPathComponent($0) }
    var checked = 0
    for folder in folders {
      let enumerator = FileManager.default.enumerator(atPath: folder.path)
      while let relative = enumerator?.nextObject() as? String {
        guard relative.hasSuffix(".xcstrings") else { continue }
        let data = try Data(contentsOf: folder.appendingPathComponent(relative))
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
          let strings = root["strings"] as? [String: [String: Any]]
        else { continue }
        for (key, entry) in strings where key.contains("%%") {
          let state = entry["extractionState"] as? String
          guard state == nil || state == "extracted_with_value" else { continue }
          #expect(FormatString.asksForArguments(key), "\(relative): \(key)")
          checked += 1
        }
      }
    }
    #expect(checked >= 10)
  }
}
