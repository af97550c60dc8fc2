import LHCBase

/// Prints diagnostics the way Xcode and compilers do:
/// `<path>:<line>:<col>: error: <message> (<lang>: <key>)` on standard error.
struct DiagnosticPrinter {
  let console: Console
  /// `--warnings-as-errors`: warnings are printed and counted as errors.
  let warningsAsErrors: Bool
  /// Also print each diagnostic as a GitHub Actions annotation (in a workflow run).
  var annotations: Bool

  init(console: Console, warningsAsErrors: Bool, annotations: Bool? = nil) {
    self.console = console
    self.warningsAsErrors = warningsAsErrors
    self.annotations = annotations ?? console.githubActions
  }

  /// Prints the diagnostics of one input file, resolving offsets to lines through `source`.
  /// Returns true when any of them counts as an error.
  @discardableResult
  func print(_ diagnostics: [Diagnostic], path: String, source: SourceText?) -> Bool {
    let offsets = diagnostics.compactMap(\.offset)
    let positions = source?.lineColumns(of: offsets) ?? [:]
    var failed = false
    var text = ""
    for diagnostic in diagnostics {
      var severity = diagnostic.severity
      if severity == .warning && warningsAsErrors { severity = .error }
      if severity == .error { failed = true }
      var location = path
      let position = diagnostic.offset.flatMap { positions[$0] }
      if let position { location += ":\(position.line):\(position.column)" }
      text += "\(location): \(label(severity)) \(diagnostic.message)\(diagnostic.contextSuffix)\n"
      if annotations {
        text +=
          GitHubAnnotation(
            severity: severity, file: path, line: position?.line, column: position?.column,
            title: "lhc", message: diagnostic.message + diagnostic.contextSuffix
          ).command
      }
    }
    if !text.isEmpty { console.error(text) }
    return failed
  }

  private func label(_ severity: Diagnostic.Severity) -> String {
    guard console.errorIsTerminal else { return "\(severity.rawValue):" }
    let color =
      switch severity {
      case .error: "31"
      case .warning: "35"
      case .note: "36"
      }
    return "\u{1B}[1;\(color)m\(severity.rawValue):\u{1B}[0m"
  }
}
