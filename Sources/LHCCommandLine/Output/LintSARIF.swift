import CatalogLint
import LHCBase

/// The SARIF 2.1.0 form of a lint report (`--format sarif`), for GitHub code scanning and other
/// CI dashboards (documented in `man/lhc-lint.1`).
///
/// One run; `tool.driver.rules` lists every check in `--help` order (a result's `ruleIndex` is
/// its place there), with its default severity. A result has the check id, the level, the
/// message with Xcode's `(lang: key)` suffix, the catalog as a relative URI reference (as given on
/// the command line, percent-encoded) with line and column (Unicode scalars, `columnKind`), the
/// key, language and variation path as properties, and a fingerprint of that identity (plus its
/// occurrence) so dashboards follow a finding across edits that move it. Keys sorted, byte-stable.
enum LintSARIF {
  static func render(_ report: LintReport) -> String {
    let rules = LintCheck.all.map { check in
      var configuration: [(String, JSONValue)] = []
      if !check.isOnByDefault { configuration.append(("enabled", .number("false"))) }
      configuration.append(("level", .string(check.severity.rawValue)))
      return JSONValue.object([
        ("defaultConfiguration", .object(configuration)),
        ("id", .string(check.id)),
        ("shortDescription", .object([("text", .string(check.summary))])),
      ])
    }
    let driver = JSONValue.object([
      ("name", .string("lhc")),
      ("rules", .array(rules)),
      ("version", .string(LHC.version)),
    ])
    let run = JSONValue.object([
      ("columnKind", .string("unicodeCodePoints")),
      ("results", .array(report.files.flatMap { results(of: $0, in: report) })),
      ("tool", .object([("driver", driver)])),
    ])
    return JSONValue.object([
      ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
      ("runs", .array([run])),
      ("version", .string("2.1.0")),
    ]).document()
  }

  private static let ruleIndex: [String: Int] = Dictionary(
    uniqueKeysWithValues: LintCheck.ids.enumerated().map { ($1, $0) })

  private static func results(of file: LintReport.File, in report: LintReport) -> [JSONValue] {
    let uri = uriReference(file.path)
    var occurrences: [String: Int] = [:]
    return file.findings.map { finding in
      let diagnostic = finding.diagnostic
      var physical: [(String, JSONValue)] = [("artifactLocation", .object([("uri", .string(uri))]))]
      if let position = file.position(of: finding) {
        physical.append(
          (
            "region",
            .object([
              ("startColumn", .integer(position.column)), ("startLine", .integer(position.line)),
            ])
          ))
      }
      var properties: [(String, JSONValue)] = []
      if let key = diagnostic.key { properties.append(("key", .string(key))) }
      if let language = diagnostic.language { properties.append(("language", .string(language))) }
      if let path = finding.variationPath { properties.append(("variationPath", .string(path))) }
      // A finding in code is known by its code's text too (as in a baseline).
      let identity =
        ([
          uri, finding.check, diagnostic.key, diagnostic.language, finding.variationPath,
        ] + (finding.code.map { [$0] } ?? []))
        .map { $0 ?? "" }.joined(separator: "\u{0}")
      let occurrence = occurrences[identity, default: 0]
      occurrences[identity] = occurrence + 1
      var result: [(String, JSONValue)] = [
        ("level", .string(report.severity(of: finding).rawValue)),
        ("locations", .array([.object([("physicalLocation", .object(physical))])])),
        ("message", .object([("text", .string(diagnostic.message + diagnostic.contextSuffix))])),
        (
          "partialFingerprints",
          .object([
            (
              "lhcFindingIdentity/v1",
              .string(SHA256.hex(Array("\(identity)\u{0}\(occurrence)".utf8)))
            )
          ])
        ),
      ]
      if !properties.isEmpty { result.append(("properties", .object(properties))) }
      result.append(("ruleId", .string(finding.check)))
      if let index = ruleIndex[finding.check] { result.append(("ruleIndex", .integer(index))) }
      return .object(result)
    }
  }

  /// A path as a URI reference: relative paths stay relative (code scanning resolves them from
  /// the repository root), absolute ones become `file://` URIs; every byte outside RFC 3986's
  /// unreserved characters and `/` is percent-encoded.
  static func uriReference(_ path: String) -> String {
    var result = path.hasPrefix("/") ? "file://" : ""
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
        result.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        result += "%"
        result.unicodeScalars.append(hex[Int(byte >> 4)])
        result.unicodeScalars.append(hex[Int(byte & 0xF)])
      }
    }
    return result
  }
}
