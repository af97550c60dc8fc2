import SwiftSource

/// `source-fixed-date-format`: a fixed `dateFormat = "…"` on a formatter whose output the code
/// shows, decided from one file's walk and every file's `string(from:)` calls.
///
/// The formatter is known by how it is written before `.dateFormat`: a local (`let f =
/// DateFormatter()` in the same function or closure), the property a closure initializes
/// (`static let formatter: DateFormatter = { let f = …; f.dateFormat = …; return f }()`), or a
/// property of the type around it (`formatter`, `self.formatter`). Its output is shown when
/// `string(from:)` is called on it: on the local in its body; on a property as `name`,
/// `self.name` or `Type.name` in its file, `Type.name` in any file. It is a machine format, and
/// not reported, when a fixed locale is set on it (`locale = Locale(identifier: "en_US_POSIX")`,
/// any identifier) or one that cannot be told (a variable); `.current` is the user's and does not
/// make it one. A formatter written otherwise (`other.formatter`) cannot be decided.
struct DateFormats {
  let checks: SyntaxChecks
  let sites: [DateFormatSite]

  /// The `string(from:)` receivers of the file, as written.
  var shownInFile: Set<String> {
    checks.shownFormatters.values.reduce(into: []) { $0.formUnion($1) }
  }

  func findings(shownAnywhere: Set<String>) -> [SyntaxChecks.Found] {
    sites.compactMap { site in
      guard !Self.isMachineFormat(site.format), isShown(site, shownAnywhere) else { return nil }
      return SyntaxChecks.Found(
        check: "source-fixed-date-format", offset: site.offset,
        message:
          "a fixed date format \"\(site.format)\" for a date the code shows (string(from:)): its order, separators and words stay those of one language, whatever the user's; use Date.FormatStyle (date.formatted(date: .abbreviated, time: .shortened)) or setLocalizedDateFormatFromTemplate; for a machine format, set locale = Locale(identifier: \"en_US_POSIX\")",
        key: nil)
    }
  }

  /// Whether a pattern is one for programs, not people: ISO 8601's `'T'`, a time zone (`Z`, `X`,
  /// `x`, `z`, `O`, `V`), fractional seconds (`S`), seconds without a word field (a log's
  /// timestamp), or numbers joined by nothing, `-` or `_` only (`yyyyMMdd`, `yyyy-MM-dd-HHmmss`),
  /// or a dashed date with a time (`yyyy-MM-dd HH:mm`). A word field (`MMM`, `EEE`, `a`) makes
  /// it one for people, unless a zone or `'T'` is there too (`EEE, dd MMM yyyy HH:mm:ss zzz`).
  static func isMachineFormat(_ pattern: String) -> Bool {
    var fields: [(letter: Character, count: Int)] = []
    var separators = Set<Character>()
    var quoted = false
    var literal = ""
    for character in pattern {
      if character == "'" {
        if quoted, literal == "T" { return true }
        quoted.toggle()
        literal = ""
        continue
      }
      if quoted {
        literal.append(character)
      } else if character.isLetter, character.isASCII {
        if let last = fields.last, last.letter == character {
          fields[fields.count - 1].count += 1
        } else {
          fields.append((character, 1))
        }
      } else {
        separators.insert(character)
      }
    }
    if fields.contains(where: { "ZXxzOVSA".contains($0.letter) }) { return true }
    let hasWordField = fields.contains { field in
      "EcaGBbU".contains(field.letter) || "ML".contains(field.letter) && field.count >= 3
    }
    if hasWordField { return false }
    if fields.contains(where: { $0.letter == "s" }) { return true }
    // Numbers joined by nothing, `-` or `_`; a date in ISO 8601's dashed form, with a time or not.
    return separators.isSubset(of: ["-", "_"])
      || separators.contains("-") && separators.isSubset(of: ["-", "_", " ", ":"])
  }

  /// `self.formatter` → `formatter`.
  static func normalized(_ text: String) -> String {
    text.hasPrefix("self.") ? String(text.dropFirst(5)) : text
  }

  private func isShown(_ site: DateFormatSite, _ shownAnywhere: Set<String>) -> Bool {
    let formatter = Self.normalized(site.formatter)
    // The innermost body that declares it, when it is a plain name.
    let declaring = checks.chain(site.scope.body).first {
      !formatter.contains(".") && checks.declared[$0]?.contains(formatter) == true && $0 != 0
    }
    // A fixed locale set on it: where it is declared (or anywhere in the file, for a property).
    for (body, locales) in checks.locales
    where locales[formatter] == true && checks.isInside(body, declaring ?? 0) {
      return false
    }
    // A property: the one the closure (or getter) declaring it makes, or one of the type (or
    // of the file).
    var name = formatter
    if let declaring {
      guard declaring == site.scope.body, let property = site.scope.property else {
        return checks.shownFormatters.contains { body, shown in
          shown.contains(formatter) && checks.isInside(body, declaring)
        }
      }
      name = property
    }
    let parts = name.split(separator: ".").map(String.init)
    if parts.count > 1 {
      guard parts.count == 2, parts[0] == "Self" || parts[0] == site.scope.typeName else {
        return false
      }
      name = parts[1]
    }
    var inFile: Set<String> = [name, "self." + name, "Self." + name]
    var anywhere: Set<String> = []
    if let type = site.scope.typeName {
      inFile.insert(type + "." + name)
      anywhere.insert(type + "." + name)
    } else {
      anywhere.insert(name)
    }
    return !shownInFile.isDisjoint(with: inFile) || !shownAnywhere.isDisjoint(with: anywhere)
  }
}
