import LHCBase
import StringTables

/// An entry spelled so that two entries Foundation formats alike with every argument list are
/// equal: variables renamed as ``TableEntry/isEquivalent(to:)`` renames them, then every
/// specifier and reference numbered with the argument Foundation binds it to
/// (``FormatString/numberedArguments(from:)``) — `%@ %#@n@` and `%@ %2$#@n@` read argument 1,
/// then 2; `%ld` in the form of a variable at argument 2 and `%2$ld` read argument 2.
///
/// A variable's forms count from the variable's argument: CoreFoundation formats the chosen form
/// on its own, its unnumbered specifiers starting at the variable's argument (its formatter's
/// `initialArgPosition`), numbered ones reading the arguments of the whole call; the same reading
/// `lhc diff`'s argument checks make. Only the forms of variables the format key references at one
/// argument, and nowhere else at another, are numbered; every text whose binding is not certain
/// stays as written, so that it equals only itself.
enum RuntimeForm {
  static func of(_ entry: TableEntry) -> TableEntry {
    TableEntry(
      text: entry.text.map { numbered($0, from: 1) },
      rule: entry.rule.map { rule in
        TableEntry.canonical(rule).mapped(text: { numbered($0, from: 1) }, format: numbered)
      })
  }

  private static func numbered(_ text: String, from first: Int) -> String {
    guard text.contains("%") else { return text }
    return FormatString(parsing: text).numberedArguments(from: first) ?? text
  }

  /// The format key numbered, and the forms of each variable it references at one argument
  /// numbered from that argument; the rule as it is when the format key's binding is not certain,
  /// or a variable whose forms were numbered is also referenced (in a form) at another argument
  /// or at one not certain.
  private static func numbered(_ format: FormatRule) -> FormatRule {
    guard let formatKey = FormatString(parsing: format.formatKey).numberedArguments() else {
      return format
    }
    var positions: [String: Set<Int>] = [:]
    /// Records where `text` references variables (0: not certain).
    func collect(_ text: String) {
      for reference in FormatString(parsing: text).substitutionReferences {
        positions[reference.name, default: []].insert(reference.position ?? 0)
      }
    }
    collect(formatKey)
    let inFormatKey = positions
    var variables = format.variables
    for (name, found) in inFormatKey {
      guard found.count == 1, let position = found.first, var variable = variables[name] else {
        continue
      }
      variable.forms = variable.forms.mapValues { numbered($0, from: position) }
      variables[name] = variable
    }
    for variable in variables.values {
      variable.forms.values.forEach(collect)
    }
    for (name, found) in inFormatKey where found.count == 1 && positions[name] != found {
      return format
    }
    return FormatRule(formatKey: formatKey, variables: variables)
  }
}

extension TableEntry {
  /// True when Foundation shows the same thing for both entries with every argument list: they
  /// bind the same arguments, read as the same types, in the same places, and differ only in how
  /// the arguments are numbered (`%@ %#@n@` and `%@ %2$#@n@`; `%ld` and `%1$ld` in the forms of
  /// a variable at argument 1) or in the names of their variables. See ``RuntimeForm``.
  public func isRuntimeEquivalent(to other: TableEntry) -> Bool {
    RuntimeForm.of(self) == RuntimeForm.of(other)
  }
}
