import CatalogExchange
import CatalogWriter
import Foundation
import LHCBase
import StringCatalog
import XLIFF

/// The XLIFF mode of `lhc import` (`.xliff` / `.xcloc` `--into CATALOG…`), issue 18: each
/// `<file>` goes into the catalog its `original` names (same path, else same file name), unit by
/// unit as Xcode 27 imports (``XLIFFImport``), without Xcode's data loss. Nothing is written when
/// anything is refused; a catalog the import does not change keeps its bytes.
extension ImportCommand {
  /// Checks the XLIFF-only parts of the command line once the mode and input are known (called
  /// by `init(parsed:)`); throws a usage error when they do not fit.
  static func checkXLIFF(_ path: String, _ options: Into) throws(UsageError) {
    if options.state != .translated {
      throw UsageError(
        "--state applies to releases and .lproj folders: an XLIFF's targets carry their own states")
    }
    if options.skipUnsafe {
      throw UsageError(
        "--skip-unsafe applies to releases and .lproj folders: an XLIFF file with an error is "
          + "refused whole")
    }
  }

  /// Applies the XLIFF at `path` (an `.xliff` file or an `.xcloc` folder) to `options.catalogs`;
  /// returns the exit status.
  func importXLIFF(_ path: String, _ options: Into, console: Console) -> Int32 {
    let printer = DiagnosticPrinter(console: console, warningsAsErrors: false)
    guard let documents = XLIFFInput.read(path, printer: printer, console: console) else {
      return ExitStatus.failure
    }
    var catalogs: [XLIFFTarget] = []
    var failed = false
    for catalogPath in options.catalogs {
      switch EditedCatalog.read(catalogPath) {
      case .success(let edited):
        printer.print(edited.diagnostics, path: catalogPath, source: edited.source)
        catalogs.append(XLIFFTarget(path: catalogPath, edited: edited))
      case .failure(let failure):
        printer.print(failure.diagnostics, path: catalogPath, source: failure.source)
        failed = true
      }
    }
    guard !failed else { return ExitStatus.failure }
    for document in documents {
      for file in document.document.files {
        guard let index = XLIFFTarget.match(file.original, in: catalogs) else {
          printer.print(
            [
              .error(
                "<file original=\"\(file.original)\"> matches none of the catalogs given "
                  + "(\(options.catalogs.joined(separator: ", "))); nothing was imported",
                offset: file.offset)
            ], path: document.path, source: document.source)
          failed = true
          continue
        }
        let diagnostics = catalogs[index].importer.apply(file, catalogName: catalogs[index].path)
        // Xcode's "No translation found" notes, one per untranslated unit, are left out.
        if printer.print(
          diagnostics.filter { $0.severity != .note }, path: document.path,
          source: document.source)
        {
          failed = true
        }
      }
    }
    guard !failed else {
      console.error("error: nothing was imported\n")
      return ExitStatus.failure
    }
    // Freeing the catalogs and documents was a serial 18 % of the main thread's instructions
    // (import of one language's XLIFF into the 9.9 MB bench catalog): left to the exit.
    console.keepUntilExit((documents, catalogs))
    return write(catalogs, options, printer: printer, console: console)
  }

  /// Writes the changed catalogs (all staged before any is renamed), or with `--dry-run` lists
  /// the changes; a summary line per catalog on standard output (`L.xcstrings: changed 3 units
  /// in 2 keys`, `L.xcstrings: no changes`).
  private func write(
    _ catalogs: [XLIFFTarget], _ options: Into, printer: DiagnosticPrinter, console: Console
  ) -> Int32 {
    guard
      let finalNewline = FinalNewline.load(
        for: options.catalogs, flag: options.allowFinalNewline, console: console)
    else { return ExitStatus.failure }
    var files: [(bytes: CatalogBytes, path: String)] = []
    var report = ""
    for var target in catalogs {
      let changes = target.importer.changes
      var versionChanged = false
      if let version = options.catalogVersion, !changes.isEmpty,
        version != target.importer.catalog.version
      {
        guard let order = Catalog.compareVersions(version, target.importer.catalog.version),
          order > 0
        else {
          printer.print(
            [
              .error(
                "cannot lower the catalog version from \(target.importer.catalog.version) to "
                  + "\(version); nothing was imported")
            ], path: target.path, source: nil)
          return ExitStatus.failure
        }
        target.importer.setVersion(version)
        versionChanged = true
      }
      // The summary as the release import prints it, then (--dry-run) each change.
      let keys = Set(changes.map(\.key)).count
      if changes.isEmpty {
        report += "\(target.path): no changes\n"
      } else {
        report += "\(target.path): \(options.dryRun ? "would change" : "changed") "
        report += "\(changes.count) unit\(changes.count == 1 ? "" : "s") in \(keys) key"
        report += keys == 1 ? "" : "s"
        report += versionChanged ? ", version \(target.importer.catalog.version)\n" : "\n"
      }
      if options.dryRun {
        for change in changes {
          report += "  \(change.language): \(change.id): "
          report += "\(Self.describe(change.old)) -> \(Self.describe(change.new))\n"
        }
      }
      guard !changes.isEmpty || versionChanged else { continue }
      let bytes = CatalogWriter.chunks(
        target.importer.catalog, threads: target.edited.writerThreads,
        sizeHint: target.edited.source.bytes.count,
        finalNewline: finalNewline.keeps(target.path, existing: target.edited.source.bytes))
      files.append((bytes, target.path))
    }
    if !options.dryRun {
      do {
        try Self.writeAll(files)
      } catch {
        console.error("\(error.path): error: cannot write file: \(error.message)\n")
        return ExitStatus.failure
      }
    }
    console.out(report)
    return ExitStatus.success
  }

  /// `"value" (state)`, `(none)` for no unit.
  static func describe(_ unit: StringUnit?) -> String {
    guard let unit else { return "(none)" }
    return "\(JSONValue.quoted(unit.value ?? "")) (\(unit.state.rawValue))"
  }
}

/// A catalog an XLIFF import goes into, with its import so far.
struct XLIFFTarget: @unchecked Sendable {
  var path: String
  var edited: EditedCatalog
  var importer: XLIFFImport

  init(path: String, edited: EditedCatalog) {
    self.path = path
    self.edited = edited
    importer = XLIFFImport(edited.catalog)
  }

  /// The catalog `original` names: the one at that path (relative, `./` and `//` ignored), else
  /// the only one with its file name.
  static func match(_ original: String, in catalogs: [XLIFFTarget]) -> Int? {
    func normalized(_ path: String) -> String {
      path.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
    }
    let wanted = normalized(original)
    if let exact = catalogs.firstIndex(where: { normalized($0.path) == wanted }) { return exact }
    let name = wanted.split(separator: "/").last.map(String.init) ?? wanted
    let named = catalogs.indices.filter {
      (catalogs[$0].path.split(separator: "/").last.map(String.init) ?? "") == name
    }
    return named.count == 1 ? named[0] : nil
  }
}

/// The XLIFF documents of an import: the `.xliff` file, or every `.xliff` in an `.xcloc`'s
/// `Localized Contents/`.
struct XLIFFInput: @unchecked Sendable {
  var path: String
  var source: SourceText
  var document: XLIFFDocument

  /// The documents, or nil after printing why they cannot be read.
  static func read(_ path: String, printer: DiagnosticPrinter, console: Console) -> [XLIFFInput]? {
    var paths = [path]
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      isDirectory.boolValue
    {
      let folder = (path.hasSuffix("/") ? path : path + "/") + "Localized Contents"
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      paths = names.filter { $0.hasSuffix(".xliff") }.sorted().map { "\(folder)/\($0)" }
      guard !paths.isEmpty else {
        console.error("\(path): error: not an .xcloc: no \"Localized Contents/*.xliff\"\n")
        return nil
      }
    }
    var inputs: [XLIFFInput] = []
    for file in paths {
      let source: SourceText
      do {
        source = try SourceText(contentsOf: file)
      } catch {
        console.error("\(file): error: cannot read file: \(error.message)\n")
        return nil
      }
      do {
        let document = try XLIFFReader.read(source.bytes)
        inputs.append(XLIFFInput(path: file, source: source, document: document))
      } catch {
        printer.print([.error(error.message, offset: error.offset)], path: file, source: source)
        return nil
      }
    }
    return inputs
  }
}
