import LHCBase
import TableDiff

/// `lhc diff` output: text (coloured on a terminal) and Markdown for a pull-request comment.
struct DiffReport {
  let result: DiffResult
  /// Counts only.
  let summaryOnly: Bool
  /// List equivalent keys too (they are always counted).
  var showEquivalent = false
  /// ANSI colours.
  let colored: Bool

  /// `12 added, 3 removed, 5 changed, 1 kind changed, 4 equivalent; 1 runtime error, 2 warnings`
  /// (equivalent keys only when there are some).
  var summaryLine: String {
    let errors = result.findings.filter { $0.severity == .error }.count
    let warnings = result.findings.count - errors
    return counts(result.count) + "; \(errors) runtime error\(errors == 1 ? "" : "s"), "
      + "\(warnings) warning\(warnings == 1 ? "" : "s")"
  }

  private func counts(_ count: (KeyChange.Kind) -> Int) -> String {
    let equivalent = count(.equivalent)
    return "\(count(.added)) added, \(count(.removed)) removed, \(count(.changed)) changed, "
      + "\(count(.kindChanged)) kind changed" + (equivalent > 0 ? ", \(equivalent) equivalent" : "")
  }

  /// The tables to list: those with a difference, and with ``showEquivalent`` those with
  /// equivalent keys only.
  private var listedTables: [TableDifference] {
    result.tables.filter { showEquivalent || $0.hasDifferences }
  }

  /// The changes of `table` to list.
  private func listed(_ table: TableDifference) -> [KeyChange] {
    table.changes.filter { showEquivalent || $0.kind != .equivalent }
  }

  /// `No differences.`, with the count of equivalent keys when there are some.
  private var noDifferences: String {
    let equivalent = result.count(.equivalent)
    guard equivalent > 0 else { return "No differences.\n" }
    return "No differences; \(equivalent) equivalent"
      + (showEquivalent || summaryOnly ? "" : " (--show-equivalent lists them)") + ".\n"
  }

  // MARK: Text

  /// Grouped by language and table, then the runtime-safety findings, then the totals.
  var text: String {
    var out = ""
    for table in listedTables {
      out +=
        paint("1", "\(table.language) · \(table.table)") + ": " + counts(table.count)
        + presenceNote(table) + "\n"
      if summaryOnly || table.presence == .oldOnly { continue }
      for change in listed(table) { out += "  " + line(for: change) + "\n" }
    }
    if !result.findings.isEmpty {
      out += paint("1", "Runtime safety (new side served over the old):") + "\n"
      for finding in result.findings {
        let color = finding.severity == .error ? "31" : "35"
        out +=
          "  " + paint(color, finding.severity.rawValue + ":") + " " + place(of: finding) + ": "
          + finding.message + " [\(finding.kind.rawValue)]\n"
      }
    }
    return out + (result.isEmpty ? noDifferences : "Total: " + summaryLine + "\n")
  }

  /// ` (only in OLD: …)` for a table one side lacks; its keys are not listed when only the old
  /// side has it (a release without the language: the app's own strings are shown).
  private func presenceNote(_ table: TableDifference) -> String {
    switch table.presence {
    case .both: ""
    case .oldOnly: " (only in OLD; the app's own strings are shown)"
    case .newOnly: " (only in NEW)"
    }
  }

  private func line(for change: KeyChange) -> String {
    let key = JSONValue.quoted(change.key)
    let old = change.old?.summary ?? ""
    let new = change.new?.summary ?? ""
    switch change.kind {
    case .added: return paint("32", "+ \(key) = \(new)")
    case .removed: return paint("31", "- \(key) = \(old)")
    case .changed: return paint("33", "~ \(key): \(old) → \(new)")
    case .kindChanged:
      let kinds = "\(change.old?.kind ?? "") → \(change.new?.kind ?? "")"
      return paint("33", "~ \(key) (\(kinds)): \(old) → \(new)")
    case .equivalent: return paint("2", "≈ \(key): \(old) → \(new)")
    }
  }

  private func place(of finding: RuntimeFinding) -> String {
    [finding.language, finding.table, finding.key.map(JSONValue.quoted)].compactMap { $0 }
      .joined(separator: " · ")
  }

  private func paint(_ code: String, _ text: String) -> String {
    colored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }

  // MARK: Markdown

  /// A heading with the totals, a findings table, and one table of changes per language and table.
  var markdown: String {
    var out = "## lhc diff\n\n"
    if result.isEmpty && !showEquivalent { return out + noDifferences }
    out += "**" + (result.isEmpty ? String(noDifferences.dropLast()) : summaryLine) + "**\n"
    if !result.findings.isEmpty {
      out +=
        "\n### Runtime safety\n\n| | Language | Table | Key | Finding |\n|---|---|---|---|---|\n"
      for finding in result.findings {
        let mark = finding.severity == .error ? "🛑 error" : "⚠️ warning"
        out +=
          "| \(mark) | \(cell(finding.language)) | \(cell(finding.table ?? "")) | "
          + "\(code(finding.key)) | \(cell(finding.message)) (`\(finding.kind.rawValue)`) |\n"
      }
    }
    for table in listedTables {
      out +=
        "\n### \(cell(table.language)) · \(cell(table.table))\n\n" + counts(table.count)
        + presenceNote(table) + "\n"
      if summaryOnly || table.presence == .oldOnly { continue }
      out += "\n| | Key | Old | New |\n|---|---|---|---|\n"
      for change in listed(table) {
        let marks = [
          "added": "➕", "removed": "➖", "changed": "✏️", "kind-changed": "🔀", "equivalent": "≈",
        ]
        let mark = marks[change.kind.rawValue] ?? ""
        out +=
          "| \(mark) | \(code(change.key)) | \(cell(change.old?.summary ?? "")) | "
          + "\(cell(change.new?.summary ?? "")) |\n"
      }
    }
    return out
  }

  /// Text safe inside a Markdown table cell.
  private func cell(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "|": out += "\\|"
      case "\n": out += "<br>"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\\", "*", "_", "`", "[", "]": out += "\\\(character)"
      default: out.append(character)
      }
    }
    return out
  }

  /// A key as inline code (a key with a backtick is shown escaped instead).
  private func code(_ key: String?) -> String {
    guard let key, !key.isEmpty else { return "" }
    if key.contains("`") || key.contains("\n") || key.contains("|") { return cell(key) }
    return "`\(key)`"
  }
}
