import LHCBase
import StringCatalog

/// How a conflict shows each side's version: strings quoted as JSON, a part a side deleted as
/// `(deleted)`, a node by its first values.
enum Describe {
  static let deleted = "(deleted)"

  static func string(_ text: String?) -> String {
    text.map { JSONValue.quoted($0) } ?? deleted
  }

  static func bool(_ value: Bool?) -> String {
    value.map { $0 ? "true" : "false" } ?? deleted
  }

  /// `"value"`, with ` (state)` when `state`.
  static func unit(_ unit: StringUnit?, state: Bool) -> String {
    guard let unit else { return deleted }
    let value = unit.value.map { JSONValue.quoted($0) } ?? "(no value)"
    return state
      ? "\(value) (\(unit.state.rawValue.isEmpty ? "no state" : unit.state.rawValue))" : value
  }

  /// `["a", "b"]`.
  static func values(_ values: [String]?) -> String {
    values.map { "[" + $0.map { JSONValue.quoted($0) }.joined(separator: ", ") + "]" } ?? deleted
  }

  static func entry(_ entry: CatalogEntry?) -> String {
    entry == nil ? deleted : "(changed)"
  }

  /// A node by its leaves: `"text"`, or `plural.one "…", plural.other "…"` (three at most).
  static func node(_ node: LocalizationNode?) -> String {
    guard let node else { return deleted }
    var leaves: [String] = []
    collect(node, "", into: &leaves)
    if leaves.isEmpty { return "(changed)" }
    return leaves.prefix(3).joined(separator: ", ") + (leaves.count > 3 ? ", …" : "")
  }

  static func variation(_ variation: Variation) -> String {
    node(LocalizationNode(variations: [variation]))
  }

  private static func collect(_ node: LocalizationNode, _ path: String, into leaves: inout [String])
  {
    if let unit = node.stringUnit {
      leaves.append((path.isEmpty ? "" : path + " ") + self.unit(unit, state: false))
    }
    if let set = node.stringSet {
      leaves.append((path.isEmpty ? "" : path + " ") + values(set.values))
    }
    for variation in node.variations {
      for variationCase in variation.cases {
        let casePath =
          (path.isEmpty ? "" : path + ".") + variation.kind.rawValue + "." + variationCase.name
        collect(variationCase.node, casePath, into: &leaves)
      }
    }
  }

  /// A value lhc does not interpret, as compact JSON.
  static func raw(_ value: RawJSON?) -> String {
    guard let value else { return deleted }
    switch value {
    case .object(let members):
      return "{"
        + members.map { JSONValue.quoted($0.name) + ": " + raw($0.value) }.joined(separator: ", ")
        + "}"
    case .array(let elements): return "[" + elements.map { raw($0) }.joined(separator: ", ") + "]"
    case .string(let text): return JSONValue.quoted(text)
    case .number(let text): return text
    case .bool(let flag): return flag ? "true" : "false"
    case .null: return "null"
    }
  }
}
