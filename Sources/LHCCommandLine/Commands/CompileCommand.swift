import Foundation
import LHCBase
import PseudoLocalization
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
        help: "Write <DIR>/<lang>.lproj/<Table>.strings and .stringsdict (default: see below)."),
      .value(
        "language", short: "l", "LANG", repeatable: true,
        help: "Compile only this language (repeatable; default: every language)."),
      .value(
        "input-file-list", "FILE", repeatable: true,
        help: "Also compile the .xcstrings files listed in this .xcfilelist (repeatable)."),
      .value(
        "output-file-list", "FILE",
        help: "Write the paths of the files this run writes to this .xcfilelist."),
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
      .flag(
        "emit-empty-tables",
        help:
          "Write both files for every language (each -l, else the catalog's), empty ones included."
      ),
      .value(
        "pseudo", "LANGS", repeatable: true,
        help: "Also compile pseudo languages: en-XA,ar-XB or NAME=accented|bidi (repeatable)."),
      .flag("warnings-as-errors", help: "Treat warnings as errors."),
    ],
    discussion: """
      Without --output-directory the files go to the product's resources folder \
      ($TARGET_BUILD_DIR/$UNLOCALIZED_RESOURCES_FOLDER_PATH) inside an Xcode Run Script phase, \
      else into the current directory. In a Run Script phase, catalogs may be omitted (the \
      phase's declared .xcstrings inputs are compiled) and, without --language, only the \
      project's known regions are compiled.

      Exit status: 0 on success, 1 when a catalog has errors or an output cannot be written \
      (nothing is written then), 64 on a usage error. Files are replaced atomically and only \
      when their bytes change.

      With --emit-empty-tables, the files written are known before the catalog is compiled \
      (for build systems that declare outputs up front: SwiftPM plugins, Bazel): \
      <lang>.lproj/<Table>.strings and .stringsdict for every language given with -l, or else for \
      the source language and every language the catalog's localizations name; a file with \
      nothing to hold is an empty dictionary.

      --pseudo derives test languages from the source language: en-XA (accented: [Ļöçåļîžéð \
      ţéẋţ öñé ţŵö], letters accented, bracketed, padded) and ar-XB (bidi: every word laid out \
      right to left); other names take a mode, as in qps-ploc=accented. Specifiers, %#@name@, \
      %arg and Markdown syntax are kept. They are compiled with -l too, and never packed.
      """)

  var catalogs: [String]
  var outputDirectory: String
  /// True when no `--output-directory` was given outside Xcode: a note says where files go.
  var outputDirectoryIsDefault = false
  var outputFileList: String?
  var options: CompileOptions
  var dryRun: Bool
  var serialization: SerializationFormat
  var warningsAsErrors: Bool
  /// `--emit-empty-tables`: both files for every declared language, empty or not.
  var emitEmptyTables: Bool
  /// `--pseudo`: the pseudo languages derived from each catalog's source language.
  var pseudo: [PseudoLanguage]
  var xcode: XcodeBuildEnvironment
  /// The Run Script phase's declared output files (empty outside Xcode).
  var declaredOutputs: [String] = []

  init(
    parsed: ParsedArguments, environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(UsageError) {
    xcode = XcodeBuildEnvironment(environment)
    catalogs = try CatalogInputs.resolve(parsed, xcode, purpose: " to compile")
    if let output = parsed.value("output-directory") {
      guard !output.isEmpty else { throw UsageError("missing '--output-directory <DIR>'") }
      outputDirectory = output
    } else if xcode.isRunScriptPhase {
      outputDirectory = try xcode.resourcesFolder()
    } else {
      outputDirectory = FileManager.default.currentDirectoryPath
      outputDirectoryIsDefault = true
    }
    if let list = parsed.value("output-file-list") {
      guard !list.isEmpty else { throw UsageError("empty '--output-file-list' path") }
      outputFileList = list
    }
    if xcode.isRunScriptPhase { declaredOutputs = (try? xcode.declaredOutputs()) ?? [] }
    do {
      pseudo = try PseudoLanguage.list(parsing: parsed.all("pseudo"))
    } catch {
      throw UsageError(error.message)
    }
    let languages = parsed.all("language")
    options = CompileOptions(
      languages: languages.isEmpty
        ? (xcode.isRunScriptPhase ? xcode.knownRegions.map(Set.init) : nil) : Set(languages),
      forceBuildAllStrings: parsed.flag("force-build-all-strings"))
    // A pseudo language is compiled whatever -l or the project's known regions select.
    options.languages?.formUnion(pseudo.map(\.tag))
    dryRun = parsed.flag("dry-run")
    warningsAsErrors = parsed.flag("warnings-as-errors")
    emitEmptyTables = parsed.flag("emit-empty-tables")
    switch parsed.value("serialization-format") ?? "xml" {
    case "xml", "text": serialization = .xml
    case "binary": serialization = .binary
    case let other:
      throw UsageError("unknown serialization format '\(other)' (expected xml, text or binary)")
    }
    if let format = parsed.value("format"), format != "stringsAndStringsdict" {
      throw UsageError("unknown format '\(format)' (expected stringsAndStringsdict)")
    }
    try CatalogCompilation.checkTableNames(catalogs)
  }

  func run(_ console: Console) -> Int32 {
    let printer = DiagnosticPrinter(console: console, warningsAsErrors: warningsAsErrors)
    // Stage 1: read and compile every catalog (in parallel), printing diagnostics in input order.
    let results = Parallel.map(catalogs) { path in
      CatalogCompilation.compile(path, options: options, pseudo: pseudo)
    }
    defer { console.keepUntilExit(results) }
    var failed = false
    for (path, result) in zip(catalogs, results) {
      if printer.print(result.diagnostics, path: path, source: result.source) { failed = true }
    }
    if failed { return ExitStatus.failure }

    // Stage 2: one job per output file; nothing is written when any catalog failed.
    let tables =
      emitEmptyTables
      ? zip(catalogs, results).flatMap { path, result in
        result.declaredTables(CatalogCompilation.tableName(of: path), options: options)
      }
      : results.flatMap(\.tables)
    let jobs = tables.flatMap { table in
      TableFileWriter.files(of: table, bothKinds: emitEmptyTables).map { (table, $0) }
    }
    let root = XcodeBuildEnvironment.standardized(outputDirectory)
    let paths = jobs.map { root + "/" + $0.1.relativePath }.sorted()
    if dryRun {
      if let message = writeOutputFileList(paths) {
        console.error(message)
        return ExitStatus.failure
      }
      console.out(paths.map { $0 + "\n" }.joined())
      return ExitStatus.success
    }
    if outputDirectoryIsDefault {
      console.error(
        "note: no --output-directory given; writing <lang>.lproj folders into \(root)\n")
    }
    // No file goes through a symbolic link below the output directory (checked before any is
    // written, so a refusal leaves no trace).
    do {
      for (_, file) in jobs {
        try OutputFile.refuseLinks(
          in: outputDirectory + "/" + file.relativePath, below: outputDirectory)
      }
    } catch {
      console.error("\(error.path): error: cannot write file: \(error.message)\n")
      return ExitStatus.failure
    }
    // Every file is written to a temporary name first and renamed into place only when all
    // were written: a failure leaves every previous output as it was.
    let staged = Parallel.map(jobs) { table, file -> (file: OutputFile.Staged?, error: String?) in
      let path = outputDirectory + "/" + file.relativePath
      do {
        let staged = try TableFileWriter.withBytes(of: file.kind, table, format: serialization) {
          (bytes) throws(OutputError) in try OutputFile.stage(bytes, to: path)
        }
        return (try staged.get(), nil)
      } catch let error as OutputError {
        return (nil, "\(error.path): error: cannot write file: \(error.message)\n")
      } catch {
        return (nil, "\(path): error: \(error)\n")
      }
    }
    var messages = staged.compactMap(\.error)
    let files = staged.compactMap(\.file)
    if messages.isEmpty {
      do { try OutputFile.commit(files) } catch {
        messages = ["\(error.path): error: cannot write file: \(error.message)\n"]
      }
    } else {
      OutputFile.discard(files)
    }
    if messages.isEmpty { messages = removeStaleOutputs(keeping: Set(jobs.map(\.1.relativePath))) }
    if messages.isEmpty, let message = writeOutputFileList(paths) { messages = [message] }
    messages.forEach(console.error)
    if messages.isEmpty, outputFileList == nil, let warning = undeclaredOutputsWarning(paths) {
      console.error(warning)
    }
    return messages.isEmpty ? ExitStatus.success : ExitStatus.failure
  }

  /// Writes `--output-file-list` (when given): `paths` with build directories as build-setting
  /// references inside Xcode. Returns an error message on failure.
  private func writeOutputFileList(_ paths: [String]) -> String? {
    guard let outputFileList else { return nil }
    do {
      try OutputFile.write(FileList.bytes(paths.map(xcode.referencing)), to: outputFileList)
      return nil
    } catch {
      return "\(error.path): error: cannot write file: \(error.message)\n"
    }
  }

  /// A warning when the Run Script phase declares outputs but not every file this run wrote:
  /// Xcode's dependency analysis would not know them.
  private func undeclaredOutputsWarning(_ paths: [String]) -> String? {
    guard !declaredOutputs.isEmpty else { return nil }
    let declared = Set(declaredOutputs.map(XcodeBuildEnvironment.standardized))
    let missing = paths.filter { !declared.contains($0) }
    guard let first = missing.first else { return nil }
    return "warning: \(missing.count) of the \(paths.count) files written are not declared "
      + "outputs of this build phase (first: \(first)); declare them, or write the phase's "
      + "output file list with --output-file-list\n"
  }

  /// Removes `<lang>.lproj/<Table>.strings(dict)` files of the compiled tables that this run did
  /// not produce (a language that lost its plurals, say), in the languages compiled: a stale
  /// `.stringsdict` would otherwise win over the new `.strings` at runtime. A `.lproj` that is a
  /// symbolic link is left alone (nothing is removed through a link). Returns error messages.
  private func removeStaleOutputs(keeping produced: Set<String>) -> [String] {
    let folders = (try? FileManager.default.contentsOfDirectory(atPath: outputDirectory)) ?? []
    var messages: [String] = []
    for folder in folders.sorted()
    where folder.hasSuffix(".lproj") && !OutputFile.isLink(outputDirectory + "/" + folder) {
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
