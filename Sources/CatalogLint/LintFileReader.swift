import LHCBase
import StringCatalog

/// What lint's own JSON files (config, baseline) share: strict objects whose every member is
/// known, and errors with the offset of the value concerned (printed as `path:line:col`).
enum LintFileReader {
  /// The document in `source`, which must be a JSON object; trailing commas are accepted, as the
  /// catalog reader accepts them.
  static func object(_ source: SourceText, what: String) throws(DiagnosticError) -> JSONNode {
    let (node, _) = try JSONTree.parse(source)
    guard case .object = node.value else {
      throw DiagnosticError(
        .error("a \(what) is a JSON object, found \(node.kindPhrase)", offset: node.offset))
    }
    return node
  }

  /// The members of an object node, each name one of `known` (else an error naming the member
  /// and the known names); a repeated name is an error too.
  static func members(of node: JSONNode, known: [String], in place: String) throws(DiagnosticError)
    -> [String: JSONNode]
  {
    guard case .object(let members) = node.value else {
      throw error(node, "\(place) must be an object, found \(node.kindPhrase)")
    }
    var result: [String: JSONNode] = [:]
    for member in members {
      guard known.contains(member.name) else {
        let expected = known.sorted().joined(separator: ", ")
        throw DiagnosticError(
          .error(
            "unknown key '\(member.name)' in \(place) (expected \(expected))", offset: member.offset
          ))
      }
      guard result.updateValue(member.value, forKey: member.name) == nil else {
        throw DiagnosticError(
          .error("key '\(member.name)' appears twice in \(place)", offset: member.offset))
      }
    }
    return result
  }

  static func string(_ node: JSONNode, _ place: String) throws(DiagnosticError) -> String {
    guard case .string(let text) = node.value else {
      throw error(node, "\(place) must be a string, found \(node.kindPhrase)")
    }
    return text
  }

  /// A string or null.
  static func optionalString(_ node: JSONNode?, _ place: String) throws(DiagnosticError) -> String?
  {
    guard let node, node.value != .null else { return nil }
    return try string(node, place)
  }

  static func strings(_ node: JSONNode, _ place: String) throws(DiagnosticError) -> [(
    String, JSONNode
  )] {
    guard case .array(let elements) = node.value else {
      throw error(node, "\(place) must be an array of strings, found \(node.kindPhrase)")
    }
    var result: [(String, JSONNode)] = []
    for element in elements {
      result.append((try string(element, "every element of \(place)"), element))
    }
    return result
  }

  static func error(_ node: JSONNode, _ message: String) -> DiagnosticError {
    DiagnosticError(.error(message, offset: node.offset))
  }
}
