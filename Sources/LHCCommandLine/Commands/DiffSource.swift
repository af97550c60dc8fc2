import Foundation
import LHCBase
import ReleaseFiles
import StringTables
import StringsFiles
import TableDiff

/// One side of `lhc diff`: catalogs compiled in memory, a folder of `.lproj` folders, or a
/// release zip — read into tables, or the messages saying why not.
struct DiffSource {
  /// How the side is named in reports.
  var label: String
  var tables: TableSet
  /// A zip release: the SDK's folder-selection check applies to it.
  var isRelease: Bool
  /// Recognizes the other side's files that hold exactly what this side has, which then need no
  /// parsing (see ``Release/Recognizer``): lhc's XML for a compiled table, or a file with the same
  /// path and bytes as one of this side's.
  var recognizer: Release.Recognizer?

  /// A side read as far as it goes without the other side: catalogs compiled, or a release's
  /// table files read (a zip's entries checked and inflated) but not parsed yet.
  enum Prepared {
    case catalogs(DiffSource)
    case files(label: String, path: String, files: [ArchiveEntry], isZip: Bool)

    /// A catalog side, ready.
    var catalogSide: DiffSource? {
      if case .catalogs(let source) = self { source } else { nil }
    }

    /// What a catalog side vouches for in the other side (see ``DiffSource/recognizer``).
    var catalogRecognizer: Release.Recognizer? { catalogSide?.recognizer }
  }

  /// Reads `paths`: one or more `.xcstrings` catalogs, or a single directory or zip.
  /// Problems are printed; nil when the side cannot be read.
  static func prepare(
    _ paths: [String], options: CompileOptions, table: String?, annotate: Bool, console: Console
  ) -> Prepared? {
    let label = paths.joined(separator: " ")
    if paths.allSatisfy({ $0.hasSuffix(".xcstrings") }) {
      return loadCatalogs(
        paths, options: options, table: table, annotate: annotate, console: console
      ).map {
        .catalogs(
          DiffSource(label: label, tables: $0, isRelease: false, recognizer: recognizer($0)))
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
      if isDirectory.boolValue {
        return .files(
          label: label, path: path, files: try Release.files(in: path), isZip: false)
      }
      guard let data = SourceText.bytes(atPath: path) else {
        console.error("\(path): error: cannot read file\n")
        return nil
      }
      return .files(label: label, path: path, files: try ReleaseZip.entries(data), isZip: true)
    } catch {
      console.error(error.report(root: path))
      return nil
    }
  }

  /// Finishes a prepared side: a release's files are parsed, except those `recognizing` vouches
  /// for (the other side's ``recognizer``). Problems are printed; nil when the side cannot be read.
  static func finish(
    _ prepared: Prepared, recognizing: Release.Recognizer?, options: CompileOptions,
    console: Console
  ) -> DiffSource? {
    guard case .files(let label, let path, let files, let isZip) = prepared else {
      return prepared.catalogSide
    }
    do {
      let release = try Release.read(files: files, recognizing: recognizing)
      console.keepUntilExit(release)
      let warnings = release.warnings.map { "\(path)/\($0)\n" }
      if !warnings.isEmpty { console.error(warnings.joined()) }
      let tables = release.tables.filter { options.languages?.contains($0.language) ?? true }
      return DiffSource(
        label: label, tables: TableSet(tables: tables), isRelease: isZip,
        recognizer: recognizer(files, release))
    } catch {
      console.error(error.report(root: path))
      return nil
    }
  }

  /// Recognizes the files that hold exactly lhc's XML for a table of `reference`.
  static func recognizer(_ reference: TableSet) -> Release.Recognizer {
    let files = TableFiles(reference.tables)
    return { path, bytes in
      guard let (part, kind) = files.part(at: path), TableFileWriter.isXML(bytes, of: kind, part)
      else { return nil }
      return part
    }
  }

  /// Recognizes the files with the same path and bytes as one of `files`, read as `release`
  /// without a warning: they parse to the same table part (comparing two releases, or a compiled
  /// bundle with the release made from it, parses each identical file once).
  private static func recognizer(_ files: [ArchiveEntry], _ release: Release) -> Release.Recognizer
  {
    let warned = Set(release.warnings.map(\.path))
    let tables = TableFiles(release.tables)
    var known: [String: (bytes: [UInt8], part: StringTable)] = [:]
    for file in files where !warned.contains(file.path) {
      if let (part, _) = tables.part(at: file.path) { known[file.path] = (file.bytes, part) }
    }
    return Release.recognizer(sameBytes: known)
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
