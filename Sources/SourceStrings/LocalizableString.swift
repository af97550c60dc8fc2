import LHCBase

/// One localizable string found in code: where it is, which table and key it names, and what
/// the code says about it.
public struct LocalizableString: Sendable, Hashable {
  /// The table (`Localizable` unless `tableName:` / `table:` names one).
  public var table: String
  /// The key exactly as Xcode writes it (interpolations as format specifiers).
  public var key: String
  /// The default value given in code (`defaultValue:`, `value:`), with the same rules as the key.
  public var value: String?
  /// The `comment:` argument; nil when there is none or it is empty.
  public var comment: String?
  /// Byte offset of the key's literal in its file.
  public var offset: Int
  /// The API that makes it localizable (`Text`, `NSLocalizedString`, `.navigationTitle`,
  /// `String(localized:)`, `var title: LocalizedStringKey`, …).
  public var api: String
  /// How each interpolation's specifier was decided (`lhc extract --explain`).
  public var notes: [String]

  public init(
    table: String, key: String, value: String? = nil, comment: String? = nil, offset: Int,
    api: String, notes: [String] = []
  ) {
    self.table = table
    self.key = key
    self.value = value
    self.comment = comment
    self.offset = offset
    self.api = api
    self.notes = notes
  }
}

/// What extraction found in one file: its strings and what it reports (keys that are not
/// literals, interpolated `NSLocalizedString` keys, tables that are not literals).
public struct FileStrings: Sendable {
  public var strings: [LocalizableString]
  public var diagnostics: [Diagnostic]
}
