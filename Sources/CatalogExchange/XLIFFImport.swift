import LHCBase
import StringCatalog
import XLIFF

/// XLIFF `<file>`s → a catalog, unit by unit, the way Xcode 27's import applies them (`xliff.md`
/// §3), without the data Xcode loses (§4).
///
/// Per unit: no `<target>` changes nothing; a target in state `new`, `needs-review-l10n` or
/// `needs-review-translation` is not applied; any other target (any other state, none, an
/// unknown one) sets the value, state `translated`, or `machine_translated` with
/// `state-qualifier="leveraged-mt"`; an empty target clears the value. Text is brought back to
/// catalog form (``UnitText``); inline elements were flattened by the reader. Per key: when a
/// unit's `<source>` is not the catalog's current source for it, no unit of the key is applied
/// ("Ignoring overrides …"). As Xcode, plural cases exported without a target are added as `new`
/// with the source text for a language the catalog has.
///
/// Where Xcode drops data, lhc applies the unit or refuses the file: units are matched by id
/// against the catalog's own keys (``UnitResolver``: literal keys with `|==|`, delimiters in keys);
/// a unit that does not fit the localization's shape (what `lhc export` writes for it, plus any
/// plural category of a plural it has) is an error, as is a change that would leave substitutions
/// without their string. Units absent from the XLIFF change nothing (Xcode drops target-only
/// substitutions whose units were removed). A file with an error changes nothing.
public struct XLIFFImport {
  public private(set) var catalog: Catalog
  /// What the applied files changed, in the order applied.
  public private(set) var changes: [ImportChange] = []
  private let resolver: UnitResolver
  /// The languages the catalog had before the import (Xcode adds missing plural cases only there).
  private let languages: Set<String>

  public init(_ catalog: Catalog) {
    self.catalog = catalog
    resolver = UnitResolver(catalog)
    var languages: Set<String> = [catalog.sourceLanguage]
    for entry in catalog.entries {
      for localization in entry.localizations { languages.insert(localization.language) }
    }
    self.languages = languages
  }

  /// Applies `file`; returns its diagnostics (offsets into the XLIFF document). With an error
  /// among them, nothing of the file was applied.
  public mutating func apply(_ file: XLIFFFile, catalogName: String) -> [Diagnostic] {
    guard let language = file.targetLanguage, !language.isEmpty else {
      return [
        .error("<file original=\"\(file.original)\"> has no target-language", offset: file.offset)
      ]
    }
    guard file.sourceLanguage == catalog.sourceLanguage else {
      return [
        .error(
          "the XLIFF's source-language '\(file.sourceLanguage)' is not the source language of "
            + "\(catalogName), '\(catalog.sourceLanguage)'", offset: file.offset)
      ]
    }
    var diagnostics: [Diagnostic] = []
    var seen: [String: Int] = [:]
    var byEntry: [Int: [(unit: TransUnit, path: UnitPath)]] = [:]
    var order: [Int] = []
    for unit in file.units {
      if seen.updateValue(unit.offset, forKey: unit.id) != nil {
        diagnostics.append(
          .error("trans-unit id '\(unit.id)' occurs twice in the file", offset: unit.offset))
        continue
      }
      guard let (entry, path) = resolver.resolve(unit.id) else {
        diagnostics.append(
          .warning(
            "\(catalogName) has no key for trans-unit '\(unit.id)'; not imported",
            offset: unit.offset))
        continue
      }
      if byEntry[entry] == nil { order.append(entry) }
      byEntry[entry, default: []].append((unit, path))
    }
    var edits: [(entry: Int, localization: Localization)] = []
    var changes: [ImportChange] = []
    // Once per file: the categories are computed from the CLDR samples when asked.
    let requiredCategories = ExportCategories.required(for: language)
    for entry in order {
      var edit = EntryImport(
        entry: catalog.entries[entry], sourceLanguage: catalog.sourceLanguage, language: language,
        requiredCategories: requiredCategories, catalogHasLanguage: languages.contains(language),
        catalogName: catalogName)
      edit.apply(byEntry[entry]!)
      diagnostics += edit.diagnostics
      if let localization = edit.result {
        edits.append((entry, localization))
        changes += edit.changes
      }
    }
    guard !diagnostics.contains(where: { $0.severity == .error }) else { return diagnostics }
    for (entry, localization) in edits {
      var localizations = catalog.entries[entry].localizations
      if let index = localizations.firstIndex(where: { $0.language == language }) {
        localizations[index].node = localization.node
      } else {
        localizations.append(localization)
      }
      catalog.entries[entry].localizations = localizations
    }
    self.changes += changes
    return diagnostics
  }

  /// Sets the catalog's `version`.
  public mutating func setVersion(_ version: String) {
    catalog.version = version
  }
}

/// One change an import makes: a unit's value or state.
public struct ImportChange: Sendable, Equatable {
  public var key: String
  public var language: String
  /// The unit id (`key|==|plural.one`).
  public var id: String
  /// The unit before (nil: there was none) and after.
  public var old: StringUnit?
  public var new: StringUnit
}
