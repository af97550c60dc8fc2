import CatalogSync
import LHCBase
import SourceProjects

/// What `lhc extract` prints: the strings of `--list` (text, or JSON documented in
/// `lhc-extract(1)`), what `--check` finds (text, Xcode or GitHub), a sync's summary.
enum ExtractReport {
  /// `--list`'s order: catalog (none last), table, key, file, line, column.
  static func sorted(_ strings: [PlacedString]) -> [PlacedString] {
    // Indices are sorted, not the strings themselves: moving those large values was half of
    // the listing's time.
    let order = strings.indices.sorted { left, right in
      let lhs = strings[left]
      let rhs = strings[right]
      if (lhs.catalog == nil) != (rhs.catalog == nil) { return rhs.catalog == nil }
      if lhs.catalog != rhs.catalog { return lhs.catalog ?? "" < rhs.catalog ?? "" }
      if lhs.string.table != rhs.string.table { return lhs.string.table < rhs.string.table }
      return (lhs.string.key, lhs.file, lhs.line, lhs.column) < (
        rhs.string.key, rhs.file, rhs.line, rhs.column
      )
    }
    return order.map { strings[$0] }
  }

  static func list(_ strings: [PlacedString], format: String, relative: (String) -> String)
    -> String
  {
    // Each file and catalog made relative once (thousands of strings share a few hundred).
    var relativePaths: [String: String] = [:]
    for path in Set(strings.map(\.file) + strings.compactMap(\.catalog)) {
      relativePaths[path] = relative(path)
    }
    let relative = { (path: String) in relativePaths[path] ?? path }
    let ordered = sorted(strings)
    if format == "json" {
      return JSONValue.array(
        ordered.map { string in
          JSONValue.object([
            ("api", .string(string.string.api)),
            ("catalog", string.catalog.map { .string(relative($0)) } ?? .null),
            ("column", .integer(string.column)),
            ("comment", string.string.comment.map(JSONValue.string) ?? .null),
            ("file", .string(relative(string.file))),
            ("key", .string(string.string.key)),
            ("line", .integer(string.line)),
            ("table", .string(string.string.table)),
            (
              "target",
              string.targets.isEmpty ? .null : .string(string.targets.joined(separator: ", "))
            ),
            ("value", string.string.value.map(JSONValue.string) ?? .null),
          ])
        }
      ).document()
    }
    var text = ""
    var catalog: String?? = .none
    for string in ordered {
      if catalog != .some(string.catalog) {
        catalog = .some(string.catalog)
        text += (string.catalog.map(relative) ?? "(no catalog)") + "\n"
      }
      text += "  \(JSONValue.quoted(string.string.key))"
      if string.string.table != "Localizable" { text += " [\(string.string.table)]" }
      text += "  \(relative(string.file)):\(string.line):\(string.column) \(string.string.api)\n"
    }
    let catalogs = Set(strings.compactMap(\.catalog)).count
    text +=
      "\(LintReport.plural(strings.count, "string")) for \(LintReport.plural(catalogs, "catalog"))\n"
    return text
  }

  private static func message(_ change: SyncChange) -> String {
    let key = JSONValue.quoted(change.key)
    switch change.kind {
    case .added: return "\(key) is used in code but missing from the catalog"
    case .markedStale: return "\(key) is no longer used in code: it becomes stale"
    case .removed: return "\(key) is no longer used in code and has no translations: it is removed"
    case .unmarkedStale: return "\(key) is used in code again: it is no longer stale"
    case .unmarkedMigrated: return "\(key) is used in code: it is no longer marked migrated"
    case .commentChanged: return "the comment of \(key) is not the code's"
    case .valueChanged: return "the default value of \(key) is not the code's"
    case .extractionStateChanged: return "the extraction state of \(key) is not the code's"
    }
  }

  /// `--check`: each change a sync would make (at the key's first use in code, or its entry).
  static func check(
    _ catalogs: [ExtractCommand.SyncedCatalog], checked: Int, format: String,
    relative: (String) -> String
  ) -> String {
    var text = ""
    for catalog in catalogs {
      if format == "text" {
        text += relative(catalog.path) + (catalog.created ? " (to be created)" : "") + "\n"
      }
      for change in catalog.changes {
        let location = catalog.locations[change.key]
        switch format {
        case "xcode":
          let place =
            location.map { "\(relative($0.file)):\($0.line):\($0.column)" }
            ?? relative(catalog.path)
          text +=
            "\(place): error: \(message(change)) (\(relative(catalog.path))) [\(change.kind.rawValue)]\n"
        case "github":
          text +=
            GitHubAnnotation(
              severity: .error, file: location.map { relative($0.file) } ?? relative(catalog.path),
              line: location?.line, column: location?.column,
              title: "lhc extract \(change.kind.rawValue)",
              message: message(change) + " (\(relative(catalog.path)))"
            ).command
        default:
          let place = location.map { " (\(relative($0.file)):\($0.line):\($0.column))" } ?? ""
          text += "  \(change.kind.rawValue) \(JSONValue.quoted(change.key))\(place)\n"
        }
      }
    }
    if format == "text" {
      let changes = catalogs.reduce(0) { $0 + $1.changes.count }
      text +=
        catalogs.isEmpty
        ? "\(LintReport.plural(checked, "catalog")) in sync with the code\n"
        : "\(LintReport.plural(catalogs.count, "catalog")) of \(checked) out of date with the code (\(LintReport.plural(changes, "change")))\n"
    }
    return text
  }

  /// After a sync: one line per catalog written.
  static func summary(_ catalogs: [ExtractCommand.SyncedCatalog], relative: (String) -> String)
    -> String
  {
    var text = ""
    for catalog in catalogs {
      var counts: [SyncChange.Kind: Int] = [:]
      for change in catalog.changes { counts[change.kind, default: 0] += 1 }
      let parts = counts.keys.sorted().map { "\(counts[$0]!) \($0.rawValue)" }
      text +=
        "\(relative(catalog.path)): \(catalog.created ? "created, " : "")\(parts.joined(separator: ", "))\n"
    }
    return text
  }
}
