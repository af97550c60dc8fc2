import LHCBase

/// One problem `lhc lint` found: the check that found it and a diagnostic (severity, message naming
/// the problem and why it breaks at runtime, byte offset, language and key).
public struct Finding: Sendable, Hashable {
  /// The id of the ``LintCheck`` that found the problem.
  public var check: String
  public var diagnostic: Diagnostic
  /// Where in the localization the problem is, in Xcode's XLIFF notation: `plural.one`,
  /// `device.iphone.plural.other`, `substitutions.count.plural.one`, `plural` for a variation
  /// itself; nil for the localization's own value or a finding outside localizations.
  public var variationPath: String?
  /// For a finding in Swift code: the text of the code's line, spaces collapsed, which
  /// identifies it in a baseline and in SARIF's fingerprints wherever the line moves.
  public var code: String?

  public init(
    check: String, diagnostic: Diagnostic, variationPath: String? = nil, code: String? = nil
  ) {
    self.check = check
    self.diagnostic = diagnostic
    self.variationPath = variationPath
    self.code = code
  }

  /// The deterministic report order: by offset, then check id, then message.
  public static func precedes(_ lhs: Finding, _ rhs: Finding) -> Bool {
    let (left, right) = (lhs.diagnostic.offset ?? -1, rhs.diagnostic.offset ?? -1)
    if left != right { return left < right }  // nearly always: no strings compared
    if lhs.check != rhs.check { return lhs.check < rhs.check }
    return lhs.diagnostic.message < rhs.diagnostic.message
  }
}
