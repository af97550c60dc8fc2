import CatalogSync
import CatalogWriter
import Foundation
import LHCBase
import SourceProjects
import StringCatalog

extension ExtractCommand {
  /// Tables whose keys do not come from Swift code (Info.plist keys, App Shortcuts phrases): no
  /// string of code feeds them and `--create-missing` never makes one.
  static let tablesNotFromCode: Set<String> = ["InfoPlist", "AppShortcuts"]

  /// One catalog a sync looked at: what it would change and the bytes before and after.
  struct SyncedCatalog {
    var path: String
    var changes: [SyncChange]
    var old: [UInt8]
    var new: CatalogBytes
    var oldSource: SourceText?
    /// Where each changed key is: its first use in code, or its entry in the catalog.
    var locations: [String: (file: String, line: Int, column: Int)]
    var created: Bool
  }

  /// Syncs (or checks, or diffs) every catalog the strings feed.
  func sync(
    _ extraction: Extraction, scan: SourceScan,
    infoPlists: (unreadable: [String: String], incomplete: Set<String>) = ([:], []),
    console: Console
  ) -> Int32 {
    var byCatalog: [String: [PlacedString]] = [:]
    var created = Set<String>()
    for string in extraction.strings {
      if let catalog = string.catalog {
        byCatalog[catalog, default: []].append(string)
      } else if let directory = createMissing, string.lacksCatalog,
        !Self.tablesNotFromCode.contains(string.string.table)
      {
        let path = directory + "/" + string.string.table + ".xcstrings"
        if !FileManager.default.fileExists(atPath: path) { created.insert(path) }
        byCatalog[path, default: []].append(string)
      }
    }
    var candidates: [String]
    if into.isEmpty {
      // Every catalog that gets strings, and the other catalogs of the targets of the files
      // scanned (whose keys may all have left the code).
      candidates = Set(byCatalog.keys).union(extraction.interfaceFiles.values)
        .union(syncedTargets(scan).flatMap(\.catalogs)).sorted()
    } else {
      candidates = into
      warnAboutTablesWithoutCatalog(extraction, console)
    }
    // An `InfoPlist` catalog is synced from its targets' Info.plist: not one lhc cannot read,
    // nor one of no target (whose Info.plist lhc does not know).
    let infoPlistCatalogs = Set(infoPlistTargets(scan).compactMap { $0.catalog(of: "InfoPlist") })
    for path in candidates where Paths.tableName(of: path) == "InfoPlist" {
      if let reason = infoPlists.unreadable[path] {
        let shown = reason.replacingOccurrences(of: Paths.currentDirectory + "/", with: "")
        console.error("\(relative(path)): note: not synced: \(shown)\n")
      } else if !into.isEmpty, !infoPlistCatalogs.contains(path) {
        console.error(
          "\(relative(path)): note: not synced: no target of a project read builds it with an Info.plist\n"
        )
      }
    }
    candidates = candidates.filter {
      Paths.tableName(of: $0) != "InfoPlist"
        || (infoPlistCatalogs.contains($0) && infoPlists.unreadable[$0] == nil)
    }
    guard
      let finalNewline = FinalNewline.load(
        for: candidates, flag: allowFinalNewline, console: console)
    else { return ExitStatus.failure }
    var results: [SyncedCatalog] = []
    var failed = false
    let swiftRead = Set(extraction.fileRules.keys).subtracting(extraction.interfaceFiles.keys)
    for path in candidates {
      let strings = byCatalog[path] ?? []
      // Which kinds of source this run read for the catalog: only those may retire its keys.
      let read = SourcesRead(
        code: strings.contains { !$0.isFromInterfaceBuilder }
          || scan.targets.contains {
            $0.catalogs.contains(path) && $0.sources.keys.contains(where: swiftRead.contains)
          },
        interfaceBuilder: extraction.interfaceFiles.values.contains(path))
      let texts =
        keepsKeysInCode ? CodeTexts(feeding: path, extraction: extraction, scan: scan) : nil
      switch syncCatalog(
        path, strings: strings, read: read, created: created.contains(path), texts: texts,
        finalNewline: finalNewline, retiresInfoPlistKeys: !infoPlists.incomplete.contains(path),
        console)
      {
      case .success(let result?): results.append(result)
      case .success(nil): break
      case .failure: failed = true
      }
    }
    let changed = results.filter { !$0.changes.isEmpty }
    switch mode {
    case .check:
      console.out(
        ExtractReport.check(changed, checked: results.count, format: format, relative: relative))
      if failed { return ExitStatus.failure }
      return changed.isEmpty ? ExitStatus.success : ExitStatus.failure
    case .dryRun:
      for result in changed {
        let name = relative(result.path)
        console.out(
          UnifiedDiff.render(
            old: result.old, new: result.new.joined(),
            oldName: result.created ? "/dev/null" : "a/" + name,
            newName: "b/" + name))
      }
    default:
      // All or nothing: a catalog that cannot be read stops every write.
      if failed { return ExitStatus.failure }
      do {
        try ImportCommand.writeAll(changed.map { (bytes: $0.new, path: $0.path) })
      } catch {
        console.error("\(relative(error.path)): error: cannot write file: \(error.message)\n")
        return ExitStatus.failure
      }
      console.out(ExtractReport.summary(changed, relative: relative))
    }
    return failed ? ExitStatus.failure : ExitStatus.success
  }

  /// Tables with strings that no `--into` catalog holds.
  private func warnAboutTablesWithoutCatalog(_ extraction: Extraction, _ console: Console) {
    let given = Set(into.map { Paths.tableName(of: $0) })
    var counts: [String: (Int, PlacedString)] = [:]
    for string in extraction.strings where !given.contains(string.string.table) {
      let table = string.string.table
      counts[table] = ((counts[table]?.0 ?? 0) + 1, counts[table]?.1 ?? string)
    }
    for table in counts.keys.sorted() {
      let (count, first) = counts[table]!
      console.error(
        "\(relative(first.file)):\(first.line):\(first.column): warning: no catalog of table \(table) given with --into: \(count) string\(count == 1 ? "" : "s") of it not synced\n"
      )
    }
  }

  private struct Failed: Error {}

  /// The kinds of source a run read for one catalog.
  struct SourcesRead {
    var code: Bool
    var interfaceBuilder: Bool
  }

  /// Reads one catalog and syncs it with its strings; nil when it cannot change (nothing read
  /// and nothing to add). A key of a kind of source the run did not read for it (Swift code,
  /// Interface Builder) is never retired: a warning counts them.
  private func syncCatalog(
    _ path: String, strings: [PlacedString], read: SourcesRead, created: Bool,
    texts: CodeTexts?, finalNewline: FinalNewline, retiresInfoPlistKeys: Bool = true,
    _ console: Console
  ) -> Result<SyncedCatalog?, Failed> {
    let catalog: Catalog
    var source: SourceText?
    var old: [UInt8] = []
    if created {
      catalog = Catalog(sourceLanguage: sourceLanguage, version: "1.0", entries: [])
    } else {
      switch EditedCatalog.read(path, clearingOffsets: false) {
      case .success(let edited):
        catalog = edited.catalog
        source = edited.source
        old = Array(edited.source.bytes)
      case .failure(let failure):
        DiagnosticPrinter(console: console, warningsAsErrors: false)
          .print(failure.diagnostics, path: relative(path), source: failure.source)
        return .failure(Failed())
      }
    }
    var (keys, conflicts) = Self.merge(strings)
    let isInfoPlist = Paths.tableName(of: path) == "InfoPlist"
    if isInfoPlist {
      Self.keepSourceValueOfSharedKeys(&keys, &conflicts, catalog: catalog)
      // Xcode keeps the comment an entry has (Cog's `CFBundleName`, extracted, keeps "Localized
      // versions of Info.plist keys"): only an entry without one gets the key's name.
      let commented = Set(catalog.entries.filter { $0.comment != nil }.map(\.key))
      // An entry without an extraction state keeps it, and its source value (owncloud's
      // extensions: Xcode's comments, no state, a translated source unit).
      let stateless = Set(catalog.entries.filter { $0.extractionState == nil }.map(\.key))
      for index in keys.indices {
        if commented.contains(keys[index].key) { keys[index].comment = nil }
        if stateless.contains(keys[index].key) { keys[index].value = nil }
      }
    }
    for conflict in conflicts {
      console.error(
        "\(relative(conflict.file)):\(conflict.line):\(conflict.column): warning: \"\(conflict.string.key)\" has another default value here than at its first use; the first is used\n"
      )
    }
    var kept = (code: 0, interfaceBuilder: 0)
    // Keys kept by the safety net: still in the code where lhc cannot tell (with where).
    var inCode: [(key: String, at: CodeTexts.Occurrence)] = []
    let (synced, changes) = CatalogSync.sync(catalog, with: keys) { entry in
      // Of an Info.plist's catalog, only a key Xcode extracted from a top-level Info.plist key
      // that the Info.plist no longer has retires; texts, manual keys and the rest stay.
      if isInfoPlist { return retiresInfoPlistKeys && Self.isExtractedInfoPlistKey(entry) }
      if Self.isInterfaceBuilderEntry(entry) {
        if !read.interfaceBuilder { kept.interfaceBuilder += 1 }
        return read.interfaceBuilder
      }
      if !read.code { kept.code += 1 }
      if read.code, let occurrence = texts?.occurrence(of: entry.key) {
        inCode.append((entry.key, occurrence))
        return false
      }
      return read.code
    }
    let table = Paths.tableName(of: path)
    let found = Set(keys.map(\.key))
    let staleInCode = catalog.entries.compactMap { entry -> (String, CodeTexts.Occurrence)? in
      guard !isInfoPlist, entry.extractionState == .stale, !found.contains(entry.key),
        !Self.isInterfaceBuilderEntry(entry), let occurrence = texts?.occurrence(of: entry.key)
      else { return nil }
      return (entry.key, occurrence)
    }
    reportKeptInCode(path, kept: inCode, stale: staleInCode, console)
    if kept.interfaceBuilder > 0 {
      console.error(
        "\(relative(path)): warning: \(LintReport.plural(kept.interfaceBuilder, "key")) from Interface Builder not marked stale: this run read no Interface Builder file of table \(table)\n"
      )
    }
    if kept.code > 0 {
      console.error(
        "\(relative(path)): warning: \(LintReport.plural(kept.code, "key")) from code not marked stale: this run read no Swift source of table \(table)\n"
      )
    }
    var locations: [String: (String, Int, Int)] = [:]
    for string in strings.sorted(by: Self.codeOrder) where locations[string.string.key] == nil {
      locations[string.string.key] = (string.file, string.line, string.column)
    }
    if let source {
      for entry in catalog.entries where locations[entry.key] == nil {
        let position = source.lineColumn(of: entry.offset)
        locations[entry.key] = (path, position.line, position.column)
      }
    }
    // A new catalog has no final newline to keep (`old` is empty).
    let bytes = CatalogWriter.chunks(
      synced, finalNewline: finalNewline.keeps(path, existing: old))
    // A catalog whose bytes stay the same has nothing to write, whatever the model says.
    let effective = created || !bytes.joined().elementsEqual(old) ? changes : []
    return .success(
      SyncedCatalog(
        path: path, changes: effective, old: old, new: bytes, oldSource: source,
        locations: locations, created: created))
  }

  /// The safety net's keys of one catalog: a summary line each for those kept and for the stale
  /// ones that stay stale; with `--explain`, where each key's text is.
  private func reportKeptInCode(
    _ path: String, kept: [(key: String, at: CodeTexts.Occurrence)],
    stale: [(key: String, at: CodeTexts.Occurrence)], _ console: Console
  ) {
    var text = ""
    if !kept.isEmpty {
      text +=
        "\(relative(path)): note: \(LintReport.plural(kept.count, "key")) kept: their text is still in the code where lhc cannot tell whether it is localized\n"
    }
    if !stale.isEmpty {
      text +=
        "\(relative(path)): note: \(LintReport.plural(stale.count, "stale key")) left stale: their text is still in the code where lhc cannot tell whether it is localized\n"
    }
    if explain {
      for (key, at) in kept + stale {
        text +=
          "\(relative(at.file)):\(at.line):\(at.column): note: \(JSONValue.quoted(key)) of \(relative(path)) is still here\n"
      }
    }
    if !text.isEmpty { console.error(text) }
  }

  static func codeOrder(_ lhs: PlacedString, _ rhs: PlacedString) -> Bool {
    (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
  }

  /// The strings of one catalog as its keys: the comments of a key's call sites (each once,
  /// sorted) joined by a line break, the first default value; the call sites whose default value
  /// differs from the first one's.
  static func merge(_ strings: [PlacedString]) -> ([ExtractedKey], [PlacedString]) {
    var keys: [ExtractedKey] = []
    var positions: [String: Int] = [:]
    var comments: [String: [String]] = [:]
    var conflicts: [PlacedString] = []
    for string in strings.sorted(by: codeOrder) {
      let key = string.string.key
      if let comment = string.string.comment, !(comments[key] ?? []).contains(comment) {
        comments[key, default: []].append(comment)
      }
      guard let position = positions[key] else {
        positions[key] = keys.count
        keys.append(
          ExtractedKey(key: key, value: string.string.value, phrases: string.string.phrases))
        continue
      }
      if let value = string.string.value {
        if keys[position].value == nil {
          keys[position].value = value
        } else if keys[position].value != value {
          conflicts.append(string)
        }
      }
    }
    for index in keys.indices {
      // Sorted, as Xcode joins them (46 keys of several comments in real catalogs, all sorted).
      keys[index].comment = comments[keys[index].key].map { $0.sorted().joined(separator: "\n") }
    }
    return (keys, conflicts)
  }

  /// Targets sharing an `InfoPlist` catalog that give a key different values (an App Store and
  /// a direct build's `CFBundleName`): each of Xcode's builds writes its own, so the catalog's
  /// source value stays when it is one of them (no conflict then); otherwise the first wins.
  static func keepSourceValueOfSharedKeys(
    _ keys: inout [ExtractedKey], _ conflicts: inout [PlacedString], catalog: Catalog
  ) {
    guard !conflicts.isEmpty else { return }
    var entries: [String: CatalogEntry] = [:]
    for entry in catalog.entries { entries[entry.key] = entry }
    var resolved = Set<String>()
    for index in keys.indices {
      let key = keys[index].key
      let others = conflicts.filter { $0.string.key == key }.compactMap(\.string.value)
      guard !others.isEmpty,
        let current = entries[key]?.localizations.first(where: {
          $0.language == catalog.sourceLanguage
        })?.node.stringUnit?.value,
        current == keys[index].value || others.contains(current)
      else { continue }
      keys[index].value = current
      resolved.insert(key)
    }
    conflicts.removeAll { resolved.contains($0.string.key) }
  }

  /// An entry of an `InfoPlist` catalog that Xcode's build extracted from an Info.plist key
  /// (`extracted_with_value`, keyed by a key of ``InfoPlistStrings``' table).
  static func isExtractedInfoPlistKey(_ entry: CatalogEntry) -> Bool {
    entry.extractionState == .extractedWithValue && InfoPlistStrings.isLocalizableKey(entry.key)
  }

  /// An entry of an Interface Builder catalog (`Class = "NSButtonCell"; … ObjectID = "…";`):
  /// fed by an Interface Builder file, not by Swift code.
  static func isInterfaceBuilderEntry(_ entry: CatalogEntry) -> Bool {
    guard let comment = entry.comment else { return false }
    return comment.hasPrefix("Class = \"") && comment.contains("ObjectID = \"")
  }
}
