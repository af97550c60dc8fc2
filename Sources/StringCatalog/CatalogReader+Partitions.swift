import LHCBase

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension CatalogReader {
  /// The `sourceLanguage` of a catalog that states it before `strings` (Xcode writes keys sorted),
  /// read without reading the entries; nil otherwise.
  public static func sourceLanguageBeforeEntries(in source: SourceText) -> String? {
    let path = UnsafeMutablePointer<Int>.allocate(capacity: JSONScanner.maxDepth + 2)
    defer { path.deallocate() }
    var parser = CatalogParser(source: source, path: path, sink: { _ in })
    return parser.readHeaderUpToStrings()?.sourceLanguage
  }

  /// Reads a catalog in `parts` parts on as many threads, handing the entries of part `n` to the
  /// `n`-th sink of `makeSinks(parts)`.
  ///
  /// Parts are cut where Xcode's layout puts an entry key (a line of four spaces and a quote: a raw
  /// newline never occurs inside a JSON string). Each part checks that it ends exactly where the
  /// next begins; if not (another layout), or if the file has an error, the catalog is read again
  /// on one thread with fresh sinks (`makeSinks(1)`), so results and diagnostics are always those
  /// of the sequential reader. Each sink is called from one thread, in file order within its part.
  public static func read(
    _ source: SourceText, parts: Int, makeSinks: (Int) -> [(CatalogEntry) -> Void]
  ) throws(DiagnosticError) -> (catalog: Catalog, diagnostics: [Diagnostic]) {
    try read(source, parts: parts, lossless: false, makeSinks: makeSinks)
  }

  /// ``read(_:parts:makeSinks:)``, keeping what the model does not interpret when `lossless`.
  static func read(
    _ source: SourceText, parts: Int, lossless: Bool,
    makeSinks: (Int) -> [(CatalogEntry) -> Void]
  ) throws(DiagnosticError) -> (catalog: Catalog, diagnostics: [Diagnostic]) {
    if parts > 1, let cut = Cut(source, parts: parts) {
      let sinks = makeSinks(cut.boundaries.count + 1)
      if let result = readParts(source, cut, lossless, sinks) { return result }
    }
    return try read(source, lossless: lossless, forEachEntry: makeSinks(1).first ?? { _ in })
  }

  /// Reads the parts concurrently; nil when a part failed or missed its boundary.
  private static func readParts(
    _ source: SourceText, _ cut: Cut, _ lossless: Bool, _ sinks: [(CatalogEntry) -> Void]
  ) -> (catalog: Catalog, diagnostics: [Diagnostic])? {
    let outcomes = Parallel.map(Array(sinks.indices)) { part in
      try? readPart(part, source, cut, lossless, sinks[part])
    }
    var diagnostics: [Diagnostic] = []
    var keyOffsets: [String: Int] = [:]
    var catalog: Catalog?
    var leadingMembers: [RawMember] = []
    for outcome in outcomes {
      guard let outcome = outcome ?? nil else { return nil }
      diagnostics += outcome.diagnostics
      for (key, offset) in outcome.keyOffsets
      where keyOffsets.updateValue(offset, forKey: key) != nil {
        diagnostics.append(.warning("duplicate key '\(key)'", offset: offset, key: key))
      }
      catalog = outcome.catalog ?? catalog
      leadingMembers += outcome.leadingMembers
    }
    guard var catalog else { return nil }
    // Unknown top-level members before `strings` were read by the first part.
    for member in catalog.unknownMembers { leadingMembers.keep(member) }
    catalog.unknownMembers = leadingMembers
    return (catalog, diagnostics.sortedByOffset())
  }

  /// What one part found.
  private struct PartOutcome {
    var diagnostics: [Diagnostic]
    /// The first offset of every entry key the part read.
    var keyOffsets: [String: Int]
    /// The catalog's header, from the last part (which reads to the end of the file).
    var catalog: Catalog?
    /// Unknown top-level members the first part read before `strings` (lossless reads).
    var leadingMembers: [RawMember] = []
  }

  /// Reads part `part`; throws when it fails, nil-free outcome only when it ended where expected.
  private static func readPart(
    _ part: Int, _ source: SourceText, _ cut: Cut, _ lossless: Bool,
    _ sink: @escaping (CatalogEntry) -> Void
  ) throws(DiagnosticError) -> PartOutcome? {
    let path = UnsafeMutablePointer<Int>.allocate(capacity: JSONScanner.maxDepth + 2)
    defer { path.deallocate() }
    var parser = CatalogParser(source: source, path: path, lossless: lossless, sink: sink)
    let isLast = part == cut.boundaries.count
    parser.stopAt = isLast ? nil : cut.boundaries[part]
    var header: CatalogParser.Header
    if part == 0 {
      header = try parser.beginCatalog()
      var first = true
      guard try parser.parseMembers(&header, first: &first) else { return nil }
    } else {
      header = CatalogParser.Header(open: cut.open, hasEntries: true)
      parser.path[0] = cut.stringsKey
      parser.pathCount = 1
      parser.scanner.resume(at: cut.boundaries[part - 1], depth: 2)
      parser.discardedUpTo = cut.boundaries[part - 1]
      var first = true
      let stopped = try parser.parseEntries(first: &first)
      if stopped != !isLast { return nil }
      if isLast {
        first = false
        guard !(try parser.parseMembers(&header, first: &first)) else { return nil }
      }
    }
    if parser.misaligned { return nil }
    var catalog: Catalog?
    if isLast {
      header.sourceLanguage = header.sourceLanguage ?? cut.sourceLanguage
      catalog = try parser.finishCatalog(header)
    }
    return PartOutcome(
      diagnostics: parser.scanner.diagnostics, keyOffsets: parser.keyOffsets, catalog: catalog,
      leadingMembers: isLast ? [] : header.unknown)
  }
}

extension CatalogParser {
  /// Reads the top-level members before `strings`: the offsets of the top-level `{` and of the
  /// `strings` key, and `sourceLanguage` when it comes first. Nil on any error or without `strings`.
  mutating func readHeaderUpToStrings() -> (open: Int, stringsKey: Int, sourceLanguage: String?)? {
    guard let header = try? beginCatalog() else { return nil }
    var sourceLanguage: String?
    var first = true
    while (try? scanner.nextMember(&first)) == true {
      guard let key = try? scanner.readKey() else { return nil }
      if scanner.equals(key, "strings") { return (header.open, key.offset, sourceLanguage) }
      if scanner.equals(key, "sourceLanguage") {
        sourceLanguage = try? readString(key)
      } else if (try? scanner.skipValue()) == nil {
        return nil
      }
    }
    return nil
  }
}

/// Where a catalog is cut into parts: offsets of entry keys inside `strings`.
private struct Cut {
  /// Offset of the top-level `{`, of the `strings` key, and the `sourceLanguage` found before it.
  var open = 0
  var stringsKey = 0
  var sourceLanguage: String?
  /// The first key of every part but the first, increasing.
  var boundaries: [Int] = []

  /// Reads the top level up to `strings` and picks boundaries near equal fractions of the file;
  /// nil when the file is not laid out for it.
  init?(_ source: SourceText, parts: Int) {
    let path = UnsafeMutablePointer<Int>.allocate(capacity: JSONScanner.maxDepth + 2)
    defer { path.deallocate() }
    var parser = CatalogParser(source: source, path: path, sink: { _ in })
    guard let header = parser.readHeaderUpToStrings() else { return nil }
    (open, stringsKey, sourceLanguage) = (header.open, header.stringsKey, header.sourceLanguage)
    let bytes = source.bytes
    var previous = parser.scanner.index
    for part in 1..<parts {
      guard let boundary = Cut.entryKey(in: bytes, after: max(previous, bytes.count / parts * part))
      else { break }
      boundaries.append(boundary)
      previous = boundary + 1
    }
    if boundaries.isEmpty { return nil }
  }

  /// The offset of the quote of the first `\n    "` at or after `start`.
  static func entryKey(in bytes: UnsafeBufferPointer<UInt8>, after start: Int) -> Int? {
    guard let base = bytes.baseAddress else { return nil }
    var index = start
    while index < bytes.count {
      guard let newline = memchr(base + index, 0x0A, bytes.count - index) else { return nil }
      let offset = UnsafeRawPointer(newline) - UnsafeRawPointer(base)
      if offset + 5 < bytes.count, bytes[offset + 1] == 0x20, bytes[offset + 2] == 0x20,
        bytes[offset + 3] == 0x20, bytes[offset + 4] == 0x20, bytes[offset + 5] == 0x22
      {
        return offset + 5
      }
      index = offset + 1
    }
    return nil
  }
}
