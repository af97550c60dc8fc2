import LHCBase

/// One check of `lhc lint`: a stable id, a default severity and a one-line description.
///
/// Ids are kebab-case and never change meaning; `--disable ID`, the JSON report and the man page
/// use them. Every finding of a check has the check's severity.
public struct LintCheck: Sendable, Hashable {
  /// The stable id, e.g. `plural-missing-other`.
  public var id: String
  public var severity: Diagnostic.Severity
  /// What the check catches, in one line (for `--help`, the man page and JSON consumers).
  public var summary: String
  /// Off unless `--enable ID` or the config's `enabled` turns it on.
  public var isOnByDefault: Bool

  public init(
    _ id: String, _ severity: Diagnostic.Severity, _ summary: String, isOnByDefault: Bool = true
  ) {
    self.id = id
    self.severity = severity
    self.summary = summary
    self.isOnByDefault = isOnByDefault
  }

  /// Every check: the catalogs' and then the code's (`lhc lint --sources`).
  public static let all: [LintCheck] = catalogChecks + sourceChecks

  /// The checks of the code that looks strings up (`lhc lint --sources`): findings in Swift
  /// files, and `source-key-unused` in the catalogs.
  public static let sourceChecks: [LintCheck] = [
    LintCheck(
      "source-key-missing", .error,
      "A literal key looked up in code that the catalog of its bundle lacks: the app shows the key."
    ),
    LintCheck(
      "source-key-missing-main-bundle", .warning,
      "Package or framework code looks up the main bundle for a key the app's catalogs lack: every language shows the key."
    ),
    LintCheck(
      "source-key-unused", .warning,
      "A catalog key no code of the scanned targets looks up (lhc extract would mark it stale)."),
    LintCheck(
      "ota-uncovered-lookup", .error,
      "With --ota SDK: a lookup the SDK's downloaded strings never reach (bundled strings only)."),
    LintCheck(
      "source-concatenation", .warning,
      "A localized string joined to other text with + or appending: word order cannot change per language."
    ),
    LintCheck(
      "source-left-right", .warning,
      "Alignment, anchors, insets or a layout direction fixed to left and right: they do not mirror for right-to-left languages."
    ),
    LintCheck(
      "source-fixed-date-format", .warning,
      "A fixed dateFormat for a date shown to the user: its order and separators are those of one language."
    ),
    LintCheck(
      "source-legacy-lookup", .warning,
      "NSLocalizedString in Swift, for teams moving to String(localized:) (off by default; never with an --ota SDK it is the covered path of).",
      isOnByDefault: false),
  ]

  /// The catalogs' checks, grouped by topic (plurals, format arguments, substitutions,
  /// characters, texts).
  public static let catalogChecks: [LintCheck] = [
    LintCheck(
      "catalog-reader", .warning,
      "What the catalog reader warns about: duplicate keys, trailing commas."),
    LintCheck(
      "catalog-version", .warning,
      "The catalog's 'version' is missing, or a version lhc does not know."),
    LintCheck(
      "catalog-root-shape", .error,
      "The catalog has no 'sourceLanguage' or 'strings', or an entry outside 'strings'."),
    LintCheck(
      "plural-missing-other", .error,
      "A plural variation has no 'other' form: numbers no form matches have no text."),
    LintCheck(
      "plural-missing-category", .warning,
      "A plural variation lacks a category the language uses (CLDR); those numbers show 'other'."),
    LintCheck(
      "plural-unused-category", .warning,
      "A plural variation has a category the language never selects ('zero' is always allowed)."),
    LintCheck(
      "plural-unknown-category", .warning,
      "A plural case name that is not a CLDR category (zero one two few many other)."),
    LintCheck(
      "plural-argument-not-numeric", .warning,
      "A plural or substitution selects its form by an argument that is not a number."),
    LintCheck(
      "format-argument-count", .error,
      "A translation uses a format argument the source language does not pass."),
    LintCheck(
      "format-argument-missing", .warning,
      "A translation drops trailing format arguments of the source language (the values are lost)."),
    LintCheck(
      "format-argument-type", .error,
      "A format argument is read as another type than the source language reads it (%@ vs %lld)."),
    LintCheck(
      "format-argument-order", .error,
      "A translation reorders the arguments without positions (%lld %@ for %@ %lld): use %2$lld %1$@."
    ),
    LintCheck(
      "format-mixed-positions", .warning,
      "One string mixes positional and non-positional specifiers (%1$@ and %lld): portable only as Apple reads it."
    ),
    LintCheck(
      "format-positional-gap", .error,
      "Positional arguments skip a position (%2$@ without %1$): later arguments are misread."),
    LintCheck(
      "format-count-specifier", .warning,
      "%n in a string the code formats: it reads a pointer nothing passes (a % before an n-word?)."
    ),
    LintCheck(
      "format-invalid-specifier", .error,
      "A % that starts no specifier, in a string with arguments: the formatter drops or misreads it."
    ),
    LintCheck(
      "format-unusual-specifier", .warning,
      "A space flag or a - without width (% p, %-i) in a string the code formats: a literal % meant?"
    ),
    LintCheck(
      "format-literal-percent", .warning,
      "A lone % in a value without arguments, for a key the code formats (write %%)."),
    LintCheck(
      "substitution-undefined", .error,
      "%#@name@ references a substitution the localization does not define."),
    LintCheck(
      "substitution-unreferenced", .warning,
      "A substitution no text of the localization references as %#@name@."),
    LintCheck(
      "substitution-missing-format-specifier", .error,
      "A substitution without formatSpecifier: %arg has no type, and compile rejects it."),
    LintCheck(
      "substitution-missing-plural", .error,
      "A substitution without a plural variation: it has no forms, and compile rejects it."),
    LintCheck(
      "substitution-bare-specifier", .warning,
      "A substitution form reads a number with a specifier that is neither %arg nor positional."),
    LintCheck(
      "substitution-missing-string-unit", .error,
      "Substitutions without a parent stringUnit that references them."),
    LintCheck(
      "xml-invalid-character", .error,
      "A key or value holds a character no XML property list can hold (U+0000, U+FFFE, U+FFFF)."),
    LintCheck(
      "xml-control-character", .warning,
      "A key or value holds a C0 control character that strict XML parsers reject."),
    LintCheck(
      "language-tag-path", .error,
      "A language tag that is not a safe file name (ASCII letters and digits joined by single - or _, at most 64): compile and pack refuse it."
    ),
    LintCheck(
      "empty-translation", .warning,
      "A translation is empty where the source language has text."),
    LintCheck(
      "identical-to-source", .warning,
      "A translation is identical to the source language's text (longer than 3 characters, with letters)."
    ),
    LintCheck(
      "whitespace-mismatch", .warning,
      "Leading or trailing whitespace differs from the source language's text."),
    LintCheck(
      "line-count-mismatch", .warning,
      "The number of lines differs from the source language's text."),
  ]

  /// The checks of format arguments and specifiers (`format-…`): they apply only to a string the
  /// code formats (the catalog's rule, ``TextCheck``'s `codeFormats`, or with `--sources` what
  /// the code shows).
  public static let formatCheckIDs: Set<String> = Set(
    catalogChecks.map(\.id).filter { $0.hasPrefix("format-") })

  /// The check with `id`, if there is one.
  public static func named(_ id: String) -> LintCheck? {
    all.first { $0.id == id }
  }

  /// Every check id, in table order.
  public static var ids: [String] { all.map(\.id) }
}
