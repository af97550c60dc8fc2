import CatalogLint
import HTMLReport
import LHCBase

/// The findings of `lhc lint` for every catalog, rendered as text, Xcode, GitHub, JSON, SARIF or
/// an HTML page.
///
/// Every format is deterministic: files in command-line order, findings in file order (offset,
/// then check id), JSON keys sorted.
struct LintReport {
  /// The report formats of `--format`.
  enum Format: String {
    case text, xcode, github, json, sarif, html
  }

  /// One catalog's (or, with `--sources`, one Swift file's) findings with their line and column.
  struct File {
    var path: String
    var findings: [Finding]
    /// With a baseline: the findings it knows, left out of `findings` (the HTML page shows them,
    /// marked known).
    var known: [Finding] = []
    var positions: [Int: (line: Int, column: Int)]
    /// A Swift file of `--sources`.
    var isCode = false

    func position(of finding: Finding) -> (line: Int, column: Int)? {
      finding.diagnostic.offset.flatMap { positions[$0] }
    }
  }

  var files: [File]
  /// `--warnings-as-errors`: warnings are reported, and counted, as errors.
  var warningsAsErrors: Bool
  /// With a baseline: how many findings it knew (and the report leaves out).
  var knownFromBaseline: Int?
  /// With `--sources`: how many Swift files were read.
  var swiftFiles: Int?

  func severity(of finding: Finding) -> Diagnostic.Severity {
    let severity = finding.diagnostic.severity
    return warningsAsErrors && severity == .warning ? .error : severity
  }

  var errorCount: Int { count(.error) }
  var warningCount: Int { count(.warning) }

  private func count(_ severity: Diagnostic.Severity) -> Int {
    files.reduce(0) { $0 + $1.findings.count { self.severity(of: $0) == severity } }
  }

  func render(_ format: Format) -> String {
    switch format {
    case .text: text()
    case .xcode: xcode()
    case .github: github()
    case .json: LintJSON.render(self)
    case .sarif: LintSARIF.render(self)
    case .html: page().render()
    }
  }

  /// The HTML page's findings: per file the new (or, without a baseline, all) and the known ones
  /// in file order, with their reported severity and position.
  private func page() -> LintPage {
    let files = files.map { file in
      let all = (file.findings.map { ($0, false) } + file.known.map { ($0, true) })
        .sorted { Finding.precedes($0.0, $1.0) }
      return LintPage.File(
        path: file.path,
        items: all.map { finding, known in
          let position = file.position(of: finding)
          return LintPage.Item(
            finding: finding, severity: severity(of: finding), line: position?.line,
            column: position?.column, known: known)
        })
    }
    return LintPage(files: files, usesBaseline: knownFromBaseline != nil)
  }

  /// `path:line:col: warning: message (lang: key) [id]`, one per line, as Xcode parses it.
  private func xcode() -> String {
    var result = ""
    for file in files {
      for finding in file.findings {
        result += location(file, finding) + ": \(severity(of: finding).rawValue): "
        result +=
          finding.diagnostic.message + finding.diagnostic.contextSuffix + " [\(finding.check)]\n"
      }
    }
    return result
  }

  private func location(_ file: File, _ finding: Finding) -> String {
    guard let position = file.position(of: finding) else { return file.path }
    return "\(file.path):\(position.line):\(position.column)"
  }

  /// GitHub Actions workflow commands: `::warning file=…,line=…,col=…,title=lhc ID::message`.
  func github() -> String {
    var result = ""
    for file in files {
      for finding in file.findings {
        let position = file.position(of: finding)
        result +=
          GitHubAnnotation(
            severity: severity(of: finding), file: file.path, line: position?.line,
            column: position?.column, title: "lhc \(finding.check)",
            message: finding.diagnostic.message + finding.diagnostic.contextSuffix
          ).command
      }
    }
    return result
  }

  /// Human-readable: per file, per key (in file order), one line per finding; then a summary.
  private func text() -> String {
    var result = ""
    for file in files where !file.findings.isEmpty {
      result += "\(file.path)\n"
      var keys: [String?] = []
      var byKey: [String?: [Finding]] = [:]
      for finding in file.findings {
        let key = finding.diagnostic.key
        if byKey[key] == nil { keys.append(key) }
        byKey[key, default: []].append(finding)
      }
      for key in keys {
        result += key.map { "  \"\($0)\"\n" } ?? (file.isCode ? "  (code)\n" : "  (catalog)\n")
        for finding in byKey[key] ?? [] {
          let position = file.position(of: finding).map { "\($0.line):\($0.column)" } ?? "-"
          let language = finding.diagnostic.language.map { "\($0): " } ?? ""
          result += "    \(position) \(severity(of: finding).rawValue): \(language)"
          result += "\(finding.diagnostic.message) [\(finding.check)]\n"
        }
      }
    }
    var catalogs = Self.plural(files.count { !$0.isCode }, "catalog")
    if let swiftFiles { catalogs += " and \(Self.plural(swiftFiles, "Swift file"))" }
    result +=
      "\(Self.plural(errorCount, "error")), \(Self.plural(warningCount, "warning")) in \(catalogs)"
    if let known = knownFromBaseline {
      result += " (\(Self.plural(known, "baseline finding")) not reported)"
    }
    return result + "\n"
  }

  static func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }
}
