import CatalogLint
import LHCBase

/// The JSON form of a lint report (schema version 1, documented in `man/lhc-lint.1`):
///
/// ```
/// {"files": [{"findings": [{"column", "id", "key", "language", "line", "message", "severity"}],
///             "path"}],
///  "summary": {"errors", "warnings"}, "version": 1}
/// ```
///
/// Keys sorted, `null` for an unknown key, language or position (``JSONValue`` writes the bytes).
enum LintJSON {
  static func render(_ report: LintReport) -> String {
    let files = report.files.map { file in
      JSONValue.object([
        (
          "findings",
          .array(findings(of: file, in: report))
        ),
        ("path", .string(file.path)),
      ])
    }
    return JSONValue.object([
      ("files", .array(files)),
      (
        "summary",
        .object([
          ("errors", .integer(report.errorCount)), ("warnings", .integer(report.warningCount)),
        ])
      ),
      ("version", .integer(1)),
    ]).document()
  }

  /// The findings of a file, each rendered at its place in the document (eight spaces in),
  /// thousands at a time on every core.
  private static func findings(of file: LintReport.File, in report: LintReport) -> [JSONValue] {
    let all = file.findings
    let chunks = stride(from: 0, to: all.count, by: 2048).map { $0..<min($0 + 2048, all.count) }
    // Each chunk is one piece: its findings joined as the array joins its elements.
    return Parallel.map(chunks) { chunk in
      JSONValue.elements(
        all[chunk].map { finding in
          let position = file.position(of: finding)
          return JSONValue.object([
            ("column", position.map { .integer($0.column) } ?? .null),
            ("id", .string(finding.check)),
            ("key", finding.diagnostic.key.map(JSONValue.string) ?? .null),
            ("language", finding.diagnostic.language.map(JSONValue.string) ?? .null),
            ("line", position.map { .integer($0.line) } ?? .null),
            ("message", .string(finding.diagnostic.message)),
            ("severity", .string(report.severity(of: finding).rawValue)),
          ])
        }, indent: 8)
    }
  }
}
