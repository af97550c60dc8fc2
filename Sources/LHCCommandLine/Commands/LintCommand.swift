import CatalogLint
import Foundation
import LHCBase
import StringCatalog

/// `lhc lint`: checks String Catalogs for what would break at runtime (plural categories, format
/// arguments, substitutions, characters) and reports it as text, Xcode, GitHub or JSON.
struct LintCommand {
  static let spec = CommandSpec(
    name: "lint",
    abstract: "Check String Catalogs for what would break at runtime: plurals, format arguments, …",
    arguments: "CATALOG.xcstrings...",
    options: [
      .value(
        "format", "FORMAT", choices: ["text", "xcode", "github", "json"],
        help: "Report format: text (default), xcode, github (workflow annotations) or json."),
      .value("disable", "ID", repeatable: true, help: "Turn off the check ID (repeatable)."),
      .flag("warnings-as-errors", help: "Report warnings as errors (and exit 1 on them)."),
    ],
    discussion: checksHelp + """

      The report goes to standard output; catalogs that cannot be read are reported on standard \
      error. Exit status: 0 when no errors were found, 1 otherwise, 64 on a usage error.
      """)

  /// The `CHECKS:` section of `--help`: id, severity, summary.
  private static var checksHelp: String {
    let width = (LintCheck.ids.map(\.count).max() ?? 0) + 2
    var text = "CHECKS (id, default severity):\n"
    for check in LintCheck.all {
      let padding = String(repeating: " ", count: width - check.id.count)
      let severity = check.severity.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)
      text += "  \(check.id)\(padding)\(severity)\(check.summary)\n"
    }
    return text
  }

  var catalogs: [String]
  var format: LintReport.Format
  var disabled: Set<String>
  var warningsAsErrors: Bool

  init(parsed: ParsedArguments) throws(UsageError) {
    guard !parsed.positionals.isEmpty else {
      throw UsageError("missing catalog (.xcstrings) to lint")
    }
    catalogs = parsed.positionals
    format = try parsed.choice(
      "format", default: LintReport.Format.text, expected: "text, xcode, github or json")
    disabled = Set(parsed.all("disable"))
    if let unknown = parsed.all("disable").first(where: { LintCheck.named($0) == nil }) {
      throw UsageError(
        "unknown check '\(unknown)' for --disable; valid ids: \(LintCheck.ids.joined(separator: ", "))"
      )
    }
    warningsAsErrors = parsed.flag("warnings-as-errors")
  }

  func run(_ console: Console) -> Int32 {
    let results = Parallel.map(catalogs) { path in lint(path) }
    defer { console.keepUntilExit(results) }
    // In a GitHub Actions run the text report is also given as annotations (not with --format
    // xcode, github or json, which are what the user asked for).
    let annotate = console.githubActions && format == .text
    let printer = DiagnosticPrinter(
      console: console, warningsAsErrors: false, annotations: annotate)
    var readFailed = false
    var files: [LintReport.File] = []
    for (path, result) in zip(catalogs, results) {
      switch result {
      case .failed(let diagnostics, let source):
        printer.print(diagnostics, path: path, source: source)
        readFailed = true
      case .linted(let file):
        files.append(file)
      }
    }
    let report = LintReport(files: files, warningsAsErrors: warningsAsErrors)
    // A text report of no catalog at all would only say "0 errors in 0 catalogs".
    if !(files.isEmpty && readFailed && format == .text) { console.out(report.render(format)) }
    if annotate { console.error(report.github()) }
    return readFailed || report.errorCount > 0 ? ExitStatus.failure : ExitStatus.success
  }

  /// The outcome of linting one catalog.
  private enum CatalogResult: @unchecked Sendable {
    case linted(LintReport.File)
    /// The catalog could not be read: the reader's errors, printed as compile prints them.
    case failed([Diagnostic], SourceText?)
  }

  /// The reader's diagnostics and the findings of every entry. Entries are linted as they are
  /// read, a large catalog in parts on every core, as compile does; a catalog that does not state
  /// its source language before its entries is read whole first.
  private func lintEntries(_ source: SourceText) throws(DiagnosticError) -> (
    [Diagnostic], [Finding]
  ) {
    guard let sourceLanguage = CatalogReader.sourceLanguageBeforeEntries(in: source) else {
      let (catalog, diagnostics) = try CatalogReader.read(source)
      return (diagnostics, Linter.lint(catalog))
    }
    final class Part: @unchecked Sendable {
      var findings: [Finding] = []
    }
    var parts: [Part] = []
    let count =
      source.bytes.count >= CatalogCompilation.partitionThreshold
      ? max(ProcessInfo.processInfo.activeProcessorCount, 1) : 1
    let (_, diagnostics) = try CatalogReader.read(source, parts: count) { count in
      parts = (0..<count).map { _ in Part() }
      return parts.map { part in
        let memo = LintMemo()  // each part is read on its own thread
        return { part.findings += Linter.lint($0, sourceLanguage: sourceLanguage, memo: memo) }
      }
    }
    return (diagnostics, Linter.joined(parts.map(\.findings)))
  }

  private func lint(_ path: String) -> CatalogResult {
    let source: SourceText
    do {
      source = try SourceText(contentsOf: path)
    } catch {
      return .failed([.error("cannot read file: \(error.message)")], nil)
    }
    do {
      let (diagnostics, linted) = try lintEntries(source)
      var findings = diagnostics.map { Finding(check: "catalog-reader", diagnostic: $0) } + linted
      findings.removeAll { disabled.contains($0.check) }
      findings.sort(by: Finding.precedes)
      let positions = source.lineColumns(of: findings.compactMap(\.diagnostic.offset))
      return .linted(LintReport.File(path: path, findings: findings, positions: positions))
    } catch {
      return .failed(error.diagnostics, source)
    }
  }
}
