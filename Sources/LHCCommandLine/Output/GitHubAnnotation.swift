import LHCBase

/// A GitHub Actions workflow command that shows as an annotation on a pull request:
/// `::error file=…,line=…,col=…,title=…::message`.
///
/// The runner reads workflow commands from standard output and standard error; lhc writes them to
/// standard error so they never mix with a command's output (Swift source, JSON, archives).
struct GitHubAnnotation {
  var severity: Diagnostic.Severity
  var file: String?
  var line: Int?
  var column: Int?
  var title: String
  var message: String

  /// The workflow command line, newline included.
  var command: String {
    let name =
      switch severity {
      case .error: "error"
      case .warning: "warning"
      case .note: "notice"
      }
    var properties: [String] = []
    if let file { properties.append("file=\(Self.property(file))") }
    if let line { properties.append("line=\(line)") }
    if let column { properties.append("col=\(column)") }
    properties.append("title=\(Self.property(title))")
    return "::\(name) \(properties.joined(separator: ","))::\(Self.data(message))\n"
  }

  /// Escapes a workflow command's message: `%`, CR, LF.
  static func data(_ text: String) -> String {
    var result = ""
    for character in text.unicodeScalars {
      switch character {
      case "%": result += "%25"
      case "\r": result += "%0D"
      case "\n": result += "%0A"
      default: result.unicodeScalars.append(character)
      }
    }
    return result
  }

  /// Escapes a workflow command's property value: as a message, plus `:` and `,`.
  static func property(_ text: String) -> String {
    data(text).replacing(":", with: "%3A").replacing(",", with: "%2C")
  }
}
