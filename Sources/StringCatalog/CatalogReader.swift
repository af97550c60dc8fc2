import LHCBase

/// Reads `.xcstrings` bytes into a ``Catalog`` in one pass, with no intermediate JSON tree.
public enum CatalogReader {
  /// Reads a catalog; throws DiagnosticError (one error diagnostic with a byte offset) on syntax errors and
  /// on semantic errors that make the catalog unusable; returns warnings otherwise.
  public static func read(_ source: SourceText) throws(DiagnosticError) -> (
    catalog: Catalog, diagnostics: [Diagnostic]
  ) {
    var entries = UniqueEntries(capacity: source.bytes.count / 2048 + 8)
    var (catalog, diagnostics) = try read(source) { entries.add($0) }
    catalog.entries = entries.entries
    return (catalog, diagnostics)
  }

  /// Entries with unique keys: a key read again replaces the earlier entry, in its place (the
  /// last value wins, as in Foundation).
  package struct UniqueEntries {
    package var entries: [CatalogEntry] = []
    var indexByKey: [String: Int] = [:]

    package init(capacity: Int) {
      entries.reserveCapacity(capacity)
      indexByKey.reserveCapacity(capacity)
    }

    package mutating func add(_ entry: CatalogEntry) {
      if let earlier = indexByKey.updateValue(entries.count, forKey: entry.key) {
        entries[earlier] = entry
        indexByKey[entry.key] = earlier
      } else {
        entries.append(entry)
      }
    }
  }

  /// Reads a catalog and hands each entry of `strings` to `body` as soon as it is read, so a
  /// compiler can consume a large catalog without the whole model in memory. The returned catalog
  /// has no entries. A key that occurs twice is handed over twice (a duplicate-key warning is
  /// reported); consumers let the later one win.
  public static func read(
    _ source: SourceText, forEachEntry body: (CatalogEntry) -> Void
  ) throws(DiagnosticError) -> (catalog: Catalog, diagnostics: [Diagnostic]) {
    try read(source, lossless: false, forEachEntry: body)
  }

  /// ``read(_:forEachEntry:)``, keeping what the model does not interpret when `lossless`.
  static func read(
    _ source: SourceText, lossless: Bool, forEachEntry body: (CatalogEntry) -> Void
  ) throws(DiagnosticError) -> (catalog: Catalog, diagnostics: [Diagnostic]) {
    let path = UnsafeMutablePointer<Int>.allocate(capacity: JSONScanner.maxDepth + 2)
    defer { path.deallocate() }
    let result = withoutActuallyEscaping(body) {
      body -> Result<(catalog: Catalog, diagnostics: [Diagnostic]), DiagnosticError> in
      var parser = CatalogParser(source: source, path: path, lossless: lossless, sink: body)
      do throws(DiagnosticError) {
        let catalog = try parser.parseCatalog()
        return .success((catalog, parser.scanner.diagnostics.sortedByOffset()))
      } catch {
        // Syntax errors come from the scanner, which does not know the entry it is in.
        var error = error
        for index in error.diagnostics.indices where error.diagnostics[index].key == nil {
          error.diagnostics[index].key = parser.name(at: parser.currentKey)
          error.diagnostics[index].language =
            error.diagnostics[index].language ?? parser.name(at: parser.currentLanguage)
        }
        return .failure(error)
      }
    }
    return try result.get()
  }
}

/// The recursive-descent half of the reader: drives a ``JSONScanner`` and builds the model.
struct CatalogParser {
  var scanner: JSONScanner
  let source: SourceText
  /// Offsets of the keys of the objects being read, outermost first (for "at `a.b.c`" paths);
  /// room for one per nesting level, owned by ``CatalogReader/read(_:)``.
  let path: UnsafeMutablePointer<Int>
  var pathCount = 0
  /// The entry key and language being read, attached to diagnostics.
  /// (Offsets of their keys' quotes: decoded only when a diagnostic needs them.)
  var currentKey: Int?
  var currentLanguage: Int?
  /// Fingerprints of the keys seen so far in the open objects, a stack (see ``duplicate(of:_:in:siblings:)``).
  var siblingPrints: [UInt64] = []
  /// The number of localizations of the previous entry, to reserve capacity for the next.
  var lastLocalizationCount = 4
  /// The number of cases of the previous variation, likewise.
  var lastCaseCount = 2
  var discardedUpTo = 0
  /// Bytes read between two calls to ``SourceText/discard(_:)``.
  static let discardInterval = 8 << 20

  /// Receives each entry as soon as it is read.
  let sink: (CatalogEntry) -> Void
  /// Keep unknown members and empty known containers (see ``Catalog``); the compile path does not.
  let lossless: Bool
  /// When set, entries are not read but validated and handed over as spans: key and bytes.
  var spanSink: ((String, Range<Int>) -> Void)?
  /// Where this parser's part of `strings` ends (catalogs read in parts), and whether the entry
  /// boundary expected there was missed.
  var stopAt: Int?
  var misaligned = false
  /// The entry keys read, with their offsets (duplicates are reported).
  var keyOffsets: [String: Int] = [:]

  init(
    source: SourceText, path: UnsafeMutablePointer<Int>, lossless: Bool = false,
    sink: @escaping (CatalogEntry) -> Void
  ) {
    self.source = source
    self.lossless = lossless
    self.sink = sink
    self.scanner = JSONScanner(bytes: source.bytes)
    self.path = path
    siblingPrints.reserveCapacity(256)
  }

  /// Reads the top-level object.
  mutating func parseCatalog() throws(DiagnosticError) -> Catalog {
    var header = try beginCatalog()
    var first = true
    _ = try parseMembers(&header, first: &first)
    return try finishCatalog(header)
  }

  /// The top-level fields read so far.
  struct Header {
    /// Offset of the top-level `{`.
    var open: Int
    var sourceLanguage: String?
    var version: (text: String, offset: Int)?
    var hasEntries = false
    var seen: UInt32 = 0
    /// Other top-level members (lossless reads).
    var unknown: [RawMember] = []
  }

  /// Reads up to and including the top-level `{`.
  mutating func beginCatalog() throws(DiagnosticError) -> Header {
    scanner.skipByteOrderMark()
    scanner.skipWhitespace()
    let open = scanner.index
    guard scanner.peek() == Byte.openBrace else {
      throw scanner.unexpected("expected '{' at start of catalog", at: open)
    }
    try scanner.enterContainer()
    return Header(open: open)
  }

  /// Reads top-level members up to the closing `}`; returns true instead when `strings` reached
  /// ``stopAt`` (a part read on its own thread ends there).
  mutating func parseMembers(_ header: inout Header, first: inout Bool) throws(DiagnosticError)
    -> Bool
  {
    while try scanner.nextMember(&first) {
      let key = try scanner.readKey()
      if scanner.equals(key, "sourceLanguage") {
        noteField(&header.seen, 1, key, "sourceLanguage")
        header.sourceLanguage = try readString(key)
      } else if scanner.equals(key, "strings") {
        noteField(&header.seen, 2, key, "strings")
        header.hasEntries = true
        try enterObject(key)
        var firstEntry = true
        if try parseEntries(first: &firstEntry) { return true }
      } else if scanner.equals(key, "version") {
        noteField(&header.seen, 4, key, "version")
        let offset = scanner.index
        header.version = (try readString(key), offset)
      } else {
        try keepOrSkip(key, in: &header.unknown)
      }
    }
    return false
  }

  /// Checks the end of the file and the required fields; reports version warnings.
  mutating func finishCatalog(_ header: Header) throws(DiagnosticError) -> Catalog {
    try scanner.expectEnd()
    guard let sourceLanguage = header.sourceLanguage else {
      throw scanner.error("missing required field 'sourceLanguage'", at: header.open)
    }
    guard header.hasEntries else {
      throw scanner.error("missing required field 'strings'", at: header.open)
    }
    let versionText: String
    if let version = header.version {
      versionText = version.text
      if !Catalog.knownVersions.contains(version.text) {
        let newest = Catalog.newestKnownVersion
        let message =
          Self.isNewer(version.text)
          ? "catalog version '\(version.text)' is newer than lhc knows; reading it as \(newest)"
          : "unknown catalog version '\(version.text)'; reading it as \(newest)"
        scanner.diagnostics.append(.warning(message, offset: version.offset))
      }
    } else {
      versionText = "1.0"
      scanner.diagnostics.append(
        .warning(
          "missing field 'version'; reading the catalog as version 1.0", offset: header.open))
    }
    return Catalog(
      sourceLanguage: sourceLanguage, version: versionText, entries: [],
      unknownMembers: header.unknown)
  }

  /// Hands the pages read since the last call back to the kernel, every few megabytes.
  @inline(__always) mutating func discardPassedPages() {
    // Spans are read again right after (see ``CatalogReader/readEntrySpans(_:)``): keep them.
    if scanner.index &- discardedUpTo >= Self.discardInterval && spanSink == nil {
      source.discard(discardedUpTo..<scanner.index)
      discardedUpTo = scanner.index
    }
  }

  /// True when `version` compares numerically above every known version (`2.0`, `1.10`).
  static func isNewer(_ version: String) -> Bool {
    let parts = version.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
    guard parts.count >= 1, parts.allSatisfy({ $0 != nil }) else { return false }
    let numbers = parts.compactMap { $0 } + [0]
    return (numbers[0], numbers[1]) > (1, 3)
  }

  /// Reads the entries of `strings` (its `{` already entered), handing each to the sink, up to
  /// its `}`. Returns true instead when the next key is at ``stopAt``; a key past it means the
  /// part boundary was not an entry boundary (``misaligned``).
  mutating func parseEntries(first: inout Bool) throws(DiagnosticError) -> Bool {
    while try scanner.nextMember(&first) {
      if let stopAt, scanner.index >= stopAt {
        misaligned = scanner.index != stopAt
        return true
      }
      discardPassedPages()
      let keyToken = try scanner.readKey()
      let key = scanner.makeString(keyToken)
      currentKey = keyToken.offset
      if let spanSink {
        // Spans only (see ``CatalogReader/readEntrySpans(_:)``): validated, not read.
        try scanner.skipValue()
        noteEntryKey(key, keyToken)
        spanSink(key, keyToken.offset..<scanner.index)
        continue
      }
      let entry = try parseEntry(key, keyToken)
      noteEntryKey(key, keyToken)
      sink(entry)
    }
    currentKey = nil
    leaveObject()
    return false
  }

  /// Records an entry key read, warning when it was read before.
  @inline(__always) mutating func noteEntryKey(_ key: String, _ keyToken: JSONString) {
    if let earlier = keyOffsets.updateValue(keyToken.offset, forKey: key) {
      // Keep the first offset: a part read on its own thread reports a key that an earlier
      // part also has at the key's first place in this part (found by FuzzCatalog).
      keyOffsets[key] = earlier
      warn("duplicate key '\(key)'", at: keyToken.offset)
    }
  }

  /// Reads one entry of `strings`.
  mutating func parseEntry(_ key: String, _ keyToken: JSONString) throws(DiagnosticError)
    -> CatalogEntry
  {
    try enterObject(keyToken)
    var entry = CatalogEntry(key: key, offset: keyToken.offset)
    var seen: UInt32 = 0
    var first = true
    while try scanner.nextMember(&first) {
      let field = try scanner.readKey()
      if scanner.equals(field, "localizations") {
        noteField(&seen, 1, field, "localizations")
        entry.localizations = try parseLocalizations(field)
        if lossless && entry.localizations.isEmpty {
          entry.unknownMembers.keep(.emptyObject("localizations"))
        }
      } else if scanner.equals(field, "comment") {
        noteField(&seen, 2, field, "comment")
        entry.comment = try readString(field)
      } else if scanner.equals(field, "extractionState") {
        noteField(&seen, 4, field, "extractionState")
        try expect(.string, for: field)
        entry.extractionState = extractionState(try scanner.scanString())
      } else if scanner.equals(field, "shouldTranslate") {
        noteField(&seen, 8, field, "shouldTranslate")
        entry.shouldTranslate = try readBool(field)
      } else if scanner.equals(field, "isCommentAutoGenerated") {
        noteField(&seen, 16, field, "isCommentAutoGenerated")
        entry.isCommentAutoGenerated = try readBool(field)
      } else if scanner.equals(field, "generatesSymbol") {
        noteField(&seen, 32, field, "generatesSymbol")
        entry.generatesSymbol = try readBool(field)
      } else {
        try keepOrSkip(field, in: &entry.unknownMembers)
      }
    }
    leaveObject()
    return entry
  }

  /// Reads `localizations`: language → node.
  mutating func parseLocalizations(_ field: JSONString) throws(DiagnosticError) -> [Localization] {
    try enterObject(field)
    var siblings = SiblingKeys(base: siblingPrints.count)
    var localizations: [Localization] = []
    localizations.reserveCapacity(lastLocalizationCount)
    var first = true
    while try scanner.nextMember(&first) {
      let key = try scanner.readKey()
      let language = scanner.makeString(key)
      currentLanguage = key.offset
      let localization = Localization(
        language: language, node: try parseNode(key), offset: key.offset)
      if let earlier = duplicate(of: key, language, in: localizations, siblings: &siblings) {
        warn("duplicate key '\(language)'", at: key.offset)
        localizations[earlier] = localization
      } else {
        localizations.append(localization)
      }
    }
    currentLanguage = nil
    siblingPrints.removeLast(siblingPrints.count - siblings.base)
    leaveObject()
    lastLocalizationCount = max(localizations.count, 1)
    return localizations
  }

  // MARK: Shared helpers

  /// Enters the object at the cursor, held by `field`: checks its type and records the path.
  @inline(__always) mutating func enterObject(_ field: JSONString) throws(DiagnosticError) {
    try expect(.object, for: field)
    try scanner.enterContainer()
    path[pathCount] = field.offset
    pathCount &+= 1
  }

  /// Leaves the object entered by ``enterObject(_:)`` (its `}` was consumed by the scanner).
  @inline(__always) mutating func leaveObject() {
    pathCount &-= 1
  }

  /// Throws a type error unless the value at the cursor is of kind `expected`.
  @inline(__always) mutating func expect(_ expected: JSONKind, for field: JSONString)
    throws(DiagnosticError)
  {
    let found = try scanner.kind()
    if found != expected {
      throw typeError(expected.phrase, found: found.phrase, field: field, at: scanner.index)
    }
  }

  /// "at `strings.key.field`: expected X, found Y" at `offset`.
  func typeError(_ expected: String, found: String, field: JSONString, at offset: Int)
    -> DiagnosticError
  {
    let names = ((0..<pathCount).map { path[$0] } + [field.offset]).compactMap { name(at: $0) }
    let message = "at `\(names.joined(separator: "."))`: expected \(expected), found \(found)"
    return DiagnosticError(
      .error(
        message, offset: offset, language: name(at: currentLanguage), key: name(at: currentKey)))
  }

  /// The text of the string whose quote is at `offset` (an already validated key).
  func name(at offset: Int?) -> String? {
    guard let offset else { return nil }
    var reader = scanner
    reader.index = offset
    guard let token = try? reader.scanString() else { return nil }
    return reader.makeString(token)
  }

  /// Reads a string value for `field`.
  @inline(__always) mutating func readString(_ field: JSONString) throws(DiagnosticError) -> String
  {
    try expect(.string, for: field)
    return scanner.makeString(try scanner.scanString())
  }

  /// Reads a boolean value for `field`.
  mutating func readBool(_ field: JSONString) throws(DiagnosticError) -> Bool {
    try expect(.boolean, for: field)
    return try scanner.scanLiteral() ?? false
  }

  /// Records a warning about the entry and language being read.
  mutating func warn(_ message: String, at offset: Int) {
    scanner.diagnostics.append(
      .warning(
        message, offset: offset, language: name(at: currentLanguage), key: name(at: currentKey)))
  }

  /// Warns when a known field appears twice in one object (the last one wins).
  @inline(__always) mutating func noteField(
    _ seen: inout UInt32, _ flag: UInt32, _ key: JSONString, _ name: StaticString
  ) {
    if seen & flag != 0 { warn("duplicate key '\(name)'", at: key.offset) }
    seen |= flag
  }

  /// An extraction state, using the static constants for known spellings.
  mutating func extractionState(_ token: JSONString) -> ExtractionState {
    if !token.escaped {
      if scanner.equals(token, "manual") { return .manual }
      if scanner.equals(token, "extracted_with_value") { return .extractedWithValue }
      if scanner.equals(token, "stale") { return .stale }
      if scanner.equals(token, "migrated") { return .migrated }
    }
    return ExtractionState(rawValue: scanner.makeString(token))
  }
}
