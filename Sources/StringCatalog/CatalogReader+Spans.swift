import LHCBase

/// Reading a catalog's entries as byte spans, and single entries from them: for a merge of three
/// versions of one large catalog, where most entries are the same bytes in all three and need
/// not be read three times (`lhc merge-driver`, see its `MergeInputs`).
extension CatalogReader {
  /// Where one entry of `strings` stands: its key, and its bytes from the key's quote to the end
  /// of its value.
  public struct EntrySpan: Sendable {
    public var key: String
    public var range: Range<Int>
  }

  /// The catalog without its entries (top level read losslessly), the spans of the entries in
  /// file order (a key read twice is listed twice), and the offset of the `strings` key. Entries
  /// are validated as JSON, not read: type errors inside them are found by ``readEntry(_:at:stringsKey:)``.
  public static func readEntrySpans(_ source: SourceText) throws(DiagnosticError) -> (
    catalog: Catalog, spans: [EntrySpan], stringsKey: Int, diagnostics: [Diagnostic]
  ) {
    let path = UnsafeMutablePointer<Int>.allocate(capacity: JSONScanner.maxDepth + 2)
    defer { path.deallocate() }
    var spans: [EntrySpan] = []
    var parser = CatalogParser(source: source, path: path, lossless: true, sink: { _ in })
    parser.spanSink = { spans.append(EntrySpan(key: $0, range: $1)) }
    let catalog = try parser.parseCatalog()
    let stringsKey = parser.readHeaderStringsKey() ?? 0
    return (catalog, spans, stringsKey, parser.scanner.diagnostics.sortedByOffset())
  }

  /// The entry at `span` read losslessly, with its warnings. `stringsKey` names the `strings`
  /// object in messages.
  public static func readEntry(_ source: SourceText, at span: EntrySpan, stringsKey: Int)
    throws(DiagnosticError) -> (entry: CatalogEntry, diagnostics: [Diagnostic])
  {
    let path = UnsafeMutablePointer<Int>.allocate(capacity: JSONScanner.maxDepth + 2)
    defer { path.deallocate() }
    var parser = CatalogParser(source: source, path: path, lossless: true, sink: { _ in })
    parser.path[0] = stringsKey
    parser.pathCount = 1
    parser.scanner.resume(at: span.range.lowerBound, depth: 2)
    do throws(DiagnosticError) {
      let keyToken = try parser.scanner.readKey()
      parser.currentKey = keyToken.offset
      let entry = try parser.parseEntry(span.key, keyToken)
      return (entry, parser.scanner.diagnostics.sortedByOffset())
    } catch {
      var error = error
      for index in error.diagnostics.indices where error.diagnostics[index].key == nil {
        error.diagnostics[index].key = span.key
        error.diagnostics[index].language =
          error.diagnostics[index].language ?? parser.name(at: parser.currentLanguage)
      }
      throw error
    }
  }
}

extension CatalogParser {
  /// The offset of the top-level `strings` key, read again from the start (after a full read).
  mutating func readHeaderStringsKey() -> Int? {
    scanner.resume(at: 0, depth: 0)
    return readHeaderUpToStrings()?.stringsKey
  }
}
