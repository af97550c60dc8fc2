import Foundation
import LHCBase
import LHCCommandLine
import LHCTestSupport
import StringCatalog
import Testing

/// Compile → import → compile on every corpus catalog Xcode builds and on the import fixture of
/// every shape (`TestData/import/Shapes.xcstrings`: plurals with and without a count, positional
/// plurals, substitutions, device rules with and without `other`, width rules): the catalog
/// imported from the compiled files compiles to the same files, byte for byte. The import reads
/// the files as any legacy files (`lhc import DIR --table T -o NEW`), so this checks the reverse
/// of every compile rule, including the `.strings` fallback of device rules.
@Suite("Import round trip")
struct ImportRoundTripTests {
  static let catalogs =
    TestPaths.buildableCatalogs.map { TestPaths.corpus.appendingPathComponent($0).path }
    + [TestPaths.testData.appendingPathComponent("import/Shapes.xcstrings").path]

  /// Runs `lhc arguments…` in-process; fails the test on a non-zero status.
  static func lhc(_ arguments: [String]) -> String {
    let captured = CapturedOutput()
    let status = LHC.main(
      arguments: arguments, console: Console(out: captured.appendOut, error: captured.appendError))
    #expect(status == 0, "lhc \(arguments.joined(separator: " ")): \(captured.stderr)")
    return captured.stderr
  }

  /// Every file under `directory`, relative path → bytes.
  static func files(_ directory: URL) throws -> [String: Data] {
    let paths = (try? FileManager.default.subpathsOfDirectory(atPath: directory.path)) ?? []
    var files: [String: Data] = [:]
    for path in paths where path.hasSuffix(".strings") || path.hasSuffix(".stringsdict") {
      files[path] = try Data(contentsOf: directory.appendingPathComponent(path))
    }
    return files
  }

  @Test(arguments: catalogs)
  func compileImportCompileGivesTheSameFiles(_ path: String) throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let table = TestPaths.table(ofCatalog: path)
    let source = try SourceText(contentsOf: path)
    let sourceLanguage = try CatalogReader.read(source).catalog.sourceLanguage
    let first = directory.appendingPathComponent("first")
    _ = Self.lhc(["compile", path, "-o", first.path])
    let compiled = try Self.files(first)
    // A catalog with nothing to compile (empty, or only `new` units) has no files to import.
    guard !compiled.isEmpty else { return }

    let imported = directory.appendingPathComponent("\(table).xcstrings")
    _ = Self.lhc([
      "import", first.path, "--table", table, "--source-language", sourceLanguage, "-o",
      imported.path,
    ])
    let second = directory.appendingPathComponent("second")
    let warnings = Self.lhc(["compile", imported.path, "-o", second.path])
    #expect(!warnings.contains("error:"))
    let recompiled = try Self.files(second)
    #expect(recompiled.keys.sorted() == compiled.keys.sorted())
    for (file, bytes) in compiled.sorted(by: { $0.key < $1.key }) {
      #expect(recompiled[file] == bytes, "\(file)")
    }
  }
}
