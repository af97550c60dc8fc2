import LHCBase
import StringTables

/// Builds the release files of an over-the-air target from compiled string tables.
public enum PayloadBuilder {
  /// The payload of `tables` for `target`: files sorted by path, skipped keys sorted. The source
  /// language's table should hold the catalogs' source text, the base every other language falls
  /// back to (compiled with `CompileOptions.sourceTextLanguage`).
  ///
  /// Throws for settings the target needs and lacks, for a language tag that cannot be a file
  /// name (``LanguageTag/pathComponentError(_:)``: tables read from a folder; a catalog's are
  /// refused when compiled), and for languages whose tags differ only in spelling (`pt_BR`,
  /// `pt-BR`), which would share a file.
  public static func build(_ target: OTATarget, tables: [StringTable], options: PayloadOptions)
    throws(PayloadError) -> Payload
  {
    for table in tables {
      if let message = LanguageTag.pathComponentError(table.language) {
        throw PayloadError(message)
      }
    }
    var payload: Payload
    switch target {
    case .tolgee: payload = TolgeePayload.build(tables)
    case .rerune: payload = try ReRunePayload.build(tables, options: options)
    case .betterI18n: payload = try BetterI18nPayload.build(tables, options: options)
    }
    payload.files.sort { KeyOrder.precedes($0.path, $1.path) }
    for (file, next) in zip(payload.files, payload.files.dropFirst()) where file.path == next.path {
      throw PayloadError(
        "two languages map to '\(file.path)' (tags differing only in case or '_' and '-')")
    }
    payload.skipped.sort(by: precedes)
    return payload
  }

  /// Skipped entries by language, then table, then key, then reason.
  private static func precedes(_ lhs: SkippedEntry, _ rhs: SkippedEntry) -> Bool {
    for (left, right) in [
      (lhs.language, rhs.language), (lhs.table, rhs.table), (lhs.key, rhs.key),
      (lhs.reason, rhs.reason),
    ] where left != right {
      return KeyOrder.precedes(left, right)
    }
    return false
  }
}

/// Shared steps of the writers.
enum PayloadParts {
  /// A JSON file: the document's UTF-8, ending with a newline.
  static func file(_ path: String, _ json: JSONValue) -> PayloadFile {
    PayloadFile(path: path, bytes: Array(json.document().utf8))
  }

  /// An object with `members` sorted in ``KeyOrder``.
  static func object(_ members: [(String, JSONValue)]) -> JSONValue {
    .object(members.sorted { KeyOrder.precedes($0.0, $1.0) })
  }

  /// The tables grouped by language (sorted), each group sorted by table name.
  static func byLanguage(_ tables: [StringTable]) -> [(language: String, tables: [StringTable])] {
    let groups = Dictionary(grouping: tables, by: \.language)
    return KeyOrder.sorted(groups.keys).map { language in
      (language, (groups[language] ?? []).sorted { KeyOrder.precedes($0.name, $1.name) })
    }
  }

  /// The keys of one language's tables in one key space (targets without tables): messages in
  /// key order; a key in several tables is kept from the first table by name and skipped in the
  /// others, and unrepresentable messages are skipped. `hasPlurals` false skips every plural.
  static func mergedMessages(
    _ tables: [StringTable], target: String, hasPlurals: Bool = true,
    skipped: inout [SkippedEntry]
  ) -> [(key: String, table: String, message: OTAMessage)] {
    var owner: [String: String] = [:]
    var merged: [(key: String, table: String, message: OTAMessage)] = []
    for table in tables {
      for (key, result) in table.messages(pluralsUnsupportedBy: hasPlurals ? nil : target) {
        if let first = owner[key] {
          let reason = "key is also in table '\(first)'; \(target) has one key space per language"
          skipped.append(SkippedEntry(table, key: key, reason: reason))
          continue
        }
        owner[key] = table.name
        switch result {
        case .success(let message): merged.append((key, table.name, message))
        case .failure(let failure):
          skipped.append(SkippedEntry(table, key: key, reason: failure.reason))
        }
      }
    }
    return merged.sorted { KeyOrder.precedes($0.key, $1.key) }
  }
}

extension SkippedEntry {
  /// A skipped key of `table`.
  init(_ table: StringTable, key: String, reason: String) {
    self.init(language: table.language, table: table.name, key: key, reason: reason)
  }
}
