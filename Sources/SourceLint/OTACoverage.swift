import SourceStrings

/// Which lookups an over-the-air SDK's downloaded strings reach (`ota-uncovered-lookup`), and
/// the bundles an SDK adds: data, one table per kind, read once. Another SDK is added here
/// (and, when it has lookup APIs of its own that Xcode extracts, as rows of
/// `LocalizableAPIs.swift` with the path `sdk`).
///
/// Sources: LingoHub's iOS SDK 2.1 README, "Which lookup APIs are covered", and its
/// `Text+LingoHub.swift` / `LocalizedStringResource+LingoHub.swift`; ReRune 0.3.0's README,
/// "Supported string lookups" (BasalBit/rerune-ios); BetterI18n's README and `Translator.swift`
/// (better-i18n/swift b6d20da), whose translations reach only its own `t(…)`.

/// The bundles an SDK adds, as written in code (``SwiftSource/Expr/text``), and what they read.
///
/// Columns: the SDK; the bundle's name in ``otaCoverageTable`` (`lingohub`); what it mirrors
/// (`main`: the app bundle's tables, with the SDK's release laid over them); the spellings,
/// comma-separated.
let otaBundleTable = """
  # sdk      name      mirrors  written as
  lingohub   lingohub  main     .lingohub,Bundle.lingohub,.atURL(Bundle.lingohub.bundleURL)
  """

/// Coverage rules: for an SDK, a lookup path (``SourceStrings/LookupPath``), a bundle and a
/// table, whether downloaded strings reach the lookup, and what the finding says when they do
/// not. Rows of an SDK are tried in order; the first that matches decides.
///
/// Columns (whitespace-separated up to the message):
/// - sdk: the name `--ota` and the config's `ota` take;
/// - path: `bundle`, `foundation`, `swiftui`, `sdk` or `*`;
/// - bundle: `main` (none named, `.main`, `Bundle.main`, `nil`), `module` (`.module`,
///   `Bundle.module`), an SDK bundle of ``otaBundleTable``, `other` (`module` or one that is
///   not known: a variable, `Bundle(for:)`) or `*`;
/// - table: a table name or `*`;
/// - verdict: `yes` (covered), `no` (reported), `?` (cannot be decided: nothing reported; a
///   bundle held in a variable may be the main one);
/// - message (the rest of the line; for `no`): `{api}`, `{key}` and `{table}` are replaced.
let otaCoverageTable = """
  # sdk        path        bundle    table        verdict  message
  lingohub     sdk         *         *            yes
  lingohub     bundle      main      *            yes
  lingohub     bundle      lingohub  *            yes
  lingohub     bundle      module    *            no       {api} reads the package's own bundle (bundle: .module): LingoHub swizzles the main bundle only, and Bundle.lingohub mirrors the app's bundle only, so its updates never reach this lookup; for updates, move the key to the app's catalog and look it up in the main bundle
  lingohub     bundle      *         *            ?
  lingohub     foundation  lingohub  *            yes
  lingohub     foundation  main      *            no       {api} looks strings up without Bundle.localizedString(forKey:value:table:), the method LingoHub swizzles: it shows bundled strings only; pass bundle: .lingohub (a LocalizedStringResource: bundle: .atURL(Bundle.lingohub.bundleURL), or String(lh: "{key}"))
  lingohub     foundation  module    *            no       {api} reads the package's own bundle (bundle: .module), which LingoHub's updates never reach (Bundle.lingohub mirrors the app's bundle only); for updates, move the key to the app's catalog and pass bundle: .lingohub
  lingohub     foundation  *         *            ?
  lingohub     swiftui     lingohub  *            yes
  lingohub     swiftui     main      *            no       {api} looks its LocalizedStringKey up without Bundle.localizedString(forKey:value:table:), the method LingoHub swizzles: it shows bundled strings only; use Text(lh: "{key}") or Text("{key}", bundle: .lingohub) (for an initializer without a bundle: a Text(…, bundle: .lingohub) label, or LingoHubSDK.shared.resolve("{key}"))
  lingohub     swiftui     module    *            no       {api} reads the package's own bundle (bundle: .module), which LingoHub's updates never reach (Bundle.lingohub mirrors the app's bundle only); for updates, move the key to the app's catalog and pass bundle: .lingohub
  lingohub     swiftui     *         *            ?
  rerune       bundle      main      Localizable  yes
  rerune       bundle      main      *            no       ReRune overrides the Localizable table only: {api} of table {table} shows bundled strings only; move the key to Localizable
  rerune       bundle      module    *            no       ReRune overrides Bundle.main only: {api} with bundle: .module shows bundled strings only
  rerune       bundle      *         *            ?
  rerune       *           main      *            no       ReRune intercepts NSLocalizedString and Bundle.main.localizedString(forKey:value:table:) only: {api} shows bundled strings only; use NSLocalizedString("{key}", comment: "…") (in SwiftUI: Text(NSLocalizedString(…)))
  rerune       *           module    *            no       ReRune intercepts Bundle.main's lookups only: {api} with bundle: .module shows bundled strings only
  rerune       *           *         *            ?
  better-i18n  *           *         *            no       BetterI18n serves its translations through its Translator only (i18n.t("…")): {api} shows bundled strings only; look the key up with t("{key}")
  """

/// One SDK's rules, read from the tables.
public struct OTACoverage: Sendable {
  /// A bundle an SDK adds: the spellings that name it, and whether it mirrors the app bundle.
  struct SDKBundle: Sendable {
    var name: String
    var mirrorsMain: Bool
    var spellings: Set<String>
  }

  struct Rule: Sendable {
    var path: String
    var bundle: String
    var table: String
    var verdict: String
    var message: String
  }

  public var sdk: String
  var bundles: [SDKBundle]
  var rules: [Rule]

  /// The names `--ota` takes, in table order.
  public static let sdkNames: [String] = {
    var names: [String] = []
    for row in rows(of: otaCoverageTable, columns: 5) where !names.contains(row[0]) {
      names.append(row[0])
    }
    return names
  }()

  /// Every SDK's bundles (what `bundle:` arguments name, whichever SDK a file is linted for).
  static let allBundles: [SDKBundle] = rows(of: otaBundleTable, columns: 4).map { row in
    SDKBundle(
      name: row[1], mirrorsMain: row[2] == "main",
      spellings: Set(row[3].split(separator: ",").map(String.init)))
  }

  /// The rules of `sdk`, nil for a name the table does not have.
  public init?(_ sdk: String) {
    guard Self.sdkNames.contains(sdk) else { return nil }
    self.sdk = sdk
    bundles = Self.allBundles
    rules = Self.rows(of: otaCoverageTable, columns: 5, keepingRest: true)
      .filter { $0[0] == sdk }
      .map { Rule(path: $0[1], bundle: $0[2], table: $0[3], verdict: $0[4], message: $0[5]) }
  }

  /// What the rules say of one lookup.
  enum Verdict: Equatable {
    case covered
    /// Cannot be decided (a bundle in a variable): nothing is reported.
    case undecided
    /// Not covered: the finding's message.
    case uncovered(String)
  }

  /// The verdict on one lookup; a lookup no rule matches is undecided.
  func verdict(
    path: LookupPath, bundle: BundleReference, table: String, api: String, key: String
  ) -> Verdict {
    for rule in rules {
      guard rule.path == "*" || rule.path == path.rawValue,
        rule.bundle == "*" || rule.bundle == bundle.name
          || rule.bundle == "other" && (bundle == .module || bundle == .unknown),
        rule.table == "*" || rule.table == table
      else { continue }
      switch rule.verdict {
      case "yes": return .covered
      case "no":
        // A key with format specifiers is not what the code writes: `"…"` then.
        let written = key.contains("%") ? "…" : key
        return .uncovered(
          rule.message.replacing("{api}", with: api).replacing("{key}", with: written)
            .replacing("{table}", with: table))
      default: return .undecided
      }
    }
    return .undecided
  }

  /// Whether `NSLocalizedString` of the main bundle is a covered lookup (then
  /// `source-legacy-lookup`, which suggests leaving it, is never reported).
  var coversNSLocalizedString: Bool {
    verdict(path: .bundle, bundle: .main, table: "Localizable", api: "", key: "") == .covered
  }

  /// The table's rows: `columns` whitespace-separated words (and, with `keepingRest`, the rest of
  /// the line as one more, empty when there is none).
  static func rows(of table: String, columns: Int, keepingRest: Bool = false) -> [[String]] {
    table.split(separator: "\n").compactMap { line in
      var words: [String] = []
      var rest = Substring(line)
      while words.count < columns {
        rest = rest.drop { $0 == " " }
        guard !rest.isEmpty else { break }
        let word = rest.prefix { $0 != " " }
        words.append(String(word))
        rest = rest.dropFirst(word.count)
      }
      guard words.count == columns, !words[0].hasPrefix("#") else { return nil }
      if keepingRest { words.append(String(rest.drop { $0 == " " })) }
      return words
    }
  }
}
