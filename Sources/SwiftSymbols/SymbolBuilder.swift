import LHCBase
import StringCatalog

/// Catalog model → ``SymbolTable``: which keys get symbols, their names, parameters and fallbacks.
///
/// Errors (returned as diagnostics, nothing is generated for the table then): two keys with the
/// same member name (one error per group, listing every key), a specifier with no sound Swift type
/// (`%c %s %p %n %Lf` and wide variants), an argument read as two types, an unused argument
/// number below the highest one, a substitution without `formatSpecifier`.
public enum SymbolBuilder {
  /// Builds the symbols of `catalog`, which holds table `table`.
  public static func build(_ catalog: Catalog, table: String, options: SymbolOptions) -> (
    table: SymbolTable, diagnostics: [Diagnostic]
  ) {
    var diagnostics: [Diagnostic] = []
    var symbols: [Symbol] = []
    var offsets: [Int] = []
    let order = KeyOrder.sortedIndices(of: catalog.entries.map(\.key))
    for index in order {
      let entry = catalog.entries[index]
      guard let texts = sourceTexts(of: entry, catalog: catalog, options: options) else { continue }
      var builder = EntrySymbol(entry: entry, language: catalog.sourceLanguage, texts: texts)
      if let symbol = builder.build() {
        symbols.append(symbol)
        offsets.append(entry.offset)
      }
      diagnostics += builder.diagnostics
    }
    diagnostics += collisions(symbols, offsets: offsets, language: catalog.sourceLanguage)
    let languages = Set(catalog.entries.lazy.flatMap { $0.localizations.lazy.map(\.language) })
    let symbolTable = SymbolTable(
      table: table, symbols: symbols, sourceLanguage: catalog.sourceLanguage, languages: languages)
    return (symbolTable, diagnostics.sortedByOffset())
  }

  /// The source-language node of a key that gets a symbol, or the key itself as the text when a
  /// manual key has no source localization; nil when the key gets no symbol.
  static func sourceTexts(of entry: CatalogEntry, catalog: Catalog, options: SymbolOptions)
    -> SourceNode?
  {
    let node = entry.localization(for: catalog.sourceLanguage)?.node
    if options.onlyManual {
      let manual =
        (entry.extractionState == .manual && entry.generatesSymbol != false)
        || entry.generatesSymbol == true
      guard manual else { return nil }
      if let node, hasValue(node) { return .node(node) }
      return .key
    }
    guard let node, hasValue(node) else { return nil }
    return .node(node)
  }

  /// True when a node or one of its variation cases has a string unit with a value.
  private static func hasValue(_ node: LocalizationNode) -> Bool {
    if node.stringUnit?.value != nil { return true }
    return node.variations.contains { $0.cases.contains { hasValue($0.node) } }
  }

  /// One error per group of keys with the same member name, at the second key of the group.
  private static func collisions(_ symbols: [Symbol], offsets: [Int], language: String)
    -> [Diagnostic]
  {
    var groups: [String: [Int]] = [:]
    for (index, symbol) in symbols.enumerated() { groups[symbol.name, default: []].append(index) }
    var diagnostics: [Diagnostic] = []
    for name in KeyOrder.sorted(groups.keys) {
      let members = groups[name]!.sorted { offsets[$0] < offsets[$1] }
      guard members.count > 1 else { continue }
      let keys = members.map { "'\(symbols[$0].key)'" }.joined(separator: ", ")
      diagnostics.append(
        .error(
          "keys \(keys) all generate the symbol '\(name)'; rename all but one",
          offset: offsets[members[1]], language: language, key: symbols[members[1]].key))
    }
    return diagnostics
  }
}

/// Where a symbol's text comes from.
enum SourceNode {
  /// The source-language localization.
  case node(LocalizationNode)
  /// No source localization (a manual key): the key is the text.
  case key
}
