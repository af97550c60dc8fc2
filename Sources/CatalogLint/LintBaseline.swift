import LHCBase
import StringCatalog

/// The findings a team accepts for now (`lhc lint --write-baseline`), so that `--baseline` fails
/// only on new ones.
///
/// A finding is identified by its check, catalog (path relative to the baseline file), key,
/// language and variation path, not by line, so edits elsewhere keep it known; the baseline holds
/// a count per identity, so one more finding of the same identity is new. The file is JSON with
/// sorted keys, one object per identity, sorted by catalog, key, language, path and check (by
/// UTF-8 bytes), byte-identical for the same findings:
///
/// ```
/// {"findings": [{"catalog", "check", "count", "key", "language", "variationPath"}], "version": 1}
/// ```
public struct LintBaseline: Sendable, Equatable {
  /// What a finding is known by.
  public struct Identity: Sendable, Hashable {
    public var catalog: String
    public var check: String
    public var key: String?
    public var language: String?
    public var variationPath: String?

    public init(
      catalog: String, check: String, key: String?, language: String?, variationPath: String?
    ) {
      self.catalog = catalog
      self.check = check
      self.key = key
      self.language = language
      self.variationPath = variationPath
    }

    /// The identity of `finding` in the catalog at `catalog` (relative to the baseline file).
    public init(_ finding: Finding, catalog: String) {
      self.init(
        catalog: catalog, check: finding.check, key: finding.diagnostic.key,
        language: finding.diagnostic.language, variationPath: finding.variationPath)
    }

    /// The file order: by UTF-8 bytes of catalog, key, language, path, check (nil first).
    static func precedes(_ lhs: Identity, _ rhs: Identity) -> Bool {
      let pairs: [(String?, String?)] = [
        (lhs.catalog, rhs.catalog), (lhs.key, rhs.key), (lhs.language, rhs.language),
        (lhs.variationPath, rhs.variationPath), (lhs.check, rhs.check),
      ]
      for (left, right) in pairs where left != right {
        guard let left else { return true }
        guard let right else { return false }
        return left.utf8.lexicographicallyPrecedes(right.utf8)
      }
      return false
    }
  }

  /// How many findings of each identity are known.
  public private(set) var counts: [Identity: Int] = [:]

  public init() {}

  /// Records one finding.
  public mutating func add(_ finding: Finding, catalog: String) {
    counts[Identity(finding, catalog: catalog), default: 0] += 1
  }

  /// The number of findings recorded.
  public var findingCount: Int { counts.values.reduce(0, +) }

  /// The findings of one catalog that are not in the baseline, those that are, and how many of
  /// the baseline's findings for that catalog are gone. Of several findings with one identity, the
  /// first ones in file order are the known ones.
  public func filter(_ findings: [Finding], catalog: String) -> (
    new: [Finding], known: [Finding], gone: Int
  ) {
    var remaining = counts.filter { $0.key.catalog == catalog }
    var new: [Finding] = []
    var known: [Finding] = []
    for finding in findings {
      let identity = Identity(finding, catalog: catalog)
      if let count = remaining[identity], count > 0 {
        remaining[identity] = count - 1
        known.append(finding)
      } else {
        new.append(finding)
      }
    }
    return (new, known, remaining.values.reduce(0, +))
  }

  /// The file's bytes.
  public func document() -> String {
    let sorted = counts.keys.sorted(by: Identity.precedes)
    let text = { (value: String?) in value.map(JSONValue.string) ?? .null }
    let findings = sorted.map { identity in
      JSONValue.object([
        ("catalog", .string(identity.catalog)), ("check", .string(identity.check)),
        ("count", .integer(counts[identity] ?? 0)), ("key", text(identity.key)),
        ("language", text(identity.language)), ("variationPath", text(identity.variationPath)),
      ])
    }
    return JSONValue.object([("findings", .array(findings)), ("version", .integer(1))]).document()
  }

  /// Reads a baseline file; throws its first problem (an error with an offset). An identity listed
  /// twice (a merge of two baselines) counts the sum. Check ids lhc does not know are kept: they
  /// never match, and count as gone.
  public static func read(_ source: SourceText) throws(DiagnosticError) -> LintBaseline {
    let root = try LintFileReader.object(source, what: "lint baseline")
    let members = try LintFileReader.members(
      of: root, known: ["findings", "version"], in: "the lint baseline")
    guard let version = members["version"], case .number(_, 1?) = version.value else {
      throw LintFileReader.error(
        members["version"] ?? root, "the lint baseline must have \"version\" : 1")
    }
    var baseline = LintBaseline()
    guard let list = members["findings"] else { return baseline }
    guard case .array(let elements) = list.value else {
      throw LintFileReader.error(list, "'findings' must be an array, found \(list.kindPhrase)")
    }
    for element in elements {
      let place = "a baseline finding"
      let fields = try LintFileReader.members(
        of: element, known: ["catalog", "check", "count", "key", "language", "variationPath"],
        in: place)
      guard let catalog = fields["catalog"], let check = fields["check"] else {
        throw LintFileReader.error(element, "\(place) needs 'catalog' and 'check'")
      }
      let count: Int
      switch fields["count"]?.value {
      case nil: count = 1
      case .number(_, let value?) where value >= 1: count = value
      default:
        throw LintFileReader.error(
          fields["count"] ?? element, "'count' must be an integer of at least 1")
      }
      let identity = Identity(
        catalog: try LintFileReader.string(catalog, "'catalog'"),
        check: try LintFileReader.string(check, "'check'"),
        key: try LintFileReader.optionalString(fields["key"], "'key'"),
        language: try LintFileReader.optionalString(fields["language"], "'language'"),
        variationPath: try LintFileReader.optionalString(fields["variationPath"], "'variationPath'")
      )
      let (sum, overflow) = baseline.counts[identity, default: 0].addingReportingOverflow(count)
      baseline.counts[identity] = overflow ? Int.max : sum
    }
    return baseline
  }
}
