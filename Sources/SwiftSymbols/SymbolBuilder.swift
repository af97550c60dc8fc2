import LHCBase
import StringCatalog

/// Catalog model → ``SymbolTable``: which keys get symbols, their names, parameters and fallbacks.
///
/// Keys whose members Swift can tell apart are no collision: `of(_: String, _: String)` and
/// `of(_: Int32, _: Int32)` are overloads, a property and a function may share a name. Members
/// with the same name and the same parameter labels and types (or two properties) collide: one
/// keeps the name and the others are renamed, with a warning (``resolveCollisions``).
///
/// A key gets no symbol, with a warning, when its arguments cannot be passed safely: a specifier
/// with no sound Swift type (`%c %s %p %n %Lf` and wide variants), an argument read as two types,
/// an unused argument number below the highest one, a substitution without `formatSpecifier`.
///
/// With ``SymbolOptions/strict`` both are errors, as in Xcode (returned as diagnostics; nothing is
/// generated for the table then).
public enum SymbolBuilder {
  /// Builds the symbols of `catalog`, which holds table `table`.
  public static func build(_ catalog: Catalog, table: String, options: SymbolOptions) -> (
    table: SymbolTable, diagnostics: [Diagnostic]
  ) {
    // Each entry's symbol depends on that entry alone: one run of the keys' order per core.
    let order = KeyOrder.sortedIndices(of: catalog.entries.map(\.key))
    let runs = Parallel.map(Parallel.chunks(of: order)) { run in
      var built = BuiltRun()
      for index in run {
        let entry = catalog.entries[index]
        // By index: iterating the localizations would copy each one.
        for localization in entry.localizations.indices {
          built.languages.insert(entry.localizations[localization].language)
        }
        guard let texts = sourceTexts(of: entry, catalog: catalog, options: options) else {
          continue
        }
        var builder = EntrySymbol(entry: entry, texts: texts)
        if let symbol = builder.build() {
          built.symbols.append(symbol)
          built.offsets.append(entry.offset)
          built.generatedByXcode.append(isGeneratedByXcode(entry))
        }
        for problem in builder.problems {
          let (offset, language, key) = (entry.offset, catalog.sourceLanguage, entry.key)
          built.diagnostics.append(
            options.strict
              ? .error(problem, offset: offset, language: language, key: key)
              : .warning(
                "the key gets no symbol: " + problem, offset: offset, language: language, key: key))
        }
      }
      return built
    }
    var diagnostics = runs.flatMap(\.diagnostics)
    var symbols = runs.flatMap(\.symbols)
    diagnostics += resolveCollisions(
      &symbols, offsets: runs.flatMap(\.offsets),
      generatedByXcode: runs.flatMap(\.generatedByXcode), language: catalog.sourceLanguage,
      strict: options.strict)
    let languages = runs.reduce(into: Set<String>()) { $0.formUnion($1.languages) }
    let symbolTable = SymbolTable(
      table: table, symbols: symbols, sourceLanguage: catalog.sourceLanguage, languages: languages)
    return (symbolTable, diagnostics.sortedByOffset())
  }

  /// True for the keys Xcode generates symbols for: `manual` ones (unless `generatesSymbol` is
  /// false) and those with `generatesSymbol: true`.
  static func isGeneratedByXcode(_ entry: CatalogEntry) -> Bool {
    (entry.extractionState == .manual && entry.generatesSymbol != false)
      || entry.generatesSymbol == true
  }

  /// The source-language node of a key that gets a symbol, or the key itself as the text when a
  /// manual key has no source localization; nil when the key gets no symbol.
  static func sourceTexts(of entry: CatalogEntry, catalog: Catalog, options: SymbolOptions)
    -> SourceNode?
  {
    let node = entry.localization(for: catalog.sourceLanguage)?.node
    if options.onlyManual {
      guard isGeneratedByXcode(entry) else { return nil }
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

  /// Resolves the groups of `symbols` (in key order) whose members Swift cannot tell apart.
  ///
  /// One member of a group keeps the name: the first in key order of those Xcode generates
  /// symbols for, else of all. Each other one, in key order, gets the name followed by the
  /// characters that tell its key from the keeper's (`Help…` → `helpHorizontalEllipsis`, see
  /// ``SwiftIdentifier/distinguishingWords(of:beside:)``); when there are none or that member
  /// exists, the lowest number from 2 that gives a free member (`Close tab` → `closeTab2`).
  /// One warning per group, at its first renamed key in the file, names every key and name.
  /// With `strict`, each group is an error instead (at its second key in the file) and nothing
  /// is renamed.
  static func resolveCollisions(
    _ symbols: inout [Symbol], offsets: [Int], generatedByXcode: [Bool], language: String,
    strict: Bool
  ) -> [Diagnostic] {
    var groups: [String: [Int]] = [:]
    for (index, symbol) in symbols.enumerated() {
      groups[signature(of: symbol), default: []].append(index)
    }
    var taken = Set(groups.keys)
    var diagnostics: [Diagnostic] = []
    for signature in KeyOrder.sorted(groups.keys) {
      let members = groups[signature]!
      guard members.count > 1 else { continue }
      let keys = members.map { "'\(symbols[$0].key)'" }.joined(separator: ", ")
      let message = "keys \(keys) all generate the symbol '\(signature)'"
      let inFile = members.sorted { offsets[$0] < offsets[$1] }
      if strict {
        let (offset, key) = (offsets[inFile[1]], symbols[inFile[1]].key)
        diagnostics.append(
          .error(message + "; rename all but one", offset: offset, language: language, key: key))
        continue
      }
      let keeper = members.first { generatedByXcode[$0] } ?? members[0]
      let at = inFile.first { $0 != keeper }!
      let (offset, key) = (offsets[at], symbols[at].key)
      var renamed: [String] = []
      for index in members where index != keeper {
        rename(&symbols[index], beside: symbols[keeper].key, taken: &taken)
        renamed.append("'\(symbols[index].key)' gets '\(symbols[index].name)'")
      }
      diagnostics.append(
        .warning(
          message + "; '\(symbols[keeper].key)' keeps it, " + renamed.joined(separator: ", "),
          offset: offset, language: language, key: key))
    }
    return diagnostics
  }

  /// Renames a member that lost its name to the key `keeper`: the name followed by the words of
  /// the characters that tell its key apart, or by a number when these are none or `taken`.
  private static func rename(
    _ symbol: inout Symbol, beside keeper: String, taken: inout Set<String>
  ) {
    symbol.sharedName = Symbol.SharedName(name: symbol.name, keeper: keeper)
    let words = SwiftIdentifier.distinguishingWords(of: symbol.key, beside: keeper)
    symbol.name += words
    if words.isEmpty || taken.contains(signature(of: symbol)) {
      let base = symbol.name
      var number = 2
      repeat {
        symbol.name = base + String(number)
        number += 1
      } while taken.contains(signature(of: symbol))
    }
    taken.insert(signature(of: symbol))
  }

  /// What tells a member apart in Swift: its name, and a function's labels and parameter types
  /// (`of(_: String, _: String)`); a property is its name alone.
  static func signature(of symbol: Symbol) -> String {
    guard !symbol.parameters.isEmpty else { return symbol.name }
    let parameters = symbol.parameters.map { "\($0.label ?? "_"): \($0.type)" }
    return symbol.name + "(" + parameters.joined(separator: ", ") + ")"
  }
}

/// The symbols of one run of keys, with what ``SymbolBuilder/build(_:table:options:)`` needs of
/// their entries.
private struct BuiltRun {
  var symbols: [Symbol] = []
  var offsets: [Int] = []
  var generatedByXcode: [Bool] = []
  var diagnostics: [Diagnostic] = []
  /// Every language the run's entries have a localization in.
  var languages: Set<String> = []
}

/// Where a symbol's text comes from.
enum SourceNode {
  /// The source-language localization.
  case node(LocalizationNode)
  /// No source localization (a manual key): the key is the text.
  case key
}
