import Foundation
import LHCBase
import LHCCommandLine
import LHCTestSupport
import Testing

/// Every corpus catalog compiled with `--pseudo en-XA,ar-XB --force-build-all-strings` (so that
/// the source language's tables hold every source text): the pseudo tables read back with
/// Foundation have the source tables' keys and structure and every string the source's format
/// tokens in order; the other languages' files and the diagnostics are those of a compile
/// without `--pseudo`.
@Suite("Corpus compile with pseudo languages")
struct PseudoCorpusCompileTests {
  static let catalogs = TestPaths.corpusCatalogNames
  static let pseudo = ["en-XA", "ar-XB"]

  /// Runs `lhc compile` in process into a fresh folder: status, standard error and the files.
  private static func compile(_ arguments: [String]) throws -> (Int32, String, [String: Data]) {
    let out = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: out) }
    let captured = CapturedOutput()
    let console = Console(out: captured.appendOut, error: captured.appendError)
    let status = LHC.main(arguments: ["compile"] + arguments + ["-o", out.path], console: console)
    let stderr = captured.stderr.replacingOccurrences(of: out.path, with: "OUT")
    return (status, stderr, try fileTree(out))
  }

  @Test(arguments: catalogs)
  func pseudoTablesMatchTheSourceTables(_ name: String) throws {
    let url = TestPaths.corpusCatalogFolder.appendingPathComponent(name)
    let table = String(name.dropLast(".xcstrings".count))
    let expectation = try CatalogExpectation(url: url)
    let arguments = [url.path, "--force-build-all-strings"]
    let (status, stderr, files) = try Self.compile(arguments + ["--pseudo", "en-XA,ar-XB"])
    let (plainStatus, plainStderr, plainFiles) = try Self.compile(arguments)
    #expect(status == plainStatus && status == 0)
    #expect(stderr == plainStderr)
    let isPseudo = { (path: String) in Self.pseudo.contains { path.hasPrefix("\($0).lproj/") } }
    #expect(files.filter { !isPseudo($0.key) } == plainFiles)
    guard !plainFiles.isEmpty else { return }

    let source = StringsdictResolver(
      strings: try Self.plist(plainFiles["\(expectation.sourceLanguage).lproj/\(table).strings"]),
      stringsdict: try Self.plist(
        plainFiles["\(expectation.sourceLanguage).lproj/\(table).stringsdict"]))
    for language in Self.pseudo {
      let strings: [String: String] = try Self.plist(files["\(language).lproj/\(table).strings"])
      let rules: [String: Any] = try Self.plist(files["\(language).lproj/\(table).stringsdict"])
      #expect(Set(rules.keys) == Set(source.stringsdict.keys), "\(language)")
      for (key, rule) in rules {
        Self.compare(rule, source.stringsdict[key], "\(language): \(key)")
      }
      // Keys without a source text are pseudo-localized from the key itself.
      #expect(Set(source.strings.keys).isSubset(of: strings.keys), "\(language)")
      for (key, value) in strings {
        let sourceText = source.strings[key] ?? key
        #expect(
          formatTokenTexts(value) == formatTokenTexts(sourceText),
          "\(language): \(key): \(sourceText) → \(value)")
      }
    }
  }

  private static func plist<T>(_ data: Data?) throws -> [String: T] {
    guard let data else { return [:] }
    return try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: T]
      ?? [:]
  }

  /// A `.stringsdict` value against the source language's: the same dictionary keys, the same
  /// type keys, every text the same format tokens.
  private static func compare(_ pseudo: Any, _ source: Any?, _ context: String) {
    switch (pseudo, source) {
    case let (pseudo as [String: Any], source as [String: Any]):
      #expect(Set(pseudo.keys) == Set(source.keys), "\(context)")
      for (key, value) in pseudo { compare(value, source[key], "\(context).\(key)") }
    case let (pseudo as String, source as String) where context.hasSuffix("TypeKey"):
      #expect(pseudo == source, "\(context)")
    case let (pseudo as String, source as String):
      #expect(
        formatTokenTexts(pseudo) == formatTokenTexts(source), "\(context): \(source) → \(pseudo)")
    default:
      Issue.record("\(context): \(pseudo) against \(String(describing: source))")
    }
  }
}
