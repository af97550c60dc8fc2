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
          .array(
            file.findings.map { finding in
              let position = file.position(of: finding)
              return .object([
                ("column", position.map { .integer($0.column) } ?? .null),
                ("id", .string(finding.check)),
                ("key", finding.diagnostic.key.map(JSONValue.string) ?? .null),
                ("language", finding.diagnostic.language.map(JSONValue.string) ?? .null),
                ("line", position.map { .integer($0.line) } ?? .null),
                ("message", .string(finding.diagnostic.message)),
                ("severity", .string(report.severity(of: finding).rawValue)),
              ])
            })
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
}
