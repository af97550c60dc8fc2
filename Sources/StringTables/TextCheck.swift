import LHCBase

/// Checks of single texts: format specifiers Xcode rejects, characters property lists cannot hold.
///
/// The one source of the texts `lhc compile` and `lhc lint` share.
package enum TextCheck {
  /// A problem with one format specifier, and the text both commands report for it.
  package enum FormatProblem: Sendable, Hashable {
    /// `%n`: writes through a pointer argument; Xcode has no Swift type for it.
    case countSpecifier(String)
    /// A specifier Xcode cannot type, e.g. `%-i` (a `-` flag without a field width).
    case untypedSpecifier(String)
    /// A `%` that starts no valid specifier, in a string that will be formatted.
    case invalidSpecifier(String)

    /// The error message, in Xcode's wording.
    package var message: String {
      switch self {
      case .countSpecifier(let text), .untypedSpecifier(let text):
        "Unable to create a Swift type from the format specifier \"\(text)\""
      case .invalidSpecifier(let text):
        "Invalid format specifier \"\(text)\"; write \"%%\" for a literal percent sign"
      }
    }
  }

  /// `%#@NAME@` with no substitution of that name.
  package static func undefinedSubstitution(_ name: String) -> String {
    "Referencing undefined substitution '\(name)'"
  }

  /// `substitutions` on a localization with no `stringUnit` (and no variation) to reference them.
  /// Compile's error for a substitution without `formatSpecifier`.
  package static func missingFormatSpecifier(_ name: String) -> String {
    "Substitution '\(name)' is missing its formatSpecifier"
  }

  /// Compile's error for a substitution without a plural variation.
  package static func missingPluralVariation(_ name: String) -> String {
    "Substitution '\(name)' has no plural variation"
  }

  /// Reported once per catalog for `stringSet` units (App Shortcuts phrases).
  package static let stringSetNotCompiled =
    "stringSet units (App Shortcuts phrases) are not compiled by lhc and are left out of the output; reported once per catalog"

  package static let missingStringUnit =
    "Substitutions are missing the required stringUnit that references them"

  /// Problems of the specifiers Xcode cannot type, and of stray `%` in a string that will be formatted.
  ///
  /// A string without any argument is never formatted by `String(localized:)`, so a lone `%` in it
  /// (`100%`) is left alone; once a string has arguments, a `%` that starts no valid specifier
  /// is an error. `%n` and a `-` flag without a field width (`50%-ig` reads as `%-i`) have no Swift
  /// type: Xcode reports "Unable to create a Swift type from the format specifier".
  package static func formatProblems(_ format: FormatString) -> [FormatProblem] {
    var problems: [FormatProblem] = []
    var formatted = false
    var invalid: [String] = []
    for token in format.tokens {
      switch token {
      case .specifier(let specifier):
        formatted = true
        if specifier.conversion == "n" {
          problems.append(.countSpecifier(specifier.text))
        } else if specifier.flags.contains("-") && specifier.width == nil {
          problems.append(.untypedSpecifier(specifier.text))
        }
      case .substitution, .argPlaceholder:
        formatted = true
      case .invalid(let text):
        invalid.append(text)
      case .literal, .percent:
        break
      }
    }
    if formatted { problems += invalid.map(FormatProblem.invalidSpecifier) }
    return problems
  }

  /// Errors for specifiers Xcode cannot type, and for stray `%` in a string that will be formatted
  /// (see ``formatProblems(_:)``).
  static func formatDiagnostics(
    _ format: FormatString, offset: Int, language: String, key: String
  ) -> [Diagnostic] {
    formatProblems(format).map {
      .error($0.message, offset: offset, language: language, key: key)
    }
  }

  /// Diagnostics for control characters in a value: NUL is an error (no property list can hold it),
  /// other C0 controls except tab, LF and CR are written raw, as Apple's writer does, with a warning.
  package static func controlCharacterDiagnostics(
    _ text: String, what: String, offset: Int, language: String?, key: String
  ) -> [Diagnostic] {
    guard let byte = text.utf8.first(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D })
    else { return [] }
    if text.containsUTF8(0) {
      return [
        .error(
          "\(what) contains a NUL character (U+0000), which property lists cannot hold",
          offset: offset, language: language, key: key)
      ]
    }
    let code = String(byte, radix: 16, uppercase: true)
    let scalar = String(repeating: "0", count: 4 - code.count) + code
    return [
      .warning(
        "\(what) contains the control character U+\(scalar); it is written raw as Xcode writes it, which Apple's runtime reads but strict XML parsers reject",
        offset: offset, language: language, key: key)
    ]
  }

  /// Diagnostics for a catalog key.
  package static func diagnostics(forKey key: String, offset: Int) -> [Diagnostic] {
    controlCharacterDiagnostics(key, what: "key", offset: offset, language: nil, key: key)
  }
}
