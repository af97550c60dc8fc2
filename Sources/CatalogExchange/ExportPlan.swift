import LHCBase
import StringCatalog
import XLIFF

/// The units of one catalog in one language, as records: which entry, which of its source units
/// or which path, where the id's bytes are.
struct ExportPlan {
  /// One unit: its entry, its source unit or path, where its id's bytes are, and its place in the
  /// walk.
  struct Unit {
    var entry: Int
    /// Index in the prepared catalog's ``SourceUnits/units``; -1 for a unit the source's shape
    /// does not have.
    var source: Int
    /// Index in ``paths`` for a unit that is not a source unit (-1 for a source unit).
    var path: Int
    /// The id's bytes: in ``SourceUnits/ids`` for a source unit, else in ``idBytes``.
    var idStart: Int
    var idCount: Int
    /// The unit's place among its entry's units, for the order errors are reported in (entries
    /// in catalog order, then units in walk order, as Xcode's walk meets them).
    var rank: Int
    /// Index in ``targets``; -1 when the unit has no target (or the source language's export).
    var target: Int

    /// The id's bytes, given the source units' ids and the plan's ``idBytes``.
    func id(
      sources: UnsafeBufferPointer<UInt8>, ids: UnsafeBufferPointer<UInt8>
    ) -> UnsafeBufferPointer<UInt8> {
      UnsafeBufferPointer(rebasing: (source >= 0 ? sources : ids)[idStart..<idStart + idCount])
    }
  }

  let prepared: CatalogExport.Prepared
  let language: String
  let requiredCategories: [String]
  let sourceSlot: Int?
  let targetSlot: Int?
  let isSourceLanguage: Bool
  private(set) var units: [Unit] = []
  /// The paths of the units that are not source units.
  private(set) var paths: [UnitPath] = []
  /// The ids of the units that are not source units, one after another.
  private(set) var idBytes: [UInt8] = []
  /// The targets of the units that have one, found as the walk met their nodes.
  private(set) var targets: [CatalogExport.Target] = []
  /// The targets' texts in export form, UTF-8, one after another. Copied here as the walk meets
  /// them, not kept as strings: each string retained in the plan, again when written and
  /// released with the plan touched the catalog's cold string storage three more times (on the
  /// 171 MB bench catalog `swift_retain` and `swift_release` were over half of the writing's
  /// CPU time, `perf record -e cpu-clock`); the writing now reads one buffer in order (its
  /// samples halved; the plan's grew by part of that, the bytes' first read moved there).
  private(set) var targetTexts: [UInt8] = []

  init(_ prepared: CatalogExport.Prepared, language: String) {
    self.prepared = prepared
    self.language = language
    requiredCategories = ExportCategories.required(for: language)
    sourceSlot = prepared.slots[prepared.catalog.sourceLanguage]
    targetSlot = prepared.slots[language]
    isSourceLanguage = language == prepared.catalog.sourceLanguage
    var builder = Builder(prepared: prepared)
    let entries = prepared.catalog.entries
    for entry in prepared.order {
      // The shape is the target's when it has one, else the source's (as
      // ``EntryUnits/appendPaths(to:)``), walked in place: the nodes are not copied.
      let source = prepared.localization(entry, slot: sourceSlot)
      let target = isSourceLanguage ? source : prepared.localization(entry, slot: targetSlot)
      let targetShape = target >= 0 && !entries[entry].localizations[target].node.isEmpty
      // The walk of the target's shape meets each unit's target (nothing else has one).
      builder.start(entry, findingTargets: targetShape && !isSourceLanguage)
      let shape = targetShape ? target : source
      // A node that is a string unit alone (most are) is its one unit, at the root, read here
      // in place: passed to the walk, every node was copied (its references retained and
      // released, on the catalog's cold memory: 7 % of the 171 MB bench catalog's export CPU
      // time, `perf record -e cpu-clock`), and its string unit again in ``Builder/visit``.
      if shape >= 0, entries[entry].localizations[shape].node.variations.isEmpty,
        entries[entry].localizations[shape].node.substitutions.isEmpty,
        case .some(let unit) = entries[entry].localizations[shape].node.stringUnit
      {
        builder.visitRoot(unit)
      } else if targetShape {
        EntryUnits.forEachPath(
          shape: entries[entry].localizations[target].node, requiredCategories, &builder)
      } else if source >= 0 {
        EntryUnits.forEachPath(
          shape: entries[entry].localizations[source].node, requiredCategories, &builder)
      } else {
        EntryUnits.forEachPath(
          shape: EntryUnits.keyNode(prepared.catalog.entries[entry].key), requiredCategories,
          &builder)
      }
    }
    units = builder.units
    paths = builder.paths
    idBytes = builder.idBytes
    targets = builder.targets
    targetTexts = builder.targetTexts
  }

  /// Makes the units of each entry's paths: one of its source units (most), or one made here.
  private struct Builder: UnitPathVisitor {
    let sources: SourceUnits
    let keyBytes: [UInt8]
    let keyStarts: [Int]
    var units: [Unit] = []
    var paths: [UnitPath] = []
    var idBytes: [UInt8] = []
    var targets: [CatalogExport.Target] = []
    var targetTexts: [UInt8] = []
    var entry = 0
    var rank = 0
    var hint = -1
    var findingTargets = false

    init(prepared: CatalogExport.Prepared) {
      sources = prepared.sourceUnits
      keyBytes = prepared.keyBytes
      keyStarts = prepared.keyStarts
      // At most one unit per source unit, but for the rare ones outside the source's shape.
      units.reserveCapacity(sources.units.count)
      targets.reserveCapacity(sources.units.count)
    }

    /// Starts the units of entry `index`; `findingTargets` when its shape is the target's.
    mutating func start(_ index: Int, findingTargets: Bool) {
      (entry, rank, hint, self.findingTargets) = (index, 0, -1, findingTargets)
    }

    mutating func visit(
      _ path: UnitPath, at node: LocalizationNode, _ substitution: Substitution?,
      _ scope: [Substitution]
    ) {
      // The node the walk is at is the one a look-up by the path would find (the reader keeps
      // one axis per kind, one case per name and one substitution per name), taken here
      // instead of walking down to it again for each unit: 534.8M → 521.3M instructions.
      // The unit's fields read in place: returning the unit and its text as a tuple had them
      // copied and destroyed through the runtime's generic tuple witnesses (16M instructions).
      guard findingTargets, let unit = node.stringUnit, let value = unit.value else {
        return add(path, target: -1)
      }
      let text: String
      if case .some = substitution {
        text = UnitText.exported(leaf: value, substitution)
      } else {
        text = UnitText.exported(parent: value, scope)
      }
      add(path, target: target(text, unit.state))
    }

    /// ``visit(_:at:_:_:)`` of a node that is `unit` alone (no variations, no substitutions): its
    /// one unit, at the root, whose target is the unit's value as it is.
    mutating func visitRoot(_ unit: StringUnit) {
      guard findingTargets, let value = unit.value else { return add(.root, target: -1) }
      add(.root, target: target(value, unit.state))
    }

    /// Appends a target of `text` (in export form) in `state`; returns its index.
    private mutating func target(_ text: String, _ state: UnitState) -> Int {
      let start = targetTexts.count
      text.withUTF8Bytes { targetTexts += $0 }
      targets.append(
        CatalogExport.Target(
          text: start..<targetTexts.count, state: CatalogExport.ExportedState(state)))
      return targets.count - 1
    }

    mutating func visit(missing path: UnitPath) {
      add(path, target: -1)
    }

    private mutating func add(_ path: UnitPath, target: Int) {
      defer { rank += 1 }
      let found = sources.unit(entry, at: path, hint: &hint)
      if found >= 0 {
        let id = sources.units[found].id
        return units.append(
          Unit(
            entry: entry, source: found, path: -1, idStart: id.lowerBound, idCount: id.count,
            rank: rank, target: target))
      }
      let idStart = idBytes.count
      idBytes += keyBytes[keyStarts[entry]..<keyStarts[entry + 1]]
      path.appendSuffix(to: &idBytes)
      units.append(
        Unit(
          entry: entry, source: -1, path: paths.count, idStart: idStart,
          idCount: idBytes.count - idStart, rank: rank, target: target))
      paths.append(path)
    }
  }

  /// The path of `unit`.
  func path(_ unit: Unit) -> UnitPath {
    unit.source >= 0 ? prepared.sourceUnits.units[unit.source].path : paths[unit.path]
  }

  /// Sorts the units by id (ties in walk order) and returns an error for each unit whose id an
  /// earlier one of the walk has, in walk order; the owner named is the last unit before it
  /// with that id.
  mutating func sort() -> [Diagnostic] {
    var duplicates: [(unit: Unit, owner: Int)] = []
    if !placeInSourceOrder(&duplicates) {
      sortByID(&duplicates)
    }
    return duplicates.sorted { ($0.unit.entry, $0.unit.rank) < ($1.unit.entry, $1.unit.rank) }
      .map { unit, owner in
        let entry = prepared.catalog.entries[unit.entry]
        let id = path(unit).id(key: entry.key)
        return .error(
          "unit id '\(id)' belongs to both key '\(prepared.catalog.entries[owner].key)' and key "
            + "'\(entry.key)'; Xcode's exporter crashes on such a catalog (\"Duplicate values "
            + "for key\"): rename one of them", offset: entry.offset, language: language,
          key: entry.key)
      }
  }

  /// ``sort()`` of a language whose units are all source units (all 47,976 of the bench
  /// catalog's 29 languages are): they are taken in the source units' id order, found once per
  /// catalog (``SourceUnits/sorted``), and equal ids are equal ranks — no comparison of ids
  /// (sorting them per language cost 11.7M instructions, the 9.9 MB bench catalog). False, with
  /// nothing done, when a unit is not a source unit.
  private mutating func placeInSourceOrder(_ duplicates: inout [(unit: Unit, owner: Int)]) -> Bool {
    let sources = prepared.sourceUnits
    guard paths.isEmpty else { return false }
    var place = [Int32](repeating: -1, count: sources.units.count)
    for index in units.indices {
      let source = units[index].source
      guard place[source] < 0 else { return false }
      place[source] = Int32(index)
    }
    var ordered: [Unit] = []
    ordered.reserveCapacity(units.count)
    var previousRank: Int32 = -1
    for source in sources.sorted where place[Int(source)] >= 0 {
      let unit = units[Int(place[Int(source)])]
      let rank = sources.idRanks[Int(source)]
      if rank == previousRank, let owner = ordered.last { duplicates.append((unit, owner.entry)) }
      ordered.append(unit)
      previousRank = rank
    }
    units = ordered
    return true
  }

  /// ``sort()`` by comparing ids (ties in walk order).
  private mutating func sortByID(_ duplicates: inout [(unit: Unit, owner: Int)]) {
    prepared.sourceUnits.ids.withUnsafeBufferPointer { sources in
      idBytes.withUnsafeBufferPointer { ids in
        func id(_ unit: Unit) -> UnsafeBufferPointer<UInt8> { unit.id(sources: sources, ids: ids) }
        units.sort { lhs, rhs in
          let order = XLIFFOrder.compare(id(lhs), id(rhs))
          if order != 0 { return order < 0 }
          return (lhs.entry, lhs.rank) < (rhs.entry, rhs.rank)
        }
        for index in units.indices.dropFirst()
        where XLIFFOrder.compare(id(units[index - 1]), id(units[index])) == 0 {
          duplicates.append((units[index], units[index - 1].entry))
        }
      }
    }
  }

  /// About the number of bytes the units take in XLIFF (their parts, their targets' texts, not
  /// escaped, and tags): the writer's buffer is made that large at once, not grown by copying.
  var size: Int {
    let sources = prepared.sourceUnits
    var size = 0
    for unit in units {
      size += sources.ends[unit.entry].count
      size += unit.source >= 0 ? sources.units[unit.source].start.count : 4 * unit.idCount
    }
    size += targetTexts.count + 48 * targets.count
    return size + size / 16
  }

  /// Calls `body` with each unit in order: the unit, its id's UTF-8 and its target (the unit's
  /// path is ``path(_:)``, not made here: most units are source units, written from their
  /// parts, and taking the path for each cost 3M instructions of the 9.9 MB bench catalog's
  /// export).
  func forEachUnit(
    _ body: (Unit, UnsafeBufferPointer<UInt8>, CatalogExport.TargetText?) -> Void
  ) {
    prepared.sourceUnits.ids.withUnsafeBufferPointer { sources in
      idBytes.withUnsafeBufferPointer { ids in
        targetTexts.withUnsafeBufferPointer { texts in
          for unit in units {
            let id = unit.id(sources: sources, ids: ids)
            if isSourceLanguage {
              // The source language's own export: the source as a `new` target (`xliff.md` §2).
              prepared.sourceText(unit.entry, at: path(unit)).withUTF8Bytes {
                body(unit, id, CatalogExport.TargetText(utf8: $0, state: .new))
              }
            } else if unit.target >= 0 {
              let target = targets[unit.target]
              body(
                unit, id,
                CatalogExport.TargetText(
                  utf8: UnsafeBufferPointer(rebasing: texts[target.text]), state: target.state))
            } else {
              body(unit, id, nil)
            }
          }
        }
      }
    }
  }
}
