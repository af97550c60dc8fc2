import LHCBase
import StringCatalog

/// Checks of single texts: format specifiers Xcode rejects, characters property lists cannot hold.
///
/// The one source of the texts `lhc compile` and `lhc lint` share.
package enum TextCheck {
  /// A problem with one format specifier, and the text both commands report for it.
  ///
  /// Compile fails only where Xcode is known to fail (``countSpecifier``, ``untypedSpecifier``);
  /// the others are warnings there, and the value is emitted as written. Lint reports every one
  /// as an error: each reads or prints something the translator did not mean.
  package enum FormatProblem: Sendable, Hashable {
    /// `%n`: writes through a pointer argument; Xcode has no Swift type for it.
    case countSpecifier(String)
    /// A `-` flag without a field width on an integer conversion, e.g. `%-i` (`50%-ig`): Xcode
    /// cannot type it (nightscout/Trio#1362).
    case untypedSpecifier(String)
    /// A `%` that starts no complete specifier, in a string that will be formatted.
    case invalidSpecifier(String)
    /// A complete specifier with a flag that is nearly always a literal `%` before a word:
    /// `% p` (`100% pour`), `% d`, `%+d`, or `-` without a width on a non-integer conversion.
    case unusualSpecifier(String, flag: Character)

    /// The message, in Xcode's wording where Xcode has one.
    package var message: String {
      switch self {
      case .countSpecifier(let text), .untypedSpecifier(let text):
        "Unable to create a Swift type from the format specifier \"\(text)\""
      case .invalidSpecifier(let text):
        "Invalid format specifier \"\(text)\"; write \"%%\" for a literal percent sign"
      case .unusualSpecifier(let text, let flag):
        "Unusual format specifier \"\(text)\" (flag '\(flag)'); write \"%%\" if a literal percent sign is meant"
      }
    }

    /// True for an unusual flag: the specifier still reads one argument of a known type, so the
    /// string's arguments can be compared; the others leave them unknown.
    package var leavesArgumentsKnown: Bool {
      if case .unusualSpecifier = self { true } else { false }
    }

    /// The severity in `lhc compile`: an error only where Xcode fails.
    package var compileSeverity: Diagnostic.Severity {
      switch self {
      case .countSpecifier, .untypedSpecifier: .error
      case .invalidSpecifier, .unusualSpecifier: .warning
      }
    }
  }

  /// `%#@NAME@` with no substitution of that name.
  package static func undefinedSubstitution(_ name: String) -> String {
    "Referencing undefined substitution '\(name)'"
  }

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

  /// `substitutions` on a localization with no `stringUnit` (and no variation) to reference them:
  /// Xcode 27's error, which names the place itself (it has no `(lang: key)` suffix).
  package static func missingStringUnit(key: String, language: String) -> String {
    "Missing required key 'stringUnit' inside 'strings' -> '\(key)' -> 'localizations' -> '\(language)'"
  }

  /// A substitution no text of its localization references (Xcode 27's warning).
  package static func unreferencedSubstitution(_ name: String) -> String {
    "Substitution '\(name)' was never referenced. To reference, use %#@\(name)@ in some other string"
  }

  /// A device `other` case that is itself varied (Xcode 27's error).
  package static let fallbackCannotBeVaried = "Fallback value cannot be further varied"

  /// A plural case that is itself varied (Xcode 27's error).
  package static let pluralCaseCannotBeVaried = "Plural case cannot be further varied"

  /// lhc's error for a device or width case varied in a way the `.stringsdict` format cannot
  /// hold: device in device, width in width, width in device.
  package static func nestedVariation(_ inner: VariationKind, inside outer: VariationKind)
    -> String
  {
    let name = inner.rawValue
    return
      "\(name.prefix(1).uppercased() + name.dropFirst()) variations cannot be nested inside \(outer.rawValue) variations"
  }

  /// Problems of the specifiers Xcode cannot type, of unusual flags, and of stray `%` in a string
  /// that will be formatted.
  ///
  /// A string is formatted only when the code passes arguments: `String(localized:)` leaves a
  /// string without any alone, so a lone `%` there (`100%`, `50% off`, read as `% o`) is harmless.
  /// A `%` that starts no complete specifier is reported once the string has arguments of its
  /// own; an unusual flag (`% p`) also when `codePassesArguments` (the key or the source value has
  /// arguments). `%n` and a `-` flag without a field width on an integer conversion (`50%-ig`
  /// reads as `%-i`) have no Swift type: Xcode reports "Unable to create a Swift type from the
  /// format specifier".
  package static func formatProblems(_ format: FormatString, codePassesArguments: Bool = false)
    -> [FormatProblem]
  {
    var problems: [FormatProblem] = []
    var formatted = false
    var invalid: [String] = []
    var unusual: [FormatProblem] = []
    for token in format.tokens {
      switch token {
      case .specifier(let specifier):
        switch problem(of: specifier) {
        case let problem? where problem.leavesArgumentsKnown:
          unusual.append(problem)
        case let problem?:
          formatted = true
          problems.append(problem)
        case nil:
          formatted = true
        }
      case .substitution, .argPlaceholder:
        formatted = true
      case .invalid(let text):
        invalid.append(text)
      case .literal, .percent:
        break
      }
    }
    if formatted || codePassesArguments { problems += unusual }
    if formatted { problems += invalid.map(FormatProblem.invalidSpecifier) }
    return problems
  }

  /// True when `format` reads arguments by specifiers without an unusual flag, substitutions or
  /// `%arg`: the code formats it with arguments (`100% sure`, read as `% s`, does not count).
  package static func readsArguments(_ format: FormatString) -> Bool {
    format.tokens.contains { token in
      switch token {
      case .specifier(let specifier): problem(of: specifier)?.leavesArgumentsKnown != true
      case .substitution, .argPlaceholder: true
      case .literal, .percent, .invalid: false
      }
    }
  }

  /// True when a specifier of `format` has a flag: only then can an unusual flag be reported.
  package static func hasFlaggedSpecifier(_ format: FormatString) -> Bool {
    format.specifiers.contains { !$0.flags.isEmpty }
  }

  /// The problem of one complete specifier, if it has one.
  private static func problem(of specifier: FormatSpecifier) -> FormatProblem? {
    if specifier.conversion == "n" { return .countSpecifier(specifier.text) }
    let flags = specifier.flags
    if flags.isEmpty { return nil }
    if flags.contains("-") && specifier.width == nil {
      return specifier.argumentType.isInteger
        ? .untypedSpecifier(specifier.text) : .unusualSpecifier(specifier.text, flag: "-")
    }
    if let flag = flags.first(where: { $0 == " " || $0 == "+" }) {
      return .unusualSpecifier(specifier.text, flag: flag)
    }
    return nil
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
