import CatalogLint
import LHCBase

/// `lhc lint --format html`: one self-contained page (documented in `man/lhc-lint.1`).
///
/// At the top the counts per severity (of the findings the other formats report: with a
/// baseline, the new ones) and, with a baseline, how many findings it knew; then the findings
/// grouped by check (checks with errors first, then warnings, then notes, each in `--help`
/// order), within a check by language (findings without one first, then by tag), each with its severity, key (and variation path), message, `path:line:column`
/// and, with a baseline, its state: `new`, or `known` (in the baseline; the other formats leave
/// those out). The filter (severity, check, language, state) is the page's script's: it shows the
/// form, applies a filter given in the URL's fragment (`#severity=error&language=de`) and keeps
/// the fragment up to date; without the script the form stays hidden and every finding is shown.
/// Byte-deterministic.
public struct LintPage {
  /// One finding as the report shows it.
  public struct Item {
    public var finding: Finding
    /// The severity reported (after the config and `--warnings-as-errors`).
    public var severity: Diagnostic.Severity
    public var line: Int?
    public var column: Int?
    /// In the baseline (only when one is used).
    public var known: Bool

    public init(
      finding: Finding, severity: Diagnostic.Severity, line: Int?, column: Int?, known: Bool
    ) {
      self.finding = finding
      self.severity = severity
      self.line = line
      self.column = column
      self.known = known
    }
  }

  /// One catalog: its path as given and its findings, in file order.
  public struct File {
    public var path: String
    public var items: [Item]

    public init(path: String, items: [Item]) {
      self.path = path
      self.items = items
    }
  }

  public var files: [File]
  /// A baseline was applied: findings carry their state, and the page shows it.
  public var usesBaseline: Bool

  public init(files: [File], usesBaseline: Bool) {
    self.files = files
    self.usesBaseline = usesBaseline
  }

  /// The label of findings without a language, in the groups and the filter.
  static let noLanguage = "(catalog)"

  /// A finding with the path of its catalog.
  private struct Row {
    var path: String
    var item: Item
  }

  public func render() -> String {
    let all = files.flatMap { file in file.items.map { Row(path: file.path, item: $0) } }
    // Groups: checks with errors first, then warnings, then notes (by the most severe of their
    // findings), each in `--help` order (ids lhc does not list, none today, after them, by id);
    // languages within a check sorted, findings without a language first.
    let order = Dictionary(uniqueKeysWithValues: LintCheck.ids.enumerated().map { ($1, $0) })
    var byCheck: [String: [Row]] = [:]
    for row in all { byCheck[row.item.finding.check, default: []].append(row) }
    let rank = byCheck.mapValues { rows in
      let worst = rows.map(\.item.severity).max() ?? .note
      return worst == .error ? 0 : worst == .warning ? 1 : 2
    }
    let checks = byCheck.keys.sorted {
      (rank[$0] ?? 0, order[$0] ?? order.count, $0) < (rank[$1] ?? 0, order[$1] ?? order.count, $1)
    }
    let languages = Set(all.map { $0.item.finding.diagnostic.language ?? Self.noLanguage })
    let count = { (severity: Diagnostic.Severity) in
      all.count { $0.item.severity == severity && !$0.item.known }
    }
    let title =
      files.count == 1
      ? "Lint findings: \(files[0].path)" : "Lint findings: \(files.count) catalogs"
    return HTML.page(title: title, kind: "lint") { html in
      html.raw("<header>\n<h1>Lint findings</h1>\n<p class=\"catalogs\">")
      for (index, file) in files.enumerated() {
        if index > 0 { html.raw(", ") }
        html.isolated(file.path)
      }
      html.raw("</p>\n</header>\n<section class=\"totals\">\n<dl class=\"cards\">\n")
      html.card("Errors", count(.error), class: "error")
      html.card("Warnings", count(.warning), class: "warning")
      html.card("Notes", count(.note), class: "note")
      if usesBaseline { html.card("Known (baseline)", all.count { $0.item.known }, class: "known") }
      html.raw("</dl>\n</section>\n")
      guard !all.isEmpty else {
        html.raw("<p class=\"empty\">No findings.</p>\n")
        return
      }
      filters(&html, all, checks: checks, languages: languages)
      for check in checks {
        section(&html, check: check, rows: byCheck[check] ?? [])
      }
    }
  }

  /// The filter form, hidden until the script shows it; an option per value present.
  private func filters(
    _ html: inout HTML, _ all: [Row], checks: [String], languages: Set<String>
  ) {
    html.raw("<form class=\"filters\" hidden>\n<label>Severity <select name=\"severity\">")
    html.raw("<option value=\"\">all</option>")
    for severity in [Diagnostic.Severity.error, .warning, .note] {
      let count = all.count { $0.item.severity == severity }
      if count > 0 { option(&html, severity.rawValue, count: count) }
    }
    html.raw("</select></label>\n<label>Check <select name=\"check\">")
    html.raw("<option value=\"\">all</option>")
    for check in checks {
      option(&html, check, count: all.count { $0.item.finding.check == check })
    }
    html.raw("</select></label>\n<label>Language <select name=\"language\">")
    html.raw("<option value=\"\">all</option>")
    for language in languages.sorted(by: Self.languageOrder) {
      option(
        &html, language,
        count: all.count { ($0.item.finding.diagnostic.language ?? Self.noLanguage) == language })
    }
    html.raw("</select></label>\n")
    if usesBaseline {
      html.raw("<label>Baseline <select name=\"state\"><option value=\"\">all</option>")
      option(&html, "new", count: all.count { !$0.item.known })
      option(&html, "known", count: all.count { $0.item.known })
      html.raw("</select></label>\n")
    }
    html.raw("<output></output>\n</form>\n")
  }

  private func option(_ html: inout HTML, _ value: String, count: Int) {
    html.raw("<option")
    html.attribute("value", value)
    html.raw(">")
    html.text("\(value) (\(count))")
    html.raw("</option>")
  }

  /// Findings without a language first, then tags in catalog key order.
  private static func languageOrder(_ lhs: String, _ rhs: String) -> Bool {
    if lhs == noLanguage || rhs == noLanguage { return lhs == noLanguage && rhs != noLanguage }
    return KeyOrder.precedes(lhs, rhs)
  }

  /// One check: its heading and summary, then a table per language.
  private func section(_ html: inout HTML, check: String, rows: [Row]) {
    group(
      &html, "<section class=\"check\" data-check=\"", check, count: rows.count,
      heading: ("<h2>", "</h2>")
    ) { html in
      html.raw("<code>")
      html.text(check)
      html.raw("</code>")
    }
    if let summary = LintCheck.named(check)?.summary {
      html.raw("<p class=\"summary\">")
      html.text(summary)
      html.raw("</p>\n")
    }
    var byLanguage: [String: [Row]] = [:]
    for row in rows {
      byLanguage[row.item.finding.diagnostic.language ?? Self.noLanguage, default: []].append(row)
    }
    for language in byLanguage.keys.sorted(by: Self.languageOrder) {
      let group = byLanguage[language] ?? []
      self.group(
        &html, "<section class=\"language\" data-language=\"", language, count: group.count,
        heading: ("<h3>", "</h3>")
      ) { html in
        html.isolated(language)
      }
      html.raw("<table class=\"findings\">\n<thead><tr>")
      html.raw("<th scope=\"col\" class=\"severity\">Severity</th>")
      html.raw("<th scope=\"col\" class=\"key\">Key</th><th scope=\"col\">Message</th>")
      html.raw("<th scope=\"col\" class=\"location\">Location</th>")
      if usesBaseline { html.raw("<th scope=\"col\" class=\"state\">Baseline</th>") }
      html.raw("</tr></thead>\n<tbody>\n")
      for row in group { finding(&html, row) }
      html.raw("</tbody>\n</table>\n</section>\n")
    }
    html.raw("</section>\n")
  }

  /// A group's `<section>` tag (`start`, up to its value attribute's opening quote, then `value`
  /// and its `data-count`), then its heading with `label` and the count (the script counts what
  /// the filter shows there).
  private func group(
    _ html: inout HTML, _ start: StaticString, _ value: String, count: Int,
    heading: (open: StaticString, close: StaticString), label: (inout HTML) -> Void
  ) {
    html.raw(start)
    html.text(value)
    html.raw("\"")
    html.attribute("data-count", count)
    html.raw(">\n")
    html.raw(heading.open)
    label(&html)
    html.raw(" <span class=\"count\">")
    html.text(count)
    html.raw("</span>")
    html.raw(heading.close)
    html.raw("\n")
  }

  private func finding(_ html: inout HTML, _ row: Row) {
    let item = row.item
    let severity = item.severity.rawValue
    html.raw("<tr class=\"finding\"")
    html.attribute("data-severity", severity)
    if usesBaseline { html.attribute("data-state", item.known ? "known" : "new") }
    html.raw("><td class=\"severity ")
    html.text(severity)
    html.raw("\">")
    html.text(severity)
    html.raw("</td><td class=\"key\">")
    if let key = item.finding.diagnostic.key {
      html.isolated(key)
    } else {
      html.raw("<span class=\"none\">(catalog)</span>")
    }
    if let path = item.finding.variationPath {
      html.raw(" <code class=\"variation\">")
      html.isolated(path)
      html.raw("</code>")
    }
    html.raw("</td><td class=\"message\">")
    html.isolated(item.finding.diagnostic.message)
    html.raw("</td><td class=\"location\">")
    var location = row.path
    if let line = item.line, let column = item.column { location += ":\(line):\(column)" }
    html.isolated(location)
    html.raw("</td>")
    if usesBaseline {
      html.raw(
        item.known ? "<td class=\"state known\">known</td>" : "<td class=\"state new\">new</td>")
    }
    html.raw("</tr>\n")
  }
}
