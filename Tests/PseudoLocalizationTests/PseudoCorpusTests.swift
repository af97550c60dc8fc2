import CatalogLint
import Foundation
import LHCBase
import LHCTestSupport
import PseudoLocalization
import StringCatalog
import Testing

/// Every corpus catalog with the pseudo languages added: each pseudo text has exactly its source
/// text's format tokens in the same order, the structure is the source's, and `lhc lint`'s
/// checks find nothing in a pseudo language that they do not find in the source language.
@Suite("Pseudo languages on the corpus")
struct PseudoCorpusTests {
  static let catalogs = TestPaths.corpusCatalogNames

  /// Checks a pseudo language may fail where the source does not: CLDR categories depend on the
  /// language (`ar-XB` has Arabic's rules, the source's forms are English), and a text without
  /// letters stays identical in the bidi mode (`%lld`).
  static let languageDependentChecks: Set<String> = [
    "plural-missing-category", "plural-unused-category", "identical-to-source",
  ]

  private static func read(_ name: String) throws -> Catalog {
    let url = TestPaths.corpusCatalogFolder.appendingPathComponent(name)
    return try CatalogReader.read(SourceText(contentsOf: url.path)).catalog
  }

  @Test(arguments: catalogs)
  func pseudoTextsKeepTheSourceFormatTokens(_ name: String) throws {
    let catalog = try Self.read(name)
    let localizer = PseudoLocalizer(
      languages: PseudoLanguage.standard, sourceLanguage: catalog.sourceLanguage)
    var compared = 0
    for entry in catalog.entries {
      let pseudo = localizer.localize(entry).localizations.dropFirst(entry.localizations.count)
      let source =
        entry.localization(for: catalog.sourceLanguage)?.node
        ?? LocalizationNode(
          stringUnit: StringUnit(state: .translated, value: entry.key, offset: entry.offset),
          offset: entry.offset)
      if entry.shouldTranslate == false && entry.localization(for: catalog.sourceLanguage) == nil {
        #expect(pseudo.isEmpty)
        continue
      }
      for localization in pseudo {
        #expect(Self.shape(localization.node) == Self.shape(source), "\(entry.key)")
        let pairs = zip(Self.texts(source), Self.texts(localization.node))
        for (sourceText, pseudoText) in pairs {
          for options: FormatString.Options in [[], .argPlaceholder] {
            #expect(
              formatTokenTexts(pseudoText, options: options)
                == formatTokenTexts(sourceText, options: options),
              "\(localization.language): \(entry.key): \(sourceText) → \(pseudoText)")
          }
          compared += 1
        }
      }
    }
    #expect(compared > 0 || catalog.entries.isEmpty)
  }

  @Test(arguments: catalogs)
  func lintFindsNothingNewInPseudoLanguages(_ name: String) throws {
    var catalog = try Self.read(name)
    let localizer = PseudoLocalizer(
      languages: PseudoLanguage.standard, sourceLanguage: catalog.sourceLanguage)
    catalog.entries = catalog.entries.map(localizer.localize)
    let findings = Linter.lint(catalog)
    /// What a finding is about, whatever the language it was found in.
    func site(_ finding: Finding) -> String {
      "\(finding.check) \(finding.diagnostic.key ?? "") \(finding.diagnostic.offset ?? -1)"
    }
    let sourceSites = Set(
      findings.filter { $0.diagnostic.language == catalog.sourceLanguage }.map(site))
    let pseudoTags = Set(PseudoLanguage.standard.map(\.tag))
    let new = findings.filter {
      pseudoTags.contains($0.diagnostic.language ?? "")
        && !Self.languageDependentChecks.contains($0.check) && !sourceSites.contains(site($0))
    }
    #expect(new.isEmpty, "\(new.prefix(5).map { "\(site($0)): \($0.diagnostic.message)" })")
  }

  // MARK: Helpers

  /// The node's structure with every text and state blanked.
  static func shape(_ node: LocalizationNode) -> LocalizationNode {
    var result = node
    result.stringUnit = node.stringUnit.map {
      StringUnit(state: .translated, value: $0.value.map { _ in "" }, offset: $0.offset)
    }
    result.variations = node.variations.map(shape)
    for index in result.substitutions.indices {
      result.substitutions[index].variations = node.substitutions[index].variations.map(shape)
    }
    return result
  }

  private static func shape(_ variation: Variation) -> Variation {
    var result = variation
    for index in result.cases.indices { result.cases[index].node = shape(result.cases[index].node) }
    return result
  }

  /// Every text of a node, in a fixed walk order.
  static func texts(_ node: LocalizationNode) -> [String] {
    var result = node.stringUnit?.value.map { [$0] } ?? []
    let variations = node.variations + node.substitutions.flatMap(\.variations)
    for variation in variations {
      for variationCase in variation.cases { result += texts(variationCase.node) }
    }
    return result
  }

}
