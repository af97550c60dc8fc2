import CatalogMerge
import CatalogWriter
import Foundation
import LHCBase
import LHCTestSupport
import StringCatalog
import Testing

/// Random pairs of edits to random catalogs: order independence, no lost edit, valid output.
@Suite("CatalogMerge properties")
struct MergePropertyTests {
  /// One scripted change, and where it lands: `[key]`, `[key, language]`,
  /// `[key, language, kind.case]` or `[key, "#comment"]`. Two edits overlap when one's place is
  /// a prefix of the other's.
  struct Edit {
    var place: [String]
    var apply: (inout Catalog) -> Void

    func overlaps(_ other: Edit) -> Bool {
      let count = min(place.count, other.place.count)
      return Array(place.prefix(count)) == Array(other.place.prefix(count))
    }
  }

  /// A random edit of `catalog`.
  static func edit(of catalog: Catalog, _ random: inout RandomCatalog) -> Edit {
    guard let entry = catalog.entries.isEmpty ? nil : random.pick(catalog.entries) else {
      return addition(&random)
    }
    let key = entry.key
    // An earlier edit of the same side may have removed the entry: the edit then does nothing.
    func indexOf(_ catalog: Catalog) -> Int? { catalog.entries.firstIndex { $0.key == key } }
    switch random.int(0...6) {
    case 0:
      return Edit(place: [key]) { $0.entries.removeAll { $0.key == key } }
    case 1:
      let comment = random.text()
      return Edit(place: [key, "#comment"]) { catalog in
        if let index = indexOf(catalog) { catalog.entries[index].comment = comment }
      }
    case 2, 3:
      let language = random.pick(["en", "de", "fr", "ja", "pt-BR"])
      let node = random.node()
      return Edit(place: [key, language]) { catalog in
        guard let index = indexOf(catalog) else { return }
        catalog.entries[index].localizations.removeAll { $0.language == language }
        catalog.entries[index].localizations.append(Localization(language: language, node: node))
      }
    case 4:
      guard let localization = entry.localizations.first else { return addition(&random) }
      let language = localization.language
      return Edit(place: [key, language]) { catalog in
        guard let index = indexOf(catalog) else { return }
        catalog.entries[index].localizations.removeAll { $0.language == language }
      }
    case 5:
      let varied = entry.localizations.filter { !($0.node.variations.first?.cases.isEmpty ?? true) }
      guard !varied.isEmpty else { return addition(&random) }
      let localization = random.pick(varied)
      let variation = localization.node.variations[0]
      let name = random.pick(variation.cases).name
      let unit = random.unit()
      return Edit(place: [key, localization.language, "\(variation.kind.rawValue).\(name)"]) {
        catalog in
        guard let index = indexOf(catalog),
          let l = catalog.entries[index].localizations.firstIndex(where: {
            $0.language == localization.language
          }),
          let c = catalog.entries[index].localizations[l].node.variations.first?.cases.firstIndex(
            where: { $0.name == name })
        else { return }
        catalog.entries[index].localizations[l].node.variations[0].cases[c].node =
          LocalizationNode(stringUnit: unit)
      }
    default:
      return addition(&random)
    }
  }

  /// A new entry (its key may exist: then it replaces the entry).
  static func addition(_ random: inout RandomCatalog) -> Edit {
    let key = "added " + random.pick(["a", "b", "c", "d"])
    let entry = random.entry(key: key)
    return Edit(place: [key]) { catalog in
      catalog.entries.removeAll { $0.key == key }
      catalog.entries.append(entry)
    }
  }

  static func applying(_ edits: [Edit], to catalog: Catalog) -> Catalog {
    var catalog = catalog
    for edit in edits { edit.apply(&catalog) }
    return catalog
  }

  /// Edits that do not overlap: a clean merge, the same bytes in both directions, and exactly
  /// the catalog with both edit sets applied.
  @Test func nonOverlappingEditsMergeCleanlyInEitherOrder() throws {
    var random = RandomCatalog(seed: 41)
    for round in 0..<120 {
      let base = random.catalog(entries: random.int(1...12))
      var ours: [Edit] = []
      var theirs: [Edit] = []
      for _ in 0..<random.int(1...8) {
        let edit = Self.edit(of: base, &random)
        let side = random.chance(50)
        let rival = side ? theirs : ours
        guard !rival.contains(where: edit.overlaps) else { continue }
        if side { ours.append(edit) } else { theirs.append(edit) }
      }
      let a = Self.applying(ours, to: base)
      let b = Self.applying(theirs, to: base)
      let merged = merge(base: base, ours: a, theirs: b)
      #expect(merged.conflicts.isEmpty, "round \(round): \(merged.conflicts)")
      let bytes = CatalogWriter.bytes(merged.catalog)
      let reversed = CatalogWriter.bytes(merge(base: base, ours: b, theirs: a).catalog)
      let expected = CatalogWriter.bytes(Self.applying(theirs, to: a))
      #expect(bytes == reversed, "round \(round): order matters")
      #expect(bytes == expected, "round \(round): an edit was lost")
      try Self.expectValid(bytes, round)
    }
  }

  /// Any edits: a valid catalog; conflicts only where both sides edited; ours kept for them
  /// (and theirs with `--favor theirs`).
  @Test func overlappingEditsGiveValidCatalogsAndConflictsOnlyWhereBothEdited() throws {
    var random = RandomCatalog(seed: 97)
    for round in 0..<120 {
      let base = random.catalog(entries: random.int(1...6))
      let ours = (0..<random.int(1...5)).map { _ in Self.edit(of: base, &random) }
      let theirs = (0..<random.int(1...5)).map { _ in Self.edit(of: base, &random) }
      let a = Self.applying(ours, to: base)
      let b = Self.applying(theirs, to: base)
      let merged = merge(base: base, ours: a, theirs: b)
      try Self.expectValid(CatalogWriter.bytes(merged.catalog), round)
      for conflict in merged.conflicts {
        let edited = { (edits: [Edit]) in edits.contains { $0.place.first == conflict.key } }
        #expect(edited(ours) && edited(theirs), "round \(round): \(conflict)")
      }
      if merged.conflicts.isEmpty {
        let reversed = merge(base: base, ours: b, theirs: a)
        #expect(CatalogWriter.bytes(reversed.catalog) == CatalogWriter.bytes(merged.catalog))
      }
      let favored = merge(base: base, ours: a, theirs: b, favor: .theirs)
      let mirrored = merge(base: base, ours: b, theirs: a)
      #expect(
        CatalogWriter.bytes(favored.catalog) == CatalogWriter.bytes(mirrored.catalog),
        "round \(round): favoring theirs is merging the other way")
    }
  }

  /// The writer's output parses with Foundation into its own form and re-reads losslessly.
  static func expectValid(_ bytes: [UInt8], _ round: Int) throws {
    let object = try JSONSerialization.jsonObject(with: Data(bytes))
    let data = try JSONSerialization.data(
      withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    #expect(Array(data) == bytes, "round \(round): not in Foundation's form")
    let reread = try CatalogReader.readLossless(SourceText(path: "m.xcstrings", bytes: bytes))
    #expect(CatalogWriter.bytes(reread.catalog) == bytes, "round \(round)")
  }
}
