import LHCBase
import StringCatalog
import StringTables

/// Legacy string tables (one table name, every language's `.strings` and `.stringsdict`) → a new
/// String Catalog, as Xcode's "Migrate to String Catalog" makes it (`catalog-writing.md` §3):
/// every key of every language, values verbatim (see ``LocalizationMapper``), every unit
/// `translated`, `extractionState` `migrated`, the source language's comment as the entry's
/// `comment` (genstrings' "No comment provided by engineer." dropped).
public enum LegacyImport {
  /// What the legacy files hold.
  public struct Input: Sendable {
    /// The catalog's `sourceLanguage`.
    public var sourceLanguage: String
    /// One table per language (languages as the catalog names them: `Base` already mapped).
    public var tables: [StringTable]
    /// The comment of each key in the source language's `.strings` file.
    public var comments: [String: String]
    /// The `.strings` and `.stringsdict` file of each language, for messages.
    public var files: [String: (strings: String?, stringsdict: String?)]

    public init(
      sourceLanguage: String, tables: [StringTable], comments: [String: String] = [:],
      files: [String: (strings: String?, stringsdict: String?)] = [:]
    ) {
      self.sourceLanguage = sourceLanguage
      self.tables = tables
      self.comments = comments
      self.files = files
    }
  }

  /// The new catalog, and the `.strings` values left out because the same key's `.stringsdict`
  /// entry wins (as warnings: Xcode's migration drops them silently).
  public struct Output: Sendable {
    public var catalog: Catalog
    public var droppedTexts: [ImportIssue]
  }

  /// The comment genstrings writes when the code gives none; Xcode's migration drops it.
  public static let genstringsPlaceholder = "No comment provided by engineer."

  /// The catalog of `input` (version `version`), or every key that cannot be represented.
  public static func catalog(_ input: Input, version: String = "1.0") -> Result<
    Output, ImportFailure
  > {
    let mapped = Parallel.map(input.tables) { table in map(table, files: input.files) }
    var issues: [ImportIssue] = []
    var dropped: [ImportIssue] = []
    var entries: [CatalogEntry] = []
    var index: [String: Int] = [:]
    for (table, result) in zip(input.tables, mapped) {
      issues += result.issues
      dropped += result.dropped
      for (key, node) in result.nodes {
        let localization = Localization(language: table.language, node: node)
        if let position = index[key] {
          entries[position].localizations.append(localization)
        } else {
          index[key] = entries.count
          let comment = input.comments[key].flatMap { $0 == genstringsPlaceholder ? nil : $0 }
          entries.append(
            CatalogEntry(
              key: key, comment: comment, extractionState: .migrated,
              localizations: [localization]))
        }
      }
    }
    guard issues.isEmpty else { return .failure(ImportFailure(issues)) }
    let catalog = Catalog(sourceLanguage: input.sourceLanguage, version: version, entries: entries)
    return .success(Output(catalog: catalog, droppedTexts: dropped))
  }

  /// Every key of one language's table as a localization node (keys in the table's order).
  private static func map(
    _ table: StringTable, files: [String: (strings: String?, stringsdict: String?)]
  ) -> (nodes: [(String, LocalizationNode)], issues: [ImportIssue], dropped: [ImportIssue]) {
    let paths = files[table.language]
    var nodes: [(String, LocalizationNode)] = []
    var issues: [ImportIssue] = []
    var dropped: [ImportIssue] = []
    nodes.reserveCapacity(table.keyCount)
    let (strings, rules) = (table.strings, table.rules)
    // Both files' keys walked side by side (sorted lists): no lookup per key.
    KeyOrder.forEachMerged(strings.keys, rules.keys) { s, r in
      let key = s.map { strings.keys[$0] } ?? rules.keys[r!]
      var mapper = LocalizationMapper(key: key, state: .translated)
      do throws(MappingError) {
        let node = try mapper.node(
          text: s.map { strings.values[$0] }, rule: r.map { rules.values[$0] })
        nodes.append((key, node))
        if mapper.droppedText {
          dropped.append(
            ImportIssue(
              language: table.language, key: key,
              reason: "the key is also in the .stringsdict file, whose entry is imported; the "
                + ".strings value is not", file: paths?.strings))
        }
      } catch {
        issues.append(
          ImportIssue(
            language: table.language, key: key, reason: error.reason, file: paths?.stringsdict))
      }
    }
    return (nodes, issues, dropped)
  }
}
