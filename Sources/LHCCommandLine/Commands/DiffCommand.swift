import LHCBase
import StringTables
import TableDiff

/// `lhc diff`: what a release (or another bundle) changes against the app's strings, and what it
/// would break at runtime.
struct DiffCommand {
  static let spec = CommandSpec(
    name: "diff",
    abstract: "Compare catalogs, .lproj folders or release zips; flag what would break at runtime.",
    arguments: "OLD... NEW",
    options: [
      .value(
        "format", short: "f", "FORMAT", choices: ["text", "json", "markdown"],
        help: "text (default; coloured on a terminal), json or markdown."),
      .flag("summary", help: "Counts per language and table only, no keys."),
      .flag(
        "show-equivalent",
        help: "Also list keys written differently that Foundation shows alike (always counted)."),
      .value(
        "fail-on", "WHAT", choices: ["any", "unsafe"],
        help:
          "any (default): exit 1 when the sides differ; unsafe: only on runtime-safety findings."),
      .value(
        "language", short: "l", "LANG", repeatable: true,
        help: "Compare only this language (repeatable; default: every language)."),
      .value(
        "table", "NAME",
        help: "Read each side's single catalog as table NAME (default: its file name)."),
    ],
    discussion: """
      OLD is one or more String Catalogs (compiled in memory as 'lhc compile' does), or a folder \
      of <lang>.lproj folders, or a release zip; NEW is one folder, zip or catalog. Runtime-safety \
      findings describe NEW served over OLD by the LingoHub SDK. A key whose texts bind the same \
      arguments, as the same types, to the same places (numbered or not: '%@ %#@n@' and \
      '%@ %2$#@n@') is equivalent: counted, listed with --show-equivalent, no difference.

      Exit status: 0 no differences (findings that come from no difference between the sides, \
      such as language folders the SDK never selects, are printed but do not count), 1 \
      differences (see --fail-on), 2 an input cannot be read or is invalid, 64 usage error.
      """)

  static let trouble: Int32 = 2

  enum Format: String { case text, json, markdown }
  /// `--fail-on`: any difference, or only runtime-safety findings.
  enum FailOn: String { case any, unsafe }

  var old: [String]
  var new: String
  var format: Format
  var summaryOnly: Bool
  var showEquivalent: Bool
  var failOnUnsafeOnly: Bool
  var options: CompileOptions
  var table: String?

  init(parsed: ParsedArguments) throws(UsageError) {
    guard parsed.positionals.count >= 2, let last = parsed.positionals.last else {
      throw UsageError("diff needs two sides: OLD... NEW")
    }
    old = Array(parsed.positionals.dropLast())
    new = last
    format = try parsed.choice("format", default: Format.text, expected: "text, json or markdown")
    summaryOnly = parsed.flag("summary")
    showEquivalent = parsed.flag("show-equivalent")
    failOnUnsafeOnly =
      try parsed.choice("fail-on", default: FailOn.any, expected: "any or unsafe") == .unsafe
    let languages = parsed.all("language")
    options = CompileOptions(languages: languages.isEmpty ? nil : Set(languages))
    table = parsed.value("table")
    if table != nil, old.count > 1 {
      throw UsageError("--table names the table of a single catalog; OLD has \(old.count)")
    }
  }

  func run(_ console: Console) -> Int32 {
    let annotate = console.githubActions && format == .text
    // The sides are independent (typically a catalog compile and a zip read): both load at once.
    // Messages keep their order: the old side's, then the new side's only if the old one loaded.
    // A release file holding exactly what lhc writes for the catalog side's table, or the same
    // bytes as the old side's file at its path, is not parsed.
    let newErrors = HeldErrors()
    let preparingNew = Pipeline<DiffSource.Prepared?>()
    preparingNew.start { [new, options, table, annotate] in
      DiffSource.prepare(
        [new], options: options, table: table, annotate: annotate,
        console: console.holdingErrors(in: newErrors))
    }
    let preparedOld = DiffSource.prepare(
      old, options: options, table: table, annotate: annotate, console: console)
    let preparedNew = preparingNew.results()[0]
    guard let preparedOld,
      let oldSide = DiffSource.finish(
        preparedOld, recognizing: preparedNew?.catalogRecognizer, options: options,
        console: console)
    else { return Self.trouble }
    newErrors.print(to: console)
    guard let preparedNew,
      let newSide = DiffSource.finish(
        preparedNew, recognizing: oldSide.recognizer, options: options, console: console)
    else { return Self.trouble }
    let result = TableDiffer.diff(
      old: oldSide.tables, new: newSide.tables,
      options: TableDiffer.Options(newIsRelease: newSide.isRelease))
    console.keepUntilExit((oldSide, newSide, result))
    switch format {
    case .text:
      console.out(
        DiffReport(
          result: result, summaryOnly: summaryOnly, showEquivalent: showEquivalent,
          colored: console.outIsTerminal
        ).text)
    case .markdown:
      console.out(
        DiffReport(
          result: result, summaryOnly: summaryOnly, showEquivalent: showEquivalent, colored: false
        ).markdown)
    case .json:
      console.out(
        DiffJSON(
          result: result, old: oldSide.label, new: newSide.label, summaryOnly: summaryOnly,
          showEquivalent: showEquivalent
        ).document)
    }
    if annotate && !result.findings.isEmpty {
      console.error(
        result.findings.map { finding in
          GitHubAnnotation(
            severity: finding.severity == .error ? .error : .warning, file: nil, line: nil,
            column: nil, title: "lhc diff \(finding.kind.rawValue)",
            message: [finding.language, finding.table, finding.key].compactMap { $0 }
              .joined(separator: " · ") + ": " + finding.message
          ).command
        }.joined())
    }
    // As diff(1): only a difference between the sides fails. Content findings only come with a
    // changed key; a language-level warning (an unselectable folder) is no difference.
    let different = failOnUnsafeOnly ? !result.findings.isEmpty : result.hasDifferences
    return different ? ExitStatus.failure : ExitStatus.success
  }
}
