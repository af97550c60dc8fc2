/// An expression as canonical text, without the file's spacing and comments: names, members,
/// calls with their labelled arguments, literals (`Bundle.main`, `.module`,
/// `.atURL(Bundle.lingohub.bundleURL)`, `Locale(identifier: "en_US_POSIX")`). What it does not
/// render (closures, operators, `#if` chains) is `…`, so two texts are equal only when the
/// expressions are written alike. Optional chaining and `!` are left out (`a?.b` is `a.b`).
extension Expr {
  public var text: String {
    var result = ""
    Self.render(self, into: &result, depth: 0)
    return result
  }

  private static func render(_ expression: Expr, into result: inout String, depth: Int) {
    guard depth < 32 else {
      result += "…"
      return
    }
    switch expression {
    case .name(let name, _):
      result += name
    case .implicitMember(let name, _):
      result += "." + name
    case .member(let base, let name, _):
      render(base, into: &result, depth: depth + 1)
      result += "." + name
    case .call(let callee, let arguments, let trailing, _):
      render(callee, into: &result, depth: depth + 1)
      renderArguments(arguments, into: &result, depth: depth)
      if !trailing.isEmpty { result += " {…}" }
    case .subscripted(let base, let arguments, _):
      render(base, into: &result, depth: depth + 1)
      result += "["
      renderList(arguments, into: &result, depth: depth)
      result += "]"
    case .string(let literal):
      result += "\""
      for segment in literal.segments {
        switch segment {
        case .text(let text): result += text
        case .interpolation(let arguments, _):
          result += "\\("
          renderList(arguments, into: &result, depth: depth)
          result += ")"
        }
      }
      result += "\""
    case .integer(let text, _), .float(let text, _):
      result += text
    case .boolean(let value, _):
      result += value ? "true" : "false"
    case .nilLiteral:
      result += "nil"
    case .tuple(let elements, _):
      renderArguments(elements, into: &result, depth: depth)
    case .postfix(let base, let op) where op == "!" || op == "?":
      render(base, into: &result, depth: depth + 1)
    case .type(let type, _):
      result += type.name ?? "…"
    case .keyPath(let components, _):
      result += "\\." + components.joined(separator: ".")
    default:
      result += "…"
    }
  }

  private static func renderArguments(
    _ arguments: [Argument], into result: inout String, depth: Int
  ) {
    result += "("
    renderList(arguments, into: &result, depth: depth)
    result += ")"
  }

  private static func renderList(_ arguments: [Argument], into result: inout String, depth: Int) {
    for (index, argument) in arguments.enumerated() {
      if index > 0 { result += ", " }
      if let label = argument.label { result += label + ": " }
      render(argument.value, into: &result, depth: depth + 1)
    }
  }
}
