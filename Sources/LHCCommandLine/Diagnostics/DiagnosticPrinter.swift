import LHCBase

/// Prints diagnostics the way Xcode and compilers do:
/// `<path>:<line>:<col>: error: <message> (<lang>: <key>)` on standard error.
struct DiagnosticPrinter {
  let console: Console
  /// `--warnings-as-errors`: warnings are printed and counted as errors.
  let warningsAsErrors: Bool

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
      if let offset = diagnostic.offset, let position = positions[offset] {
        location += ":\(position.line):\(position.column)"
      }
      text += "\(location): \(label(severity)) \(diagnostic.message)\(diagnostic.contextSuffix)\n"
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
