import LHCBase
import StringCatalog
import XLIFF

/// Catalog → the `<file>` Xcode 27 exports for it in one language (`xliff.md` §1–2): every unit of
/// every entry (``EntryUnits``), sorted by id, with the entry's comment as the note.
///
/// Entries marked `shouldTranslate: false` are not exported (Xcode's "Don't Translate"). States:
/// `translated` → `translated`, `new` → `new`, `needs_review` → `needs-review-l10n`,
/// `machine_translated` → `translated` with `state-qualifier="leveraged-mt"`, and any other state
/// (`stale`, an unknown or empty one) → `needs-review-translation`, which an import does not apply,
/// so such a unit keeps its state and value through a round trip. The source language's own export
/// carries the source text as every target, in state `new` (as Xcode's), so importing it changes
/// nothing.
public enum CatalogExport {
  /// The file for `language`, or errors: two units with one id (Xcode's exporter crashes on
  /// them: "Duplicate values for key"). (`lhc export` streams the units to the writer instead,
  /// through ``Prepared/write(language:original:tool:to:)``.)
  public static func file(
    _ catalog: Catalog, language: String, original: String, tool: XLIFFTool?
  ) -> Result<XLIFFFile, DiagnosticError> {
    let prepared = Prepared(catalog)
    return prepared.plan(language).map { plan in
      var file = prepared.file(language: language, original: original, tool: tool)
      plan.forEachUnit { unit, id, target in
        file.units.append(
          TransUnit(
            id: String(decoding: id, as: UTF8.self),
            source: prepared.sourceText(unit.entry, at: plan.path(unit)),
            target: target.map {
              TransUnit.Target(
                text: String(decoding: $0.utf8, as: UTF8.self), state: $0.state.attributes.state,
                stateQualifier: $0.state.attributes.qualifier)
            }, notes: [SourceUnits.note(catalog.entries[unit.entry])]))
      }
      return file
    }
  }

  /// The XLIFF `state` and `state-qualifier` a catalog state is exported as (see above).
  enum ExportedState: Int, CaseIterable {
    case translated, new, needsReview, machineTranslated, other

    init(_ state: UnitState) {
      switch state {
      case .translated: self = .translated
      case .new: self = .new
      case .needsReview: self = .needsReview
      case .machineTranslated: self = .machineTranslated
      default: self = .other
      }
    }

    /// The `state` and `state-qualifier` attributes.
    var attributes: (state: String, qualifier: String?) {
      switch self {
      case .translated: ("translated", nil)
      case .new: ("new", nil)
      case .needsReview: ("needs-review-l10n", nil)
      case .machineTranslated: ("translated", "leveraged-mt")
      case .other: ("needs-review-translation", nil)
      }
    }
  }

  /// A unit's `<target>` as planned: where its text in export form is (UTF-8, in the plan's
  /// ``ExportPlan/targetTexts``) and its state.
  struct Target {
    var text: Range<Int>
    var state: ExportedState
  }

  /// A unit's `<target>` as written: its text in export form (UTF-8) and its state.
  struct TargetText {
    var utf8: UnsafeBufferPointer<UInt8>
    var state: ExportedState
  }

  /// Warnings about keys Xcode mishandles on import: a literal key that ends in a variation
  /// suffix (`label|==|plural.one`) has its updates ignored by Xcode's import (lhc's import
  /// matches exact keys first).
  public static func warnings(_ catalog: Catalog) -> [Diagnostic] {
    catalog.entries.compactMap { entry in
      guard entry.shouldTranslate != false, let suffix = variationSuffix(of: entry.key) else {
        return nil
      }
      return .warning(
        "key ends in a variation suffix ('\(suffix)'): Xcode's import ignores updates to it "
          + "(lhc import applies them)", offset: entry.offset, key: entry.key)
    }
  }

  /// The unit path a key ends in after a `|==|`, if any (`plural.one` of `a|==|plural.one`).
  static func variationSuffix(of key: String) -> String? {
    for range in UnitPath.delimiters(in: key) where range.lowerBound > key.startIndex {
      let suffix = key[range.upperBound...]
      if UnitPath(parsing: suffix) != nil { return String(suffix) }
    }
    return nil
  }
}
