import CatalogExchange
import Foundation
import LHCBase
import StringCatalog
import XLIFF

/// `lhc export`: String Catalogs → Xcode 27's `<lang>.xcloc` bundles, or bare XLIFF 1.2 files
/// (`--xliff`), byte for byte what `xcodebuild -exportLocalizations` writes apart from the
/// `<tool>` element (Xcode's with `--tool xcode:VERSION:BUILD`).
struct ExportCommand {
  static let spec = CommandSpec(
    name: "export",
    abstract: "Export String Catalogs for translation: Xcode's .xcloc bundles or XLIFF 1.2.",
    arguments: "CATALOG.xcstrings...",
    options: [
      .value(
        "language", short: "l", "LANG", repeatable: true,
        help: "Export this language (repeatable; default: every language of the catalogs but "
          + "the source language)."),
      .value(
        "output", short: "o", "PATH",
        help: "The folder for <lang>.xcloc (with --xliff: <lang>.xliff); with --xliff and one "
          + "language, a path ending in .xliff is the file itself."),
      .flag("xliff", help: "Write bare .xliff files instead of .xcloc bundles."),
      .value(
        "tool", "TOOL",
        help: "The <tool> element: lhc (default) or xcode:VERSION:BUILD (xcode:27.0:27A266a)."),
      .value(
        "project", "NAME",
        help: "contents.json's project (default: the current folder's name)."),
      .value(
        "original-prefix", "PATH",
        help: "Prepended to each catalog's path in <file original> (default: none; paths are "
          + "relative to the current folder)."),
    ],
    discussion: """
      Each <file original="..."> is the catalog's path relative to the current folder (run lhc \
      export from the project's root, as Xcode uses project-relative paths), or below \
      --original-prefix. lhc import matches files to catalogs by that path, else by name. Files \
      are written atomically and only when their bytes change; nothing is written when a \
      catalog cannot be read or exported. Exit status: 0 success, 1 a catalog cannot be read or \
      exported (nothing written), 64 usage error.
      """)

  var catalogs: [(path: String, original: String)]
  var languages: [String]
  var output: String
  var xliffOnly: Bool
  var tool: XLIFFTool
  var project: String

  init(parsed: ParsedArguments) throws(UsageError) {
    guard !parsed.positionals.isEmpty else {
      throw UsageError("missing catalog (.xcstrings) to export")
    }
    guard let output = parsed.value("output"), !output.isEmpty else {
      throw UsageError("missing -o PATH (the folder for the exports, or the .xliff file)")
    }
    self.output = output
    xliffOnly = parsed.flag("xliff")
    var languages: [String] = []
    for language in parsed.all("language") where !languages.contains(language) {
      if let reason = LanguageTag.pathComponentError(language) {
        throw UsageError("-l '\(language)' cannot name an export: \(reason)")
      }
      languages.append(language)
    }
    self.languages = languages
    if output.hasSuffix(".xliff") {
      guard xliffOnly else {
        throw UsageError("-o \(output) names an .xliff file: add --xliff (or name a folder)")
      }
      guard languages.count == 1 else {
        throw UsageError("-o \(output) is one file: give exactly one -l LANG (or name a folder)")
      }
    }
    tool = try Self.tool(parsed.value("tool") ?? "lhc")
    project =
      parsed.value("project")
      ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath).lastPathComponent
    let prefix = try Self.components(parsed.value("original-prefix") ?? "", option: true)
    var originals: Set<String> = []
    catalogs = []
    for path in parsed.positionals {
      guard path.hasSuffix(".xcstrings") else {
        throw UsageError("lhc export reads String Catalogs (.xcstrings): \(path)")
      }
      let original = (prefix + (try Self.components(path, option: false))).joined(separator: "/")
      guard originals.insert(original).inserted else {
        throw UsageError("\(path) is given twice (as \(original))")
      }
      catalogs.append((path, original))
    }
    // Xcode writes its files in path order.
    catalogs.sort { $0.original < $1.original }
  }

  /// `--tool`: `lhc`, or `xcode:VERSION:BUILD`.
  static func tool(_ text: String) throws(UsageError) -> XLIFFTool {
    if text == "lhc" { return XLIFFTool(id: "lhc", name: "lhc", version: LHC.version) }
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0] == "xcode", !parts[1].isEmpty, !parts[2].isEmpty else {
      throw UsageError("--tool is lhc or xcode:VERSION:BUILD (xcode:27.0:27A266a), not '\(text)'")
    }
    return .xcode(version: String(parts[1]), buildNumber: String(parts[2]))
  }

  /// The components of a relative path (`./a//b` → `a`, `b`); an absolute path is taken relative
  /// to the current folder. A path outside the current folder cannot be a project path.
  static func components(_ path: String, option: Bool) throws(UsageError) -> [String] {
    var relative = Substring(path)
    if path.hasPrefix("/") {
      let current = FileManager.default.currentDirectoryPath
      let base = current.hasSuffix("/") ? current : current + "/"
      guard !option, path.hasPrefix(base) else {
        throw UsageError(
          option
            ? "--original-prefix is a relative path, not '\(path)'"
            : "\(path) is outside the current folder: run lhc export from the project's root")
      }
      relative = path.dropFirst(base.count)
    }
    let parts = relative.split(separator: "/").filter { $0 != "." }.map(String.init)
    if parts.contains("..") {
      throw UsageError(
        option
          ? "--original-prefix cannot contain '..': '\(path)'"
          : "\(path) is outside the current folder: run lhc export from the project's root")
    }
    return parts
  }

  func run(_ console: Console) -> Int32 {
    let printer = DiagnosticPrinter(console: console, warningsAsErrors: false)
    let read = Parallel.map(catalogs.map(\.path)) { path in
      EditedCatalog.read(path).map { ($0, CatalogExport.Prepared($0.catalog)) }
    }
    defer { console.keepUntilExit(read) }
    var sources: [ExportedCatalog] = []
    var failed = false
    for ((path, original), result) in zip(catalogs, read) {
      switch result {
      case .success(let (edited, prepared)):
        let warnings = edited.diagnostics + CatalogExport.warnings(edited.catalog)
        _ = printer.print(warnings, path: path, source: edited.source)
        // The catalog's bytes for `Source Contents/`, one buffer shared by every language.
        let bytes = xliffOnly ? [] : Array(edited.source.bytes)
        sources.append(
          ExportedCatalog(
            path: path, original: original, edited: edited, prepared: prepared, bytes: bytes))
      case .failure(let failure):
        _ = printer.print(failure.diagnostics, path: path, source: failure.source)
        failed = true
      }
    }
    guard !failed else { return ExitStatus.failure }
    let languages = self.languages.isEmpty ? Self.languages(of: sources) : self.languages
    guard !languages.isEmpty else {
      console.error(
        "error: the catalogs have no language but their source language: give -l LANG\n")
      return ExitStatus.failure
    }
    if !xliffOnly {
      let regions = Set(sources.map(\.edited.catalog.sourceLanguage))
      guard regions.count == 1 else {
        console.error(
          "error: an .xcloc has one development region; the catalogs' source languages are "
            + "\(regions.sorted().joined(separator: ", ")) (export them separately or use --xliff)\n"
        )
        return ExitStatus.failure
      }
    }
    // Each language's files are staged (written to temporary names) by its own job, so that
    // its bytes are freed at once (the 171 MB bench catalog's 29 XLIFF files are 210 MB) and
    // the writing is spread over the cores; all are renamed into place only when every
    // language was exported and staged, else none is.
    let root = output.hasSuffix(".xliff") ? nil : output
    let exports = Parallel.map(languages) { language in
      export(sources, language: language).map { Self.stage($0, below: root) }
    }
    var staged: [OutputFile.Staged] = []
    var writeError: OutputError?
    var printed: Set<String> = []
    for (language, result) in zip(languages, exports) {
      switch result {
      case .success(.success(let files)): staged += files
      case .success(.failure(let error)): writeError = writeError ?? error
      case .failure(let failure):
        failed = true
        // A catalog's errors are the same in every language: printed once.
        let fresh = failure.diagnostics.filter {
          printed.insert(failure.path + $0.message).inserted
        }
        _ = printer.print(fresh, path: failure.path, source: failure.source)
        console.error("error: \(language) not exported\n")
      }
    }
    do {
      guard !failed else { throw ExportAbandoned() }
      if let writeError { throw writeError }
      try OutputFile.commit(staged)
      staged = []
      if !xliffOnly {
        for language in languages {
          try FileManager.default.createDirectory(
            atPath: "\(output)/\(language).xcloc/Notes", withIntermediateDirectories: true)
        }
      }
    } catch is ExportAbandoned {
      OutputFile.discard(staged)
      return ExitStatus.failure
    } catch let error as OutputError {
      OutputFile.discard(staged)
      console.error("\(error.path): error: cannot write file: \(error.message)\n")
      return ExitStatus.failure
    } catch {
      console.error("\(output): error: cannot write file: \(error.localizedDescription)\n")
      return ExitStatus.failure
    }
    return ExitStatus.success
  }

  /// A language could not be exported (its errors are printed): nothing is written.
  private struct ExportAbandoned: Error {}

  /// `files` staged (``OutputFile/stage(_:to:permissions:)-([UInt8],_,_)``), none of them below
  /// `root` through a symbolic link; on an error the ones staged are removed again.
  static func stage(
    _ files: [(bytes: FileBytes, path: String)], below root: String?
  ) -> Result<[OutputFile.Staged], OutputError> {
    var staged: [OutputFile.Staged] = []
    do {
      if let root {
        for file in files { try OutputFile.refuseLinks(in: file.path, below: root) }
      }
      for file in files {
        let done: OutputFile.Staged?
        switch file.bytes {
        case .array(let bytes): done = try OutputFile.stage(bytes, to: file.path)
        case .xliff(let stream):
          done = try stream.withBytes { (bytes) throws(OutputError) in
            try OutputFile.stage(bytes, to: file.path)
          }
        }
        if let done { staged.append(done) }
      }
      return .success(staged)
    } catch {
      OutputFile.discard(staged)
      return .failure(error)
    }
  }

  /// The languages the catalogs have, but the source language, sorted.
  static func languages(of sources: [ExportedCatalog]) -> [String] {
    var languages: Set<String> = []
    for source in sources {
      // The prepared catalog knows them (not a second walk of every localization, on one
      // core: 600,000 on the 171 MB bench catalog).
      let sourceLanguage = source.edited.catalog.sourceLanguage
      languages.formUnion(source.prepared.languages.filter { $0 != sourceLanguage })
    }
    return languages.filter { LanguageTag.pathComponentError($0) == nil }.sorted()
  }

  /// Why one language could not be exported: the first catalog's errors.
  struct Failure: Error, @unchecked Sendable {
    var path: String
    var source: SourceText
    var diagnostics: [Diagnostic]
  }

  /// The files of one language: the `.xliff`, or the `.xcloc`'s XLIFF, `contents.json` and
  /// source catalogs.
  func export(_ sources: [ExportedCatalog], language: String) -> Result<
    [(bytes: FileBytes, path: String)], Failure
  > {
    let xliff: XLIFFStream
    do {
      // The units go straight to the writer: no XLIFFDocument (see CatalogExport.Prepared).
      let stream = try XLIFFStream()
      for source in sources {
        let written = source.prepared.write(
          language: language, original: source.original, tool: tool, to: stream)
        if case .failure(let error) = written {
          return .failure(
            Failure(
              path: source.path, source: source.edited.source, diagnostics: error.diagnostics))
        }
      }
      try stream.end()
      xliff = stream
    } catch {
      return .failure(
        Failure(
          path: sources[0].path, source: sources[0].edited.source,
          diagnostics: [.error("cannot write XLIFF: \(error)", language: language)]))
    }
    if xliffOnly {
      let path = output.hasSuffix(".xliff") ? output : "\(output)/\(language).xliff"
      return .success([(.xliff(xliff), path)])
    }
    let bundle = "\(output)/\(language).xcloc"
    var files: [(bytes: FileBytes, path: String)] = [
      (
        .array(
          XclocContents(
            developmentRegion: sources[0].edited.catalog.sourceLanguage, project: project,
            targetLocale: language, tool: tool
          ).bytes), "\(bundle)/contents.json"
      ),
      (.xliff(xliff), "\(bundle)/Localized Contents/\(language).xliff"),
    ]
    for source in sources {
      files.append(
        (.array(source.bytes), "\(bundle)/Source Contents/\(source.original)"))
    }
    return .success(files)
  }
}

/// A file's bytes: an array, or an XLIFF document in its writer's own buffer (written from there,
/// not copied: the 171 MB bench catalog's 29 documents are 210 MB).
enum FileBytes {
  case array([UInt8])
  case xliff(XLIFFStream)
}

/// A catalog read for export, with its `<file original>`.
struct ExportedCatalog: @unchecked Sendable {
  var path: String
  var original: String
  var edited: EditedCatalog
  var prepared: CatalogExport.Prepared
  /// The catalog's bytes, for `Source Contents/` (empty with `--xliff`).
  var bytes: [UInt8]
}
