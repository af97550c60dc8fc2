import Foundation
import LHCBase
import LHCTestSupport
import OTAPayloads
import StringCatalog
import StringTables
import Testing

/// Every catalog of the shared corpus, compiled, packed for every target, read back.
@Suite("Payloads of the corpus")
struct CorpusPayloadTests {
  /// A corpus catalog compiled to tables, with its development language.
  struct Compiled: Sendable, CustomTestStringConvertible {
    var name: String
    var tables: [StringTable]
    var sourceLanguage: String
    var testDescription: String { name }
  }

  /// The readable corpus catalogs with something to emit.
  static let catalogs: [Compiled] = {
    TestPaths.corpusCatalogNames.compactMap { name in
      let path = TestPaths.corpusCatalogFolder.appendingPathComponent(name).path
      guard let source = try? SourceText(contentsOf: path),
        let (catalog, _) = try? CatalogReader.read(source)
      else { return nil }
      // As `lhc pack` compiles for these targets: the development language is the source text.
      let tables = CatalogCompiler.compile(
        catalog, table: "Localizable",
        options: CompileOptions(sourceTextLanguage: catalog.sourceLanguage)
      ).tables
      return tables.isEmpty
        ? nil : Compiled(name: name, tables: tables, sourceLanguage: catalog.sourceLanguage)
    }
  }()

  static let baseURL = "https://cdn.example.com/releases"

  @Test func corpusIsThere() {
    #expect(Self.catalogs.count >= 10)
  }

  @Test(arguments: catalogs)
  func tolgee(catalog: Compiled) throws {
    let payload = try build(.tolgee, catalog)
    let problems = Expectation.problems(
      TolgeeReader.read(payload.files), payload: payload, tables: catalog.tables, language: { $0 },
      table: \.name, expected: Expectation.tolgee)
    #expect(problems == [])
  }

  @Test(arguments: catalogs)
  func rerune(catalog: Compiled) throws {
    let payload = try build(.rerune, catalog)
    let problems = Expectation.problems(
      ReRuneReader.read(payload.files, baseURL: Self.baseURL), payload: payload,
      tables: catalog.tables, language: { $0 }, table: { _ in "*" }, expected: Expectation.rerune)
    #expect(problems == [])
  }

  @Test(arguments: catalogs)
  func betterI18n(catalog: Compiled) throws {
    let payload = try build(.betterI18n, catalog)
    let problems = Expectation.problems(
      BetterI18nReader.read(payload.files), payload: payload, tables: catalog.tables,
      language: { $0.lowercased() }, table: { _ in "*" }, expected: Expectation.betterI18n)
    #expect(problems == [])
  }

  /// The payload of `catalog`, built twice: the bytes must not change.
  private func build(_ target: OTATarget, _ catalog: Compiled) throws -> Payload {
    let options = PayloadOptions(
      baseURL: Self.baseURL, releaseVersion: 3, sourceLanguage: catalog.sourceLanguage)
    let payload = try PayloadBuilder.build(target, tables: catalog.tables, options: options)
    let again = try PayloadBuilder.build(target, tables: catalog.tables, options: options)
    #expect(payload.files == again.files)
    #expect(payload.skipped == again.skipped)
    return payload
  }
}
