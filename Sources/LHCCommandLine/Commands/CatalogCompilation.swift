import Foundation
import LHCBase
import PseudoLocalization
import StringCatalog
import StringTables

/// A catalog read and compiled in memory: what `compile` writes and what `diff` compares.
struct CatalogCompilation: @unchecked Sendable {
  var source: SourceText?
  var diagnostics: [Diagnostic]
  var tables: [StringTable]
  /// The catalog's development language; nil when it could not be read.
  var sourceLanguage: String?
  /// Every language the catalog's localizations name (selected by `-l`), sorted.
  var languages: [String] = []
  /// The reader's diagnostics alone (`diagnostics` holds them with the compiler's): `lhc import
  /// --into` reports these when it leaves a catalog as it was.
  var readerDiagnostics: [Diagnostic] = []

  /// Catalogs at least this large are read in parts, one per core.
  static let partitionThreshold = 4 << 20

  /// The parts (and threads) for a catalog of `count` bytes: one per core from
  /// ``partitionThreshold`` on, else one.
  static func parts(forBytes count: Int) -> Int {
    count >= partitionThreshold ? max(ProcessInfo.processInfo.activeProcessorCount, 1) : 1
  }

  /// The table name of a catalog: its file name without `.xcstrings`.
  static func tableName(of path: String) -> String {
    let name = (path as NSString).lastPathComponent
    return name.hasSuffix(".xcstrings") ? String(name.dropLast(".xcstrings".count)) : name
  }

  /// Checks the table names of `catalogs`: a usage error when a catalog's file name gives none (a
  /// file named `.xcstrings`: its tables would be hidden files, `.strings`) or, when `unique`,
  /// when two catalogs give the same table.
  static func checkTableNames(_ catalogs: [String], unique: Bool = true) throws(UsageError) {
    let tables = catalogs.map(tableName(of:))
    if let index = tables.firstIndex(of: "") {
      throw UsageError(
        "the catalog '\(catalogs[index])' has no table name (its file name is only '.xcstrings')")
    }
    if unique,
      let duplicate = tables.first(where: { name in tables.filter { $0 == name }.count > 1 })
    {
      throw UsageError("two catalogs compile to the same table '\(duplicate)'")
    }
  }

  /// Reads and compiles the catalog at `path`, as table `table` (default: from the file name),
  /// with the pseudo languages `pseudo` (`compile --pseudo`) derived from its source language.
  /// `sourceText`: the catalog's development language is compiled as its source text (see
  /// ``CompileOptions/sourceTextLanguage``), for the payloads of other SDKs.
  static func compile(
    _ path: String, options: CompileOptions, table: String? = nil, sourceText: Bool = false,
    pseudo: [PseudoLanguage] = []
  ) -> CatalogCompilation {
    let source: SourceText
    do {
      source = try SourceText(contentsOf: path)
    } catch {
      return CatalogCompilation(
        source: nil, diagnostics: [.error("cannot read file: \(error.message)")], tables: [])
    }
    var options = options
    if sourceText {
      // Xcode states it first; another layout is read once more, entries unused.
      options.sourceTextLanguage =
        CatalogReader.sourceLanguageBeforeEntries(in: source)
        ?? (try? CatalogReader.read(source, forEachEntry: { _ in }))?.catalog.sourceLanguage
    }
    // Entries are compiled as they are read, so the whole catalog model is never in memory. A large
    // catalog is read in parts on every core, each part compiled by its own compiler.
    let parts = Self.parts(forBytes: source.bytes.count)
    let name = table ?? tableName(of: path)
    var compilers: [Part] = []
    do {
      let catalog: Catalog
      let readDiagnostics: [Diagnostic]
      // Pseudo languages, and the rule of which strings the code formats, need the source
      // language before the entries: a catalog that states it later is read whole.
      let stated = CatalogReader.sourceLanguageBeforeEntries(in: source)
      if stated == nil {
        (catalog, readDiagnostics) = try CatalogReader.read(source)
        let part = Part(
          CatalogCompiler(table: name, options: options, sourceLanguage: catalog.sourceLanguage),
          pseudo, catalog.sourceLanguage)
        catalog.entries.forEach(part.add)
        compilers = [part]
      } else {
        (catalog, readDiagnostics) = try CatalogReader.read(source, parts: parts) { count in
          compilers = (0..<count).map { _ in
            Part(
              CatalogCompiler(table: name, options: options, sourceLanguage: stated), pseudo,
              stated)
          }
          return compilers.map { part in { part.add($0) } }
        }
      }
      let compiled = CatalogCompiler.finish(compilers.map(\.compiler))
      var diagnostics = readDiagnostics + compiled.diagnostics
      var languages = compiled.languages
      if !pseudo.isEmpty {
        diagnostics = Part.pseudoDiagnostics(diagnostics, compilers, catalog.sourceLanguage)
        // A pseudo language is a language of the catalog even when no entry has text for it.
        languages = KeyOrder.sorted(Set(languages).union(pseudo.map(\.tag)))
      }
      return CatalogCompilation(
        source: source, diagnostics: diagnostics.sortedByOffset(), tables: compiled.tables,
        sourceLanguage: catalog.sourceLanguage, languages: languages,
        readerDiagnostics: readDiagnostics)
    } catch {
      return CatalogCompilation(source: source, diagnostics: error.diagnostics, tables: [])
    }
  }

  /// The tables to write with `--emit-empty-tables`: one per declared language (see
  /// ``CompileOptions/declaredLanguages(sourceLanguage:named:)``), empty where there is nothing to
  /// emit, so that every file a build planner declared is written.
  func declaredTables(_ table: String, options: CompileOptions) -> [StringTable] {
    guard let sourceLanguage else { return tables }
    let byLanguage = Dictionary(tables.map { ($0.language, $0) }) { first, _ in first }
    return options.declaredLanguages(sourceLanguage: sourceLanguage, named: languages).map {
      byLanguage[$0] ?? StringTable(name: table, language: $0)
    }
  }
}
