import CatalogStats
import HTMLReport
import LHCBase
import StringCatalog

/// `lhc stats`: translation progress of String Catalogs per language, as a table, JSON, Markdown
/// or an HTML page.
struct StatsCommand {
  static let spec = CommandSpec(
    name: "stats",
    abstract:
      "Show translation progress per language: keys, translated, needs review, new, missing.",
    arguments: "CATALOG.xcstrings...",
    options: [
      .value(
        "format", "FORMAT", choices: ["table", "json", "markdown", "html"],
        help:
          "table (default: aligned columns), json (stable schema), markdown (a PR comment) or html (a page)."
      ),
      .value(
        "output", short: "o", "FILE",
        help: "Write the report to FILE instead of standard output (only when its bytes change)."),
    ],
    discussion: """
      Keys are the entries to translate (not shouldTranslate:false, not extractionState:stale); \
      per language each key is translated, needs_review, new or missing; in the source language \
      every key is translated (its text is the key or the source unit). Exit status: 0 on \
      success, 1 when a catalog cannot be read (nothing is printed on standard output or written \
      to -o's FILE then) or FILE cannot be written, 64 on a usage error.
      """)

  /// The output formats of `--format`.
  enum Format: String {
    case table, json, markdown, html
  }

  var catalogs: [String]
  var format: Format
  var output: String?

  init(parsed: ParsedArguments) throws(UsageError) {
    guard !parsed.positionals.isEmpty else { throw UsageError("missing catalog (.xcstrings)") }
    catalogs = parsed.positionals
    format = try parsed.choice(
      "format", default: Format.table, expected: "table, json, markdown or html")
    output = parsed.value("output")
    if output?.isEmpty == true { throw UsageError("empty output path") }
  }

  func run(_ console: Console) -> Int32 {
    // Read every catalog (in parallel); print read errors in argument order. Warnings are left to
    // `lhc compile` and `lhc lint`: stats reports progress, not problems.
    let results = Parallel.map(catalogs) { path in Self.read(path) }
    defer { console.keepUntilExit(results) }
    let printer = DiagnosticPrinter(
      console: console, warningsAsErrors: false,
      annotations: console.githubActions && format == .table)
    var read: [Catalog] = []
    for (path, result) in zip(catalogs, results) {
      switch result {
      case .success(let catalog): read.append(catalog)
      case .failure(let failure):
        printer.print(failure.diagnostics, path: path, source: failure.source)
      }
    }
    guard read.count == catalogs.count else { return ExitStatus.failure }

    let items = zip(catalogs, read).map { StatsReport.Item(path: $0, stats: CatalogStats($1)) }
    // Totals count every catalog for every language any of them has, so a language one catalog
    // lacks adds that catalog's keys as missing.
    var totals = items.first?.stats.languages ?? []
    if read.count > 1 {
      var seen: Set<String> = []
      let all = read.flatMap(CatalogStats.languages(of:)).filter { seen.insert($0).inserted }
      totals = CatalogStats.totals(read.map { CatalogStats($0, languages: all) })
    }
    let report = StatsReport(items: items, totals: totals)
    let text =
      switch format {
      case .table: report.table()
      case .json: report.json()
      case .markdown: report.markdown()
      case .html: StatsPage.render(report)
      }
    guard let output else {
      console.out(text)
      return ExitStatus.success
    }
    return console.report(text, to: output) ? ExitStatus.success : ExitStatus.failure
  }

  /// Why a catalog could not be counted: its error diagnostics, and its text when it was read.
  struct ReadFailure: Error, @unchecked Sendable {
    var source: SourceText?
    var diagnostics: [Diagnostic]
  }

  /// Reads one catalog into the model (errors only; warnings are dropped).
  static func read(_ path: String) -> Result<Catalog, ReadFailure> {
    let source: SourceText
    do {
      source = try SourceText(contentsOf: path)
    } catch {
      return .failure(
        ReadFailure(source: nil, diagnostics: [.error("cannot read file: \(error.message)")]))
    }
    do {
      return .success(try CatalogReader.read(source).catalog)
    } catch {
      return .failure(ReadFailure(source: source, diagnostics: error.diagnostics))
    }
  }
}
