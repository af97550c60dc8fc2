import Foundation
import LHCBase
import StringCatalog
import StringTables
import StringsFiles

/// `lhc compile`: String Catalogs → `<lang>.lproj/<Table>.strings` and `.stringsdict`.
struct CompileCommand {
  static let spec = CommandSpec(
    name: "compile",
    abstract: "Compile String Catalogs to .strings and .stringsdict files, as xcstringstool does.",
    arguments: "CATALOG.xcstrings...",
    options: [
      .value(
        "output-directory", short: "o", "DIR",
        help: "Write <DIR>/<lang>.lproj/<Table>.strings and .stringsdict (required)."),
      .value(
        "language", short: "l", "LANG", repeatable: true,
        help: "Compile only this language (repeatable; default: every language)."),
      .flag(
        "dry-run",
        help: "Print the absolute paths of the files that would be written; write nothing."),
      .flag(
        "force-build-all-strings",
        help: "Emit every string unit that has a value, including units in state 'new'."),
      .value(
        "serialization-format", "FORMAT", choices: ["xml", "text", "binary"],
        help: "xml (default; 'text' is accepted as an alias) or binary."),
      .value(
        "format", short: "f", "FORMAT", choices: ["stringsAndStringsdict"],
        help: "Output kind; only 'stringsAndStringsdict'."),
      .flag("warnings-as-errors", help: "Treat warnings as errors."),
    ],
    discussion: """
      Exit status: 0 on success, 1 when a catalog has errors or an output cannot be written \
      (nothing is written then), 64 on a usage error. Files are replaced atomically and only \
      when their bytes change.
      """)

  var catalogs: [String]
  var outputDirectory: String
  var options: CompileOptions
  var dryRun: Bool
  var serialization: SerializationFormat
  var warningsAsErrors: Bool

  init(parsed: ParsedArguments) throws(UsageError) {
    guard !parsed.positionals.isEmpty else {
      throw UsageError("missing catalog (.xcstrings) to compile")
    }
    guard let output = parsed.value("output-directory"), !output.isEmpty else {
      throw UsageError("missing '--output-directory <DIR>'")
    }
    catalogs = parsed.positionals
    outputDirectory = output
    let languages = parsed.all("language")
    options = CompileOptions(
      languages: languages.isEmpty ? nil : Set(languages),
      forceBuildAllStrings: parsed.flag("force-build-all-strings"))
    dryRun = parsed.flag("dry-run")
    warningsAsErrors = parsed.flag("warnings-as-errors")
    switch parsed.value("serialization-format") ?? "xml" {
    case "xml", "text": serialization = .xml
    case "binary": serialization = .binary
    case let other:
      throw UsageError("unknown serialization format '\(other)' (expected xml, text or binary)")
    }
    if let format = parsed.value("format"), format != "stringsAndStringsdict" {
      throw UsageError("unknown format '\(format)' (expected stringsAndStringsdict)")
    }
    let tables = catalogs.map(CatalogCompilation.tableName(of:))
    if let duplicate = tables.first(where: { name in tables.filter { $0 == name }.count > 1 }) {
      throw UsageError("two catalogs compile to the same table '\(duplicate)'")
    }
  }

  func run(_ console: Console) -> Int32 {
    let printer = DiagnosticPrinter(console: console, warningsAsErrors: warningsAsErrors)
    // Stage 1: read and compile every catalog (in parallel), printing diagnostics in input order.
    let results = Parallel.map(catalogs) { path in
      CatalogCompilation.compile(path, options: options)
    }
    defer { console.keepUntilExit(results) }
    var failed = false
    for (path, result) in zip(catalogs, results) {
      if printer.print(result.diagnostics, path: path, source: result.source) { failed = true }
    }
    if failed { return ExitStatus.failure }

    // Stage 2: one job per output file; nothing is written when any catalog failed.
    let tables = results.flatMap(\.tables)
    let jobs = tables.flatMap { table in TableFileWriter.files(of: table).map { (table, $0) } }
    if dryRun {
      let root = URL(fileURLWithPath: outputDirectory).standardizedFileURL.path
      let paths = jobs.map { root + "/" + $0.1.relativePath }.sorted()
      console.out(paths.map { $0 + "\n" }.joined())
      return ExitStatus.success
    }
    let errors = Parallel.map(jobs) { table, file -> String? in
      let path = outputDirectory + "/" + file.relativePath
      do {
        let bytes = try TableFileWriter.bytes(of: file.kind, table, format: serialization)
        try OutputFile.write(bytes, to: path)
        return nil
      } catch let error as OutputError {
        return "\(error.path): error: cannot write file: \(error.message)\n"
      } catch {
        return "\(path): error: \(error)\n"
      }
    }
    var messages = errors.compactMap { $0 }
    if messages.isEmpty { messages = removeStaleOutputs(keeping: Set(jobs.map(\.1.relativePath))) }
    messages.forEach(console.error)
    return messages.isEmpty ? ExitStatus.success : ExitStatus.failure
  }

  /// Removes `<lang>.lproj/<Table>.strings(dict)` files of the compiled tables that this run did
  /// not produce (a language that lost its plurals, say), in the languages compiled: a stale
  /// `.stringsdict` would otherwise win over the new `.strings` at runtime. Returns error messages.
  private func removeStaleOutputs(keeping produced: Set<String>) -> [String] {
    let folders = (try? FileManager.default.contentsOfDirectory(atPath: outputDirectory)) ?? []
    var messages: [String] = []
    for folder in folders.sorted() where folder.hasSuffix(".lproj") {
      let language = String(folder.dropLast(".lproj".count))
      if let languages = options.languages, !languages.contains(language) { continue }
      for table in catalogs.map(CatalogCompilation.tableName(of:)) {
        for kind in TableFile.Kind.allCases {
          let file = TableFile(language: language, table: table, kind: kind).relativePath
          let path = outputDirectory + "/" + file
          guard !produced.contains(file), FileManager.default.fileExists(atPath: path) else {
            continue
          }
          if unlink(path) != 0 {
            messages.append(
              "\(path): error: cannot remove stale output: \(String(cString: strerror(errno)))\n")
          }
        }
      }
    }
    return messages
  }
}
