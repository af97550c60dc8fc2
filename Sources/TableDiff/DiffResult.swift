/// What changed in one key of one table.
public struct KeyChange: Sendable, Equatable {
  public enum Kind: String, Sendable {
    /// Only the new side has the key.
    case added
    /// Only the old side has the key.
    case removed
    /// Both have it, with different content of the same kind.
    case changed
    /// Both have it, one as plain text, the other as a plural or device rule.
    case kindChanged = "kind-changed"
    /// Both have it, written differently but shown alike with every argument list (see
    /// ``TableEntry/isRuntimeEquivalent(to:)``): no difference.
    case equivalent
  }

  public var kind: Kind
  public var key: String
  public var old: TableEntry?
  public var new: TableEntry?
}

/// The differences of one table in one language.
public struct TableDifference: Sendable, Equatable {
  /// Which sides have the table.
  public enum Presence: String, Sendable {
    case both
    /// Only the old side: every key is removed (a release without the language: the app's own
    /// strings are shown).
    case oldOnly = "old-only"
    /// Only the new side: every key is added.
    case newOnly = "new-only"
  }

  public var language: String
  public var table: String
  public var presence: Presence
  /// In key order.
  public var changes: [KeyChange]

  /// Count of changes of `kind`.
  public func count(_ kind: KeyChange.Kind) -> Int {
    changes.reduce(0) { $0 + ($1.kind == kind ? 1 : 0) }
  }

  /// True when a key differs (a change that is not ``KeyChange/Kind/equivalent``).
  public var hasDifferences: Bool { changes.contains { $0.kind != .equivalent } }
}

/// Something that will go wrong at runtime when the new side (a release) is served over the old
/// side (the app's bundled strings).
public struct RuntimeFinding: Sendable, Equatable {
  public enum Kind: String, Sendable, CaseIterable {
    /// A value reads an argument as another type than the app passes (crash or garbage).
    case formatMismatch = "format-mismatch"
    /// A value reads more arguments than the app passes (reads garbage; crashes for `%@`).
    case extraArgument = "extra-argument"
    /// A plural variable lacks `other` (Foundation shows nothing useful) or a CLDR category the
    /// language needs (the `other` form is shown instead).
    case missingPluralCategory = "missing-plural-category"
    /// The key is in both `.strings` and `.stringsdict`: SDK 1.0 serves the `.strings` value.
    case keyInBothFiles = "key-in-both-files"
    /// The folder name is not an ISO 639-1 code: the SDK never asks for it by itself.
    case unselectableLanguage = "unselectable-language"
    /// The app has no such key in this table: the app never asks for it.
    case unknownKey = "unknown-key"
  }

  public enum Severity: String, Sendable, Comparable {
    case warning, error

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .warning && rhs == .error }
  }

  public var kind: Kind
  public var severity: Severity
  public var language: String
  public var table: String?
  public var key: String?
  public var message: String
}

/// The comparison of two sets of tables.
public struct DiffResult: Sendable, Equatable {
  /// Tables with at least one change (equivalent ones included), sorted by language, then table.
  public var tables: [TableDifference]
  /// Runtime-safety findings for the new side, sorted by language, table, key, kind.
  public var findings: [RuntimeFinding]

  /// True when nothing differs and nothing is unsafe (keys may be equivalent).
  public var isEmpty: Bool { !hasDifferences && findings.isEmpty }

  /// True when a key differs between the sides (findings about the new side alone, such as an
  /// unselectable language folder, are not differences; nor are equivalent keys).
  public var hasDifferences: Bool { tables.contains(where: \.hasDifferences) }

  /// Count of key changes of `kind` over all tables.
  public func count(_ kind: KeyChange.Kind) -> Int {
    tables.reduce(0) { $0 + $1.count(kind) }
  }
}
