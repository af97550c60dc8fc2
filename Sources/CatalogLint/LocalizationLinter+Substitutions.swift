import LHCBase
import StringCatalog
import StringTables

/// Substitution checks: references to undefined substitutions, substitutions nothing references,
/// substitutions without the parent `stringUnit` that references them (compile's texts).
extension LocalizationLinter {
  mutating func checkSubstitutions() {
    let node = localization.node
    // Nearly every localization: no substitution, and no `#` that could reference one.
    if node.substitutions.isEmpty,
      !leaves.leaves.contains(where: { $0.value.containsUTF8(UInt8(ascii: "#")) })
    {
      return
    }
    let defined = Set(node.substitutions.map(\.name))
    var referenced: Set<String> = []
    for (index, leaf) in leaves.leaves.enumerated()
    where leaf.value.containsUTF8(UInt8(ascii: "#")) {
      for reference in format(ofLeaf: index).substitutionReferences {
        referenced.insert(reference.name)
        if !defined.contains(reference.name) {
          report(
            "substitution-undefined", TextCheck.undefinedSubstitution(reference.name),
            at: leaf.offset)
        }
      }
    }
    let hasAxis = node.variations.contains {
      $0.kind == .plural || $0.kind == .device || $0.kind == .width
    }
    if !node.substitutions.isEmpty && node.stringUnit == nil && !hasAxis {
      report(
        "substitution-missing-string-unit",
        TextCheck.missingStringUnit(key: entry.key, language: language), at: node.offset)
      return
    }
    for substitution in node.substitutions {
      if substitution.formatSpecifier == nil {
        report(
          "substitution-missing-format-specifier",
          TextCheck.missingFormatSpecifier(substitution.name),
          at: substitution.offset)
      }
      if !substitution.variations.contains(where: { $0.kind == .plural }) {
        report(
          "substitution-missing-plural", TextCheck.missingPluralVariation(substitution.name),
          at: substitution.offset)
      }
    }
    // A form's own specifier without a position (`%lld` instead of `%arg`) reads whatever argument
    // comes next where the form lands in the parent text: usually not the substituted number.
    for (index, leaf) in leaves.leaves.enumerated() where leaf.substitution != nil {
      if let bare = format(ofLeaf: index).specifiers.first(where: { $0.position == nil }) {
        report(
          "substitution-bare-specifier",
          "Substitution form uses '\(bare.text)' without a position; spliced into the parent text it reads the next argument there, not the substituted number: write %arg, or %N$ for another argument",
          at: leaf.offset)
      }
    }
    for substitution in node.substitutions where !referenced.contains(substitution.name) {
      report(
        "substitution-unreferenced",
        TextCheck.unreferencedSubstitution(substitution.name)
          + ". Its forms are never shown, and the number it was meant to format is missing from the text",
        at: substitution.offset)
    }
  }
}
