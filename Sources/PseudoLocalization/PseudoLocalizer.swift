import LHCBase
import StringCatalog

/// Derives pseudo languages' localizations from the source language's, so that the compiler
/// then compiles them like any other language (decisions in `man/lhc-compile.1`,
/// PSEUDO-LOCALIZATION).
///
/// A pseudo language models a complete translation of the source language:
/// - the source localization is copied with its structure (plural, device and width variations,
///   substitutions with their `argNum` and `formatSpecifier`), each form transformed on its own,
///   and every unit with a value becomes `translated`, whatever the source unit's state (Info.plist
///   and storyboard catalogs keep their source units `new`; their translations are compiled);
/// - a key without a source localization is transformed from the key itself, the text the app
///   shows for it in the source language;
/// - `shouldTranslate: false`: the source localization is copied untransformed (so the pseudo
///   language shows what the source language shows); without one there is nothing to emit.
///
/// Texts the runtime shows whole (a localization's string unit, plural and device forms) are
/// bracketed in the accented mode; substitution forms, which are inserted into such a text, are
/// transformed and padded without brackets of their own.
public struct PseudoLocalizer: Sendable {
  public let languages: [PseudoLanguage]
  public let sourceLanguage: String

  public init(languages: [PseudoLanguage], sourceLanguage: String) {
    self.languages = languages
    self.sourceLanguage = sourceLanguage
  }

  /// `entry` with one localization per pseudo language appended (none for an untranslatable
  /// key without source text). The localizations keep the offsets of what they came from, so
  /// a diagnostic about them points at the source text.
  public func localize(_ entry: CatalogEntry) -> CatalogEntry {
    let source = entry.localization(for: sourceLanguage)
    let node: LocalizationNode
    let offset: Int
    if let source {
      node = source.node
      offset = source.offset
    } else {
      guard entry.shouldTranslate != false else { return entry }
      node = LocalizationNode(
        stringUnit: StringUnit(state: .translated, value: entry.key, offset: entry.offset),
        offset: entry.offset)
      offset = entry.offset
    }
    var result = entry
    for language in languages {
      let transform: (String, Bool) -> String =
        switch (entry.shouldTranslate == false, language.mode) {
        case (true, _): { text, _ in text }
        case (false, .accented): PseudoText.accented
        case (false, .bidi): { text, _ in PseudoText.bidi(text) }
        }
      result.localizations.append(
        Localization(
          language: language.tag, node: Self.map(node, shown: true, transform), offset: offset))
    }
    return result
  }

  /// The error for a pseudo language the catalog already has (as its source language or in
  /// `entry`): it would be replaced, so the name must be another one. Nil when there is none.
  public func clash(in entry: CatalogEntry?) -> Diagnostic? {
    for language in languages {
      if language.matches(sourceLanguage) {
        return .error(Self.clashMessage(language, sourceLanguage), language: sourceLanguage)
      }
      if let localization = entry?.localizations.first(where: { language.matches($0.language) }) {
        return .error(
          Self.clashMessage(language, localization.language), offset: localization.offset,
          language: localization.language, key: entry?.key)
      }
    }
    return nil
  }

  private static func clashMessage(_ pseudo: PseudoLanguage, _ existing: String) -> String {
    "--pseudo \(pseudo.tag) would replace the catalog's language '\(existing)'; "
      + "name the pseudo language otherwise (--pseudo NAME=\(pseudo.mode.rawValue))"
  }

  /// `node` with every unit's value transformed and made `translated`, the structure kept;
  /// `shown`: the node's own texts are shown whole (not substitution forms).
  private static func map(
    _ node: LocalizationNode, shown: Bool, _ transform: (String, Bool) -> String
  ) -> LocalizationNode {
    var result = node
    if var unit = node.stringUnit {
      unit.value = unit.value.map { transform($0, shown) }
      if unit.value != nil { unit.state = .translated }
      result.stringUnit = unit
    }
    result.variations = node.variations.map { map($0, shown: shown, transform) }
    for index in result.substitutions.indices {
      result.substitutions[index].variations = node.substitutions[index].variations.map {
        map($0, shown: false, transform)
      }
    }
    return result
  }

  private static func map(
    _ variation: Variation, shown: Bool, _ transform: (String, Bool) -> String
  ) -> Variation {
    var result = variation
    for index in result.cases.indices {
      result.cases[index].node = map(variation.cases[index].node, shown: shown, transform)
    }
    return result
  }
}
