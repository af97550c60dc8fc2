import LHCBase
import StringCatalog

/// Translation progress of one catalog, per language: the numbers `lhc stats` reports.
///
/// Definitions (also in `man/lhc-stats.1`):
/// - **languages**: the source language first, then every language that has a localization in
///   any entry, sorted by ``KeyOrder`` (UTF-16 code units).
/// - **keys**: entries to translate, the same set for every language: `shouldTranslate` is not
///   `false` and `extractionState` is not `stale`.
/// - each key falls in exactly one of four buckets per language (see ``KeyStatus``):
///   `translated + needsReview + new + missing == keys`. In the source language every key is
///   `translated` (``sourceStatus``).
/// - **plurals**: among the keys whose source-language or this language's localization has a plural
///   variation (anywhere: top level, under a device case, in a substitution), how many have, in
///   this language, every category CLDR requires (see ``PluralCompleteness``).
public struct CatalogStats: Sendable, Equatable {
  /// The catalog's `sourceLanguage`.
  public var sourceLanguage: String
  /// One row per language, source language first.
  public var languages: [LanguageStats]

  public init(sourceLanguage: String, languages: [LanguageStats]) {
    self.sourceLanguage = sourceLanguage
    self.languages = languages
  }

  /// Counts `catalog` for `languages` (default: ``languages(of:)``). A language the catalog has no
  /// localization for is counted too: every key is `missing` there.
  public init(_ catalog: Catalog, languages: [String]? = nil) {
    let languages = languages ?? Self.languages(of: catalog)
    sourceLanguage = catalog.sourceLanguage
    var rows = languages.map { LanguageStats(language: $0) }
    let isSource = languages.map { $0 == catalog.sourceLanguage }
    var rowsOf: [String: [Int]] = [:]
    for (row, language) in languages.enumerated() { rowsOf[language, default: []].append(row) }
    // Each entry is walked once, its localizations counted in their rows; the rows of languages
    // it lacks then count it as missing. `counted[row] == ordinal`: the row has this entry.
    var counted = [Int](repeating: -1, count: rows.count)
    for (ordinal, entry) in catalog.entries.enumerated() where Self.counts(entry) {
      let sourceHasPlural = PluralCompleteness.hasPlural(
        entry.localization(for: catalog.sourceLanguage))
      func count(_ localization: Localization?, in row: Int) {
        rows[row].add(isSource[row] ? Self.sourceStatus : KeyStatus(localization))
        if sourceHasPlural || PluralCompleteness.hasPlural(localization) {
          rows[row].plurals.total += 1
          if PluralCompleteness.isComplete(localization, language: languages[row]) {
            rows[row].plurals.complete += 1
          }
        }
      }
      for localization in entry.localizations {
        for row in rowsOf[localization.language] ?? [] where counted[row] != ordinal {
          counted[row] = ordinal  // the first localization of a language is the entry's
          count(localization, in: row)
        }
      }
      for row in rows.indices where counted[row] != ordinal { count(nil, in: row) }
    }
    self.languages = rows
  }

  /// The bucket of every key in the catalog's source language: `translated`, whatever its
  /// source-language localization holds. The source language is complete by its nature: its text
  /// is the source unit's value or, without one, the key itself (a key Xcode extracted from
  /// `Text("Cancel")` has no source unit). Xcode's own sync leaves the source units it writes in
  /// state `new` (and a developer may mark one `needs_review`); neither is translation work.
  /// Plural completeness is counted as in every other language.
  public static let sourceStatus = KeyStatus.translated

  /// True for an entry that is to be translated: `shouldTranslate` is not `false` and
  /// `extractionState` is not `stale` (no longer in the code).
  public static func counts(_ entry: CatalogEntry) -> Bool {
    entry.shouldTranslate != false && entry.extractionState != .stale
  }

  /// The source language, then every other language with a localization in any entry (counted or
  /// not), sorted by UTF-16 code units.
  public static func languages(of catalog: Catalog) -> [String] {
    var seen: Set<String> = [catalog.sourceLanguage]
    var others: [String] = []
    for entry in catalog.entries {
      for localization in entry.localizations where seen.insert(localization.language).inserted {
        others.append(localization.language)
      }
    }
    return [catalog.sourceLanguage] + others.sorted(by: KeyOrder.precedes)
  }

  /// Per-language sums over several catalogs (the totals of `lhc stats A B`). Languages are the
  /// first catalog's source language, then every other language sorted; each catalog must have been
  /// counted for the same languages (see ``init(_:languages:)``) so that a language a catalog
  /// lacks counts its keys as missing.
  public static func totals(_ catalogs: [CatalogStats]) -> [LanguageStats] {
    var order: [String] = []
    var rows: [String: LanguageStats] = [:]
    for catalog in catalogs {
      for row in catalog.languages {
        if rows[row.language] == nil { order.append(row.language) }
        rows[row.language, default: LanguageStats(language: row.language)] += row
      }
    }
    let first = catalogs.first.map { [$0.sourceLanguage] } ?? []
    let rest = order.filter { !first.contains($0) }.sorted(by: KeyOrder.precedes)
    return (first + rest).compactMap { rows[$0] }
  }
}
