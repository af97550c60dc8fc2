import CatalogWriter
import Foundation
import LHCBase
import StringCatalog

/// `lhc format`: rewrites String Catalogs in the exact form Xcode writes them (layout, escaping,
/// key order), or with `--check` reports the ones that are not in it.
struct FormatCommand {
  static let spec = CommandSpec(
    name: "format",
    abstract: "Rewrite String Catalogs exactly as Xcode writes them (or --check that they are).",
    arguments: "CATALOG.xcstrings...",
    options: [
      .flag("check", help: "Write nothing; report the catalogs not in Xcode's format (exit 1)."),
      .value(
        "format", "FORMAT", choices: ["text", "github", "json"],
        help: "Report format: text (default), github (workflow annotations) or json."),
      .value(
        "catalog-version", "VERSION", choices: ["1.0", "1.1", "1.2", "1.3"],
        help: "Raise each catalog's version to VERSION (a version is never lowered)."),
      .flag(
        "allow-final-newline",
        help: "Accept and keep one newline after the last } (default: the nearest .lhc.json)."),
    ],
    discussion: """
      A catalog is rewritten only when its bytes change (atomically: a temporary file renamed \
      into place); everything it holds is kept, fields lhc does not know included. --check names \
      the first difference: its line and column and what differs (final newline, line endings, \
      indentation, spacing, key order, escaping or content). A final newline departs from \
      Xcode's bytes: with --allow-final-newline, or "format": {"allowFinalNewline": true} in the \
      nearest .lhc.json, a catalog may end with one and keeps it. Exit status: 0 when every \
      catalog is (now) in Xcode's format, 1 when one is not (--check) or a catalog or config \
      cannot be read or written, 64 on a usage error.
      """)

  var catalogs: [String]
  var check: Bool
  var format: FormatReport.Format
  var version: String?
  var allowFinalNewline: Bool

  init(parsed: ParsedArguments) throws(UsageError) {
    guard !parsed.positionals.isEmpty else {
      throw UsageError("missing catalog (.xcstrings) to format")
    }
    catalogs = parsed.positionals
    check = parsed.flag("check")
    format = try parsed.choice(
      "format", default: FormatReport.Format.text, expected: "text, github or json")
    version = parsed.value("catalog-version")
    allowFinalNewline = parsed.flag("allow-final-newline")
    if let version, !Catalog.knownVersions.contains(version) {
      let known = Catalog.knownVersions.sorted().joined(separator: ", ")
      throw UsageError(
        "unknown catalog version '\(version)' for --catalog-version; known: \(known)")
    }
  }

  func run(_ console: Console) -> Int32 {
    guard
      let finalNewline = FinalNewline.load(
        for: catalogs, flag: allowFinalNewline, console: console)
    else { return ExitStatus.failure }
    let results = Parallel.map(catalogs) { path in format(path, finalNewline, console) }
    defer { console.keepUntilExit(results) }
    let printer = DiagnosticPrinter(
      console: console, warningsAsErrors: false,
      annotations: console.githubActions && format == .text)
    var files: [FormatReport.File] = []
    for (path, result) in zip(catalogs, results) {
      printer.print(result.diagnostics, path: path, source: result.source)
      files.append(
        FormatReport.File(path: path, status: result.status, difference: result.difference))
    }
    let report = FormatReport(files: files)
    if format != .text || check { console.out(report.render(format)) }
    if console.githubActions && format == .text && check { console.error(report.github()) }
    return report.failed ? ExitStatus.failure : ExitStatus.success
  }

  /// What happened to one catalog, and what to print about it.
  struct Outcome: @unchecked Sendable {
    var status: FormatReport.Status
    var diagnostics: [Diagnostic]
    var source: SourceText?
    /// `--check`: where and how the catalog is not in Xcode's format.
    var difference: FormatReport.Difference?
  }

  /// Reads, rewrites and (unless `--check`) writes one catalog.
  private func format(_ path: String, _ finalNewline: FinalNewline, _ console: Console) -> Outcome {
    let edited: EditedCatalog
    // Four parts per core, as merge-driver reads ours (a core no longer waits for the other).
    switch EditedCatalog.read(path, partsPerCore: 4) {
    case .success(let read): edited = read
    case .failure(let failure):
      return Outcome(status: .error, diagnostics: failure.diagnostics, source: failure.source)
    }
    var catalog = edited.catalog
    var diagnostics = edited.diagnostics
    if let version {
      guard let order = Catalog.compareVersions(version, catalog.version) else {
        diagnostics.append(
          .error("cannot tell whether version '\(catalog.version)' is older than \(version)"))
        return Outcome(status: .error, diagnostics: diagnostics, source: edited.source)
      }
      if order < 0 {
        diagnostics.append(
          .error(
            "cannot lower the catalog version from \(catalog.version) to \(version): fields of "
              + "\(catalog.version) would be lost or invalid"))
        return Outcome(status: .error, diagnostics: diagnostics, source: edited.source)
      }
      catalog.version = version
    }
    // A symbolic link keeps pointing at the catalog: its target is rewritten.
    let target = check ? nil : EditedCatalog.resolvedPath(path)
    let newline = finalNewline.keeps(path, existing: edited.source.bytes)
    let rewrite = CatalogRewrite(
      file: edited.source.bytes, target: target,
      permissions: target.flatMap(EditedCatalog.permissions(of:)),
      last: UInt8(ascii: newline ? "\n" : "}"))
    let bytes = CatalogWriter.chunks(
      catalog, threads: edited.writerThreads, sizeHint: edited.source.bytes.count,
      finalNewline: newline, ready: rewrite.take)
    // Kept until exit: freeing a 171 MB catalog's model node by node took ~0.1 s on one core
    // after the work was done (and its buffers' pages, unmapped, as long again).
    console.keepUntilExit([catalog, bytes] as [Any])
    do {
      guard try rewrite.finish() else {
        return Outcome(status: .formatted, diagnostics: diagnostics, source: edited.source)
      }
    } catch {
      diagnostics.append(.error("cannot write file: \(error.message)"))
      return Outcome(status: .error, diagnostics: diagnostics, source: edited.source)
    }
    if check {
      let offset = rewrite.firstDifference ?? 0
      let found = FormatDifference.first(file: edited.source.bytes, xcode: bytes, at: offset)
      let (line, column) = edited.source.lineColumn(of: offset)
      var message = found.message
      if found.kind == .finalNewline {
        let file = edited.source.bytes
        if newline {
          message += "; one newline is allowed"
        } else if file.count >= 2, file[file.count - 2] == UInt8(ascii: "}"), file.last == 0x0A {
          message += "; allowed by --allow-final-newline or .lhc.json"
        }
      }
      return Outcome(
        status: .unformatted, diagnostics: diagnostics, source: edited.source,
        difference: FormatReport.Difference(
          line: line, column: column, reason: found.kind, message: message))
    }
    return Outcome(status: .rewritten, diagnostics: diagnostics, source: edited.source)
  }
}
