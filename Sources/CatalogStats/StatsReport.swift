import LHCBase

/// `lhc stats` output for one or more catalogs: an aligned text table, JSON, or Markdown.
/// Byte-deterministic: rows in ``CatalogStats`` order, catalogs in argument order, no timestamps.
public struct StatsReport: Sendable, Equatable {
  /// One counted catalog, named by the path the user gave.
  public struct Item: Sendable, Equatable {
    public var path: String
    public var stats: CatalogStats

    public init(path: String, stats: CatalogStats) {
      self.path = path
      self.stats = stats
    }
  }

  public var items: [Item]
  /// Per-language sums over every catalog (``CatalogStats/totals(_:)``).
  public var totals: [LanguageStats]

  public init(items: [Item], totals: [LanguageStats]) {
    self.items = items
    self.totals = totals
  }

  /// The version of the JSON schema (`"version"`).
  public static let jsonVersion = 1

  /// Column headers of the table and Markdown formats.
  static let headers = [
    "language", "keys", "translated", "needs_review", "new", "missing", "complete", "plurals",
  ]

  /// The cells of one row, in ``headers`` order.
  static func cells(_ row: LanguageStats) -> [String] {
    [
      row.language, "\(row.keys)", "\(row.translated)", "\(row.needsReview)", "\(row.new)",
      "\(row.missing)", "\(row.percentComplete)%", "\(row.plurals.complete)/\(row.plurals.total)",
    ]
  }

  /// Heading of the totals table (only printed for more than one catalog).
  var totalsHeading: String { "Total (\(items.count) catalogs)" }

  // MARK: Table

  /// One aligned table per catalog under a `path (source language: en)` line, tables separated
  /// by a blank line, then the totals when there is more than one catalog. The language column is
  /// left-aligned, the others right-aligned; columns are two spaces apart; no trailing spaces.
  public func table() -> String {
    var sections = items.map {
      "\($0.path) (source language: \($0.stats.sourceLanguage))\n" + Self.table($0.stats.languages)
    }
    if items.count > 1 { sections.append("\(totalsHeading)\n" + Self.table(totals)) }
    return sections.joined(separator: "\n")
  }

  static func table(_ rows: [LanguageStats]) -> String {
    let lines = [headers] + rows.map(cells)
    let widths = headers.indices.map { column in lines.map { $0[column].count }.max() ?? 0 }
    return lines.map { line in
      line.indices.map { column in
        let padding = String(repeating: " ", count: widths[column] - line[column].count)
        return column == 0 ? line[column] + padding : padding + line[column]
      }.joined(separator: "  ").trimmingTrailingSpaces + "\n"
    }.joined()
  }

  // MARK: Markdown

  /// A GitHub-flavoured Markdown table per catalog under a `### \`path\`` heading, for a
  /// pull-request comment; totals under `### Total (N catalogs)` when there is more than one.
  public func markdown() -> String {
    var sections = items.map { item in
      "### \(Self.code(item.path))\n\nSource language: \(Self.code(item.stats.sourceLanguage)).\n\n"
        + Self.markdownTable(item.stats.languages)
    }
    if items.count > 1 { sections.append("### \(totalsHeading)\n\n" + Self.markdownTable(totals)) }
    return sections.joined(separator: "\n")
  }

  static func markdownTable(_ rows: [LanguageStats]) -> String {
    var text = "| " + headers.joined(separator: " | ") + " |\n"
    text += "|" + headers.indices.map { $0 == 0 ? ":---|" : "---:|" }.joined() + "\n"
    for row in rows {
      let cells = cells(row).map { $0.replacing("|", with: "\\|") }
      text += "| " + cells.joined(separator: " | ") + " |\n"
    }
    return text
  }

  /// `text` as a Markdown code span (longer fences when it holds backticks).
  static func code(_ text: String) -> String {
    guard text.contains("`") else { return "`\(text)`" }
    return "`` \(text) ``"
  }

  // MARK: JSON

  /// The JSON document (schema in `man/lhc-stats.1`): object keys sorted, two-space indentation,
  /// `percentComplete` a number with one decimal.
  public func json() -> String {
    let catalogs = items.map { item in
      JSONValue.object([
        ("languages", .array(item.stats.languages.map(Self.json))),
        ("path", .string(item.path)),
        ("sourceLanguage", .string(item.stats.sourceLanguage)),
      ])
    }
    let document = JSONValue.object([
      ("catalogs", .array(catalogs)),
      ("totals", .object([("languages", .array(totals.map(Self.json)))])),
      ("version", .integer(Self.jsonVersion)),
    ])
    return document.document()
  }

  static func json(_ row: LanguageStats) -> JSONValue {
    .object([
      ("keys", .integer(row.keys)),
      ("language", .string(row.language)),
      ("missing", .integer(row.missing)),
      ("needsReview", .integer(row.needsReview)),
      ("new", .integer(row.new)),
      ("percentComplete", .number(row.percentComplete)),
      (
        "plurals",
        .object([
          ("complete", .integer(row.plurals.complete)),
          ("total", .integer(row.plurals.total)),
        ])
      ),
      ("translated", .integer(row.translated)),
    ])
  }
}
