import LHCBase

/// Swift identifiers from catalog keys and table names, by Xcode 26's symbol-naming rules.
///
/// Rules, in order:
/// 1. Format specifiers, `%(name)` placeholders and `%#@name@` references are removed from the key
///    (`common.minutesShort %lld %lld` → `common.minutesShort`).
/// 2. Apostrophes are dropped (`Don't` → `dont`). The rest splits into words at every character that cannot appear in a Swift identifier
///    (`.`, `_`, space, `-`, apostrophes, punctuation, symbols such as `❤`) and at invisible
///    format characters; emoji in U+10000–U+1FFFD are identifier characters and stay.
/// 3. A word written in capitals only (`ALPS`, `OK`) is lowercased first. The first word's leading
///    run of capitals is lowercased whole (`CFBundleDisplayName` → `cfbundleDisplayName`); every
///    later word gets an uppercase first character (`common.back` → `commonBack`).
/// 4. A name starting with a digit gets a `_` prefix (`1st.place` → `_1stPlace`); an empty name
///    becomes `string`; a Swift keyword is escaped with backticks (`` `continue` ``).
public enum SwiftIdentifier {
  /// The member name for `key`, unescaped (`continue`, not `` `continue` ``).
  public static func memberName(forKey key: String) -> String {
    let words = self.words(of: strippingSpecifiers(key).filter { $0 != "'" && $0 != "’" })
    var name = ""
    for (index, word) in words.enumerated() {
      var word = word
      if isAllCapitals(word) { word = word.lowercased() }
      if index == 0 {
        let run = word.prefix { $0.isUppercase }
        name += run.lowercased() + word.dropFirst(run.count)
      } else {
        name += word.prefix(1).uppercased() + word.dropFirst()
      }
    }
    if name.isEmpty { return "string" }
    if let first = name.unicodeScalars.first, ("0"..."9").contains(first) { name = "_" + name }
    return name
  }

  /// The type name for a table (`Feature`, `my-strings` → `MyStrings`), unescaped.
  public static func typeName(forTable table: String) -> String {
    let words = self.words(of: table)
    var name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    if name.isEmpty { return "Strings" }
    if let first = name.unicodeScalars.first, ("0"..."9").contains(first) { name = "_" + name }
    return name
  }

  /// An argument label from a substitution or placeholder name (`total_count` → `totalCount`).
  public static func labelName(_ name: String) -> String {
    memberName(forKey: name)
  }

  /// `name` escaped with backticks when it is a Swift keyword.
  public static func escaped(_ name: String) -> String {
    keywords.contains(name) ? "`\(name)`" : name
  }

  /// The characters of `key` that its member name drops and `other` lacks, as words of their
  /// Unicode names (`Help…` beside `Help`: `HorizontalEllipsis`; `↓ %@/s` beside `↑ %@/s`:
  /// `DownwardsArrow`). Identifier characters, whitespace, the word separators `.` `_` `-`,
  /// specifiers, placeholders and substitution references are not counted; each character of
  /// `other` cancels one equal character of `key`.
  public static func distinguishingWords(of key: String, beside other: String) -> String {
    var others: [Unicode.Scalar: Int] = [:]
    for scalar in droppedSymbols(of: other) { others[scalar, default: 0] += 1 }
    var words = ""
    for scalar in droppedSymbols(of: key) {
      if let count = others[scalar], count > 0 {
        others[scalar] = count - 1
      } else {
        words += spelled(scalar)
      }
    }
    return words
  }

  /// The characters of `key` that its member name drops, other than whitespace, word separators
  /// and specifiers (`%%` is a `%`).
  static func droppedSymbols(of key: String) -> [Unicode.Scalar] {
    var scalars: [Unicode.Scalar] = []
    for token in FormatString(parsing: NamedPlaceholders(key).text).tokens {
      switch token {
      case .literal(let text), .invalid(let text):
        scalars += text.unicodeScalars.filter {
          !isIdentifierScalar($0) && !$0.properties.isWhitespace
            && !"._-".unicodeScalars.contains($0)
        }
      case .percent: scalars.append("%")
      case .specifier, .substitution, .argPlaceholder: break
      }
    }
    return scalars
  }

  /// A character's Unicode name as capitalised words (`HORIZONTAL ELLIPSIS` → `HorizontalEllipsis`,
  /// `HYPHEN-MINUS` → `HyphenMinus`); `U0001` for one without a name.
  static func spelled(_ scalar: Unicode.Scalar) -> String {
    guard let name = scalar.properties.name else {
      let hex = String(scalar.value, radix: 16, uppercase: true)
      return "U" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
    return name.split { $0 == " " || $0 == "-" }.map { $0.prefix(1) + $0.dropFirst().lowercased() }
      .joined()
  }

  /// The key without format specifiers, placeholders and substitution references.
  static func strippingSpecifiers(_ key: String) -> String {
    var result = ""
    for token in FormatString(parsing: NamedPlaceholders(key).text).tokens {
      switch token {
      case .literal(let text), .invalid(let text): result += text
      case .specifier, .substitution, .percent, .argPlaceholder: result += " "
      }
    }
    return result
  }

  /// Words: maximal runs of identifier characters.
  static func words(of text: String) -> [String] {
    var words: [String] = []
    var current = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if isIdentifierScalar(scalar) {
        current.append(scalar)
      } else if !current.isEmpty {
        words.append(String(current))
        current = String.UnicodeScalarView()
      }
    }
    if !current.isEmpty { words.append(String(current)) }
    return words
  }

  /// True when the word has letters and all of them are capitals (`OK`, `ALPS2`); a single capital
  /// (`A`) counts too, so `A.b` and `a.b` both give `aB`.
  private static func isAllCapitals(_ word: String) -> Bool {
    var sawLetter = false
    for character in word where character.isLetter {
      if !character.isUppercase { return false }
      sawLetter = true
    }
    return sawLetter
  }

  /// Characters Swift accepts in identifiers (The Swift Programming Language, Lexical Structure),
  /// minus `_` (a word separator here) and invisible format characters.
  static func isIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    switch value {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
    case 0..<0x80: return false
    case 0x200B...0x200D, 0x202A...0x202E, 0x2060...0x206F, 0xFE00...0xFE0F, 0xFEFF: return false
    default: break
    }
    for range in identifierRanges where range.contains(value) { return true }
    return false
  }

  /// Identifier-head and identifier-character ranges above ASCII.
  private static let identifierRanges: [ClosedRange<UInt32>] = [
    0xA8...0xA8, 0xAA...0xAA, 0xAD...0xAD, 0xAF...0xAF, 0xB2...0xB5, 0xB7...0xBA, 0xBC...0xBE,
    0xC0...0xD6, 0xD8...0xF6, 0xF8...0xFF, 0x100...0x2FF, 0x300...0x36F, 0x370...0x167F,
    0x1681...0x180D, 0x180F...0x1DBF, 0x1DC0...0x1DFF, 0x1E00...0x1FFF, 0x203F...0x2040,
    0x2054...0x2054, 0x2070...0x20CF, 0x20D0...0x20FF, 0x2100...0x218F, 0x2460...0x24FF,
    0x2776...0x2793, 0x2C00...0x2DFF, 0x2E80...0x2FFF, 0x3004...0x3007, 0x3021...0x302F,
    0x3031...0x303F, 0x3040...0xD7FF, 0xF900...0xFD3D, 0xFD40...0xFDCF, 0xFDF0...0xFE1F,
    0xFE20...0xFE2F, 0xFE30...0xFE44, 0xFE47...0xFFFD, 0x10000...0x1FFFD, 0x20000...0x2FFFD,
    0x30000...0x3FFFD, 0x40000...0x4FFFD, 0x50000...0x5FFFD, 0x60000...0x6FFFD,
    0x70000...0x7FFFD, 0x80000...0x8FFFD, 0x90000...0x9FFFD, 0xA0000...0xAFFFD,
    0xB0000...0xBFFFD, 0xC0000...0xCFFFD, 0xD0000...0xDFFFD, 0xE0000...0xEFFFD,
  ]

  /// Reserved words that need backticks as member names or argument labels.
  static let keywords: Set<String> = [
    "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension",
    "fileprivate", "func", "import", "init", "inout", "internal", "let", "nonisolated", "open",
    "operator", "package", "private", "precedencegroup", "protocol", "public", "rethrows",
    "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
    "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat",
    "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil",
    "self", "Self", "super", "throws", "true", "try", "_",
  ]
}
