import Foundation
import LHCBase
import LHCTestSupport
import StringCatalog
import Testing

/// Reading a catalog in parts on several threads must give exactly what the sequential reader gives.
@Suite("CatalogReader in parts")
struct CatalogReaderPartsTests {
  /// Entries per part, and how many parts `makeSinks` was asked for (1 = sequential fallback).
  final class Collected: @unchecked Sendable {
    var parts: [Part] = []
    var requested: [Int] = []
  }

  /// The entries of one part: each sink appends to its own object, as the parts run on several
  /// threads (appending to `parts[n]` of one shared array was a data race, found by TSan).
  final class Part: @unchecked Sendable {
    var entries: [CatalogEntry] = []
  }

  static func readInParts(_ source: SourceText, parts: Int) throws(DiagnosticError) -> (
    entries: [CatalogEntry], diagnostics: [Diagnostic], requested: [Int], catalog: Catalog
  ) {
    let collected = Collected()
    let (catalog, diagnostics) = try CatalogReader.read(source, parts: parts) { count in
      collected.requested.append(count)
      collected.parts = (0..<count).map { _ in Part() }
      return collected.parts.map { part in { part.entries.append($0) } }
    }
    return (collected.parts.flatMap(\.entries), diagnostics, collected.requested, catalog)
  }

  @Test(arguments: CatalogReaderOracleTests.corpusFiles)
  func corpusInPartsEqualsSequential(file: URL) throws {
    let source = try SourceText(contentsOf: file.path)
    let sequential = try CatalogReader.read(source)
    for parts in [2, 3, 5] {
      let parted = try Self.readInParts(source, parts: parts)
      #expect(parted.entries == sequential.catalog.entries, "\(file.lastPathComponent) in \(parts)")
      #expect(parted.diagnostics == sequential.diagnostics)
      #expect(parted.catalog.sourceLanguage == sequential.catalog.sourceLanguage)
      #expect(parted.catalog.version == sequential.catalog.version)
    }
  }

  @Test func largeCatalogIsReallySplit() throws {
    let url = TestPaths.corpus.appendingPathComponent(
      "xcstrings/Dimillian__IceCubesApp__Localizable.xcstrings")
    let source = try SourceText(contentsOf: url.path)
    let parted = try Self.readInParts(source, parts: 4)
    #expect(parted.requested == [4])
    #expect(parted.entries == (try CatalogReader.read(source)).catalog.entries)
    #expect(parted.entries.count == 733)
  }

  /// Builds a catalog in Xcode's layout with `count` plain entries.
  static func catalog(_ count: Int, entry: (Int) -> String = { "\"key\($0)\" : { }" }) -> String {
    let entries = (0..<count).map { "    " + entry($0) }.joined(separator: ",\n")
    return
      "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n\(entries)\n  },\n  \"version\" : \"1.0\"\n}\n"
  }

  @Test func otherLayoutsFallBackToOneThread() throws {
    let minified = Self.catalog(200).replacingOccurrences(of: "\n", with: "")
    let source = SourceText(path: "m.xcstrings", bytes: Array(minified.utf8))
    let parted = try Self.readInParts(source, parts: 2)
    #expect(parted.requested == [1])
    #expect(parted.entries.count == 200)
    let fourSpaces = Self.catalog(200).replacingOccurrences(of: "\n  ", with: "\n    ")
    let other = try Self.readInParts(
      SourceText(path: "f.xcstrings", bytes: Array(fourSpaces.utf8)), parts: 2)
    #expect(other.entries.map(\.key) == (0..<200).map { "key\($0)" })
  }

  @Test func errorInALatePartIsTheSequentialError() throws {
    let text = Self.catalog(300) {
      $0 == 250 ? "\"bad\" : { \"comment\" : 3 }" : "\"key\($0)\" : { }"
    }
    let source = SourceText(path: "e.xcstrings", bytes: Array(text.utf8))
    var sequentialError: DiagnosticError?
    do { _ = try CatalogReader.read(source) } catch { sequentialError = error }
    var partedError: DiagnosticError?
    do { _ = try Self.readInParts(source, parts: 3) } catch { partedError = error }
    #expect(sequentialError != nil)
    #expect(partedError?.diagnostics == sequentialError?.diagnostics)
  }

  @Test func duplicateKeysAcrossPartsAreReported() throws {
    let text = Self.catalog(300) {
      $0 == 299 ? "\"key1\" : { \"comment\" : \"again\" }" : "\"key\($0)\" : { }"
    }
    let source = SourceText(path: "d.xcstrings", bytes: Array(text.utf8))
    let sequential = try CatalogReader.read(source)
    let parted = try Self.readInParts(source, parts: 3)
    #expect(parted.requested == [3])
    #expect(parted.diagnostics == sequential.diagnostics)
    #expect(parted.diagnostics.map(\.message) == ["duplicate key 'key1'"])
  }
}

/// Inputs `FuzzCatalog` found (`TestData/fuzz/catalog/`) where reading in parts differed from
/// reading sequentially.
@Suite("CatalogReader in parts: fuzzer findings")
struct CatalogReaderPartsFuzzFindingsTests {
  /// A key three times, twice in the second part: the warning for its second occurrence was
  /// reported at the third one's offset, so one warning moved and another was doubled.
  @Test func keyTwiceInALaterPart() throws {
    let url = TestPaths.testData.appendingPathComponent("fuzz/catalog/parts-differ.xcstrings")
    let source = try SourceText(contentsOf: url.path)
    var entries: [CatalogEntry] = []
    let sequential = try CatalogReader.read(source) { entries.append($0) }
    #expect(
      sequential.diagnostics.filter { $0.key == "👋 wave" }.map(\.offset) == [3469, 4519])
    for parts in [2, 3] {
      let parted = try CatalogReaderPartsTests.readInParts(source, parts: parts)
      #expect(parted.requested == [parts])
      #expect(parted.entries == entries)
      #expect(parted.diagnostics == sequential.diagnostics)
    }
  }
}
