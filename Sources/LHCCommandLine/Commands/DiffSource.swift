import Foundation
import LHCBase
import ReleaseFiles
import StringTables
import TableDiff

/// One side of `lhc diff`: catalogs compiled in memory, a folder of `.lproj` folders, or a
/// release zip — read into tables, or the messages saying why not.
struct DiffSource {
  /// How the side is named in reports.
  var label: String
  var tables: TableSet
  /// A zip release: the SDK's folder-selection check applies to it.
  var isRelease: Bool

  /// Reads `paths`: one or more `.xcstrings` catalogs, or a single directory or zip.
  /// Problems are printed; nil when the side cannot be read.
  static func load(
    _ paths: [String], options: CompileOptions, table: String?, annotate: Bool, console: Console
  ) -> DiffSource? {
    let label = paths.joined(separator: " ")
    if paths.allSatisfy({ $0.hasSuffix(".xcstrings") }) {
      return loadCatalogs(
        paths, options: options, table: table, annotate: annotate, console: console
      ).map {
        DiffSource(label: label, tables: $0, isRelease: false)
      }
    }
    guard paths.count == 1, let path = paths.first else {
      console.error("error: give several catalogs (.xcstrings), or one folder or zip: \(label)\n")
      return nil
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      console.error("\(path): error: no such file or directory\n")
      return nil
    }
    do {
      let release: Release
      if isDirectory.boolValue {
        release = try Release.read(directory: path)
      } else {
        guard let data = SourceText.bytes(atPath: path) else {
          console.error("\(path): error: cannot read file\n")
          return nil
        }
        release = try Release.read(zip: data)
      }
      console.keepUntilExit(release)
      let warnings = release.warnings.map { "\(path)/\($0)\n" }
      if !warnings.isEmpty { console.error(warnings.joined()) }
      let tables = release.tables.filter { options.languages?.contains($0.language) ?? true }
      return DiffSource(
        label: label, tables: TableSet(tables: tables), isRelease: !isDirectory.boolValue)
    } catch {
      console.error(error.report(root: path))
      return nil
    }
  }

  /// Compiles catalogs as `lhc compile` does; only errors are printed.
  private static func loadCatalogs(
    _ paths: [String], options: CompileOptions, table: String?, annotate: Bool, console: Console
  ) -> TableSet? {
    let results = Parallel.map(paths) {
      CatalogCompilation.compile($0, options: options, table: table)
    }
    console.keepUntilExit(results)
    let printer = DiagnosticPrinter(
      console: console, warningsAsErrors: false, annotations: annotate)
    var failed = false
    for (path, result) in zip(paths, results) {
      let errors = result.diagnostics.filter { $0.severity == .error }
      if printer.print(errors, path: path, source: result.source) { failed = true }
    }
    if failed { return nil }
    return TableSet(
      tables: results.flatMap(\.tables), sourceLanguage: results.compactMap(\.sourceLanguage).first)
  }
}
