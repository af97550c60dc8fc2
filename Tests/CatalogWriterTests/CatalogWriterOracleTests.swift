import CatalogWriter
import Foundation
import LHCBase
import LHCTestSupport
import StringCatalog
import Testing

/// The writer against the files Xcode wrote and against Foundation's JSON writer.
@Suite("CatalogWriter oracle")
struct CatalogWriterOracleTests {
  /// Every Xcode-written corpus catalog comes back byte for byte; the others come out in
  /// Foundation's form, which is then stable.
  @Test(arguments: CatalogFiles.corpus)
  func corpusRoundTrip(file: URL) throws {
    let original = try CatalogFiles.bytes(file)
    let catalog = try readLossless(original)
    let written = CatalogWriter.bytes(catalog)
    if CatalogFiles.notXcodeWritten.contains(file.lastPathComponent) {
      #expect(written != original)
      #expect(CatalogWriter.bytes(try readLossless(written)) == written)
    } else {
      #expect(written == original, "\(file.lastPathComponent)")
    }
    #expect(try foundationForm(original) == written, "\(file.lastPathComponent)")
    #expect(try readLossless(written) == inWriterOrder(catalog), "\(file.lastPathComponent)")
  }

  /// The Xcode 27 fixtures (written by scripts: `"key": value`, code-point order) come out in
  /// Foundation's form, re-read to the same model, and are stable.
  @Test(arguments: CatalogFiles.xcode27)
  func xcode27FixturesInFoundationsForm(file: URL) throws {
    let original = try CatalogFiles.bytes(file)
    let catalog = try readLossless(original)
    let written = CatalogWriter.bytes(catalog)
    #expect(try foundationForm(original) == written, "\(file.path)")
    let reread = try readLossless(written)
    #expect(reread == inWriterOrder(catalog), "\(file.path)")
    #expect(CatalogWriter.bytes(try readLossless(written)) == written)
  }

  /// Random models (control characters, quotes, digits, case pairs, non-ASCII, unknown members,
  /// string sets, unknown states and kinds): Foundation writes the writer's output unchanged,
  /// and it re-reads to the same model, sequentially and in parts.
  @Test func randomCatalogsMatchFoundation() throws {
    var random = RandomCatalog(seed: 17)
    for round in 0..<60 {
      let catalog = random.catalog(entries: random.int(0...40))
      let written = CatalogWriter.bytes(catalog)
      let same = try foundationForm(written) == written
      #expect(same, "round \(round): Foundation writes it otherwise")
      let reread = try readLossless(written) == inWriterOrder(catalog)
      #expect(reread, "round \(round): re-read to another model")
      #expect(CatalogWriter.bytes(catalog, threads: 3) == written)
    }
  }

  /// A generated benchmark-style catalog (`Benchmarks/generate_catalog.py`): Xcode's form, and
  /// the parallel reader and writer give the sequential bytes.
  @Test func generatedCatalogRoundTrips() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("Generated.xcstrings").path
    let script = TestPaths.packageRoot.appendingPathComponent("Benchmarks/generate_catalog.py").path
    let result = try runProcess(
      URL(fileURLWithPath: "/usr/bin/env"), ["python3", script, "--keys", "600", "-o", path])
    try #require(result.status == 0, "\(result.stderr)")
    let original = try CatalogFiles.bytes(URL(fileURLWithPath: path))
    let sequential = try readLossless(original)
    #expect(try readLossless(original, parts: 3) == sequential)
    #expect(CatalogWriter.bytes(sequential) == original)
    #expect(CatalogWriter.bytes(sequential, threads: 4) == original)
  }
}
