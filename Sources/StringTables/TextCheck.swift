import LHCBase
import StringCatalog

/// Checks of single texts: format specifiers that misread, characters property lists cannot hold.
///
/// The one source of the texts `lhc compile` and `lhc lint` share.
package enum TextCheck {
  /// A problem with one format specifier of a string the code formats
  /// (``codeFormats(key:source:)``).
  ///
  /// Compile reports them as warnings (Xcode builds these strings; its "Unable to create a Swift
  /// type" belongs to symbol generation); lint reports each under its own check.
  package enum FormatProblem: Sendable, Hashable {
    /// A `%` that starts no complete specifier, in a string with arguments of its own.
    case invalidSpecifier(String)
    /// A prose-like specifier (``FormatSpecifier/isProseLike``): Foundation reads an argument for
    /// it, which the translator most likely meant as a literal `%` (`100% natural` reads `% n`).
    case unusualSpecifier(FormatSpecifier)

    /// The message.
    package var message: String {
      switch self {
      case .invalidSpecifier(let text):
        "Invalid format specifier \"\(text)\"; write \"%%\" for a literal percent sign"
      case .unusualSpecifier(let specifier):
        "Unusual format specifier \"\(specifier.text)\" (\(Self.reason(specifier))); write \"%%\" if a literal percent sign is meant"
      }
    }

    /// What makes a prose-like specifier unusual.
    private static func reason(_ specifier: FormatSpecifier) -> String {
      if specifier.flags.contains(" ") { return "flag ' '" }
      if specifier.flags.contains("-") && specifier.width == nil {
        return "flag '-' without a width"
      }
      return "it writes through a pointer nothing passes"
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

  /// Whether the code formats the strings of a key: the key or a value of the source-language
  /// localization `source` asks for arguments (``FormatString/asksForArguments``). Otherwise no
  /// string of the key (the key, the source value, any translation) is formatted, and a `%` in it
  /// is text (`Text("100% natural")`, a translation `100 % přírodní`).
  package static func codeFormats(key: String, source: LocalizationNode?) -> Bool {
    FormatString.asksForArguments(key) || (source.map(asksForArguments) ?? false)
  }

  /// True when a value of `node` (its unit, its variation cases, its substitutions' forms) asks
  /// for arguments.
  private static func asksForArguments(_ node: LocalizationNode) -> Bool {
    if let value = node.stringUnit?.value, FormatString.asksForArguments(value) { return true }
    if !node.substitutions.isEmpty { return true }
    return node.variations.contains { variation in
      variation.cases.contains { asksForArguments($0.node) }
    }
  }

  /// The specifier problems of a string, none unless `codeFormats` (a string nobody formats
  /// cannot misread a `%`): each prose-like specifier, and each `%` that starts no complete
  /// specifier when the string asks for arguments itself (one without any is lint's
  /// `format-literal-percent`).
  package static func formatProblems(_ format: FormatString, codeFormats: Bool) -> [FormatProblem] {
    guard codeFormats else { return [] }
    var problems: [FormatProblem] = []
    var invalid: [String] = []
    for token in format.tokens {
      switch token {
      case .specifier(let specifier) where specifier.isProseLike:
        problems.append(.unusualSpecifier(specifier))
      case .invalid(let text):
        invalid.append(text)
      case .specifier, .substitution, .argPlaceholder, .literal, .percent:
        break
      }
    }
    if !invalid.isEmpty && format.asksForArguments {
      problems += invalid.map(FormatProblem.invalidSpecifier)
    }
    return problems
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
