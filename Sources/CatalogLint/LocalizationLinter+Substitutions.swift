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
    checkBareSpecifiers(node)
    for substitution in node.substitutions where !referenced.contains(substitution.name) {
      report(
        "substitution-unreferenced",
        TextCheck.unreferencedSubstitution(substitution.name)
          + ". Its forms are never shown, and the number it was meant to format is missing from the text",
        at: substitution.offset)
    }
  }

  // MARK: Bare specifiers

  /// `substitution-bare-specifier`: a form's own specifier without a position (`%lld` instead of
  /// `%arg`) where it may read another argument than the substituted number.
  ///
  /// The runtime puts the chosen form in place of the reference (which compile numbers,
  /// `%N$#@name@`) and formats the result; CoreFoundation numbers the specifiers without a
  /// position from 1, apart from the numbered ones. So a bare specifier reads argument 1 + the
  /// unnumbered reads before it: those of the parent text before the reference, of the forms
  /// spliced in before it, and of its own form. It reads the intended value when that number is
  /// the same whichever forms are chosen, for every text that references the substitution, and
  /// is the substitution's argument read as its `formatSpecifier`'s class (`%.1f km` in
  /// `%#@value@`, the only argument). Anything else is reported: a number that depends on the
  /// forms, another argument, a nested reference.
  private mutating func checkBareSpecifiers(_ node: LocalizationNode) {
    for (index, leaf) in leaves.leaves.enumerated() {
      guard let name = leaf.substitution else { continue }
      let format = format(ofLeaf: index)
      // A form that references another substitution: where its bare specifiers land is unknown.
      let nested = !format.substitutionReferences.isEmpty
      var before = 0
      for case .specifier(let specifier) in format.tokens {
        before += Self.starReads(specifier)
        if specifier.position == nil {
          if nested
            || !readsSubstitutedValue(specifier, name: name, readsBefore: before, node: node)
          {
            report(
              "substitution-bare-specifier",
              "Substitution form uses '\(specifier.text)' without a position; spliced into the parent text it reads the next argument there, not the substituted number: write %arg, or %N$ for another argument",
              at: leaf.offset)
            break
          }
          before += 1
        }
      }
    }
  }

  /// Whether a bare `specifier` of a form of substitution `name`, after `readsBefore` unnumbered
  /// reads of its own form, certainly reads the substitution's argument as its class.
  private mutating func readsSubstitutedValue(
    _ specifier: FormatSpecifier, name: String, readsBefore: Int, node: LocalizationNode
  ) -> Bool {
    guard let substitution = node.substitutions.first(where: { $0.name == name }),
      let type = substitution.formatSpecifier.flatMap({
        FormatString(parsing: "%" + $0).specifiers.first?.argumentType
      }),
      ArgumentClass(type) == ArgumentClass(specifier.argumentType)
    else { return false }
    var found = false
    for (index, parent) in leaves.leaves.enumerated()
    where parent.value.containsUTF8(UInt8(ascii: "#")) {
      let format = format(ofLeaf: index)
      guard format.substitutionReferences.contains(where: { $0.name == name }) else { continue }
      // A form that references the substitution: spliced in a splice, not worked out.
      guard parent.substitution == nil else { return false }
      let argument =
        substitution.argNum
        ?? format.arguments.first { $0.substitutionNames.contains(name) }?.position ?? 1
      var prefix: Set<Int> = [0]
      for token in format.tokens {
        switch token {
        case .specifier(let other):
          let reads = Self.starReads(other) + (other.position == nil ? 1 : 0)
          prefix = Set(prefix.map { $0 + reads })
        case .substitution(let reference) where reference.name == name:
          guard prefix.count == 1, 1 + readsBefore + (prefix.first ?? 0) == argument else {
            return false
          }
          found = true
        case .substitution(let reference):
          guard let counts = formReads(reference.name) else { return false }
          prefix = Set(prefix.flatMap { base in counts.map { base + $0 } })
        case .literal, .percent, .argPlaceholder, .invalid:
          break
        }
      }
    }
    return found
  }

  /// The unnumbered reads of each form of substitution `name` (`nil` when a form references
  /// another substitution: not worked out).
  private mutating func formReads(_ name: String) -> Set<Int>? {
    var counts: Set<Int> = []
    for (index, leaf) in leaves.leaves.enumerated() where leaf.substitution == name {
      var reads = 0
      for token in format(ofLeaf: index).tokens {
        switch token {
        case .specifier(let specifier):
          reads += Self.starReads(specifier) + (specifier.position == nil ? 1 : 0)
        case .substitution: return nil
        case .literal, .percent, .argPlaceholder, .invalid: break
        }
      }
      counts.insert(reads)
    }
    return counts.isEmpty ? [0] : counts
  }

  /// The unnumbered `*` widths and precisions of a specifier (each reads an argument first).
  private static func starReads(_ specifier: FormatSpecifier) -> Int {
    [specifier.width, specifier.precision].count { count in
      if case .argument(position: nil)? = count { return true }
      return false
    }
  }
}
