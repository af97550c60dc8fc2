import LHCBase

/// The argument a plural variation is selected by, as compile binds it (`argN` of its
/// `.stringsdict` entry) and lint checks its categories: the lowest position a form reads a
/// number at, with the first value type seen there; else the key's first numeric specifier;
/// else `lld` at position 1.
package struct PluralCount {
  /// The lowest position noted, with the first value type seen there.
  private(set) var count: (position: Int, valueType: String)?
  /// True when the forms read numbers at more than one position: the choice is ambiguous.
  private(set) var isAmbiguous = false

  package init() {}

  /// Notes a number a form reads at `position` as `valueType` (`lld`, `f`).
  package mutating func note(_ position: Int, _ valueType: String) {
    guard let found = count else {
      count = (position, valueType)
      return
    }
    if position != found.position { isAmbiguous = true }
    if position < found.position { count = (position, valueType) }
  }

  /// Notes the numbers a form's text reads (not those of its substitution references).
  package mutating func note(form value: String) {
    guard value.containsUTF8(UInt8(ascii: "%")) else { return }
    if let simple = SimpleFormat(value) {
      for argument in simple.arguments where argument.isNumeric {
        note(argument.position, argument.valueType)
      }
      return
    }
    note(FormatString(parsing: value))
  }

  /// Notes the numbers a parsed form reads (not those of its substitution references).
  package mutating func note(_ format: FormatString) {
    for argument in format.arguments where argument.substitutionNames.isEmpty {
      if let specifier = argument.specifiers.first(where: { $0.argumentType.isNumeric }) {
        note(argument.position, specifier.valueType)
      }
    }
  }

  /// The count's position and value type: the forms' when they read a number, else the key's
  /// first numeric specifier, else `lld` at position 1.
  package func resolved(key: String) -> (position: Int, valueType: String) {
    if let count { return count }
    for argument in FormatString(parsing: key).arguments {
      if let specifier = argument.specifiers.first(where: { $0.argumentType.isNumeric }) {
        return (argument.position, specifier.valueType)
      }
    }
    return (1, "lld")
  }
}
