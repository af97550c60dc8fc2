import LHCBase
import StringCatalog

/// Catalog model → the bytes Xcode writes for it (`catalog-writing.md` §1–2): every command that
/// changes a catalog writes through here.
///
/// The layout is Foundation's `JSONSerialization` with `[.prettyPrinted, .sortedKeys,
/// .withoutEscapingSlashes]`, which Xcode's files match byte for byte (see ``JSONOutput``); members
/// are ordered by ``CatalogKeyOrder`` at every level; there is no newline at the end (unless
/// `finalNewline`, a user's opt-in departure from Xcode's bytes). What a lossless read kept
/// (unknown members, empty containers; see `Catalog`) is written back in its place. Offsets in
/// the model are ignored; keys must be unique per object (of equal keys the last is written).
///
/// Building a catalog in code: make `Catalog(sourceLanguage:version:entries:)` with entries in
/// any order, then write it with ``bytes(_:threads:sizeHint:finalNewline:)``.
public enum CatalogWriter {
  /// The catalog's bytes. `threads` > 1 writes runs of entries concurrently (large catalogs);
  /// `sizeHint`, the size of the file the catalog was read from, sizes the buffers (growing them
  /// from nothing copied a 171 MB catalog's bytes several times over). `finalNewline` ends the
  /// file with `\n` after the last `}`, which Xcode does not write (`--allow-final-newline`: a
  /// repository whose end-of-file hook adds one keeps it).
  public static func bytes(
    _ catalog: Catalog, threads: Int = 1, sizeHint: Int = 0, finalNewline: Bool = false
  ) -> [UInt8] {
    chunks(catalog, threads: threads, sizeHint: sizeHint, finalNewline: finalNewline).joined()
  }

  /// ``bytes(_:threads:sizeHint:finalNewline:)`` as the runs were written, not joined: for a command that only
  /// compares them with a file or writes them to one (`format`, `merge-driver`), the join was one
  /// more copy of the whole catalog into fresh memory on one core (0.1–0.5 s of a 171 MB
  /// catalog's `lhc format`, by `perf` timelines).
  ///
  /// With `ready`, each piece of the file is also handed to it in file order as soon as it and
  /// every piece before it are written: the top level up to the first entry,
  /// each run, the rest of the top level. `ready` is called one piece at a time, on whichever
  /// thread finished the run that completed the next stretch (a writer thread, or the caller's for
  /// the last piece); its pointer is valid during the call (the bytes stay in the result). For
  /// `format`, which compares the pieces with the file and writes them while the other runs are
  /// still being written: on one core after the writer, the write of a 171 MB catalog took
  /// 0.18–0.3 s and the comparison 0.03 s.
  public static func chunks(
    _ catalog: Catalog, threads: Int = 1, sizeHint: Int = 0, finalNewline: Bool = false,
    ready: ((UnsafeRawBufferPointer) -> Void)? = nil
  ) -> CatalogBytes {
    let order = CatalogKeyOrder.sortedIndices(catalog.entries) { $0.key }
    // The top level, with the runs' place in `strings` marked.
    var top = JSONOutput(capacity: 256)
    var split = 0
    var root = top.open(UInt8(ascii: "{"), indent: 0)
    let present: UInt32 = 0b111
    top.members(Self.rootFields, present: present, unknown: catalog.unknownMembers, &root) {
      out, field in
      switch field {
      case 0: out.string(catalog.sourceLanguage)
      case 1:
        var strings = out.open(UInt8(ascii: "{"), indent: 2)
        split = out.bytes.count
        strings.count = order.count
        out.close(strings, UInt8(ascii: "}"))
      default: out.string(catalog.version)
      }
    }
    top.close(root, UInt8(ascii: "}"))
    if finalNewline { top.bytes.append(UInt8(ascii: "\n")) }
    let head = CatalogBytes.Piece(top)
    // Runs of entries, each written into its own buffer, then joined in order; four per thread,
    // taken by the threads in turn, so that no core idles while another ends a longer run (one
    // run per core left one core alone for ~5 % of `lhc format` of the 171 MB bench catalog).
    let runs = max(1, min(threads > 1 ? 4 * threads : 1, order.count / 512))
    let handoff = ready.map { InOrderHandoff(runs: runs, ready: $0) }
    head.out.bytes.withBytes {
      ready?(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: $0[..<split])))
    }
    let pieces = Parallel.map(Array(0..<runs), state: {}) { _, run in
      var out = JSONOutput(capacity: max(1 << 16, sizeHint / runs + sizeHint / 64))
      var container = JSONOutput.Container(indent: 2, count: run == 0 ? 0 : 1)
      for index in order[(order.count * run / runs)..<(order.count * (run + 1) / runs)] {
        let entry = catalog.entries[index]
        out.key(entry.key, &container)
        out.entry(entry, indent: 4)
      }
      let piece = CatalogBytes.Piece(out)
      handoff?.finished(run, piece)
      return piece
    }
    head.out.bytes.withBytes {
      ready?(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: $0[split...])))
    }
    return CatalogBytes(top: head, split: split, pieces: pieces)
  }

  /// The fields of each object the model knows, in key order (checked by the tests).
  static let rootFields = ["sourceLanguage", "strings", "version"]
  static let entryFields = [
    "comment", "extractionState", "generatesSymbol", "isCommentAutoGenerated", "localizations",
    "shouldTranslate",
  ]
  static let nodeFields = ["stringSet", "stringUnit", "substitutions", "variations"]
  static let unitFields = ["state", "value"]
  static let setFields = ["state", "values"]
  static let substitutionFields = ["argNum", "formatSpecifier", "variations"]
}

extension JSONOutput {
  /// One entry of `strings`, its `{` at the cursor, its members at `indent + 2`.
  mutating func entry(_ entry: CatalogEntry, indent: Int) {
    var container = open(UInt8(ascii: "{"), indent: indent)
    var present: UInt32 = 0
    if entry.comment != nil { present |= 1 }
    if entry.extractionState != nil { present |= 2 }
    if entry.generatesSymbol != nil { present |= 4 }
    if entry.isCommentAutoGenerated != nil { present |= 8 }
    if !entry.localizations.isEmpty { present |= 16 }
    if entry.shouldTranslate != nil { present |= 32 }
    members(
      CatalogWriter.entryFields, present: present, unknown: entry.unknownMembers, &container
    ) { out, field in
      switch field {
      case 0: out.string(entry.comment ?? "")
      case 1: out.string(entry.extractionState?.rawValue ?? "")
      case 2: out.bool(entry.generatesSymbol ?? false)
      case 3: out.bool(entry.isCommentAutoGenerated ?? false)
      case 4: out.localizations(entry.localizations, indent: indent + 2)
      default: out.bool(entry.shouldTranslate ?? false)
      }
    }
    close(container, UInt8(ascii: "}"))
  }

  /// `localizations`: language → node.
  mutating func localizations(_ localizations: [Localization], indent: Int) {
    var container = open(UInt8(ascii: "{"), indent: indent)
    CatalogKeyOrder.forEachSorted(localizations, key: { $0.language }) { index in
      key(localizations[index].language, &container)
      node(localizations[index].node, indent: indent + 2)
    }
    close(container, UInt8(ascii: "}"))
  }

  /// A localization node or variation case.
  mutating func node(_ node: LocalizationNode, indent: Int) {
    var container = open(UInt8(ascii: "{"), indent: indent)
    var present: UInt32 = 0
    if node.stringSet != nil { present |= 1 }
    if node.stringUnit != nil { present |= 2 }
    if !node.substitutions.isEmpty { present |= 4 }
    if !node.variations.isEmpty { present |= 8 }
    members(
      CatalogWriter.nodeFields, present: present, unknown: node.unknownMembers, &container
    ) { out, field in
      switch field {
      case 0:
        if let set = node.stringSet {
          out.stringSet(set, unknown: node.stringSetUnknownMembers, indent: indent + 2)
        }
      case 1:
        if let unit = node.stringUnit {
          out.unit(unit, unknown: node.stringUnitUnknownMembers, indent: indent + 2)
        }
      case 2: out.substitutions(node.substitutions, indent: indent + 2)
      default: out.variations(node.variations, indent: indent + 2)
      }
    }
    close(container, UInt8(ascii: "}"))
  }

  /// A `stringUnit`; an empty state is not written (the model's "no state").
  mutating func unit(_ unit: StringUnit, unknown: [RawMember], indent: Int) {
    var container = open(UInt8(ascii: "{"), indent: indent)
    let present: UInt32 = (unit.state.rawValue.isEmpty ? 0 : 1) | (unit.value == nil ? 0 : 2)
    members(
      CatalogWriter.unitFields, present: present, unknown: unknown, &container
    ) { out, field in
      if field == 0 { out.string(unit.state.rawValue) } else { out.string(unit.value ?? "") }
    }
    close(container, UInt8(ascii: "}"))
  }

  /// A `stringSet`: `state` and the `values`, one per line.
  mutating func stringSet(_ set: StringSet, unknown: [RawMember], indent: Int) {
    var container = open(UInt8(ascii: "{"), indent: indent)
    let present: UInt32 = (set.state.rawValue.isEmpty ? 0 : 1) | (set.values.isEmpty ? 0 : 2)
    members(CatalogWriter.setFields, present: present, unknown: unknown, &container) {
      out, field in
      if field == 0 { return out.string(set.state.rawValue) }
      var array = out.open(UInt8(ascii: "["), indent: indent + 2)
      for value in set.values {
        out.nextItem(&array)
        out.string(value)
      }
      out.close(array, UInt8(ascii: "]"))
    }
    close(container, UInt8(ascii: "}"))
  }

  /// `variations`: kind → case name → node.
  mutating func variations(_ variations: [Variation], indent: Int) {
    var container = open(UInt8(ascii: "{"), indent: indent)
    CatalogKeyOrder.forEachSorted(variations, key: { $0.kind.rawValue }) { index in
      let variation = variations[index]
      key(variation.kind.rawValue, &container)
      var cases = open(UInt8(ascii: "{"), indent: indent + 2)
      CatalogKeyOrder.forEachSorted(variation.cases, key: { $0.name }) { caseIndex in
        key(variation.cases[caseIndex].name, &cases)
        node(variation.cases[caseIndex].node, indent: indent + 4)
      }
      close(cases, UInt8(ascii: "}"))
    }
    close(container, UInt8(ascii: "}"))
  }

  /// `substitutions`: name → `argNum`, `formatSpecifier`, `variations`.
  mutating func substitutions(_ substitutions: [Substitution], indent: Int) {
    var container = open(UInt8(ascii: "{"), indent: indent)
    CatalogKeyOrder.forEachSorted(substitutions, key: { $0.name }) { index in
      let substitution = substitutions[index]
      key(substitution.name, &container)
      var fields = open(UInt8(ascii: "{"), indent: indent + 2)
      var present: UInt32 = 0
      if substitution.argNum != nil { present |= 1 }
      if substitution.formatSpecifier != nil { present |= 2 }
      if !substitution.variations.isEmpty { present |= 4 }
      members(
        CatalogWriter.substitutionFields, present: present,
        unknown: substitution.unknownMembers, &fields
      ) { out, field in
        switch field {
        case 0: out.ascii(String(substitution.argNum ?? 0))
        case 1: out.string(substitution.formatSpecifier ?? "")
        default: out.variations(substitution.variations, indent: indent + 4)
        }
      }
      close(fields, UInt8(ascii: "}"))
    }
    close(container, UInt8(ascii: "}"))
  }
}
