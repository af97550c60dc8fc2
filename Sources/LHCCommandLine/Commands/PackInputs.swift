import Foundation
import LHCBase
import LHCPlist
import ReleaseArchive
import ReleaseFiles
import StringTables
import StringsFiles

/// What `lhc pack` packs: the archive's files, and the inputs they came from with their hashes.
struct PackInputs {
  /// One input file for the manifest.
  struct Hashed {
    var path: String
    var sha256: String
  }

  /// How the manifest's inputs are hashed.
  enum Hashing {
    /// The catalogs, hashed by this closure, only when the manifest asks for them (as many bytes
    /// as the archive holds, and more).
    case sources(@Sendable () -> [Hashed])
    /// The files packed, each hashed while it is compressed: the hashes are those of the bytes
    /// in the archive (see `PackedRelease.hashes`).
    case packedFiles
  }

  var entries: [ZipEntry]
  var hashing: Hashing
  /// The compiled tables, when the inputs are catalogs (other SDKs' payloads are made from them).
  var tables: [StringTable]?
  /// Entry path → the table part its bytes were written from (inputs from catalogs; empty for
  /// a folder's files): such an entry read back unchanged needs no parsing.
  var writtenFrom: [String: StringTable] = [:]
  /// The catalogs' development language (the first catalog's).
  var sourceLanguage: String?

  /// The inputs of `command`, or nil after printing why they cannot be packed.
  static func gather(
    _ command: PackCommand, printer: DiagnosticPrinter, console: Console
  ) -> PackInputs? {
    if let folder = command.folder {
      return files(in: folder, languages: command.options.languages, console: console)
    }
    return compiled(command, printer: printer, console: console)
  }

  /// Every catalog compiled in memory (in parallel), diagnostics printed as `lhc compile` does;
  /// nil when any has errors.
  private static func compiled(
    _ command: PackCommand, printer: DiagnosticPrinter, console: Console
  ) -> PackInputs? {
    let results = Parallel.map(command.catalogs) { path in
      CatalogCompilation.compile(
        path, options: command.options, sourceText: command.target != .lingohub)
    }
    console.keepUntilExit(results)
    var failed = false
    for (path, result) in zip(command.catalogs, results) {
      if printer.print(result.diagnostics, path: path, source: result.source) { failed = true }
    }
    if failed { return nil }
    let jobs = results.flatMap(\.tables).flatMap { table in
      TableFileWriter.files(of: table).map { (table, $0) }
    }
    let written = Parallel.map(jobs) { table, file in
      Result { () throws(PlistError) in
        ZipEntry(
          path: file.relativePath,
          bytes: try TableFileWriter.bytes(of: file.kind, table, format: command.serialization))
      }
    }
    var entries: [ZipEntry] = []
    var writtenFrom: [String: StringTable] = [:]
    let files = TableFiles(results.flatMap(\.tables))
    for (result, (_, file)) in zip(written, jobs) {
      switch result {
      case .success(let entry):
        entries.append(entry)
        writtenFrom[entry.path] = files.part(at: entry.path)?.table
      case .failure(let error):
        console.error("\(file.relativePath): error: \(error)\n")
        failed = true
      }
    }
    let sources = Array(zip(command.catalogs, results.map(\.source)))
    let hashing: @Sendable () -> [Hashed] = {
      Parallel.map(sources) { path, source in
        Hashed(
          path: path, sha256: SHA256.hex(source?.bytes ?? UnsafeBufferPointer(start: nil, count: 0))
        )
      }
    }
    return failed
      ? nil
      : PackInputs(
        entries: entries, hashing: .sources(hashing), tables: results.flatMap(\.tables),
        writtenFrom: writtenFrom,
        sourceLanguage: results.compactMap(\.sourceLanguage).first)
  }

  /// The `<lang>.lproj/<Table>.strings|.stringsdict` files of `folder`, byte for byte (a
  /// symlink's target is read), in `languages` when given; nil after printing an error. Only
  /// their sizes are read now: each file is read when it is compressed.
  private static func files(
    in folder: String, languages: Set<String>?, console: Console
  ) -> PackInputs? {
    let paths: [String]
    do {
      paths = try Release.tableFiles(in: folder).filter { path in
        let language = String(path.prefix { $0 != "/" }.dropLast(".lproj".count))
        return languages?.contains(language) ?? true
      }
    } catch {
      console.error("\(folder): error: \(error.message) (\(error.reason.rawValue))\n")
      return nil
    }
    var entries: [ZipEntry] = []
    for path in paths {
      var status = stat()
      guard stat(folder + "/" + path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
        console.error("\(folder)/\(path): error: cannot read file\n")
        return nil
      }
      entries.append(ZipEntry(path: path, file: folder + "/" + path, size: Int(status.st_size)))
    }
    return PackInputs(entries: entries, hashing: .packedFiles)
  }
}
