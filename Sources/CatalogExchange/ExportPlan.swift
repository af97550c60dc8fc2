import LHCBase
import StringCatalog
import XLIFF

// Why a catalog is prepared once and each language planned as flat records (measured on the
// 9.9 MB / 30-language bench catalog, `lhc export --xliff`, callgrind): building a `TransUnit`
// per unit, a `[String: String]` of ids against duplicates, an `XLIFFDocument` and sorting the
// units cost 499M of the export's 967M instructions (~10,400 a unit), lhc compile of the same
// catalog 583M. Finding each language's localization by comparing language names was 35M alone.
// Here the keys' bytes and each entry's localization per language are found once per catalog, a
// language's units are records of a few integers (no reference counting when sorted), mostly in
// order already (entries are walked in their keys' byte order), duplicates are equal neighbours
// after the sort, and the units are streamed to the writer.

extension CatalogExport {
  /// A catalog made ready for export in any number of languages, read by several threads at once
  /// (nothing changes after `init`): the exported entries in their keys' byte order, the keys'
  /// UTF-8 in one buffer, and the index of each entry's localization in each language.
  public struct Prepared: Sendable {
    let catalog: Catalog
    /// Indices of the entries exported (not `shouldTranslate: false`), in their keys' byte order.
    let order: [Int]
    /// Every entry's key, UTF-8, one after another: entry `i`'s at `keyStarts[i]..<keyStarts[i + 1]`.
    let keyBytes: [UInt8]
    let keyStarts: [Int]
    /// The column of each language in `localizations`.
    let slots: [String: Int]
    /// `localizations[i * slots.count + slot]`: the index of entry `i`'s first localization in
    /// the slot's language (as `CatalogEntry.localization(for:)` finds it), -1 when it has none.
    let localizations: [Int32]

    public init(_ catalog: Catalog) {
      self.catalog = catalog
      let entries = catalog.entries
      var keyBytes: [UInt8] = []
      var keyStarts = [0]
      keyStarts.reserveCapacity(entries.count + 1)
      var languages: [String] = []
      var slots: [String: Int] = [:]
      // The slot of every localization, entry after entry.
      var localizationSlots: [Int] = []
      var previous = 0  // where the previous entry's slots start
      // Indices, not `for … in`: a loop variable is a copy of the whole localization (its
      // node's references retained and released: half of this init's instructions).
      for row in entries.indices {
        entries[row].key.withUTF8Bytes { keyBytes += $0 }
        keyStarts.append(keyBytes.count)
        let start = localizationSlots.count
        for index in entries[row].localizations.indices {
          let language = entries[row].localizations[index].language
          // Most entries list their languages as the one before did: one comparison, no hashing.
          let guess = previous + index < start ? localizationSlots[previous + index] : -1
          if guess >= 0, languages[guess] == language {
            localizationSlots.append(guess)
          } else if let known = slots[language] {
            localizationSlots.append(known)
          } else {
            slots[language] = languages.count
            localizationSlots.append(languages.count)
            languages.append(language)
          }
        }
        previous = start
      }
      var localizations = [Int32](repeating: -1, count: entries.count * languages.count)
      var next = 0
      for row in entries.indices {
        let count = entries[row].localizations.count
        // Backwards, so that the first localization of a language is the one kept.
        for index in (0..<count).reversed() {
          localizations[row * languages.count + localizationSlots[next + index]] = Int32(index)
        }
        next += count
      }
      var order = entries.indices.filter { entries[$0].shouldTranslate != false }
      keyBytes.withUnsafeBufferPointer { bytes in
        func key(_ index: Int) -> UnsafeBufferPointer<UInt8> {
          UnsafeBufferPointer(rebasing: bytes[keyStarts[index]..<keyStarts[index + 1]])
        }
        order.sort { XLIFFOrder.compare(key($0), key($1)) < 0 }
      }
      self.keyBytes = keyBytes
      self.keyStarts = keyStarts
      self.slots = slots
      self.localizations = localizations
      self.order = order
    }

    /// The languages of the catalog's localizations.
    public var languages: Dictionary<String, Int>.Keys { slots.keys }

    /// The node of entry `index`'s localization in the language of `slot`.
    func node(_ index: Int, slot: Int?) -> LocalizationNode? {
      guard let slot else { return nil }
      let localization = localizations[index * slots.count + slot]
      guard localization >= 0 else { return nil }
      return catalog.entries[index].localizations[Int(localization)].node
    }

    /// Writes the `<file>` of `language` to `stream`; nothing when there are errors.
    public func write(
      language: String, original: String, tool: XLIFFTool?, to stream: XLIFFStream
    ) -> Result<Void, DiagnosticError> {
      plan(language).map { plan in
        stream.begin(file(language: language, original: original, tool: tool))
        plan.forEachUnit { id, source, target, note in
          stream.unit(id: id, source: source, target: target, note: note)
        }
        stream.endFile()
      }
    }

    /// The `<file>` of `language` without its units.
    func file(language: String, original: String, tool: XLIFFTool?) -> XLIFFFile {
      XLIFFFile(
        original: original, sourceLanguage: catalog.sourceLanguage, targetLanguage: language,
        tool: tool)
    }

    /// The units of `language`, sorted, or errors: two units with one id (Xcode's exporter
    /// crashes on them: "Duplicate values for key").
    func plan(_ language: String) -> Result<ExportPlan, DiagnosticError> {
      var plan = ExportPlan(self, language: language)
      let errors = plan.sort()
      return errors.isEmpty ? .success(plan) : .failure(DiagnosticError(errors))
    }
  }
}

/// The units of one catalog in one language, as records: which entry, which path, where the id's
/// bytes are.
struct ExportPlan {
  /// One unit: its entry, its path, where its id's bytes are, and its place in the walk.
  struct Unit {
    var entry: Int
    /// Index in ``entries``.
    var position: Int
    /// Index in ``paths``; -1 for the localization's own unit (the id is the key).
    var path: Int
    /// The id's bytes: in the catalog's key bytes for the root, else in ``idBytes``.
    var idStart: Int
    var idCount: Int
    /// The unit's place among its entry's units, for the order errors are reported in (entries
    /// in catalog order, then units in walk order, as Xcode's walk meets them).
    var rank: Int

    /// The id's bytes, given the catalog's key bytes and the plan's ``idBytes``.
    func id(
      keys: UnsafeBufferPointer<UInt8>, ids: UnsafeBufferPointer<UInt8>
    ) -> UnsafeBufferPointer<UInt8> {
      UnsafeBufferPointer(rebasing: (path < 0 ? keys : ids)[idStart..<idStart + idCount])
    }
  }

  let prepared: CatalogExport.Prepared
  let language: String
  let requiredCategories: [String]
  let sourceSlot: Int?
  let targetSlot: Int?
  let isSourceLanguage: Bool
  private(set) var units: [Unit] = []
  /// The exported entries' units and notes, in the order planned (made once: each is used
  /// again when its units are written).
  private(set) var entries: [(units: EntryUnits, note: TransUnit.Note)] = []
  /// The paths of the units that are not a localization's own.
  private(set) var paths: [UnitPath] = []
  /// The ids of the units that are not a localization's own, one after another.
  private(set) var idBytes: [UInt8] = []

  init(_ prepared: CatalogExport.Prepared, language: String) {
    self.prepared = prepared
    self.language = language
    requiredCategories = ExportCategories.required(for: language)
    sourceSlot = prepared.slots[prepared.catalog.sourceLanguage]
    targetSlot = prepared.slots[language]
    isSourceLanguage = language == prepared.catalog.sourceLanguage
    units.reserveCapacity(prepared.order.count + prepared.order.count / 4)
    entries.reserveCapacity(prepared.order.count)
    var entryPaths: [UnitPath] = []
    for entry in prepared.order {
      let position = entries.count
      let exchange = entryUnits(entry)
      entries.append((exchange, Self.note(prepared.catalog.entries[entry])))
      entryPaths.removeAll(keepingCapacity: true)
      exchange.appendPaths(to: &entryPaths)
      let keyStart = prepared.keyStarts[entry]
      let keyCount = prepared.keyStarts[entry + 1] - keyStart
      for (rank, path) in entryPaths.enumerated() {
        guard !path.steps.isEmpty else {
          units.append(
            Unit(
              entry: entry, position: position, path: -1, idStart: keyStart, idCount: keyCount,
              rank: rank))
          continue
        }
        let idStart = idBytes.count
        idBytes += prepared.keyBytes[keyStart..<keyStart + keyCount]
        path.appendSuffix(to: &idBytes)
        units.append(
          Unit(
            entry: entry, position: position, path: paths.count, idStart: idStart,
            idCount: idBytes.count - idStart, rank: rank))
        paths.append(path)
      }
    }
  }

  /// ``EntryUnits`` of entry `index` in the plan's language.
  func entryUnits(_ index: Int) -> EntryUnits {
    EntryUnits(
      key: prepared.catalog.entries[index].key, language: language,
      source: prepared.node(index, slot: sourceSlot),
      target: isSourceLanguage ? nil : prepared.node(index, slot: targetSlot),
      isSourceLanguage: isSourceLanguage, requiredCategories: requiredCategories)
  }

  /// Sorts the units by id (ties in walk order) and returns an error for each unit whose id an
  /// earlier one of the walk has, in walk order; the owner named is the last unit before it
  /// with that id.
  mutating func sort() -> [Diagnostic] {
    var duplicates: [(unit: Unit, owner: Int)] = []
    prepared.keyBytes.withUnsafeBufferPointer { keys in
      idBytes.withUnsafeBufferPointer { ids in
        func id(_ unit: Unit) -> UnsafeBufferPointer<UInt8> { unit.id(keys: keys, ids: ids) }
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
    return duplicates.sorted { ($0.unit.entry, $0.unit.rank) < ($1.unit.entry, $1.unit.rank) }
      .map { unit, owner in
        let entry = prepared.catalog.entries[unit.entry]
        let id = unit.path < 0 ? entry.key : paths[unit.path].id(key: entry.key)
        return .error(
          "unit id '\(id)' belongs to both key '\(prepared.catalog.entries[owner].key)' and key "
            + "'\(entry.key)'; Xcode's exporter crashes on such a catalog (\"Duplicate values "
            + "for key\"): rename one of them", offset: entry.offset, language: language,
          key: entry.key)
      }
  }

  /// Calls `body` with each unit in order: its id's UTF-8, source, target and note.
  func forEachUnit(
    _ body: (UnsafeBufferPointer<UInt8>, String, TransUnit.Target?, TransUnit.Note) -> Void
  ) {
    prepared.keyBytes.withUnsafeBufferPointer { keys in
      idBytes.withUnsafeBufferPointer { ids in
        for unit in units {
          let (exchange, note) = entries[unit.position]
          let path = unit.path < 0 ? UnitPath.root : paths[unit.path]
          let source = exchange.sourceText(at: path)
          var target: TransUnit.Target?
          if isSourceLanguage {
            // The source language's own export: the source as a `new` target (`xliff.md` §2).
            target = TransUnit.Target(text: source, state: "new")
          } else if let (stringUnit, text) = exchange.target(at: path) {
            let (state, qualifier) = CatalogExport.exportedState(stringUnit.state)
            target = TransUnit.Target(text: text, state: state, stateQualifier: qualifier)
          }
          body(unit.id(keys: keys, ids: ids), source, target, note)
        }
      }
    }
  }

  /// `<note>comment</note>`, `<note from="auto-generated">` for a generated comment, `<note/>`.
  private static func note(_ entry: CatalogEntry) -> TransUnit.Note {
    TransUnit.Note(
      text: entry.comment ?? "", from: entry.isCommentAutoGenerated == true ? "auto-generated" : nil
    )
  }
}
