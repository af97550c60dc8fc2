import Foundation
import LHCTestSupport
import Testing

/// `lhc compile --pseudo`, run as the built binary on `TestData/pseudo`.
@Suite("lhc compile --pseudo, end to end")
struct PseudoCompileEndToEndTests {
  static let folder = TestPaths.testData.appendingPathComponent("pseudo")
  static let catalog = folder.appendingPathComponent("Pseudo.xcstrings").path

  /// Runs `lhc compile` with `arguments` into a fresh folder: the result and the files written.
  static func compile(_ arguments: [String]) throws -> (ProcessResult, [String: Data]) {
    let out = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: out) }
    let result = try RunLHC.run(["compile"] + arguments + ["-o", out.path])
    return (result, try fileTree(out))
  }

  @Test func goldensForEachMode() throws {
    let (result, files) = try Self.compile([Self.catalog, "--pseudo", "en-XA,ar-XB"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    let expected = try fileTree(Self.folder.appendingPathComponent("expected"))
    #expect(expected.count == 4)
    for (path, bytes) in expected {
      #expect(files[path] == bytes, "\(path) differs from TestData/pseudo/expected")
    }
    // The other languages are exactly what a compile without --pseudo writes.
    let (_, plain) = try Self.compile([Self.catalog])
    #expect(files.filter { expected[$0.key] == nil } == plain)
  }

  @Test func goldensAreReadByPlistlib() throws {
    let parsed = try pythonPlistTree(Self.folder.appendingPathComponent("expected"))
    #expect(parsed.count == 4)
    let strings = parsed["en-XA.lproj/Pseudo.strings"] as? [String: String]
    #expect(strings?["Save 100%"] == "[Šåṽé 100% öñé ţŵö]")
    let bidi = parsed["ar-XB.lproj/Pseudo.strings"] as? [String: String]
    #expect(
      bidi?["Save 100%"]
        == "\u{200F}\u{202E}Save\u{202C}\u{200F} \u{200F}\u{202E}100\u{202C}\u{200F}%")
  }

  @Test func outputIsTheSameWhateverTheOrderAndNames() throws {
    let (_, first) = try Self.compile([Self.catalog, "--pseudo", "en-XA,ar-XB"])
    let (_, second) = try Self.compile([Self.catalog, "--pseudo", "ar-XB", "--pseudo", "en-XA"])
    #expect(first == second)
    // A custom name with the same mode writes the same bytes into its own folder.
    let (result, custom) = try Self.compile([Self.catalog, "--pseudo", "qps-ploc=accented"])
    #expect(result.status == 0)
    #expect(custom["qps-ploc.lproj/Pseudo.strings"] == first["en-XA.lproj/Pseudo.strings"])
    #expect(custom["en-XA.lproj/Pseudo.strings"] == nil)
  }

  @Test func pseudoLanguagesAreCompiledWithLanguageSelection() throws {
    let (result, files) = try Self.compile([Self.catalog, "-l", "de", "--pseudo", "ar-XB"])
    #expect(result.status == 0)
    #expect(Set(files.keys.map { String($0.prefix { $0 != "/" }) }) == ["de.lproj", "ar-XB.lproj"])
  }

  /// With `--emit-empty-tables` the pseudo languages are declared languages, even for a catalog
  /// without entries.
  @Test func emptyTablesIncludePseudoLanguages() throws {
    let empty = TestPaths.corpusCatalogFolder.appendingPathComponent(
      "bazelbuild__rules_apple__empty.xcstrings")
    let (result, files) = try Self.compile([empty.path, "--emit-empty-tables", "--pseudo", "ar-XB"])
    #expect(result.status == 0, "\(result.stderr)")
    let table = "bazelbuild__rules_apple__empty"
    let expected = ["en", "ar-XB"].flatMap {
      ["\($0).lproj/\(table).strings", "\($0).lproj/\(table).stringsdict"]
    }
    #expect(Set(files.keys) == Set(expected))
  }

  @Test(arguments: [
    (
      "en-XA=loud",
      "unknown pseudo-localization mode 'loud' for 'en-XA' (expected accented or bidi)"
    ),
    ("fr-XC", "pseudo language 'fr-XC' needs a mode: fr-XC=accented or fr-XC=bidi"),
    (
      "../etc=bidi",
      "invalid pseudo language name: language tag '../etc' is not a safe file name: '.' is not an ASCII letter, digit, '-' or '_'"
    ),
  ])
  func badValuesAreUsageErrors(_ value: String, _ message: String) throws {
    let (result, files) = try Self.compile([Self.catalog, "--pseudo", value])
    #expect(result.status == 64)
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(files.isEmpty)
  }

  @Test func packHasNoPseudoOption() throws {
    let out = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: out) }
    let result = try RunLHC.run([
      "pack", Self.catalog, "--pseudo", "en-XA", "-o", out.appendingPathComponent("r.zip").path,
    ])
    #expect(result.status == 64)
    #expect(result.stderr.contains("unknown option '--pseudo'"), "\(result.stderr)")
  }

  @Test func aLanguageTheCatalogHasIsAnError() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let source = try String(contentsOfFile: Self.catalog, encoding: .utf8)
    let clashing = directory.appendingPathComponent("Clash.xcstrings")
    try source.replacingOccurrences(of: "\"de\" :", with: "\"en-xa\" :")
      .write(to: clashing, atomically: true, encoding: .utf8)
    let (result, files) = try Self.compile([clashing.path, "--pseudo", "en-XA"])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "\(clashing.path):6:9: error: --pseudo en-XA would replace the catalog's language 'en-xa'; name the pseudo language otherwise (--pseudo NAME=accented) (en-xa: %lld photos)\n"
    )
    #expect(files.isEmpty)
  }

  /// A large catalog read in parts (each part's entries localized on its own thread) gives the
  /// pseudo tables of the same catalog on one line, read on one thread.
  @Test func catalogReadInPartsGivesTheSamePseudoTables() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let parted = try LargeCatalogCompileTests.writeBigCatalog(
      in: directory.appendingPathComponent("parts"), prettyPrinted: true)
    let whole = try LargeCatalogCompileTests.writeBigCatalog(
      in: directory.appendingPathComponent("whole"), prettyPrinted: false)
    let only = ["--pseudo", "en-XA,ar-XB", "-l", "en-XA", "-l", "ar-XB"]
    let (result, partedFiles) = try Self.compile([parted.path] + only)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(partedFiles.count == 4)
    #expect(partedFiles == (try Self.compile([whole.path] + only)).1)
  }

  /// A catalog that names its source language after its entries is read whole first, with the
  /// same result.
  @Test func sourceLanguageAfterTheEntries() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let source = try String(contentsOfFile: Self.catalog, encoding: .utf8)
    let moved = directory.appendingPathComponent("Pseudo.xcstrings")
    try source.replacingOccurrences(of: "  \"sourceLanguage\" : \"en\",\n", with: "")
      .replacingOccurrences(
        of: "  \"version\" : ", with: "  \"sourceLanguage\" : \"en\",\n  \"version\" : "
      )
      .write(to: moved, atomically: true, encoding: .utf8)
    let (result, files) = try Self.compile([moved.path, "--pseudo", "en-XA,ar-XB"])
    #expect(result.status == 0, "\(result.stderr)")
    let (_, expected) = try Self.compile([Self.catalog, "--pseudo", "en-XA,ar-XB"])
    #expect(files == expected)
  }
}
