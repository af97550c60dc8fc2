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
    /// The parts of the units that are the same in every language, written once.
    let sourceUnits: SourceUnits

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
      let sourceSlot = slots[catalog.sourceLanguage]
      sourceUnits = SourceUnits(catalog, keyBytes: keyBytes, keyStarts: keyStarts, order: order) {
        row in
        guard let sourceSlot else { return -1 }
        return Int(localizations[row * languages.count + sourceSlot])
      }
    }

    /// The languages of the catalog's localizations.
    public var languages: Dictionary<String, Int>.Keys { slots.keys }

    /// The node of entry `index`'s localization in the language of `slot`.
    func node(_ index: Int, slot: Int?) -> LocalizationNode? {
      let localization = localization(index, slot: slot)
      guard localization >= 0 else { return nil }
      return catalog.entries[index].localizations[localization].node
    }

    /// The index of entry `index`'s localization in the language of `slot`, -1 when it has none.
    func localization(_ index: Int, slot: Int?) -> Int {
      guard let slot else { return -1 }
      return Int(localizations[index * slots.count + slot])
    }

    /// Writes the `<file>` of `language` to `stream`; nothing when there are errors.
    public func write(
      language: String, original: String, tool: XLIFFTool?, to stream: XLIFFStream
    ) -> Result<Void, DiagnosticError> {
      if let error = sourceUnits.error {
        return .failure(
          DiagnosticError([.error("cannot write XLIFF: \(error.message)", language: language)]))
      }
      return plan(language).map { plan in
        stream.reserve(plan.size)
        stream.begin(file(language: language, original: original, tool: tool))
        sourceUnits.parts.withUnsafeBufferPointer { parts in
          func part(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: parts[range])
          }
          plan.forEachUnit { unit, id, target in
            // The unit's start and end as written once for every language (a unit outside the
            // source's shape has its start written here).
            if unit.source >= 0 {
              stream.write(part: part(sourceUnits.units[unit.source].start))
            } else {
              stream.unitStart(id: id, source: sourceText(unit.entry, at: plan.path(unit)))
            }
            if let target {
              stream.target(
                utf8: target.utf8, start: part(sourceUnits.targetStarts[target.state.rawValue]))
            }
            stream.write(part: part(sourceUnits.ends[unit.entry]))
          }
        }
        stream.endFile()
      }
    }

    /// The source node of entry `index` (its key as a `new` unit when it has no source
    /// localization).
    func sourceNode(_ index: Int) -> LocalizationNode {
      node(index, slot: slots[catalog.sourceLanguage])
        ?? EntryUnits.keyNode(catalog.entries[index].key)
    }

    /// The `<source>` text of entry `index`'s unit at `path` (``EntryUnits/sourceText(at:)``).
    func sourceText(_ index: Int, at path: UnitPath) -> String {
      EntryUnits.sourceText(of: sourceNode(index), key: catalog.entries[index].key, at: path)
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
