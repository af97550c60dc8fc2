import LHCBase
import StringCatalog

/// A lint configuration file (`.lhc-lint.json`, documented in `man/lhc-lint.1`):
///
/// ```
/// {
///   "baseline" : "lint-baseline.json",
///   "disabled" : [ "line-count-mismatch" ],
///   "enabled" : [ "source-legacy-lookup" ],
///   "languages" : { "en-GB" : { "disabled" : [ "identical-to-source" ] } },
///   "ota" : "lingohub",
///   "severities" : { "whitespace-mismatch" : "error" },
///   "sources" : [ "App", "Packages" ]
/// }
/// ```
///
/// Every member is optional; an unknown member, an unknown check id or a value of the wrong type
/// is an error at its `line:col`. Languages are the catalog's tags, compared exactly.
public struct LintConfig: Sendable, Equatable {
  /// Checks turned off everywhere.
  public var disabled: Set<String> = []
  /// Checks turned off for one language (by tag).
  public var disabledByLanguage: [String: Set<String>] = [:]
  /// Severity per check id, replacing the check's own.
  public var severities: [String: Diagnostic.Severity] = [:]
  /// The baseline file, as written (relative to the config file's folder unless absolute).
  public var baseline: String?
  /// Checks that are off by default turned on (`--enable`).
  public var enabled: Set<String> = []
  /// The over-the-air SDK whose coverage `ota-uncovered-lookup` checks (`--ota`).
  public var ota: String?
  /// The Swift sources `lhc lint` checks with the catalogs, as written (relative to the config
  /// file's folder unless absolute).
  public var sources: [String] = []

  public init() {}

  /// Reads a config file; throws its first problem (an error with an offset). `otaSDKs` are the
  /// names `ota` may have.
  public static func read(_ source: SourceText, otaSDKs: [String] = []) throws(DiagnosticError)
    -> LintConfig
  {
    let root = try LintFileReader.object(source, what: "lint config")
    let members = try LintFileReader.members(
      of: root,
      known: ["baseline", "disabled", "enabled", "languages", "ota", "severities", "sources"],
      in: "the lint config")
    var config = LintConfig()
    config.baseline = try members["baseline"].map { node throws(DiagnosticError) in
      try LintFileReader.string(node, "'baseline'")
    }
    if let node = members["disabled"] { config.disabled = try checkIDs(node, "'disabled'") }
    if let node = members["enabled"] { config.enabled = try checkIDs(node, "'enabled'") }
    if let node = members["ota"] {
      let name = try LintFileReader.string(node, "'ota'")
      guard otaSDKs.contains(name) else {
        throw LintFileReader.error(
          node, "unknown SDK '\(name)' for 'ota'; valid names: \(otaSDKs.joined(separator: ", "))")
      }
      config.ota = name
    }
    if let node = members["sources"] {
      config.sources = try LintFileReader.strings(node, "'sources'").map(\.0)
    }
    if let node = members["severities"] {
      guard case .object(let entries) = node.value else {
        throw LintFileReader.error(node, "'severities' must be an object, found \(node.kindPhrase)")
      }
      for entry in entries {
        try known(entry.name, at: entry.offset)
        let text = try LintFileReader.string(entry.value, "the severity of '\(entry.name)'")
        guard let severity = Diagnostic.Severity(rawValue: text) else {
          throw LintFileReader.error(
            entry.value,
            "the severity of '\(entry.name)' must be error, warning or note, found '\(text)'")
        }
        config.severities[entry.name] = severity
      }
    }
    if let node = members["languages"] {
      guard case .object(let entries) = node.value else {
        throw LintFileReader.error(node, "'languages' must be an object, found \(node.kindPhrase)")
      }
      for entry in entries {
        let place = "languages.\(entry.name)"
        let fields = try LintFileReader.members(of: entry.value, known: ["disabled"], in: place)
        if let list = fields["disabled"] {
          config.disabledByLanguage[entry.name, default: []].formUnion(
            try checkIDs(list, "'\(place).disabled'"))
        }
      }
    }
    return config
  }

  /// A list of check ids, each one lhc knows.
  private static func checkIDs(_ node: JSONNode, _ place: String) throws(DiagnosticError)
    -> Set<String>
  {
    var ids: Set<String> = []
    for (id, element) in try LintFileReader.strings(node, place) {
      try known(id, at: element.offset)
      ids.insert(id)
    }
    return ids
  }

  private static func known(_ id: String, at offset: Int) throws(DiagnosticError) {
    guard LintCheck.named(id) == nil else { return }
    throw DiagnosticError(
      .error(
        "unknown check '\(id)'; valid ids: \(LintCheck.ids.joined(separator: ", "))",
        offset: offset))
  }

  /// The findings this config keeps, with its severities.
  public func apply(to findings: [Finding]) -> [Finding] {
    if disabled.isEmpty && disabledByLanguage.isEmpty && severities.isEmpty { return findings }
    return findings.compactMap { finding in
      if disabled.contains(finding.check) { return nil }
      if let language = finding.diagnostic.language,
        disabledByLanguage[language]?.contains(finding.check) == true
      {
        return nil
      }
      var kept = finding
      if let severity = severities[finding.check] { kept.diagnostic.severity = severity }
      return kept
    }
  }
}
