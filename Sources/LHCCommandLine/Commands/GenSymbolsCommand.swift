import Foundation
import LHCBase
import StringCatalog
import SwiftSymbols

/// `lhc gen-symbols`: String Catalogs → Swift source with a typed symbol per key.
struct GenSymbolsCommand {
  static let spec = CommandSpec(
    name: "gen-symbols",
    abstract: "Generate typed Swift symbols (String and LocalizedStringResource) for catalog keys.",
    arguments: "CATALOG.xcstrings...",
    options: [
      .value("output", short: "o", "FILE", help: "Write one Swift file for all catalogs."),
      .value(
        "output-directory", "DIR", help: "Write <DIR>/<Table>.swift, one file per catalog."),
      .value(
        "bundle", "BUNDLE", choices: ["main", "module", "lingohub"],
        help: "main (default), module, lingohub, or a Swift expression of type Bundle."),
      .value(
        "access-level", "LEVEL", choices: ["internal", "public", "package"],
        help: "internal (default), public or package."),
      .value(
        "input-file-list", "FILE", repeatable: true,
        help: "Also read the .xcstrings files listed in this .xcfilelist (repeatable)."),
      .flag(
        "only-manual",
        help: "Only keys Xcode generates symbols for (extractionState manual, generatesSymbol)."),
      .flag(
        "strict",
        help: "Fail as Xcode does on keys that give one symbol or whose arguments cannot get one."),
    ],
    discussion: """
      Without --output or --output-directory the source goes to standard output; inside an \
      Xcode Run Script phase it goes to the phase's declared .swift output (one declared: all \
      tables in it; several: <Table>.swift per catalog), and catalogs may be omitted (the \
      phase's declared .xcstrings inputs are read). By default every \
      key with a source-language value gets a symbol; overloads (same name, other parameter \
      types or labels) are fine. Where keys give one symbol, a manual key keeps Xcode's name and \
      the others are renamed (Help… → helpHorizontalEllipsis, Close tab → closeTab2); a key \
      whose arguments have no safe Swift type (%s, %p) or a gap gets no symbol; each with a \
      warning (--strict: an error, as in Xcode). Catalogs of one table belong to different \
      targets: run once per target. Exit status: 0 on success, 1 when a catalog cannot be read, \
      --strict finds such a key, or an output cannot be written (nothing is written then), 64 \
      on a usage error. Files are replaced atomically and only when their bytes change.
      """)

  var catalogs: [String]
  var output: String?
  var outputDirectory: String?
  /// Inside Xcode, with several `.swift` outputs declared: the output of each table.
  var declaredFiles: [(table: String, path: String)] = []
  var options: SymbolOptions

  init(
    parsed: ParsedArguments, environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(UsageError) {
    let xcode = XcodeBuildEnvironment(environment)
    catalogs = try CatalogInputs.resolve(parsed, xcode, purpose: "")
    output = parsed.value("output")
    outputDirectory = parsed.value("output-directory")
    if output != nil && outputDirectory != nil {
      throw UsageError("'--output' and '--output-directory' cannot be used together")
    }
    if output?.isEmpty == true || outputDirectory?.isEmpty == true {
      throw UsageError("empty output path")
    }
    let bundle = parsed.value("bundle") ?? "main"
    guard !bundle.trimmingCharacters(in: .whitespaces).isEmpty else {
      throw UsageError("empty '--bundle' expression")
    }
    let level = parsed.value("access-level") ?? "internal"
    guard let accessLevel = SymbolOptions.AccessLevel(rawValue: level) else {
      throw UsageError("unknown access level '\(level)' (expected internal, public or package)")
    }
    options = SymbolOptions(
      bundle: .init(argument: bundle), accessLevel: accessLevel,
      onlyManual: parsed.flag("only-manual"), strict: parsed.flag("strict"))
    try CatalogCompilation.checkTableNames(catalogs, unique: false)
    try Self.checkNamespaces(catalogs)
    if output == nil && outputDirectory == nil && xcode.isRunScriptPhase {
      try useDeclaredOutputs(
        xcode, catalogsDeclared: parsed.positionals.isEmpty && parsed.all("input-file-list").isEmpty
      )
    }
  }

  /// Every table's namespace once. Two catalogs of one table belong to two targets (a target
  /// has one catalog per table, and its symbols look strings up in its own bundle): the error
  /// says to run once per target; two tables with one namespace (`my-strings`, `my_strings`)
  /// must be renamed.
  static func checkNamespaces(_ catalogs: [String]) throws(UsageError) {
    let tables = catalogs.map(CatalogCompilation.tableName(of:))
    let types = tables.map(SwiftIdentifier.typeName(forTable:))
    for second in types.indices {
      guard let first = types[..<second].firstIndex(of: types[second]) else { continue }
      let (one, other) = ("'\(catalogs[first])'", "'\(catalogs[second])'")
      if tables[first] == tables[second] {
        throw UsageError(
          "\(one) and \(other) are both table '\(tables[first])', so they belong to two targets "
            + "(a target has one catalog per table, and its symbols look strings up in its own "
            + "bundle): run lhc gen-symbols once per target, each time with that target's "
            + "catalogs and an output of its own, here once with \(one) and once with \(other)")
      }
      throw UsageError(
        "\(one) and \(other) (tables '\(tables[first])' and '\(tables[second])') generate the "
          + "same table namespace '\(types[first])'; rename one of them")
    }
  }

  /// Inside a Run Script phase without an output option: one declared `.swift` output gets every
  /// table; several are matched to catalogs by name (`<Table>.swift`); none means standard output,
  /// or an error when the catalogs themselves came from the phase.
  private mutating func useDeclaredOutputs(
    _ xcode: XcodeBuildEnvironment, catalogsDeclared: Bool
  ) throws(UsageError) {
    let swiftOutputs = try xcode.declaredOutputs().filter { $0.hasSuffix(".swift") }
    switch swiftOutputs.count {
    case 0:
      if catalogsDeclared {
        throw UsageError(
          "the build phase declares no .swift output file; declare one or pass '--output <FILE>'")
      }
    case 1:
      output = swiftOutputs[0]
    default:
      for table in catalogs.map(CatalogCompilation.tableName(of:)) {
        guard
          let path = swiftOutputs.first(where: {
            ($0 as NSString).lastPathComponent == table + ".swift"
          })
        else {
          throw UsageError(
            "the build phase declares several .swift outputs but none named '\(table).swift'")
        }
        declaredFiles.append((table, path))
      }
    }
  }

  func run(_ console: Console) -> Int32 {
    // Stage 1: read every catalog and build its symbols (in parallel); diagnostics in input order.
    let results = Parallel.map(catalogs) { path in Self.build(path, options: options) }
    defer { console.keepUntilExit(results) }
    let printer = DiagnosticPrinter(console: console, warningsAsErrors: false)
    var failed = false
    for (path, result) in zip(catalogs, results) {
      if printer.print(result.diagnostics, path: path, source: result.source) { failed = true }
    }
    if failed { return ExitStatus.failure }

    // Stage 2: Swift source to stdout, one file, or one file per table.
    let tables = results.compactMap(\.table)
    var files: [(path: String, text: String)] = []
    if !declaredFiles.isEmpty {
      files = tables.compactMap { table in
        declaredFiles.first(where: { $0.table == table.table }).map {
          ($0.path, SwiftSourceWriter.source(for: [table], options: options))
        }
      }
    } else if let outputDirectory {
      files = tables.map {
        (
          outputDirectory + "/" + $0.table + ".swift",
          SwiftSourceWriter.source(for: [$0], options: options)
        )
      }
    } else if let output {
      files = [(output, SwiftSourceWriter.source(for: tables, options: options))]
    } else {
      console.out(SwiftSourceWriter.source(for: tables, options: options))
      return ExitStatus.success
    }
    var status = ExitStatus.success
    for file in files {
      do {
        _ = try OutputFile.write(Array(file.text.utf8), to: file.path)
      } catch {
        console.error("\(error.path): error: cannot write file: \(error.message)\n")
        status = ExitStatus.failure
      }
    }
    return status
  }

  /// The outcome of reading one catalog and building its symbols.
  private struct CatalogResult: @unchecked Sendable {
    var source: SourceText?
    var diagnostics: [Diagnostic]
    var table: SymbolTable?
    /// The catalog the symbols were built from, kept only to be freed at exit (``run(_:)`` keeps
    /// the results until then): freeing it was a serial 8 % of the main thread's instructions on
    /// the 9.9 MB bench catalog.
    var catalog: Catalog?
  }

  private static func build(_ path: String, options: SymbolOptions) -> CatalogResult {
    let source: SourceText
    do {
      source = try SourceText(contentsOf: path)
    } catch {
      return CatalogResult(
        source: nil, diagnostics: [.error("cannot read file: \(error.message)")], table: nil)
    }
    do {
      // Reader warnings are left to `lhc compile` and `lhc lint`.
      let catalog = try read(source)
      let built = SymbolBuilder.build(
        catalog, table: CatalogCompilation.tableName(of: path), options: options)
      return CatalogResult(
        source: source, diagnostics: built.diagnostics, table: built.table, catalog: catalog)
    } catch {
      return CatalogResult(source: source, diagnostics: error.diagnostics, table: nil)
    }
  }

  /// Reads a catalog into the model; a large one in parts, one per core (as `lhc compile` does).
  /// A key that occurs twice keeps its first place and its last value.
  private static func read(_ source: SourceText) throws(DiagnosticError) -> Catalog {
    let parts = CatalogCompilation.parts(forBytes: source.bytes.count)
    guard parts > 1 else { return try CatalogReader.read(source).catalog }
    final class Part: @unchecked Sendable {
      var entries: [CatalogEntry] = []
    }
    var collected: [Part] = []
    var (catalog, _) = try CatalogReader.read(source, parts: parts) { count in
      collected = (0..<count).map { _ in Part() }
      return collected.map { part in { part.entries.append($0) } }
    }
    var indexByKey: [String: Int] = [:]
    for part in collected {
      for entry in part.entries {
        if let earlier = indexByKey[entry.key] {
          catalog.entries[earlier] = entry
        } else {
          indexByKey[entry.key] = catalog.entries.count
          catalog.entries.append(entry)
        }
      }
    }
    return catalog
  }
}
