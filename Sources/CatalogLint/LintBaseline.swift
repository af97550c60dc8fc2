import LHCBase
import StringCatalog

/// The findings a team accepts for now (`lhc lint --write-baseline`), so that `--baseline` fails
/// only on new ones.
///
/// A finding is identified by its check, catalog (path relative to the baseline file), key,
/// language and variation path, not by line, so edits elsewhere keep it known; a finding in
/// Swift code by its check, file, key and the text of its line (``Finding/code``). The baseline
/// holds a count per identity, so one more finding of the same identity is new. The file is JSON
/// with sorted keys, one object per identity, sorted by catalog (or file), key, language,
/// variation path, code and check (by UTF-8 bytes, null first), byte-identical for the same
/// findings:
///
/// ```
/// {"findings": [{"catalog", "check", "count", "key", "language", "variationPath"},
///               {"check", "code", "count", "file", "key"}], "version": 2}
/// ```
///
/// Version 1 (what lhc wrote before code was linted, and still writes when every finding is a
/// catalog's) has no code findings; both versions are read.
public struct LintBaseline: Sendable, Equatable {
  /// What a finding is known by.
  public struct Identity: Sendable, Hashable {
    /// The catalog's path, or the Swift file's for a finding in code.
    public var catalog: String
    public var check: String
    public var key: String?
    public var language: String?
    public var variationPath: String?
    /// The code's text, for a finding in Swift code (its ``catalog`` is the file).
    public var code: String?

    public init(
      catalog: String, check: String, key: String?, language: String?, variationPath: String?,
      code: String? = nil
    ) {
      self.catalog = catalog
      self.check = check
      self.key = key
      self.language = language
      self.variationPath = variationPath
      self.code = code
    }

    /// The identity of `finding` in the file at `catalog` (relative to the baseline file).
    public init(_ finding: Finding, catalog: String) {
      self.init(
        catalog: catalog, check: finding.check, key: finding.diagnostic.key,
        language: finding.diagnostic.language, variationPath: finding.variationPath,
        code: finding.code)
    }

    /// The file order: by UTF-8 bytes of catalog (or file), key, language, variation path,
    /// code, check (nil first).
    static func precedes(_ lhs: Identity, _ rhs: Identity) -> Bool {
      let pairs: [(String?, String?)] = [
        (lhs.catalog, rhs.catalog), (lhs.key, rhs.key), (lhs.language, rhs.language),
        (lhs.variationPath, rhs.variationPath), (lhs.code, rhs.code), (lhs.check, rhs.check),
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
      guard let code = identity.code else {
        return JSONValue.object([
          ("catalog", .string(identity.catalog)), ("check", .string(identity.check)),
          ("count", .integer(counts[identity] ?? 0)), ("key", text(identity.key)),
          ("language", text(identity.language)), ("variationPath", text(identity.variationPath)),
        ])
      }
      return JSONValue.object([
        ("check", .string(identity.check)), ("code", .string(code)),
        ("count", .integer(counts[identity] ?? 0)), ("file", .string(identity.catalog)),
        ("key", text(identity.key)),
      ])
    }
    let version = counts.keys.contains { $0.code != nil } ? 2 : 1
    return JSONValue.object([("findings", .array(findings)), ("version", .integer(version))])
      .document()
  }

  /// Reads a baseline file; throws its first problem (an error with an offset). An identity listed
  /// twice (a merge of two baselines) counts the sum. Check ids lhc does not know are kept: they
  /// never match, and count as gone.
  public static func read(_ source: SourceText) throws(DiagnosticError) -> LintBaseline {
    let root = try LintFileReader.object(source, what: "lint baseline")
    let members = try LintFileReader.members(
      of: root, known: ["findings", "version"], in: "the lint baseline")
    guard let versionNode = members["version"], case .number(_, let version?) = versionNode.value,
      version == 1 || version == 2
    else {
      throw LintFileReader.error(
        members["version"] ?? root, "the lint baseline must have \"version\" : 1 or 2")
    }
    var baseline = LintBaseline()
    guard let list = members["findings"] else { return baseline }
    guard case .array(let elements) = list.value else {
      throw LintFileReader.error(list, "'findings' must be an array, found \(list.kindPhrase)")
    }
    for element in elements {
      let place = "a baseline finding"
      let codeFields = version == 2 ? ["code", "file"] : []
      let fields = try LintFileReader.members(
        of: element,
        known: ["catalog", "check", "count", "key", "language", "variationPath"] + codeFields,
        in: place)
      // A finding in code: a file and its code, no catalog, language or variation path.
      let inCode = fields["file"] != nil || fields["code"] != nil
      let path = inCode ? fields["file"] : fields["catalog"]
      guard let path, let check = fields["check"],
        !inCode
          || fields["code"] != nil && fields["catalog"] == nil && fields["language"] == nil
            && fields["variationPath"] == nil
      else {
        throw LintFileReader.error(
          element, "\(place) needs 'catalog' and 'check', or (in code) 'file', 'code' and 'check'")
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
        catalog: try LintFileReader.string(path, inCode ? "'file'" : "'catalog'"),
        check: try LintFileReader.string(check, "'check'"),
        key: try LintFileReader.optionalString(fields["key"], "'key'"),
        language: try LintFileReader.optionalString(fields["language"], "'language'"),
        variationPath: try LintFileReader.optionalString(
          fields["variationPath"], "'variationPath'"),
        code: try LintFileReader.optionalString(fields["code"], "'code'")
      )
      let (sum, overflow) = baseline.counts[identity, default: 0].addingReportingOverflow(count)
      baseline.counts[identity] = overflow ? Int.max : sum
    }
    return baseline
  }
}
