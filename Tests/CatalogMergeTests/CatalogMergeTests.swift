import CatalogMerge
import CatalogWriter
import Foundation
import LHCBase
import LHCTestSupport
import StringCatalog
import Testing

/// The merge rules on hand-made catalogs.
@Suite("CatalogMerge")
struct CatalogMergeTests {
  static func unit(_ value: String, _ state: UnitState = .translated) -> LocalizationNode {
    LocalizationNode(stringUnit: StringUnit(state: state, value: value))
  }

  static func plural(_ forms: [(String, String)]) -> LocalizationNode {
    LocalizationNode(variations: [
      Variation(kind: .plural, cases: forms.map { VariationCase(name: $0.0, node: unit($0.1)) })
    ])
  }

  static let base = Catalog(
    sourceLanguage: "en", version: "1.0",
    entries: [
      CatalogEntry(
        key: "greeting", comment: "Shown at start",
        localizations: [
          Localization(language: "en", node: unit("Hello")),
          Localization(language: "de", node: unit("Hallo")),
        ]),
      CatalogEntry(
        key: "%lld files",
        localizations: [
          Localization(
            language: "en", node: plural([("one", "%lld file"), ("other", "%lld files")]))
        ]),
      CatalogEntry(key: "old", localizations: [Localization(language: "en", node: unit("Old"))]),
    ])

  /// Applies `edit` to a copy of the base.
  static func edited(_ edit: (inout Catalog) -> Void) -> Catalog {
    var catalog = base
    edit(&catalog)
    return catalog
  }

  static func setNode(
    _ catalog: inout Catalog, _ key: String, _ language: String, _ node: LocalizationNode?
  ) {
    let entry = catalog.entries.firstIndex { $0.key == key }!
    catalog.entries[entry].localizations.removeAll { $0.language == language }
    if let node {
      catalog.entries[entry].localizations.append(Localization(language: language, node: node))
    }
  }

  func bytes(_ result: CatalogMerge.Result) -> [UInt8] { CatalogWriter.bytes(result.catalog) }

  @Test func changesToDifferentKeysLanguagesAndCasesMergeCleanly() {
    let ours = Self.edited { catalog in
      Self.setNode(&catalog, "greeting", "de", Self.unit("Guten Tag"))
      Self.setNode(
        &catalog, "%lld files", "en", Self.plural([("one", "one file"), ("other", "%lld files")]))
      catalog.entries.append(
        CatalogEntry(
          key: "new", localizations: [Localization(language: "en", node: Self.unit("New"))]))
    }
    let theirs = Self.edited { catalog in
      Self.setNode(&catalog, "greeting", "fr", Self.unit("Bonjour"))
      Self.setNode(
        &catalog, "%lld files", "en", Self.plural([("one", "%lld file"), ("other", "many files")]))
      catalog.entries[0].comment = "Shown first"
      catalog.entries.removeAll { $0.key == "old" }
    }
    let merged = merge(base: Self.base, ours: ours, theirs: theirs)
    #expect(merged.conflicts.isEmpty)
    let expected = Self.edited { catalog in
      Self.setNode(&catalog, "greeting", "de", Self.unit("Guten Tag"))
      Self.setNode(&catalog, "greeting", "fr", Self.unit("Bonjour"))
      Self.setNode(
        &catalog, "%lld files", "en", Self.plural([("one", "one file"), ("other", "many files")]))
      catalog.entries.append(
        CatalogEntry(
          key: "new", localizations: [Localization(language: "en", node: Self.unit("New"))]))
      catalog.entries[0].comment = "Shown first"
      catalog.entries.removeAll { $0.key == "old" }
    }
    #expect(bytes(merged) == CatalogWriter.bytes(expected))
    #expect(bytes(merge(base: Self.base, ours: theirs, theirs: ours)) == bytes(merged))
  }

  @Test func sameAdditionOnBothSidesIsOneEntry() {
    let added = Self.edited { catalog in
      catalog.entries.append(
        CatalogEntry(
          key: "both", localizations: [Localization(language: "en", node: Self.unit("Both"))]))
    }
    let merged = merge(base: Self.base, ours: added, theirs: added)
    #expect(merged.conflicts.isEmpty)
    #expect(merged.catalog.entries.count { $0.key == "both" } == 1)
  }

  @Test func entryAddedOnBothSidesWithDifferentLanguagesMerges() {
    let ours = Self.edited { catalog in
      catalog.entries.append(
        CatalogEntry(
          key: "both", localizations: [Localization(language: "en", node: Self.unit("Both"))]))
    }
    let theirs = Self.edited { catalog in
      catalog.entries.append(
        CatalogEntry(
          key: "both", localizations: [Localization(language: "de", node: Self.unit("Beide"))]))
    }
    let merged = merge(base: Self.base, ours: ours, theirs: theirs)
    #expect(merged.conflicts.isEmpty)
    #expect(
      merged.catalog.entries.first { $0.key == "both" }?.localizations.map(\.language) == [
        "en", "de",
      ])
  }

  @Test func deletionAndNoChangeDeletes() {
    let ours = Self.edited { $0.entries.removeAll { $0.key == "old" } }
    let merged = merge(base: Self.base, ours: Self.base, theirs: ours)
    #expect(merged.conflicts.isEmpty)
    #expect(!merged.catalog.entries.contains { $0.key == "old" })
  }

  @Test func sameUnitChangedDifferentlyConflictsKeepingOurs() {
    let ours = Self.edited {
      Self.setNode(&$0, "%lld files", "en", Self.plural([("one", "A"), ("other", "%lld files")]))
    }
    let theirs = Self.edited {
      Self.setNode(&$0, "%lld files", "en", Self.plural([("one", "B"), ("other", "%lld files")]))
    }
    let merged = merge(base: Self.base, ours: ours, theirs: theirs)
    #expect(
      merged.conflicts == [
        CatalogMerge.Conflict(
          key: "%lld files", language: "en", path: "plural.one", ours: "\"A\"", theirs: "\"B\"")
      ])
    #expect(merged.conflicts[0].location == "en: %lld files|==|plural.one")
    #expect(bytes(merged) == CatalogWriter.bytes(ours))
    let favored = merge(base: Self.base, ours: ours, theirs: theirs, favor: .theirs)
    #expect(CatalogWriter.bytes(favored.catalog) == CatalogWriter.bytes(theirs))
    #expect(favored.conflicts.count == 1)
  }

  @Test func stateOnlyConflictShowsStates() {
    let ours = Self.edited { Self.setNode(&$0, "greeting", "de", Self.unit("Hallo", .needsReview)) }
    let theirs = Self.edited { Self.setNode(&$0, "greeting", "de", Self.unit("Hallo", .stale)) }
    let merged = merge(base: Self.base, ours: ours, theirs: theirs)
    #expect(merged.conflicts.map(\.ours) == ["\"Hallo\" (needs_review)"])
    #expect(merged.conflicts.map(\.theirs) == ["\"Hallo\" (stale)"])
  }

  @Test func changeAgainstDeletionConflicts() {
    let ours = Self.edited { $0.entries.removeAll { $0.key == "old" } }
    let theirs = Self.edited { Self.setNode(&$0, "old", "en", Self.unit("Older")) }
    let merged = merge(base: Self.base, ours: ours, theirs: theirs)
    #expect(
      merged.conflicts == [
        CatalogMerge.Conflict(
          key: "old", language: nil, path: "", ours: "(deleted)", theirs: "(changed)")
      ])
    #expect(!merged.catalog.entries.contains { $0.key == "old" })
    let language = merge(
      base: Self.base, ours: Self.edited { Self.setNode(&$0, "greeting", "de", nil) },
      theirs: Self.edited { Self.setNode(&$0, "greeting", "de", Self.unit("Servus")) })
    #expect(language.conflicts.map(\.location) == ["de: greeting"])
    #expect(language.conflicts.map(\.theirs) == ["\"Servus\""])
  }

  @Test func fieldsAndVersionsAndUnknownMembers() {
    let ours = Self.edited { catalog in
      catalog.version = "1.1"
      catalog.entries[0].comment = "ours"
      catalog.entries[0].unknownMembers = [RawMember("x-ours", .bool(true))]
    }
    let theirs = Self.edited { catalog in
      catalog.version = "1.3"
      catalog.entries[0].comment = "theirs"
      catalog.entries[0].unknownMembers = [RawMember("x-theirs", .number("1"))]
    }
    let merged = merge(base: Self.base, ours: ours, theirs: theirs)
    #expect(merged.catalog.version == "1.3")
    #expect(merged.conflicts.map(\.location) == ["greeting|==|comment"])
    #expect(merged.catalog.entries[0].unknownMembers.map(\.name) == ["x-ours", "x-theirs"])
  }

  /// Offsets (where things stood in each file) are not changes.
  @Test func offsetsAreIgnored() {
    var moved = Self.base
    moved.entries[0].offset = 99
    moved.entries[0].localizations[0].node.offset = 7
    let merged = merge(base: Self.base, ours: moved, theirs: Self.edited { $0.version = "1.1" })
    #expect(merged.conflicts.isEmpty)
    #expect(merged.catalog.version == "1.1")
  }
}
