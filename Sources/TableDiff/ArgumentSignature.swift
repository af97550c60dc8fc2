import LHCBase
import StringTables

/// The arguments a value reads, by 1-based position: what it needs from the caller.
///
/// Each position lists the classes it is read as, in the order met; an empty list means the
/// position is read but its type is unknown (a substitution without a value type). For a `.stringsdict` format, a variable's count argument has the variable's
/// `NSStringFormatValueTypeKey`, and a non-positional specifier in one of its forms reads the
/// count's position (the next ones the positions after it), as Foundation formats plural forms.
struct ArgumentSignature: Equatable {
  private(set) var classes: [Int: [ArgumentClass]] = [:]

  init(text: String) {
    add(FormatString(parsing: text), base: nil)
  }

  init(rule: StringsdictEntry) {
    for (_, form) in rule.leaves {
      switch form {
      case .text(let text): add(FormatString(parsing: text), base: nil)
      case .format(let format): add(format)
      }
    }
  }

  /// The signature of what the app calls a key with: the rule when there is one (Foundation
  /// reads `.stringsdict` first), else the text.
  init(entry: TableEntry) {
    if let rule = entry.rule { self.init(rule: rule) } else { self.init(text: entry.text ?? "") }
  }

  var positions: [Int] { classes.keys.sorted() }

  private mutating func add(_ format: FormatRule) {
    for argument in FormatString(parsing: format.formatKey).arguments {
      record(argument.position, argument.argumentClass)
      for name in argument.substitutionNames {
        guard let variable = format.variables[name] else { continue }
        if let valueType = variable.valueType {
          let specifier = FormatString(parsing: "%" + valueType).specifiers.first
          record(argument.position, specifier.map { ArgumentClass($0.argumentType) })
        }
        for category in variable.forms.keys.sorted() {
          add(FormatString(parsing: variable.forms[category] ?? ""), base: argument.position)
        }
      }
    }
  }

  /// Adds a format's arguments; with a `base`, non-positional ones count from `base`.
  private mutating func add(_ format: FormatString, base: Int?) {
    for argument in format.arguments {
      let explicit = argument.specifiers.first?.position != nil
      let position =
        explicit ? argument.position : base.map { argument.position - 1 + $0 } ?? argument.position
      record(position, argument.argumentClass)
    }
  }

  private mutating func record(_ position: Int, _ argumentClass: ArgumentClass?) {
    var list = classes[position] ?? []
    if let argumentClass, !list.contains(argumentClass) { list.append(argumentClass) }
    classes[position] = list
  }
}
