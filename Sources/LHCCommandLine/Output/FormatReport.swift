import CatalogWriter
import LHCBase

/// What `lhc format` did to each catalog, as text, GitHub workflow commands or JSON.
///
/// Text and GitHub name only the catalogs not in Xcode's format (`--check`), each with its first
/// difference; JSON lists every catalog (schema version 1, documented in `man/lhc-format.1`):
///
/// ```
/// {"files": [{"path", "status", ("line", "column", "reason", "message")}],
///  "summary": {"errors", "rewritten", "unformatted"}, "version": 1}
/// ```
struct FormatReport {
  /// The report formats of `--format`.
  enum Format: String {
    case text, github, json
  }

  /// One catalog's outcome.
  enum Status: String {
    /// Already in Xcode's format.
    case formatted
    /// Not in Xcode's format (`--check`: nothing written).
    case unformatted
    /// Rewritten in Xcode's format.
    case rewritten
    /// Could not be read, converted or written (the errors are on standard error).
    case error
  }

  /// Where a catalog first differs from Xcode's bytes, and what differs (``FormatDifference``).
  struct Difference {
    /// 1-based; the column counts characters (Unicode scalars), as lhc's diagnostics do.
    var line: Int
    var column: Int
    var reason: FormatDifference.Kind
    var message: String
  }

  struct File {
    var path: String
    var status: Status
    /// `--check`, an unformatted catalog: its first difference.
    var difference: Difference? = nil
  }

  var files: [File]

  static let message = "not in Xcode's format"

  /// True when the run fails: a catalog not in Xcode's format or an error.
  var failed: Bool {
    files.contains { $0.status == .unformatted || $0.status == .error }
  }

  func count(_ status: Status) -> Int {
    files.count { $0.status == status }
  }

  func render(_ format: Format) -> String {
    switch format {
    case .text: text()
    case .github: github()
    case .json: json()
    }
  }

  /// `not in Xcode's format: spacing: …`.
  static func message(_ file: File) -> String {
    file.difference.map { "\(message): \($0.message)" } ?? message
  }

  /// `path:line:col: error: not in Xcode's format: <what differs>`, one line per catalog.
  private func text() -> String {
    files.filter { $0.status == .unformatted }.map { file in
      let place = file.difference.map { ":\($0.line):\($0.column)" } ?? ""
      return "\(file.path)\(place): error: \(Self.message(file))\n"
    }.joined()
  }

  /// `::error file=path,line=…,col=…,title=lhc format::not in Xcode's format: …`, one per
  /// catalog.
  func github() -> String {
    files.filter { $0.status == .unformatted }.map { file in
      GitHubAnnotation(
        severity: .error, file: file.path, line: file.difference?.line,
        column: file.difference?.column, title: "lhc format", message: Self.message(file)
      ).command
    }.joined()
  }

  private func json() -> String {
    let entries = files.map { file in
      var members: [(String, JSONValue)] = []
      if let difference = file.difference {
        members = [
          ("column", .integer(difference.column)), ("line", .integer(difference.line)),
          ("message", .string(difference.message)),
        ]
      }
      members.append(("path", .string(file.path)))
      if let difference = file.difference {
        members.append(("reason", .string(difference.reason.rawValue)))
      }
      members.append(("status", .string(file.status.rawValue)))
      return JSONValue.object(members)
    }
    return JSONValue.object([
      ("files", .array(entries)),
      (
        "summary",
        .object([
          ("errors", .integer(count(.error))), ("rewritten", .integer(count(.rewritten))),
          ("unformatted", .integer(count(.unformatted))),
        ])
      ),
      ("version", .integer(1)),
    ]).document()
  }
}
