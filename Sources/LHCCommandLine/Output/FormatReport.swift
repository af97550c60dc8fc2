import LHCBase

/// What `lhc format` did to each catalog, as text, GitHub workflow commands or JSON.
///
/// Text and GitHub name only the catalogs not in Xcode's format (`--check`); JSON lists every
/// catalog (schema version 1, documented in `man/lhc-format.1`):
///
/// ```
/// {"files": [{"path", "status"}], "summary": {"errors", "rewritten", "unformatted"}, "version": 1}
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

  struct File {
    var path: String
    var status: Status
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

  /// `path: error: not in Xcode's format`, one line per catalog.
  private func text() -> String {
    files.filter { $0.status == .unformatted }.map { "\($0.path): error: \(Self.message)\n" }
      .joined()
  }

  /// `::error file=path,title=lhc format::not in Xcode's format`, one per catalog.
  func github() -> String {
    files.filter { $0.status == .unformatted }.map { file in
      GitHubAnnotation(
        severity: .error, file: file.path, line: nil, column: nil, title: "lhc format",
        message: Self.message
      ).command
    }.joined()
  }

  private func json() -> String {
    let entries = files.map { file in
      JSONValue.object([("path", .string(file.path)), ("status", .string(file.status.rawValue))])
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
