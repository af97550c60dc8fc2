import LHCBase
import StringTables
import TableDiff

/// `lhc diff --format json`: the documented schema of lhc-diff(1), version 1. Members are written
/// in sorted order; changes in key order; findings in language, table, key order.
struct DiffJSON {
  let result: DiffResult
  let old: String
  let new: String
  let summaryOnly: Bool
  /// List equivalent keys (and tables with only those); they are always counted.
  var showEquivalent = false

  var document: String {
    let errors = result.findings.filter { $0.severity == .error }.count
    let tables = result.tables.filter { showEquivalent || $0.hasDifferences }
    let summary: JSONValue = .object([
      ("added", .integer(result.count(.added))),
      ("changed", .integer(result.count(.changed))),
      ("equivalent", .integer(result.count(.equivalent))),
      ("errors", .integer(errors)),
      ("kindChanged", .integer(result.count(.kindChanged))),
      ("removed", .integer(result.count(.removed))),
      ("tables", .integer(tables.count)),
      ("warnings", .integer(result.findings.count - errors)),
    ])
    return JSONValue.object([
      ("findings", .array(result.findings.map(finding))),
      ("new", .string(new)),
      ("old", .string(old)),
      ("schemaVersion", .integer(1)),
      ("summary", summary),
      ("tables", .array(tables.map(table))),
    ]).document()
  }

  private func table(_ table: TableDifference) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("added", .integer(table.count(.added))),
      ("changed", .integer(table.count(.changed))),
    ]
    if !summaryOnly {
      let listed = table.changes.filter { showEquivalent || $0.kind != .equivalent }
      members.append(("changes", .array(listed.map(change))))
    }
    members.append(("equivalent", .integer(table.count(.equivalent))))
    members += [
      ("kindChanged", .integer(table.count(.kindChanged))),
      ("language", .string(table.language)),
      ("presence", .string(table.presence.rawValue)),
      ("removed", .integer(table.count(.removed))),
      ("table", .string(table.table)),
    ]
    return .object(members)
  }

  private func change(_ change: KeyChange) -> JSONValue {
    .object([
      ("change", .string(change.kind.rawValue)),
      ("key", .string(change.key)),
      ("new", change.new.map(entry) ?? .null),
      ("old", change.old.map(entry) ?? .null),
    ])
  }

  private func finding(_ finding: RuntimeFinding) -> JSONValue {
    .object([
      ("key", finding.key.map(JSONValue.string) ?? .null),
      ("kind", .string(finding.kind.rawValue)),
      ("language", .string(finding.language)),
      ("message", .string(finding.message)),
      ("severity", .string(finding.severity.rawValue)),
      ("table", finding.table.map(JSONValue.string) ?? .null),
    ])
  }

  /// `{"kind": "plain", "text": …}`, `{"kind": "plural", "rule": …}`; both members when a key is
  /// in both files.
  private func entry(_ entry: TableEntry) -> JSONValue {
    var members: [(String, JSONValue)] = [("kind", .string(entry.kind))]
    if let rule = entry.rule { members.append(("rule", self.rule(rule))) }
    if let text = entry.text { members.append(("text", .string(text))) }
    return .object(members)
  }

  private func rule(_ rule: StringsdictEntry) -> JSONValue {
    switch rule {
    case .format(let format): return self.format(format)
    case .device(let forms): return devices(forms)
    case .width(let forms):
      return .object([
        (
          "widths",
          .object(
            KeyOrder.sortedEntries(forms).map { width, form in
              switch form {
              case .text(let text): (width, .string(text))
              case .format(let format): (width, self.format(format))
              case .device(let forms): (width, devices(forms))
              }
            })
        )
      ])
    }
  }

  /// `{"devices": {device: text or format}}`.
  private func devices(_ forms: [String: DeviceForm]) -> JSONValue {
    .object([
      (
        "devices",
        .object(
          forms.keys.sorted().map { device in
            switch forms[device] {
            case .text(let text)?: (device, .string(text))
            case .format(let format)?: (device, self.format(format))
            case nil: (device, .null)
            }
          })
      )
    ])
  }

  private func format(_ format: FormatRule) -> JSONValue {
    .object([
      ("formatKey", .string(format.formatKey)),
      (
        "variables",
        .object(
          format.variables.keys.sorted().map { name in
            let variable = format.variables[name]
            let forms = (variable?.forms ?? [:]).sorted { $0.key < $1.key }
            return (
              name,
              .object([
                ("forms", .object(forms.map { ($0.key, .string($0.value)) })),
                ("specType", .string(variable?.specType ?? "")),
                ("valueType", variable?.valueType.map(JSONValue.string) ?? .null),
              ])
            )
          })
      ),
    ])
  }
}
