import LHCBase
import PluralRules
import StringCatalog
import XLIFF

// Why the parts of units that do not depend on the language are written once (measured on the
// 9.9 MB / 30-language bench catalog, `lhc export --xliff` of 29 languages, callgrind): each
// language found every unit's source text again (`EntryUnits.sourceText(at:)`, ~50M) and escaped
// its id, source and note again (`XLIFFStream.unit` 127M, `XMLEscaping.needsEscaping` 44M of it).
// They are the same in every language: here they are written once per catalog, through the same
// writer functions, and each language copies their bytes.

/// The language-independent parts of a catalog's units, written once by the XLIFF writer
/// (``XLIFFStream/parts()``) for every language's export to copy: for each exported entry the
/// end of its units (`<note>` and `</trans-unit>`), and the start (`<trans-unit id=…>` and
/// `<source>`) of each of its *source units*: the units the source localization's shape has,
/// with every CLDR plural category in each plural variation, and the localization's own unit.
///
/// A language's unit is one of its entry's source units when their paths are equal (the
/// id and the source text are functions of the path); other units (a target's own device axis
/// or substitution) have their start written with the language's units.
struct SourceUnits: Sendable {
  /// One unit that the source's shape has.
  struct Unit: Sendable {
    var path: UnitPath
    /// The id's UTF-8 in ``SourceUnits/ids``.
    var id: Range<Int>
    /// Its `<trans-unit …>` and `<source>` in ``SourceUnits/parts``.
    var start: Range<Int>
  }

  /// Entry `i`'s units are `units[first[i]..<first[i + 1]]` (none for an entry not exported).
  private(set) var first: [Int] = [0]
  private(set) var units: [Unit] = []
  /// Entry `i`'s `<note>` and `</trans-unit>` in ``parts``.
  private(set) var ends: [Range<Int>] = []
  /// The units' ids, UTF-8, one after another.
  private(set) var ids: [UInt8] = []
  /// The bytes the writer wrote.
  private(set) var parts: [UInt8] = []
  /// The start tag of a `<target>` (``XLIFFStream/targetStart(state:stateQualifier:)``) in each
  /// ``CatalogExport/ExportedState``, in ``parts``.
  private(set) var targetStarts: [Range<Int>] = []
  /// Set when the writer failed (libxml2 out of memory): nothing can be exported.
  private(set) var error: XLIFFWriteError?
  /// Indices in ``units``, in the order of their ids (ties, which are units of different entries,
  /// in entry order): a language whose units are all source units has them in this order.
  private(set) var sorted: [Int32] = []
  /// For each unit, the place of its id among the distinct ids (equal ids, equal ranks).
  private(set) var idRanks: [Int32] = []

  /// Every CLDR category: a plural variation's source units cover any language's.
  private static let categories = PluralCategory.allCases.map(\.rawValue)

  /// Entries per job: the catalog's entries are written in parallel, in runs this long.
  private static let run = 512

  /// The parts of `catalog`'s units; `sourceLocalization(i)` is the index of entry `i`'s source
  /// localization, -1 when it has none; `keyBytes`, `keyStarts` and `order` are the keys' UTF-8
  /// and the exported entries in their keys' order (``CatalogExport/Prepared``'s).
  init(
    _ catalog: Catalog, keyBytes: [UInt8], keyStarts: [Int], order: [Int],
    sourceLocalization: (Int) -> Int
  ) {
    let entries = catalog.entries
    let runs = stride(from: 0, to: entries.count, by: Self.run).map {
      $0..<min($0 + Self.run, entries.count)
    }
    let sources = entries.indices.map(sourceLocalization)
    let written = Parallel.map(runs) { rows in
      var part = SourceUnits()
      do throws(XLIFFWriteError) {
        let stream = try XLIFFStream.parts()
        for row in rows {
          let localization = sources[row]
          part.append(
            entries[row],
            source: localization < 0 ? nil : entries[row].localizations[localization].node,
            key: keyBytes[keyStarts[row]..<keyStarts[row + 1]], to: stream)
        }
        part.parts = try stream.finish()
      } catch {
        part.error = error
      }
      return part
    }
    // Joined into arrays made their final size at once: grown by appending, they were copied
    // again at each growth, into fresh pages (a tenth of the 171 MB bench catalog's export's
    // page faults).
    first.reserveCapacity(entries.count + 1)
    ends.reserveCapacity(entries.count)
    units.reserveCapacity(written.reduce(0) { $0 + $1.units.count })
    ids.reserveCapacity(written.reduce(0) { $0 + $1.ids.count })
    parts.reserveCapacity(written.reduce(1024) { $0 + $1.parts.count })
    for part in written { append(part) }
    do throws(XLIFFWriteError) {
      let stream = try XLIFFStream.parts()
      var starts: [Range<Int>] = []
      for state in CatalogExport.ExportedState.allCases {
        let start = stream.count
        let (state, qualifier) = state.attributes
        stream.targetStart(state: state, stateQualifier: qualifier)
        starts.append(start..<stream.count)
      }
      targetStarts = starts.map { $0.shifted(parts.count) }
      parts += try stream.finish()
    } catch {
      self.error = error
    }
    sortIDs(in: order)
  }

  /// Sets ``sorted`` and ``idRanks``; `order` is the exported entries in their keys' byte order
  /// (their units then mostly in id order already, so the sort finds long runs).
  private mutating func sortIDs(in order: [Int]) {
    var sorted: [Int32] = []
    sorted.reserveCapacity(units.count)
    for entry in order { sorted += (first[entry]..<first[entry + 1]).lazy.map { Int32($0) } }
    var ranks = [Int32](repeating: 0, count: units.count)
    ids.withUnsafeBufferPointer { ids in
      func id(_ unit: Int32) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: ids[self.units[Int(unit)].id])
      }
      sorted.sort { lhs, rhs in
        let order = XLIFFOrder.compare(id(lhs), id(rhs))
        return order != 0 ? order < 0 : lhs < rhs
      }
      var rank: Int32 = 0
      for index in sorted.indices {
        if index > 0, XLIFFOrder.compare(id(sorted[index - 1]), id(sorted[index])) != 0 {
          rank += 1
        }
        ranks[Int(sorted[index])] = rank
      }
    }
    self.sorted = sorted
    idRanks = ranks
  }

  private init() {}

  /// Writes `entry`'s units (nothing for an entry not exported); `key` is its key's UTF-8.
  private mutating func append(
    _ entry: CatalogEntry, source: LocalizationNode?, key: ArraySlice<UInt8>,
    to stream: XLIFFStream
  ) {
    defer { first.append(units.count) }
    guard entry.shouldTranslate != false else {
      ends.append(0..<0)
      return
    }
    let sourceNode = source ?? EntryUnits.keyNode(entry.key)
    var paths: [UnitPath] = []
    EntryUnits.appendPaths(
      source: sourceNode, target: nil, requiredCategories: Self.categories, to: &paths)
    if paths.first != .root { paths.insert(.root, at: 0) }
    for path in paths {
      let idStart = ids.count
      ids += key
      path.appendSuffix(to: &ids)
      let start = stream.count
      ids[idStart...].withUnsafeBufferPointer { id in
        stream.unitStart(
          id: id, source: EntryUnits.sourceText(of: sourceNode, key: entry.key, at: path))
      }
      units.append(Unit(path: path, id: idStart..<ids.count, start: start..<stream.count))
    }
    let end = stream.count
    stream.unitEnd(note: Self.note(entry))
    ends.append(end..<stream.count)
  }

  /// Appends the units written by another run of entries (its ranges moved past these).
  private mutating func append(_ other: SourceUnits) {
    error = error ?? other.error
    let (unitBase, idBase, partBase) = (units.count, ids.count, parts.count)
    first += other.first.dropFirst().map { $0 + unitBase }
    units += other.units.map {
      Unit(path: $0.path, id: $0.id.shifted(idBase), start: $0.start.shifted(partBase))
    }
    ends += other.ends.map { $0.shifted(partBase) }
    ids += other.ids
    parts += other.parts
  }

  /// The index of the unit of entry `index` at `path` in ``units``, or -1; `hint` is where the
  /// search starts (the units are mostly met in the order they were written).
  func unit(_ index: Int, at path: UnitPath, hint: inout Int) -> Int {
    let range = first[index]..<first[index + 1]
    guard !range.isEmpty else { return -1 }
    var candidate = range.contains(hint) ? hint : range.lowerBound
    for _ in range {
      if units[candidate].path == path {
        hint = candidate + 1
        return candidate
      }
      candidate = candidate + 1 == range.upperBound ? range.lowerBound : candidate + 1
    }
    return -1
  }

  /// `<note>comment</note>`, `<note from="auto-generated">` for a generated comment, `<note/>`.
  static func note(_ entry: CatalogEntry) -> TransUnit.Note {
    TransUnit.Note(
      text: entry.comment ?? "", from: entry.isCommentAutoGenerated == true ? "auto-generated" : nil
    )
  }
}

extension Range<Int> {
  /// This range moved by `offset`.
  fileprivate func shifted(_ offset: Int) -> Range<Int> {
    lowerBound + offset..<upperBound + offset
  }
}
