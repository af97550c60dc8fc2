import CatalogLint
import Foundation
import LHCBase
import SourceLint
import SourceProjects
import StringCatalog

/// `lhc lint`: checks String Catalogs for what would break at runtime (plural categories, format
/// arguments, substitutions, characters) and reports it as text, Xcode, GitHub, JSON, SARIF or
/// an HTML page.
struct LintCommand {
  static let spec = CommandSpec(
    name: "lint",
    abstract: "Check String Catalogs for what would break at runtime: plurals, format arguments, …",
    arguments: "CATALOG.xcstrings...",
    options: [
      .value(
        "format", "FORMAT", choices: ["text", "xcode", "github", "json", "sarif", "html"],
        help:
          "Report format: text (default), xcode, github (workflow annotations), json, sarif or html (a page)."
      ),
      .value(
        "output", short: "o", "FILE",
        help: "Write the report to FILE instead of standard output (only when its bytes change)."),
      .value("disable", "ID", repeatable: true, help: "Turn off the check ID (repeatable)."),
      .value(
        "enable", "ID", repeatable: true,
        help: "Turn on the check ID that is off by default (repeatable)."),
      .value(
        "sources", "DIR", repeatable: true,
        help:
          "Also check the Swift code in DIR (a folder or file; repeatable) against the catalogs given."
      ),
      .value(
        "ota", "SDK", choices: OTACoverage.sdkNames,
        help:
          "Report the lookups this over-the-air SDK's updates never reach: \(OTACoverage.sdkNames.joined(separator: ", "))."
      ),
      .flag("warnings-as-errors", help: "Report warnings as errors (and exit 1 on them)."),
      .value(
        "config", "FILE",
        help: "Use this config file for every catalog (default: the nearest .lhc-lint.json)."),
      .value(
        "baseline", "FILE",
        help: "Report, and fail on, only findings not in this baseline (default: the config's)."),
      .value(
        "write-baseline", "FILE",
        help: "Record every finding in this baseline file instead of reporting them."),
    ],
    discussion: checksHelp + """

      With --sources (or the config's "sources"), the Swift code there is checked too: keys it \
      looks up that the catalog of its bundle lacks, keys no code looks up, lookups an \
      over-the-air SDK never reaches (--ota), and the localization review checklist; only the \
      catalogs given are compared with the code. The report goes to standard output, or with -o \
      to FILE (not written when a catalog cannot be read); catalogs that cannot be read are \
      reported on standard error. Exit status: 0 when no errors were found, 1 otherwise, 64 on \
      a usage error.
      """)

  /// The `CHECKS:` section of `--help`: id, severity, summary.
  private static var checksHelp: String {
    let width = (LintCheck.ids.map(\.count).max() ?? 0) + 2
    var text = "CHECKS (id, default severity):\n"
    for check in LintCheck.all {
      let padding = String(repeating: " ", count: width - check.id.count)
      let severity = (check.isOnByDefault ? check.severity.rawValue : "off")
        .padding(toLength: 9, withPad: " ", startingAt: 0)
      text += "  \(check.id)\(padding)\(severity)\(check.summary)\n"
    }
    return text
  }

  var catalogs: [String]
  var format: LintReport.Format
  var output: String?
  var disabled: Set<String>
  var enabled: Set<String>
  /// `--sources`: absolute.
  var sources: [String]
  var ota: String?
  var warningsAsErrors: Bool
  var configPath: String?
  var baselinePath: String?
  var writeBaselinePath: String?

  init(parsed: ParsedArguments) throws(UsageError) {
    sources = parsed.all("sources").map(Paths.absolute)
    guard !parsed.positionals.isEmpty || !sources.isEmpty else {
      throw UsageError("missing catalog (.xcstrings) to lint")
    }
    for (given, path) in zip(parsed.all("sources"), sources)
    where !FileManager.default.fileExists(atPath: path) {
      throw UsageError("no such file or folder for --sources: '\(given)'")
    }
    ota = parsed.value("ota")
    if let ota, !OTACoverage.sdkNames.contains(ota) {
      throw UsageError(
        "unknown SDK '\(ota)' for --ota; valid names: \(OTACoverage.sdkNames.joined(separator: ", "))"
      )
    }
    catalogs = parsed.positionals
    format = try parsed.choice(
      "format", default: LintReport.Format.text,
      expected: "text, xcode, github, json, sarif or html")
    output = parsed.value("output")
    if output?.isEmpty == true { throw UsageError("empty output path") }
    disabled = Set(parsed.all("disable"))
    enabled = Set(parsed.all("enable"))
    for option in ["disable", "enable"] {
      if let unknown = parsed.all(option).first(where: { LintCheck.named($0) == nil }) {
        throw UsageError(
          "unknown check '\(unknown)' for --\(option); valid ids: \(LintCheck.ids.joined(separator: ", "))"
        )
      }
    }
    warningsAsErrors = parsed.flag("warnings-as-errors")
    configPath = parsed.value("config")
    baselinePath = parsed.value("baseline")
    writeBaselinePath = parsed.value("write-baseline")
    if baselinePath != nil && writeBaselinePath != nil {
      throw UsageError("--baseline and --write-baseline cannot be combined")
    }
    if output != nil && writeBaselinePath != nil {
      throw UsageError("--output and --write-baseline cannot be combined")
    }
  }

  func run(_ console: Console) -> Int32 {
    var settings = LintSettings(
      catalogs: catalogs, config: configPath, baseline: baselinePath,
      useBaselines: writeBaselinePath == nil)
    let quiet = DiagnosticPrinter(console: console, warningsAsErrors: false, annotations: false)
    guard settings.problems.isEmpty else {
      for problem in settings.problems {
        quiet.print(problem.diagnostics, path: problem.path, source: problem.source)
      }
      return ExitStatus.failure
    }
    let sourceInputs = sources.isEmpty ? settings.configuredSources : sources
    let results = Parallel.map(Array(zip(catalogs, settings.configs))) {
      lint($0, config: $1, keepingKeys: !sourceInputs.isEmpty)
    }
    defer { console.keepUntilExit(results) }
    // In a GitHub Actions run the text report is also given as annotations (not with --format
    // xcode, github, json or sarif, which are what the user asked for).
    let annotate = console.githubActions && format == .text
    let printer = DiagnosticPrinter(
      console: console, warningsAsErrors: false, annotations: annotate)
    var readFailed = false
    var files: [LintReport.File] = []
    var baselineFor: [String?] = []
    for (index, (path, result)) in zip(catalogs, results).enumerated() {
      switch result {
      case .failed(let diagnostics, let source):
        printer.print(diagnostics, path: path, source: source)
        readFailed = true
      case .linted(let file, _):
        files.append(file)
        baselineFor.append(settings.baselinePaths[index])
      }
    }
    var swiftFiles: Int?
    if !sourceInputs.isEmpty {
      let code = lintSources(sourceInputs, results, &files, &baselineFor, &settings, console)
      guard let count = code.swiftFiles else { return ExitStatus.failure }
      swiftFiles = count
      readFailed = readFailed || code.failed
    }
    if let writeBaselinePath {
      return readFailed ? ExitStatus.failure : writeBaseline(files, to: writeBaselinePath, console)
    }
    var report = LintReport(files: files, warningsAsErrors: warningsAsErrors)
    report.swiftFiles = swiftFiles
    if !settings.baselines.isEmpty {
      applyBaselines(settings, to: &report, baselineFor: baselineFor, console)
    }
    // A text report of no catalog at all would only say "0 errors in 0 catalogs". A report file
    // is left as it was when a catalog cannot be read.
    var written = true
    if let output {
      if !readFailed { written = console.report(report.render(format), to: output) }
    } else if !(files.isEmpty && readFailed && format == .text) {
      console.out(report.render(format))
    }
    if annotate { console.error(report.github()) }
    return readFailed || !written || report.errorCount > 0 ? ExitStatus.failure : ExitStatus.success
  }

  /// Leaves out of the report the findings each catalog's baseline knows, and says per baseline
  /// file how many of its findings (of the catalogs linted) are gone.
  private func applyBaselines(
    _ settings: LintSettings, to report: inout LintReport, baselineFor: [String?],
    _ console: Console
  ) {
    var gone: [String: Int] = [:]
    var known = 0
    for (index, path) in baselineFor.enumerated() {
      guard let path, let baseline = settings.baselines[path] else { continue }
      let file = report.files[index]
      let catalog = LintSettings.relative(file.path, toFolderOf: path)
      let (new, knownHere, goneHere) = baseline.filter(file.findings, catalog: catalog)
      known += knownHere.count
      gone[path, default: 0] += goneHere
      report.files[index].findings = new
      report.files[index].known = knownHere
    }
    report.knownFromBaseline = known
    for (path, count) in gone.sorted(by: { $0.key < $1.key }) where count > 0 {
      console.error(
        "\(path): note: \(LintReport.plural(count, "baseline finding")) \(count == 1 ? "is" : "are") gone; run lhc lint --write-baseline \(path) on the same catalogs to shrink the baseline\n"
      )
    }
  }

  /// `--write-baseline`: records every finding, catalogs relative to the baseline file's folder.
  private func writeBaseline(_ files: [LintReport.File], to path: String, _ console: Console)
    -> Int32
  {
    var baseline = LintBaseline()
    for file in files {
      let catalog = LintSettings.relative(file.path, toFolderOf: path)
      for finding in file.findings { baseline.add(finding, catalog: catalog) }
    }
    do {
      try OutputFile.write(Array(baseline.document().utf8), to: path)
    } catch {
      console.error("\(error.path): error: \(error.message)\n")
      return ExitStatus.failure
    }
    let catalogs = LintReport.plural(files.count { !$0.isCode }, "catalog")
    console.error(
      "\(path): note: \(LintReport.plural(baseline.findingCount, "finding")) of \(catalogs) recorded\n"
    )
    return ExitStatus.success
  }

  /// The outcome of linting one catalog.
  enum CatalogResult: @unchecked Sendable {
    /// Its findings, and with `--sources` its keys and text.
    case linted(LintReport.File, SourceKeys?)
    /// The catalog could not be read: the reader's errors, printed as compile prints them.
    case failed([Diagnostic], SourceText?)
  }

  /// The reader's diagnostics, the findings of every entry and the offset of the last entry's
  /// key. Entries are linted as they are read, a large catalog in parts on every core, as compile
  /// does; a catalog that does not state its source language before its entries is read whole
  /// first.
  private func lintEntries(_ source: SourceText, keepingKeys: Bool) throws(DiagnosticError) -> (
    [Diagnostic], [Finding], lastEntry: Int?, keys: [SourceLint.CatalogKeys.Entry]
  ) {
    guard let sourceLanguage = CatalogReader.sourceLanguageBeforeEntries(in: source) else {
      let (catalog, diagnostics) = try CatalogReader.read(source)
      return (
        diagnostics, Linter.lint(catalog), catalog.entries.last?.offset,
        keepingKeys ? catalog.entries.map(Self.keyEntry) : []
      )
    }
    final class Part: @unchecked Sendable {
      var findings: [Finding] = []
      var lastEntry: Int?
      var keys: [SourceLint.CatalogKeys.Entry] = []
    }
    var parts: [Part] = []
    // Four parts per core, taken by the cores in turn: lint's work per byte differs along a
    // catalog (plurals, substitutions, findings), and with one part per core the first part of the
    // 9.9 MB bench catalog took 316M instructions against the second's 281M while that core idled.
    let cores = CatalogCompilation.parts(forBytes: source.bytes.count)
    let count = cores > 1 ? 4 * cores : 1
    let (_, diagnostics) = try CatalogReader.read(source, parts: count) { count in
      parts = (0..<count).map { _ in Part() }
      return parts.map { part in
        let memo = LintMemo()  // each part is read by one thread at a time
        return {
          part.findings += Linter.lint($0, sourceLanguage: sourceLanguage, memo: memo)
          part.lastEntry = $0.offset
          if keepingKeys { part.keys.append(Self.keyEntry($0)) }
        }
      }
    }
    return (
      diagnostics, Linter.joined(parts.map(\.findings)), parts.compactMap(\.lastEntry).last,
      parts.flatMap(\.keys)
    )
  }

  /// Lints one catalog: its top level (`CatalogShape`), then, when the reader can read it, the
  /// reader's diagnostics and every entry; `--disable` and the catalog's config applied.
  private func lint(_ path: String, config: LintConfig?, keepingKeys: Bool) -> CatalogResult {
    let source: SourceText
    do {
      source = try SourceText(contentsOf: path)
    } catch {
      return .failed([.error("cannot read file: \(error.message)")], nil)
    }
    var findings: [Finding]
    var keys: [SourceLint.CatalogKeys.Entry]?
    do {
      let (diagnostics, linted, lastEntry, entries) = try lintEntries(
        source, keepingKeys: keepingKeys)
      if keepingKeys { keys = entries }
      // The reader has validated the catalog: its `strings` is skipped from the last entry, unless
      // it has two (their entries are all read; the last one is in the second).
      let twice = diagnostics.contains { $0.message == "duplicate key 'strings'" }
      let shape = CatalogShape(source, validating: false, lastEntry: twice ? nil : lastEntry)
      findings = (shape?.findings ?? []) + linted
      findings += diagnostics.map {
        Finding(check: shape?.check(ofReaderDiagnostic: $0) ?? "catalog-reader", diagnostic: $0)
      }
    } catch {
      // A catalog rejected for its top level is reported as findings, not as unreadable.
      guard let shape = CatalogShape(source), !shape.isReadable else {
        return .failed(error.diagnostics, source)
      }
      findings = shape.findings
    }
    findings = kept(findings, config: config)
    findings.sort(by: Finding.precedes)
    let positions = source.lineColumns(of: findings.compactMap(\.diagnostic.offset))
    return .linted(
      LintReport.File(path: path, findings: findings, positions: positions),
      keys.map { SourceKeys(entries: $0, source: source, config: config) })
  }

  /// The findings a run reports: not `--disable`d, with the config's severities and disabled
  /// checks, and checks off by default only when `--enable` or the config's `enabled` names them.
  func kept(_ findings: [Finding], config: LintConfig?) -> [Finding] {
    var result = findings.filter { !disabled.contains($0.check) }
    if let config { result = config.apply(to: result) }
    let on = enabled.union(config?.enabled ?? [])
    return result.filter {
      LintCheck.named($0.check)?.isOnByDefault != false || on.contains($0.check)
    }
  }
}
