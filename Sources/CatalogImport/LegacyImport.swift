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
    /// With `skippingUnsafe`: the entries left out because a catalog cannot hold them.
    public var skipped: [ImportIssue] = []
  }

  /// The comment genstrings writes when the code gives none; Xcode's migration drops it.
  public static let genstringsPlaceholder = "No comment provided by engineer."

  /// The catalog of `input` (version `version`), or every key that cannot be represented; with
  /// `skippingUnsafe`, the catalog of every entry that can be, those that cannot listed in
  /// ``Output/skipped``: the catalog of the files without those `.stringsdict` entries (a
  /// `.strings` value of the same key is then imported).
  ///
  /// Entries are in key order (``KeyOrder``; the writer sorts them its own way), each with its
  /// localizations in the order of `input.tables`. The tables are mapped on every core, then the
  /// entries are made on every core too, each from the tables' nodes at its key: every table's
  /// keys are sorted, so no key is hashed (collecting the nodes key by key through a dictionary
  /// was a serial 15 % of importing the 171 MB bench catalog's tree).
  public static func catalog(
    _ input: Input, version: String = "1.0", skippingUnsafe: Bool = false
  ) -> Result<Output, ImportFailure> {
    let mapped = Parallel.map(input.tables) { table in
      map(table, files: input.files, skipping: skippingUnsafe)
    }
    let issues = mapped.flatMap(\.issues)
    guard issues.isEmpty || skippingUnsafe else { return .failure(ImportFailure(issues)) }
    // Every key of every table, in key order; most tables have them all (one comparison of lists).
    var keys = mapped.first?.keys ?? []
    for table in mapped.dropFirst() where table.keys != keys {
      keys = KeyOrder.union(keys, table.keys)
    }
    // Each table's nodes by the index of their key in `keys`.
    let positions = Parallel.map(mapped) { table -> [Int] in
      guard table.keys.count != keys.count else { return Array(keys.indices) }
      var positions: [Int] = []
      positions.reserveCapacity(table.keys.count)
      var index = 0
      KeyOrder.forEachMerged(keys, table.keys) { _, own in
        if own != nil { positions.append(index) }
        index += 1
      }
      return positions
    }
    let languages = input.tables.map(\.language)
    let parts = keys.count < 1024 ? 1 : Parallel.processorCount
    let runs = (0..<parts).map { keys.count * $0 / parts..<keys.count * ($0 + 1) / parts }
    let made = Parallel.map(runs) { run -> [CatalogEntry] in
      // Per table, its next node at or after the run's first key.
      var next = positions.map { own in firstIndex(in: own, atOrAfter: run.lowerBound) }
      var entries: [CatalogEntry] = []
      entries.reserveCapacity(run.count)
      for index in run {
        var localizations: [Localization] = []
        localizations.reserveCapacity(languages.count)
        for table in mapped.indices
        where next[table] < positions[table].count && positions[table][next[table]] == index {
          localizations.append(
            Localization(language: languages[table], node: mapped[table].nodes[next[table]]))
          next[table] += 1
        }
        let key = keys[index]
        let comment = input.comments[key].flatMap { $0 == genstringsPlaceholder ? nil : $0 }
        entries.append(
          CatalogEntry(
            key: key, comment: comment, extractionState: .migrated, localizations: localizations))
      }
      return entries
    }
    var entries: [CatalogEntry] = []
    entries.reserveCapacity(keys.count)
    for run in made { entries += run }
    let catalog = Catalog(sourceLanguage: input.sourceLanguage, version: version, entries: entries)
    return .success(
      Output(catalog: catalog, droppedTexts: mapped.flatMap(\.dropped), skipped: issues))
  }

  /// The index of the first of `positions` (ascending) that is `start` or more.
  private static func firstIndex(in positions: [Int], atOrAfter start: Int) -> Int {
    var (low, high) = (0, positions.count)
    while low < high {
      let middle = (low + high) / 2
      if positions[middle] < start { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// One language's table mapped: its keys in key order, `nodes[i]` for `keys[i]`.
  private struct Mapped {
    var keys: [String] = []
    var nodes: [LocalizationNode] = []
    /// Entries that cannot be mapped: not among `keys`, unless the key's `.strings` value is
    /// (mapped alone, as the files without the entry would be).
    var issues: [ImportIssue] = []
    var dropped: [ImportIssue] = []
  }

  /// Every key of one language's table as a localization node (keys in the table's order); a
  /// `.stringsdict` entry that cannot be mapped is an issue, its key's `.strings` value mapped
  /// alone when `skipping`.
  private static func map(
    _ table: StringTable, files: [String: (strings: String?, stringsdict: String?)],
    skipping: Bool
  ) -> Mapped {
    let paths = files[table.language]
    var mapped = Mapped()
    let count = table.keyCount
    mapped.keys.reserveCapacity(count)
    mapped.nodes.reserveCapacity(count)
    let (strings, rules) = (table.strings, table.rules)
    // Both files' keys walked side by side (sorted lists): no lookup per key.
    KeyOrder.forEachMerged(strings.keys, rules.keys) { s, r in
      let key = s.map { strings.keys[$0] } ?? rules.keys[r!]
      var mapper = LocalizationMapper(key: key, state: .translated)
      do throws(MappingError) {
        let node = try mapper.node(
          text: s.map { strings.values[$0] }, rule: r.map { rules.values[$0] })
        mapped.keys.append(key)
        mapped.nodes.append(node)
        if mapper.droppedText {
          mapped.dropped.append(
            ImportIssue(
              language: table.language, key: key,
              reason: "the key is also in the .stringsdict file, whose entry is imported; the "
                + ".strings value is not", file: paths?.strings))
        }
      } catch {
        let fallback = skipping ? s : nil
        mapped.issues.append(
          ImportIssue(
            language: table.language, key: key,
            reason: error.reason + (fallback == nil ? "" : "; the .strings value is imported"),
            file: paths?.stringsdict))
        if let fallback {
          mapped.keys.append(key)
          mapped.nodes.append(mapper.leaf(strings.values[fallback]))
        }
      }
    }
    return mapped
  }
}
