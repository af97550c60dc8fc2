import CatalogLint
import Foundation
import LHCBase
import SourceLint
import SourceProjects
import StringCatalog
import SwiftSource

/// `lhc lint --sources`: the Swift code read as `lhc extract --list` reads it (one parse, one
/// extraction), checked with the catalogs given by ``SourceLint``.
extension LintCommand {
  /// What the code's checks need of a linted catalog: its keys, its text (for the positions of
  /// `source-key-unused`) and its config.
  struct SourceKeys {
    var entries: [SourceLint.CatalogKeys.Entry]
    var source: SourceText
    var config: LintConfig?
  }

  static func keyEntry(_ entry: CatalogEntry) -> SourceLint.CatalogKeys.Entry {
    SourceLint.CatalogKeys.Entry(
      key: entry.key, offset: entry.offset, state: entry.extractionState,
      isInterfaceBuilder: ExtractCommand.isInterfaceBuilderEntry(entry))
  }

  /// Lints the Swift files of `inputs`: a file per Swift file with findings is appended to
  /// `files` (with its baseline in `baselineFor`), `source-key-unused` is added to the catalogs'
  /// files. The number of Swift files read, nil when a config of theirs cannot be used (the run
  /// then stops); `failed` when a project could not be read (reported, the rest linted).
  func lintSources(
    _ inputs: [String], _ results: [CatalogResult], _ files: inout [LintReport.File],
    _ baselineFor: inout [String?], _ settings: inout LintSettings, _ console: Console
  ) -> (swiftFiles: Int?, failed: Bool) {
    var given: [SourceLint.CatalogKeys] = []
    var fileOfCatalog: [String: (index: Int, keys: SourceKeys)] = [:]
    var fileIndex = 0
    for (path, result) in zip(catalogs, results) {
      guard case .linted(_, let keys) = result else { continue }
      if let keys {
        let absolute = Paths.absolute(path)
        given.append(
          SourceLint.CatalogKeys(
            path: absolute, entries: keys.entries,
            checksUnused: !ExtractCommand.tablesNotFromCode.contains(Paths.tableName(of: absolute))
          ))
        fileOfCatalog[absolute] = (fileIndex, keys)
      }
      fileIndex += 1
    }
    let scan = SourceScan.scan(
      inputs: inputs, excluded: [], extraCatalogs: given.map(\.path), tree: FileTree())
    var failed = false
    for problem in scan.problems {
      console.error(
        "\(Paths.relative(problem.path, to: Paths.currentDirectory)): error: \(problem.diagnostic.message)\n"
      )
      failed = true
    }
    // Each file's config (the nearest to it) and baseline; the SDK its config or --ota names.
    var fileSettings: [String: (config: LintConfig?, baseline: String?)] = [:]
    var sdks: [String: OTACoverage] = [:]
    for file in scan.files {
      let (config, _, baseline) = settings.settle(file)
      fileSettings[file] = (config, baseline)
      if let name = ota ?? config?.ota { sdks[file] = OTACoverage(name) }
    }
    guard settings.problems.isEmpty else {
      let printer = DiagnosticPrinter(console: console, warningsAsErrors: false, annotations: false)
      for problem in settings.problems {
        printer.print(problem.diagnostics, path: problem.path, source: problem.source)
      }
      return (nil, failed)
    }
    let trees = Parallel.map(scan.files) { path -> SourceTree in
      let bytes = FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
      return Parser.parse(SourceFile(path: path, bytes: bytes))
    }
    let extraction = Extraction.run(trees, scan: scan)
    // Freed object by object on one thread, the trees would cost a good part of the run.
    console.keepUntilExit((trees, extraction))
    // The checks some file may report: not --disable'd; off by default ones only when turned on.
    let configs =
      fileSettings.values.compactMap(\.config)
      + results.compactMap {
        if case .linted(_, let keys?) = $0 { return keys.config }
        return nil
      }
    let enabledSomewhere = enabled.union(configs.flatMap(\.enabled))
    let checks = Set(
      LintCheck.all.filter { !disabled.contains($0.id) }
        .filter { $0.isOnByDefault || enabledSomewhere.contains($0.id) }.map(\.id))
    let result = SourceLint.lint(
      trees: trees, extraction: extraction, scan: scan, catalogs: given, sdk: { sdks[$0] },
      checks: checks)
    // A key the code shows as it is (`Text("Up to 50% faster")`) is never formatted.
    for (catalog, keys) in result.unformattedKeys {
      guard let (index, _) = fileOfCatalog[catalog] else { continue }
      files[index].findings.removeAll {
        LintCheck.formatCheckIDs.contains($0.check) && $0.diagnostic.key.map(keys.contains) == true
      }
    }
    for (catalog, unused) in result.catalogs {
      guard let (index, keys) = fileOfCatalog[catalog] else { continue }
      let added = kept(unused, config: keys.config)
      guard !added.isEmpty else { continue }
      files[index].findings = (files[index].findings + added).sorted(by: Finding.precedes)
      files[index].positions.merge(
        keys.source.lineColumns(of: added.compactMap(\.diagnostic.offset))
      ) { old, _ in old }
    }
    for found in result.files {
      let path = found.file.path
      let findings = kept(found.findings, config: fileSettings[path]?.config)
      guard !findings.isEmpty else { continue }
      var positions: [Int: (line: Int, column: Int)] = [:]
      for offset in findings.compactMap(\.diagnostic.offset) {
        positions[offset] = SourceLint.position(of: offset, in: found.file)
      }
      files.append(
        LintReport.File(
          path: Paths.relative(path, to: Paths.currentDirectory), findings: findings,
          positions: positions, isCode: true))
      baselineFor.append(fileSettings[path]?.baseline ?? nil)
    }
    return (scan.files.count, failed)
  }
}
