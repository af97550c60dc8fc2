import LHCBase
import PluralRules
import StringTables

/// What the runtime checks need to know about the app side: the entry the app's code is written
/// against, looked up (binary search) only for keys the new side adds or changes.
struct FindingContext: Sendable {
  /// Table name → its languages, the source language first.
  private let languagesByTable: [String: [String]]
  private let oldTables: [TableID: StringTable]

  init(old: TableSet, oldTables: [TableID: StringTable]) {
    self.oldTables = oldTables
    var languages: [String: [String]] = [:]
    for id in oldTables.keys {
      languages[id.table, default: []].append(id.language)
    }
    languagesByTable = languages.mapValues { list in
      list.sorted {
        ($0 == old.sourceLanguage ? 0 : 1, $0) < ($1 == old.sourceLanguage ? 0 : 1, $1)
      }
    }
  }

  /// Findings for `entry`, which the new side has for `key` in table `id`; `appEntry` is the
  /// app's entry in the same language, if any.
  func findings(
    _ id: TableID, _ key: String, _ entry: TableEntry, appEntry: TableEntry?
  ) -> [RuntimeFinding] {
    var result: [RuntimeFinding] = []
    func add(_ kind: RuntimeFinding.Kind, _ severity: RuntimeFinding.Severity, _ message: String) {
      result.append(
        RuntimeFinding(
          kind: kind, severity: severity, language: id.language, table: id.table, key: key,
          message: message))
    }
    if entry.text != nil && entry.rule != nil {
      add(
        .keyInBothFiles, .warning,
        "key is in both \(id.table).strings and \(id.table).stringsdict; SDK 1.0 serves the .strings value"
      )
    }
    if let reference = appEntry ?? referenceEntry(id, key) {
      let expected = ArgumentSignature(entry: reference)
      if let text = entry.text {
        checkArguments(ArgumentSignature(text: text), expected, add)
      }
      if let rule = entry.rule {
        checkArguments(ArgumentSignature(rule: rule), expected, add)
      }
    } else {
      // No language of the app's table has the key (the reference lookup tried them all).
      add(
        .unknownKey, .warning,
        "the app has no such key in this table in any language; it is never shown")
    }
    if let rule = entry.rule { checkPlurals(rule, language: id.language, add) }
    return result
  }

  /// The app's entry for `key` in the table's source language or, failing that, the first
  /// language that has it.
  private func referenceEntry(_ id: TableID, _ key: String) -> TableEntry? {
    for language in languagesByTable[id.table] ?? [] {
      guard let table = oldTables[TableID(language: language, table: id.table)] else { continue }
      let (text, rule) = (table.strings[key], table.rules[key])
      if text != nil || rule != nil { return TableEntry(text: text, rule: rule) }
    }
    return nil
  }

  private func checkArguments(
    _ actual: ArgumentSignature, _ expected: ArgumentSignature,
    _ add: (RuntimeFinding.Kind, RuntimeFinding.Severity, String) -> Void
  ) {
    let passed = expected.positions.count
    for position in actual.positions {
      guard let expectedClasses = expected.classes[position] else {
        add(
          .extraArgument, .error,
          "reads argument \(position) but the app passes \(passed) argument\(passed == 1 ? "" : "s")"
        )
        continue
      }
      // The app passes what its own value reads first.
      guard let passedClass = expectedClasses.first else { continue }
      for actualClass in actual.classes[position] ?? [] where actualClass != passedClass {
        add(
          .formatMismatch, .error,
          "reads argument \(position) as \(actualClass.withArticle) but the app passes \(passedClass.withArticle)"
        )
      }
    }
  }

  private func checkPlurals(
    _ rule: StringsdictEntry, language: String,
    _ add: (RuntimeFinding.Kind, RuntimeFinding.Severity, String) -> Void
  ) {
    let formats = rule.formats
    let needed = PluralRules.categories(for: language)
    for format in formats {
      for name in format.variables.keys.sorted() {
        guard let variable = format.variables[name],
          variable.specType == PluralVariable.pluralRuleType
        else { continue }
        let missing = needed.filter { variable.forms[$0] == nil }
        guard !missing.isEmpty else { continue }
        let list = missing.joined(separator: ", ")
        if missing.contains("other") {
          add(
            .missingPluralCategory, .error,
            "plural variable '\(name)' has no 'other' form (missing: \(list))")
        } else {
          add(
            .missingPluralCategory, .warning,
            "plural variable '\(name)' lacks \(list), which \(language) needs; the 'other' form is shown instead"
          )
        }
      }
    }
  }
}
