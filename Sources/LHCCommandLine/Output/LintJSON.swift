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
/// Written by hand so the bytes are the same on every platform: keys sorted, two-space
/// indentation, non-ASCII characters as UTF-8, `null` for an unknown key, language or position.
enum LintJSON {
  static func render(_ report: LintReport) -> String {
    var out = "{\n  \"files\" : ["
    for (index, file) in report.files.enumerated() {
      out += index == 0 ? "\n" : ",\n"
      out += "    {\n      \"findings\" : ["
      for (number, finding) in file.findings.enumerated() {
        out += number == 0 ? "\n" : ",\n"
        let position = file.position(of: finding)
        let fields: [(String, String)] = [
          ("column", position.map { String($0.column) } ?? "null"),
          ("id", string(finding.check)),
          ("key", finding.diagnostic.key.map(string) ?? "null"),
          ("language", finding.diagnostic.language.map(string) ?? "null"),
          ("line", position.map { String($0.line) } ?? "null"),
          ("message", string(finding.diagnostic.message)),
          ("severity", string(report.severity(of: finding).rawValue)),
        ]
        out += "        {\n"
        out += fields.map { "          \"\($0.0)\" : \($0.1)" }.joined(separator: ",\n")
        out += "\n        }"
      }
      out += file.findings.isEmpty ? "],\n" : "\n      ],\n"
      out += "      \"path\" : \(string(file.path))\n    }"
    }
    out += report.files.isEmpty ? "],\n" : "\n  ],\n"
    out += "  \"summary\" : {\n    \"errors\" : \(report.errorCount),\n"
    out += "    \"warnings\" : \(report.warningCount)\n  },\n"
    out += "  \"version\" : 1\n}\n"
    return out
  }

  /// A JSON string literal: `"` and `\` escaped, control characters as `\n`, `\t`, `\r` or `\u00XX`.
  static func string(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case let scalar where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default:
        result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
