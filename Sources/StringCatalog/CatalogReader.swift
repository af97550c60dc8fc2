import LHCBase

/// Reads `.xcstrings` bytes into a ``Catalog`` in one pass, with no intermediate JSON tree.
public enum CatalogReader {
  /// Reads a catalog; throws DiagnosticError (one error diagnostic with a byte offset) on syntax errors and
  /// on semantic errors that make the catalog unusable; returns warnings otherwise.
  public static func read(_ source: SourceText) throws(DiagnosticError) -> (
    catalog: Catalog, diagnostics: [Diagnostic]
  ) {
    var parser = CatalogParser(source: source)
    do {
      let catalog = try parser.parseCatalog()
      let diagnostics = parser.scanner.diagnostics.enumerated().sorted {
        ($0.element.offset ?? 0, $0.offset) < ($1.element.offset ?? 0, $1.offset)
      }.map(\.element)
      return (catalog, diagnostics)
    } catch {
      // Syntax errors come from the scanner, which does not know the entry it is in.
      var error = error
      for index in error.diagnostics.indices where error.diagnostics[index].key == nil {
        error.diagnostics[index].key = parser.currentKey
        error.diagnostics[index].language = error.diagnostics[index].language ?? parser.currentLanguage
      }
      throw error
    }
  }
}

/// The recursive-descent half of the reader: drives a ``JSONScanner`` and builds the model.
struct CatalogParser {
  var scanner: JSONScanner
  let source: SourceText
  /// Offsets of the keys of the objects being read, outermost first (for "at `a.b.c`" paths).
  var path: [Int] = []
  /// The entry key and language being read, attached to diagnostics.
  var currentKey: String?
  var currentLanguage: String?
  /// Fingerprints of the keys seen so far in the open objects, a stack (see ``duplicate(of:in:base:)``).
  var siblingPrints: [UInt64] = []
  /// The number of localizations of the previous entry, to reserve capacity for the next.
  var lastLocalizationCount = 4
  private var discardedUpTo = 0
  /// Bytes read between two calls to ``SourceText/discard(before:)``.
  private static let discardInterval = 8 << 20

  init(source: SourceText) {
    self.source = source
    self.scanner = JSONScanner(bytes: source.bytes)
    path.reserveCapacity(JSONScanner.maxDepth + 2)
    siblingPrints.reserveCapacity(256)
  }

  /// Reads the top-level object.
  mutating func parseCatalog() throws(DiagnosticError) -> Catalog {
    scanner.skipByteOrderMark()
    scanner.skipWhitespace()
    let open = scanner.index
    guard scanner.peek() == Byte.openBrace else {
      throw scanner.unexpected("expected '{' at start of catalog", at: open)
    }
    try scanner.enterContainer()
    var sourceLanguage: String?
    var version: (text: String, offset: Int)?
    var entries: [CatalogEntry]?
    var seen: UInt32 = 0
    var first = true
    while try scanner.nextMember(&first) {
      let key = try scanner.readKey()
      if scanner.equals(key, "sourceLanguage") {
        noteField(&seen, 1, key, "sourceLanguage")
        sourceLanguage = try readString(key)
      } else if scanner.equals(key, "strings") {
        noteField(&seen, 2, key, "strings")
        entries = try parseEntries(key)
      } else if scanner.equals(key, "version") {
        noteField(&seen, 4, key, "version")
        let offset = scanner.index
        version = (try readString(key), offset)
      } else {
        try scanner.skipValue()
      }
    }
    try scanner.expectEnd()
    guard let sourceLanguage else { throw scanner.error("missing required field 'sourceLanguage'", at: open) }
    guard let entries else { throw scanner.error("missing required field 'strings'", at: open) }
    let versionText: String
    if let version {
      versionText = version.text
      if !Catalog.knownVersions.contains(version.text) {
        let message =
          Self.isNewer(version.text)
          ? "catalog version '\(version.text)' is newer than lhc knows; reading it as 1.1"
          : "unknown catalog version '\(version.text)'; reading it as 1.1"
        scanner.diagnostics.append(.warning(message, offset: version.offset))
      }
    } else {
      versionText = "1.0"
      scanner.diagnostics.append(.warning("missing field 'version'; reading the catalog as version 1.0", offset: open))
    }
    return Catalog(sourceLanguage: sourceLanguage, version: versionText, entries: entries)
  }

  /// True when `version` compares numerically above every known version (`2.0`, `1.10`).
  static func isNewer(_ version: String) -> Bool {
    let parts = version.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
    guard parts.count >= 1, parts.allSatisfy({ $0 != nil }) else { return false }
    let numbers = parts.compactMap { $0 } + [0]
    return (numbers[0], numbers[1]) > (1, 1)
  }

  /// Reads `strings`: entry key → entry.
  mutating func parseEntries(_ field: JSONString) throws(DiagnosticError) -> [CatalogEntry] {
    try expect(.object, for: field)
    try scanner.enterContainer()
    path.append(field.offset)
    defer { path.removeLast() }
    var entries: [CatalogEntry] = []
    var indexByKey: [String: Int] = [:]
    let estimate = source.bytes.count / 2048 + 8
    entries.reserveCapacity(estimate)
    indexByKey.reserveCapacity(estimate)
    var first = true
    while try scanner.nextMember(&first) {
      if scanner.index &- discardedUpTo >= Self.discardInterval {
        source.discard(before: scanner.index)
        discardedUpTo = scanner.index
      }
      let keyToken = try scanner.readKey()
      let key = scanner.makeString(keyToken)
      currentKey = key
      let entry = try parseEntry(key, keyToken)
      if let earlier = indexByKey.updateValue(entries.count, forKey: key) {
        warn("duplicate key '\(key)'", at: keyToken.offset)
        entries[earlier] = entry
        indexByKey[key] = earlier
      } else {
        entries.append(entry)
      }
    }
    currentKey = nil
    return entries
  }

  /// Reads one entry of `strings`.
  mutating func parseEntry(_ key: String, _ keyToken: JSONString) throws(DiagnosticError) -> CatalogEntry {
    try expect(.object, for: keyToken)
    try scanner.enterContainer()
    path.append(keyToken.offset)
    defer { path.removeLast() }
    var entry = CatalogEntry(key: key, offset: keyToken.offset)
    var seen: UInt32 = 0
    var first = true
    while try scanner.nextMember(&first) {
      let field = try scanner.readKey()
      if scanner.equals(field, "localizations") {
        noteField(&seen, 1, field, "localizations")
        entry.localizations = try parseLocalizations(field)
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
        try scanner.skipValue()
      }
    }
    return entry
  }

  /// Reads `localizations`: language → node.
  mutating func parseLocalizations(_ field: JSONString) throws(DiagnosticError) -> [Localization] {
    try expect(.object, for: field)
    try scanner.enterContainer()
    path.append(field.offset)
    let base = siblingPrints.count
    defer {
      path.removeLast()
      siblingPrints.removeLast(siblingPrints.count - base)
    }
    var localizations: [Localization] = []
    localizations.reserveCapacity(lastLocalizationCount)
    var first = true
    while try scanner.nextMember(&first) {
      let key = try scanner.readKey()
      let language = scanner.makeString(key)
      currentLanguage = language
      let localization = Localization(language: language, node: try parseNode(key), offset: key.offset)
      if let earlier = duplicate(of: key, language, in: localizations, base: base) {
        warn("duplicate key '\(language)'", at: key.offset)
        localizations[earlier] = localization
      } else {
        localizations.append(localization)
      }
    }
    currentLanguage = nil
    lastLocalizationCount = max(localizations.count, 1)
    return localizations
  }

  // MARK: Shared helpers

  /// Throws a type error unless the value at the cursor is of kind `expected`.
  @inline(__always) mutating func expect(_ expected: JSONKind, for field: JSONString) throws(DiagnosticError) {
    let found = try scanner.kind()
    if found != expected { throw typeError(expected.phrase, found: found.phrase, field: field, at: scanner.index) }
  }

  /// "at `strings.key.field`: expected X, found Y" at `offset`.
  func typeError(_ expected: String, found: String, field: JSONString, at offset: Int) -> DiagnosticError {
    var names: [String] = []
    for keyOffset in path + [field.offset] {
      var reader = scanner
      reader.index = keyOffset
      if let token = try? reader.scanString() { names.append(reader.makeString(token)) }
    }
    let message = "at `\(names.joined(separator: "."))`: expected \(expected), found \(found)"
    return DiagnosticError(.error(message, offset: offset, language: currentLanguage, key: currentKey))
  }

  /// Reads a string value for `field`.
  @inline(__always) mutating func readString(_ field: JSONString) throws(DiagnosticError) -> String {
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
    scanner.diagnostics.append(.warning(message, offset: offset, language: currentLanguage, key: currentKey))
  }

  /// Warns when a known field appears twice in one object (the last one wins).
  @inline(__always) mutating func noteField(_ seen: inout UInt32, _ flag: UInt32, _ key: JSONString, _ name: StaticString) {
    if seen & flag != 0 { warn("duplicate key '\(name)'", at: key.offset) }
    seen |= flag
  }

  /// The index of an earlier sibling named `name` among `items`, or `nil` after recording the new key.
  ///
  /// Siblings are few, so a linear scan over 64-bit fingerprints beats hashing `String`s.
  mutating func duplicate<Item: NamedItem>(
    of key: JSONString, _ name: String, in items: [Item], base: Int
  ) -> Int? {
    var print: UInt64 = 0xCBF2_9CE4_8422_2325
    if key.escaped {
      for byte in name.utf8 { print = (print ^ UInt64(byte)) &* 0x100_0000_01B3 }
    } else {
      for offset in key.start..<key.end { print = (print ^ UInt64(scanner.bytes[offset])) &* 0x100_0000_01B3 }
    }
    var index = base
    while index < siblingPrints.count {
      if siblingPrints[index] == print, items[index - base].itemName == name { return index - base }
      index &+= 1
    }
    siblingPrints.append(print)
    return nil
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

/// A model element kept in file order under a unique name (language, case, kind, substitution).
protocol NamedItem {
  var itemName: String { get }
}

extension Localization: NamedItem {
  var itemName: String { language }
}
