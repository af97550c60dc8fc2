import CatalogLint
import LHCBase
import SourceProjects
import SourceStrings
import StringCatalog
import SwiftSource

/// `lhc lint --sources`: the checks of the code that looks strings up, over the trees and the
/// extraction of `lhc extract` (one parse, one extraction) and the keys of the catalogs given.
///
/// Which catalog a lookup reads is decided from its target and its bundle argument: the
/// target's own bundle (`bundle: .module`, or the main bundle in an app or extension target)
/// is the catalog extraction places the string in; the main bundle seen from a package or
/// framework (its `Bundle.main` is the host app's) is the app targets' catalogs of the table; a
/// bundle in a variable is not known. Only catalogs given are checked.
public enum SourceLint {
  /// One catalog given: its path (absolute) and entries.
  public struct CatalogKeys: Sendable {
    public struct Entry: Sendable {
      public var key: String
      /// Offset of the key in the catalog.
      public var offset: Int
      public var state: ExtractionState?
      /// An Interface Builder file feeds it.
      public var isInterfaceBuilder: Bool

      public init(key: String, offset: Int, state: ExtractionState?, isInterfaceBuilder: Bool) {
        self.key = key
        self.offset = offset
        self.state = state
        self.isInterfaceBuilder = isInterfaceBuilder
      }
    }

    public var path: String
    public var entries: [Entry]
    /// False for tables Swift code does not feed (`InfoPlist`, `AppShortcuts`): never
    /// `source-key-unused`.
    public var checksUnused: Bool

    public init(path: String, entries: [Entry], checksUnused: Bool) {
      self.path = path
      self.entries = entries
      self.checksUnused = checksUnused
    }
  }

  /// The findings of one Swift file (offsets into it).
  public struct FileFindings: Sendable {
    public var file: SourceFile
    public var findings: [Finding]
  }

  public struct Result: Sendable {
    /// By Swift file, in path order; files without findings left out.
    public var files: [FileFindings]
    /// `source-key-unused`, by catalog path (offsets into the catalog).
    public var catalogs: [String: [Finding]]
    /// By catalog path, the keys the code shows as they are, never formatted
    /// (``unformattedKeys(_:_:scanned:)``): the format checks do not apply to them.
    public var unformattedKeys: [String: Set<String>] = [:]
  }

  /// Lints the code of `trees` (whose strings `extraction` holds) against `catalogs`; `sdk`
  /// gives the over-the-air SDK a file is linted for (`ota-uncovered-lookup`), if any; only the
  /// `checks` given run (ids; the rest would be dropped anyway).
  public static func lint(
    trees: [SourceTree], extraction: Extraction, scan: SourceScan, catalogs: [CatalogKeys],
    sdk: (String) -> OTACoverage?, checks: Set<String> = Set(LintCheck.ids)
  ) -> Result {
    let resolver = Resolver(scan: scan, catalogs: catalogs)
    let placed = extraction.strings + extraction.lookups
    var byFile: [String: [PlacedString]] = [:]
    for string in placed { byFile[string.file, default: []].append(string) }
    let perFile = Parallel.map(trees) { tree -> ([SyntaxChecks.Found], DateFormats) in
      let strings = byFile[tree.file.path] ?? []
      let syntax = syntaxChecks(tree, strings, walking: !checks.isDisjoint(with: syntaxCheckIDs))
      return (
        (lookupFindings(strings, resolver, sdk(tree.file.path), checks) + syntax.found).filter {
          checks.contains($0.check)
        },
        DateFormats(checks: syntax, sites: checks.contains(dateCheck) ? syntax.dateSites : [])
      )
    }
    let shownAnywhere = perFile.reduce(into: Set<String>()) { $0.formUnion($1.1.shownInFile) }
    var files: [FileFindings] = []
    for (tree, (found, dates)) in zip(trees, perFile) {
      var seen = Set<SyntaxChecks.Found>()
      let unique = (found + dates.findings(shownAnywhere: shownAnywhere)).filter {
        seen.insert($0).inserted
      }
      guard !unique.isEmpty else { continue }
      let findings = unique.map { finding($0, in: tree.file) }.sorted(by: Finding.precedes)
      files.append(FileFindings(file: tree.file, findings: findings))
    }
    files.sort { $0.file.path < $1.file.path }
    let scanned = Set(trees.map(\.file.path))
    return Result(
      files: files,
      catalogs: checks.contains("source-key-unused")
        ? unusedKeys(placed, catalogs, resolver, scanned: scanned, extraction: extraction) : [:],
      unformattedKeys: unformattedKeys(placed, resolver, scanned: scanned))
  }

  static let dateCheck = "source-fixed-date-format"
  /// The checks the syntax walk finds.
  static let syntaxCheckIDs: Set<String> = ["source-concatenation", "source-left-right", dateCheck]

  // MARK: - source-key-unused

  /// The keys of the catalogs fed by the code scanned that no lookup reads (lookups of keys made
  /// at run time read every key their pattern matches), and whose text is not a literal of that
  /// code where lhc cannot tell whether it is localized (the sync's safety net: such a key is not
  /// one `lhc extract` retires). A catalog is checked when every Swift file of its targets was
  /// scanned (or, for files of no target, when a scanned file feeds it).
  static func unusedKeys(
    _ placed: [PlacedString], _ catalogs: [CatalogKeys], _ resolver: Resolver,
    scanned: Set<String>, extraction: Extraction
  ) -> [String: [Finding]] {
    var used: [String: Set<String>] = [:]
    var patterns: [String: [[String]]] = [:]
    var fed = Set<String>()
    for string in placed {
      if let catalog = string.catalog, scanned.contains(string.file) { fed.insert(catalog) }
      for catalog in resolver.reach(string) {
        switch string.string.keyForm {
        case .literal: used[catalog, default: []].insert(Resolver.specifierless(string.string.key))
        case .pattern(let parts): patterns[catalog, default: []].append(parts)
        case .value: break
        }
      }
    }
    var result: [String: [Finding]] = [:]
    for catalog in catalogs where catalog.checksUnused {
      guard allLookupsRead(catalog.path, resolver, scanned: scanned, fed: fed) else { continue }
      let keys = used[catalog.path] ?? []
      let matching = patterns[catalog.path] ?? []
      if matching.contains(where: { $0.allSatisfy(\.isEmpty) }) { continue }
      var findings: [Finding] = []
      let texts = CodeTexts(feeding: catalog.path, extraction: extraction, scan: resolver.scan)
      for entry in catalog.entries
      where isRetirable(entry) && !keys.contains(Resolver.specifierless(entry.key)) {
        if matching.contains(where: { matches(entry.key, $0) }) { continue }
        if texts.occurrence(of: entry.key) != nil { continue }
        findings.append(
          Finding(
            check: "source-key-unused",
            diagnostic: .warning(
              "No code of the scanned targets looks this key up: lhc extract would mark it stale (or remove it, untranslated); delete it, or mark it manual if something else looks it up",
              offset: entry.offset, key: entry.key)))
      }
      if !findings.isEmpty { result[catalog.path] = findings }
    }
    return result
  }

  /// Whether every file that may look the keys of `catalog` up was read: no target of code lhc
  /// does not read (Objective-C) or of Swift files not scanned; for a catalog of no target, one
  /// a scanned file feeds (`fed`).
  private static func allLookupsRead(
    _ catalog: String, _ resolver: Resolver, scanned: Set<String>, fed: Set<String>
  ) -> Bool {
    let targets = resolver.scan.targets.filter { !$0.isTest && $0.catalogs.contains(catalog) }
    if targets.isEmpty { return fed.contains(catalog) }
    return targets.allSatisfy {
      !$0.hasOtherSources && $0.sources.keys.allSatisfy(scanned.contains)
    }
      && targets.contains { !$0.sources.isEmpty }
  }

  // MARK: - Keys the code never formats

  /// The keys of each catalog that the code shows as they are: every lookup that may read the
  /// key is SwiftUI's of a literal without interpolation (`Text("Up to 50% faster")`: a
  /// `LocalizedStringKey` without arguments is not formatted, and no code can format the view
  /// it makes). A key some other lookup may read (`String(localized:)`, whose result the code
  /// may pass to `String(format:)`; `NSLocalizedString`; a key with interpolations; a key made
  /// at run time whose parts it matches), or of a catalog with lookups lhc does not read, is
  /// left to the catalog's own rule.
  static func unformattedKeys(
    _ placed: [PlacedString], _ resolver: Resolver, scanned: Set<String>
  ) -> [String: Set<String>] {
    var shownAsIs: [String: Set<String>] = [:]
    var formatting: [String: Set<String>] = [:]
    var patterns: [String: [[String]]] = [:]
    var fed = Set<String>()
    for string in placed {
      if let catalog = string.catalog, scanned.contains(string.file) { fed.insert(catalog) }
      if string.isFromInterfaceBuilder { continue }
      let lookup = string.string
      for catalog in resolver.reach(string) {
        switch lookup.keyForm {
        case .literal where lookup.path == .swiftUI && !lookup.isInterpolated:
          shownAsIs[catalog, default: []].insert(lookup.key)
        case .literal:
          formatting[catalog, default: []].insert(Resolver.specifierless(lookup.key))
        case .pattern(let parts):
          patterns[catalog, default: []].append(parts)
        case .value:
          break
        }
      }
    }
    var result: [String: Set<String>] = [:]
    for (catalog, keys) in shownAsIs
    where allLookupsRead(catalog, resolver, scanned: scanned, fed: fed) {
      let formatted = formatting[catalog] ?? []
      let matching = patterns[catalog] ?? []
      let unformatted = keys.filter { key in
        !formatted.contains(Resolver.specifierless(key))
          && !matching.contains { matches(key, $0) }
      }
      if !unformatted.isEmpty { result[catalog] = unformatted }
    }
    return result
  }

  /// Whether a sync may retire the entry: not `manual`, `stale` or `migrated`, not fed by an
  /// Interface Builder file.
  private static func isRetirable(_ entry: CatalogKeys.Entry) -> Bool {
    !entry.isInterfaceBuilder && entry.state != .manual && entry.state != .stale
      && entry.state != .migrated
  }

  /// Whether `key` is made of `parts` in order, anything between them.
  static func matches(_ key: String, _ parts: [String]) -> Bool {
    guard let first = parts.first, let last = parts.last, key.hasPrefix(first) else {
      return false
    }
    var rest = key.dropFirst(first.count)
    guard parts.count > 1 else { return rest.isEmpty }
    for part in parts.dropFirst().dropLast() {
      guard let range = rest.range(of: part) else { return false }
      rest = rest[range.upperBound...]
    }
    return rest.hasSuffix(last)
  }

  // MARK: - Lookups

  /// `source-key-missing`, `source-key-missing-main-bundle`, `ota-uncovered-lookup` and
  /// `source-legacy-lookup` of one file's lookups.
  static func lookupFindings(
    _ strings: [PlacedString], _ resolver: Resolver, _ sdk: OTACoverage?, _ checks: Set<String>
  ) -> [SyntaxChecks.Found] {
    let legacy = checks.contains("source-legacy-lookup") && sdk?.coversNSLocalizedString != true
    var found: [SyntaxChecks.Found] = []
    for placed in strings {
      let string = placed.string
      let literalKey: String? = string.keyForm == .literal ? string.key : nil
      let reading = resolver.reading(placed)
      // A key with no word (`%lld`, `@%@`) shows right untranslated.
      if let key = literalKey, !string.table.isEmpty, hasWords(key) {
        if let catalog = reading.own, !resolver.has(key, in: catalog) {
          found.append(
            .init(
              check: "source-key-missing", offset: string.offset,
              message: missingMessage(string, catalog: catalog), key: key))
        }
        if let main = reading.main, let message = mainBundleMessage(placed, main, resolver) {
          found.append(
            .init(
              check: "source-key-missing-main-bundle", offset: string.offset, message: message,
              key: key))
        }
      }
      // A lookup of a value made elsewhere (`String(localized: resource)`) reads the bundle that
      // value names; a key of no words has nothing to update.
      let isLookup =
        [.bundle, .foundation, .swiftUI, .sdk].contains(string.path)
        && (string.keyForm != .value || string.bundle != nil)
        && (literalKey.map(hasWords) ?? true)
      if let sdk, isLookup,
        case .uncovered(let message) = sdk.verdict(
          path: string.path, bundle: reading.bundle, table: string.table, api: string.api,
          key: string.key)
      {
        found.append(
          .init(
            check: "ota-uncovered-lookup", offset: string.offset, message: message, key: literalKey)
        )
      }
      if legacy, string.api == "NSLocalizedString" {
        found.append(
          .init(
            check: "source-legacy-lookup", offset: string.offset,
            message:
              "NSLocalizedString: String(localized:) is Swift's own lookup (its interpolations become format arguments); write String(localized: \"\(string.key)\", comment: \"…\")",
            key: literalKey))
      }
    }
    return found
  }

  /// Whether a key has letters outside its format specifiers: text to translate.
  static func hasWords(_ key: String) -> Bool {
    FormatString(parsing: key).tokens.contains { token in
      if case .literal(let text) = token { return text.contains(where: \.isLetter) }
      return false
    }
  }

  private static func catalogName(_ path: String) -> String {
    Paths.relative(path, to: Paths.currentDirectory)
  }

  private static func missingMessage(_ string: LocalizableString, catalog: String) -> String {
    let shown =
      string.value == nil
      ? "the app shows the key itself, in every language"
      : "the app shows the code's default value, untranslated"
    return
      "\(string.api) looks up a key that \(catalogName(catalog)) does not have: \(shown); add it (lhc extract --into \(catalogName(catalog)))"
  }

  /// The message of a main-bundle lookup of a package or framework, nil when the app's
  /// catalogs have the key (or when nothing can be said).
  private static func mainBundleMessage(
    _ placed: PlacedString, _ main: [String], _ resolver: Resolver
  ) -> String? {
    let string = placed.string
    let own = placed.catalog.flatMap { resolver.keys[$0] != nil ? $0 : nil }
    let ownHasIt = own.map { resolver.has(string.key, in: $0) } ?? false
    let targets = resolver.targets(of: placed).filter(\.isLibrary)
    let kind =
      targets.allSatisfy { if case .package = $0.origin { true } else { false } }
      ? "package module" : "framework"
    let place = "\(kind) \(targets.map(\.name).joined(separator: ", "))"
    let bundle = string.bundle.map { "bundle: \($0)" } ?? "no bundle: argument"
    let reads = "\(string.api) in \(place) reads the main bundle (\(bundle)), the host app's"
    if main.isEmpty {
      guard let own, ownHasIt else { return nil }
      return "\(reads), not \(catalogName(own)) that has this key; pass bundle: .module"
    }
    guard !main.contains(where: { resolver.has(string.key, in: $0) }) else { return nil }
    let names = main.map(catalogName).joined(separator: ", ")
    let fix =
      ownHasIt
      ? "pass bundle: .module to read \(catalogName(own!)), which has it"
      : "give \(targets.first?.name ?? "it") a catalog with the key and pass bundle: .module, or add the key to the app's catalog"
    return
      "\(reads), whose catalogs (\(names)) do not have this key: every language shows the key; \(fix)"
  }

  // MARK: - Syntax

  static func syntaxChecks(_ tree: SourceTree, _ strings: [PlacedString], walking: Bool = true)
    -> SyntaxChecks
  {
    var textLookups: [Int: SyntaxChecks.TextLookup] = [:]
    for placed in strings {
      let string = placed.string
      guard [.bundle, .foundation, .sdk].contains(string.path) || string.api == "Text" else {
        continue
      }
      textLookups[string.offset] = (
        string.keyForm == .literal ? string.key : nil, string.api,
        string.keyForm != .literal || hasWords(string.key)
      )
    }
    var walk = CodeWalk(SyntaxChecks(textLookups: textLookups))
    if walking, !textLookups.isEmpty || mentionsSyntaxChecked(tree.file.bytes) { walk.walk(tree) }
    return walk.visitor
  }

  /// Words one of which a file's text has when the syntax checks can find anything in it
  /// besides concatenations (which need a lookup): what every left/right form, fixed date
  /// format and `string(from:)` call is written with. A file without any is not walked.
  private static let syntaxWords: [[UInt8]] = [
    ".left", ".right", "Left", "Right", "leftAnchor", "rightAnchor", "EdgeInsets", "dateFormat",
    "string(from",
  ].map { Array($0.utf8) }

  static func mentionsSyntaxChecked(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      guard buffer.count > 4 else { return false }
      for index in 0..<(buffer.count - 4) {
        let byte = buffer[index]
        guard
          byte == UInt8(ascii: ".") || byte == UInt8(ascii: "L") || byte == UInt8(ascii: "R")
            || byte == UInt8(ascii: "l") || byte == UInt8(ascii: "r") || byte == UInt8(ascii: "E")
            || byte == UInt8(ascii: "d") || byte == UInt8(ascii: "s")
        else { continue }
        for word in syntaxWords where word[0] == byte && index + word.count <= buffer.count {
          var matched = true
          for offset in 1..<word.count where buffer[index + offset] != word[offset] {
            matched = false
            break
          }
          if matched { return true }
        }
      }
      return false
    }
  }

  /// A finding at `offset` of `file`, with the check's severity and the code's text.
  static func finding(_ found: SyntaxChecks.Found, in file: SourceFile) -> Finding {
    let severity = LintCheck.named(found.check)?.severity ?? .warning
    return Finding(
      check: found.check,
      diagnostic: Diagnostic(severity, found.message, offset: found.offset, key: found.key),
      code: codeText(at: found.offset, in: file))
  }

  /// The text of the line holding `offset`, runs of spaces and tabs collapsed, trimmed.
  static func codeText(at offset: Int, in file: SourceFile) -> String {
    let bytes = file.bytes
    var start = min(max(offset, 0), bytes.count)
    while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
    var end = min(max(offset, 0), bytes.count)
    while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
    let line = file.text(start..<end)
    return line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
      .joined(separator: " ")
  }

  /// 1-based line and column of `offset` in Unicode scalars, as the catalogs' positions are.
  public static func position(of offset: Int, in file: SourceFile) -> (line: Int, column: Int) {
    let (line, byteColumn) = file.lineColumn(of: offset)
    let start = offset - (byteColumn - 1)
    var column = 1
    for index in max(start, 0)..<min(offset, file.bytes.count)
    where file.bytes[index] & 0xC0 != 0x80 {
      column += 1
    }
    return (line, column)
  }
}
