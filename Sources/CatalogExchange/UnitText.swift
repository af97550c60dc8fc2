import LHCBase
import StringCatalog

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How Xcode rewrites a unit's text between the catalog and the XLIFF (`xliff.md` §2, §3).
///
/// Export: a reference to a substitution in the string's scope gets its argument position
/// (`%#@COUNT@` → `%1$#@COUNT@`, the substitution's `argNum`, or its place among the arguments
/// when it has none), and `%arg` in a substitution's cases becomes the argument it stands for
/// (`%arg` → `%1$lld`: `argNum` and `formatSpecifier`). Import undoes both: positional references
/// to substitutions in scope become plain (`%2$#@YARDS@` → `%#@YARDS@`, also where the catalog had
/// them positional, as Xcode does) and exactly `%<argNum>$<formatSpecifier>` in a substitution's
/// case becomes `%arg`.
///
/// A string's scope is the substitutions of its own node or, where that has none, of the nearest
/// node above it that has some: the localization's root for the leaves of its variations (a
/// device leaf of a localization whose `substitutions` sit beside `variations.device`, a shape
/// Xcode compiles, is exported `%1$#@COUNT@` as the localization's own string would be).
enum UnitText {
  /// The export form of a string whose scope is `substitutions`.
  ///
  /// Inlined, so that the usual string, without substitutions, is its own export form without a
  /// call (~190 instructions a unit, 5M of an export of the 9.9 MB bench catalog).
  @inline(__always)
  static func exported(parent text: String, _ substitutions: [Substitution]) -> String {
    guard !substitutions.isEmpty, contains(text, "#@") else { return text }
    return positioned(text, substitutions)
  }

  /// ``exported(parent:_:)`` of a string that refers to a substitution.
  @inline(never)
  private static func positioned(_ text: String, _ substitutions: [Substitution]) -> String {
    var next = 1
    var result = ""
    // Room for the text and a few positions at once (grown from empty, the result was copied
    // at each doubling).
    result.reserveCapacity(text.utf8.count + 16)
    for token in FormatString(parsing: text).tokens {
      switch token {
      case .specifier(let specifier):
        for count in [specifier.width, specifier.precision] {
          if case .argument(nil)? = count { next += 1 }
        }
        if specifier.position == nil { next += 1 }
        result += token.text
      case .substitution(let reference) where reference.position == nil:
        let position = next
        next += 1
        if let substitution = substitutions.first(where: { $0.name == reference.name }) {
          result += "%\(substitution.argNum ?? position)$#@\(reference.name)@"
        } else {
          result += token.text
        }
      default:
        result += token.text
      }
    }
    return result
  }

  /// The export form of a case of `substitution`.
  @inline(never)  // rare (texts with `%arg`): kept out of the export plan's walk
  static func exported(leaf text: String, _ substitution: Substitution?) -> String {
    guard contains(text, "%arg"), let argument = argument(of: substitution)
    else { return text }
    return FormatString(parsing: text, options: .argPlaceholder).tokens.reduce(into: "") {
      $0 += $1 == .argPlaceholder ? argument : $1.text
    }
  }

  /// The catalog form of an imported string whose scope is `substitutions`.
  static func imported(parent text: String, _ substitutions: [Substitution]) -> String {
    guard !substitutions.isEmpty, text.contains("#@") else { return text }
    return FormatString(parsing: text).tokens.reduce(into: "") { result, token in
      if case .substitution(let reference) = token, reference.position != nil,
        substitutions.contains(where: { $0.name == reference.name })
      {
        result += "%#@\(reference.name)@"
      } else {
        result += token.text
      }
    }
  }

  /// The catalog form of an imported case of `substitution`.
  static func imported(leaf text: String, _ substitution: Substitution?) -> String {
    guard let argument = argument(of: substitution), text.contains(argument) else { return text }
    return FormatString(parsing: text).tokens.reduce(into: "") { result, token in
      if case .specifier(let specifier) = token, specifier.text == argument {
        result += "%arg"
      } else {
        result += token.text
      }
    }
  }

  /// `text.contains(pattern)` for an ASCII pattern that no other character is canonically
  /// equivalent to (`#@`, `%arg`, `|==|`), mostly without calling it (`String.contains` searches
  /// characters through `_StringProcessing`: ~14,000 instructions a call, a tenth of an export's).
  /// No occurrence of the pattern's bytes: false. One between ASCII bytes (or the text's ends),
  /// which no grapheme cluster crosses: true. Otherwise (a neighbour that might combine with
  /// it): `String.contains` decides.
  static func contains(_ text: String, _ pattern: StaticString) -> Bool {
    let count = pattern.utf8CodeUnitCount
    let found: Bool? = text.withUTF8Bytes { bytes in
      guard let base = bytes.baseAddress, bytes.count >= count else { return false }
      var undecided = false
      for start in 0...(bytes.count - count)
      where bytes[start] == pattern.utf8Start.pointee
        && memcmp(base + start, pattern.utf8Start, count) == 0
      {
        let end = start + count
        if (start == 0 || bytes[start - 1] < 0x80) && (end == bytes.count || bytes[end] < 0x80) {
          return true
        }
        undecided = true
      }
      return undecided ? nil : false
    }
    return found ?? stringContains(text, pattern.description)
  }

  /// `String.contains` as this module sees it (`_StringProcessing`'s; where Foundation is
  /// imported, `contains` is NSString's search, which differs on combining characters).
  static func stringContains(_ text: String, _ pattern: String) -> Bool {
    text.contains(pattern)
  }

  /// `%<argNum>$<formatSpecifier>`, when the substitution has both.
  private static func argument(of substitution: Substitution?) -> String? {
    guard let substitution, let number = substitution.argNum,
      let specifier = substitution.formatSpecifier
    else { return nil }
    return "%\(number)$\(specifier)"
  }
}
