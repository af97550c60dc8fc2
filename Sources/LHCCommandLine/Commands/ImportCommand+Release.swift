import CatalogImport
import CatalogWriter
import Foundation
import LHCBase
import ReleaseFiles
import StringCatalog
import StringTables
import TableDiff

/// `lhc import RELEASE.zip|FOLDER --into CATALOG…`: a release's values into existing catalogs.
extension ImportCommand {
  /// `--into` with a release zip or `.lproj` folders.
  ///
  /// The catalogs are first compiled as they are read, as `lhc diff` compiles them, while the
  /// release's files are read; a release file holding exactly lhc's XML for a compiled table is
  /// not parsed. Only a catalog the release changes is then read in full. (Issue 19, the 171 MB
  /// bench catalog and the zip of its compiled tree: reading it in full and compiling the model
  /// took 1.91–2.09 s where `lhc diff` of the same inputs takes 1.03–1.05 s.)
  func importRelease(_ input: Input, _ options: Into, console: Console) -> Int32 {
    guard
      let finalNewline = FinalNewline.load(
        for: options.catalogs, flag: options.allowFinalNewline, console: console)
    else { return ExitStatus.failure }
    let names = options.catalogs.map { CatalogCompilation.tableName(of: $0) }
    let releaseErrors = HeldErrors()
    let reading = Pipeline<[ArchiveEntry]?>()
    reading.start {
      Self.releaseFiles(input, console: console.holdingErrors(in: releaseErrors))
    }
    let compiled = Parallel.map(Array(zip(options.catalogs, names))) { path, table in
      Self.compile(path, table: table)
    }
    console.keepUntilExit(compiled)
    let releaseFiles = reading.results()[0]
    releaseErrors.print(to: console)
    guard let releaseFiles else { return ExitStatus.failure }
    let release: Release
    do {
      let tables = TableSet(tables: compiled.flatMap { $0?.tables ?? [] })
      release = try Release.read(files: releaseFiles, recognizing: DiffSource.recognizer(tables))
    } catch {
      console.error(error.report(root: input.path))
      return ExitStatus.failure
    }
    console.keepUntilExit(release)
    for warning in release.warnings {
      console.error(
        "\(input.path)/\(warning.path): warning: \(warning.message)"
          + (warning.key.map { " (key '\($0)')" } ?? "") + "\n")
    }
    for name in KeyOrder.sorted(Set(release.tables.map(\.name)).subtracting(names)) {
      console.error(
        "\(input.path): warning: table \(name) has no catalog among --into; not imported\n")
    }
    let state: UnitState = options.state == .needsReview ? .needsReview : .translated
    let results = Parallel.map(Array(zip(options.catalogs, names).enumerated())) {
      index, catalog in
      Self.apply(
        release, to: catalog.0, table: catalog.1, compiled: compiled[index], state: state,
        version: options.catalogVersion, finalNewline: finalNewline)
    }
    console.keepUntilExit(results)
    var failed = false
    var files: [(bytes: CatalogBytes, path: String)] = []
    var summaries: [(Applied, String)] = []
    let printer = DiagnosticPrinter(console: console, warningsAsErrors: false, annotations: false)
    for (path, result) in zip(options.catalogs, results) {
      switch result {
      case .failure(let failure):
        printer.print(failure.diagnostics, path: path, source: failure.source)
        failed = true
      case .success(let applied):
        printer.print(applied.diagnostics, path: path, source: applied.source)
        let issues = Self.issues(applied, release: release, skipping: options.skipUnsafe)
        Self.report(issues.warnings, severity: "warning", root: input.path, console)
        Self.report(issues.errors, severity: "error", root: input.path, console)
        if !issues.errors.isEmpty { failed = true }
        if let bytes = applied.bytes { files.append((bytes, path)) }
        summaries.append((applied, path))
      }
    }
    // A failed import writes nothing: what it found is what it would have changed.
    for (applied, path) in summaries {
      console.out(
        Self.summary(applied, path: path, dryRun: options.dryRun || failed, console: console))
    }
    if failed {
      console.error("error: nothing imported; every catalog is left as it was\n")
      return ExitStatus.failure
    }
    if options.dryRun { return ExitStatus.success }
    do {
      try Self.writeAll(files)
    } catch {
      console.error("\(error.path): error: cannot write file: \(error.message)\n")
      return ExitStatus.failure
    }
    return ExitStatus.success
  }

  /// Writes every changed catalog all or nothing (each staged beside itself, then all renamed),
  /// keeping each file's permissions; a symbolic link keeps pointing at its catalog, whose target
  /// is rewritten (as `lhc format` does).
  static func writeAll(_ files: [(bytes: CatalogBytes, path: String)]) throws(OutputError) {
    var staged: [OutputFile.Staged] = []
    do {
      for file in files {
        let target = EditedCatalog.resolvedPath(file.path)
        // The writer's runs go to the file as they are (joining them first copied the catalog
        // once more: a quarter of a 171 MB catalog's page faults in `lhc import` of an XLIFF).
        let done = try file.bytes.withChunks { (chunks) throws(OutputError) in
          try OutputFile.stage(
            chunks: chunks, to: target, permissions: EditedCatalog.permissions(of: target))
        }
        if let done { staged.append(done) }
      }
      try OutputFile.commit(staged)
    } catch {
      OutputFile.discard(staged)
      throw error
    }
  }

  /// The table files of the release zip (its entries checked as the SDK checks them) or of the
  /// `.lproj` folders, not parsed yet, in path order; nil when they cannot be read (the reason is
  /// printed).
  static func releaseFiles(_ input: Input, console: Console) -> [ArchiveEntry]? {
    do {
      if case .releaseZip(let path) = input {
        guard let bytes = SourceText.bytes(atPath: path) else {
          console.error("\(path): error: cannot read file\n")
          return nil
        }
        // In path order, as `Release.read(zip:)` parses them (warnings, the first error).
        return try ReleaseZip.entries(bytes).sorted {
          $0.path.utf8.lexicographicallyPrecedes($1.path.utf8)
        }
      }
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: input.path, isDirectory: &isDirectory),
        isDirectory.boolValue
      else {
        console.error("\(input.path): error: no such directory\n")
        return nil
      }
      return try Release.files(in: input.path)
    } catch {
      console.error(error.report(root: input.path))
      return nil
    }
  }

  /// A catalog compiled as it was read, as `lhc diff` compiles it (``CatalogCompilation``).
  struct Compiled: @unchecked Sendable {
    var source: SourceText
    var tables: [StringTable]
    var sourceLanguage: String
    /// The reader's warnings.
    var diagnostics: [Diagnostic]
  }

  /// The catalog at `path` compiled as table `table`; nil when it cannot be read (the full read
  /// of ``apply(_:to:table:compiled:state:version:finalNewline:)`` then reports why).
  static func compile(_ path: String, table: String) -> Compiled? {
    let compilation = CatalogCompilation.compile(path, options: CompileOptions(), table: table)
    guard let source = compilation.source, let sourceLanguage = compilation.sourceLanguage else {
      return nil
    }
    return Compiled(
      source: source, tables: compilation.tables, sourceLanguage: sourceLanguage,
      diagnostics: compilation.readerDiagnostics)
  }

  /// One catalog with the release applied.
  struct Applied: @unchecked Sendable {
    /// What the import found and did; nil when the compiled catalog holds the release's text
    /// already (nothing to change or refuse: the catalog was not read in full).
    var outcome: ReleaseImport.Outcome?
    /// The catalog's new bytes; nil when nothing changed (the file is left as it is).
    var bytes: CatalogBytes?
    var diagnostics: [Diagnostic]
    var source: SourceText
  }

  /// Applies the release's tables named `table` to the catalog at `path` (`compiled`: as it was
  /// compiled, when it could be), and writes the result in memory when anything changed (with
  /// `version` raised to, when given; ending with a newline when `finalNewline` keeps the file's). The catalog is read in full only when the release changes
  /// it or refuses a value (or when it could not be compiled: the full read says why).
  static func apply(
    _ release: Release, to path: String, table: String, compiled: Compiled?, state: UnitState,
    version: String?, finalNewline: FinalNewline
  ) -> Result<Applied, EditedCatalog.Failure> {
    var comparison: DiffResult?
    if let compiled {
      let found = ReleaseImport.compare(
        release.tables, compiled: compiled.tables, table: table,
        sourceLanguage: compiled.sourceLanguage)
      if ReleaseImport.changesNothing(found) {
        return .success(
          Applied(
            outcome: nil, bytes: nil, diagnostics: compiled.diagnostics, source: compiled.source))
      }
      comparison = found
    }
    let edited: EditedCatalog
    switch EditedCatalog.read(path) {
    case .success(let read): edited = read
    case .failure(let failure): return .failure(failure)
    }
    var outcome =
      comparison.map { ReleaseImport.apply($0, to: edited.catalog, state: state) }
      ?? ReleaseImport.apply(release.tables, to: edited.catalog, table: table, state: state)
    var applied = Applied(
      outcome: outcome, bytes: nil, diagnostics: edited.diagnostics, source: edited.source)
    guard outcome.changedUnits > 0 else { return .success(applied) }
    if let version {
      guard let order = Catalog.compareVersions(version, outcome.catalog.version), order >= 0
      else {
        return .failure(
          EditedCatalog.Failure(
            source: edited.source,
            diagnostics: [
              .error(
                "cannot change the catalog version from \(outcome.catalog.version) to \(version)")
            ]))
      }
      outcome.catalog.version = version
      applied.outcome = outcome
    }
    applied.bytes = CatalogWriter.chunks(
      outcome.catalog, threads: edited.writerThreads, sizeHint: edited.source.bytes.count,
      finalNewline: finalNewline.keeps(path, existing: edited.source.bytes))
    return .success(applied)
  }

  /// What to print about one catalog's import: refused values (errors, or warnings when
  /// skipped), keys the catalog lacks and values it cannot hold.
  static func issues(_ applied: Applied, release: Release, skipping: Bool) -> (
    errors: [ImportIssue], warnings: [ImportIssue]
  ) {
    guard let outcome = applied.outcome else { return ([], []) }
    /// The release file that holds `key` in `language`.
    func file(_ language: String, _ key: String) -> String? {
      guard
        let table = release.tables.first(where: {
          $0.language == language && ($0.strings[key] != nil || $0.rules[key] != nil)
        })
      else { return nil }
      let kind = table.rules[key] != nil ? "stringsdict" : "strings"
      return "\(language).lproj/\(table.name).\(kind)"
    }
    let refused = outcome.refused.map { finding in
      ImportIssue(
        language: finding.language, key: finding.key,
        reason: (skipping ? "skipped: " : "refused: ")
          + "\(finding.message) [\(finding.kind.rawValue)]",
        file: finding.key.flatMap { file(finding.language, $0) })
    }
    let unknown = outcome.unknownKeys.map { language, key in
      ImportIssue(
        language: language, key: key, reason: "the catalog has no such key; not added",
        file: file(language, key))
    }
    let unrepresentable = outcome.unrepresentable.map { issue in
      var issue = issue
      issue.reason = (skipping ? "skipped: " : "refused: ") + issue.reason
      issue.file = issue.key.flatMap { file(issue.language ?? "", $0) }
      return issue
    }
    let unsafe = refused + unrepresentable
    return skipping ? ([], unknown + unsafe) : (unsafe, unknown)
  }

  /// `CATALOG: changed N units in K keys` and the changes in `lhc diff`'s text format.
  static func summary(_ applied: Applied, path: String, dryRun: Bool, console: Console) -> String {
    guard let outcome = applied.outcome else { return "\(path): no changes\n" }
    let keys = outcome.applied.tables.reduce(0) { $0 + $1.changes.count }
    guard keys > 0 else { return "\(path): no changes\n" }
    let units = outcome.changedUnits
    let verb = dryRun ? "would change" : "changed"
    return "\(path): \(verb) \(units) unit\(units == 1 ? "" : "s") in \(keys) key"
      + "\(keys == 1 ? "" : "s")\n"
      + DiffReport(result: outcome.applied, summaryOnly: false, colored: console.outIsTerminal)
      .text
  }
}
