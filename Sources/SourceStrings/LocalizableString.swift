import LHCBase

/// One localizable string found in code: where it is, which table and key it names, and what
/// the code says about it. The lookups Xcode does not extract (``FileStrings/lookups``) have the
/// same form.
public struct LocalizableString: Sendable, Hashable {
  /// How the key is written.
  public enum KeyForm: Sendable, Hashable {
    /// A literal: ``LocalizableString/key`` is the key.
    case literal
    /// A text made at run time (`NSLocalizedString(name, comment: "")`, an interpolated
    /// `NSLocalizedString` key, `LocalizedStringKey(text)`): any key made of these parts, in
    /// order, with anything between them (`["", ""]` for a variable, `["Delete “", "”?"]` for
    /// `"Delete “\(name)”?"`). ``LocalizableString/key`` is the expression as written.
    case pattern([String])
    /// A localizable value made elsewhere (`String(localized: title)`), whose own literal is
    /// read where it is written. ``LocalizableString/key`` is the expression as written.
    case value
  }

  /// The table (`Localizable` unless `tableName:` / `table:` names one); empty for a lookup
  /// whose table is not a literal (or not known where the key is made).
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
  /// The bundle the lookup reads, as written (`.module`, `Bundle.main`; the receiver of
  /// `Bundle.localizedString(forKey:value:table:)`); nil when the call names none.
  public var bundle: String?
  /// How the API looks the key up at run time.
  public var path: LookupPath
  public var keyForm: KeyForm
  /// The key's literal has interpolations: the lookup passes their values as format arguments.
  /// A literal without any is looked up as it is (`Text("100% natural")` formats nothing).
  public var isInterpolated: Bool
  /// An App Shortcut's phrases (`AppShortcut(phrases:)`, table `AppShortcuts`), as Xcode writes
  /// them (`${applicationName}`); the key is the first. Nil for every other string.
  public var phrases: [String]?

  public init(
    table: String, key: String, value: String? = nil, comment: String? = nil, offset: Int,
    api: String, notes: [String] = [], bundle: String? = nil, path: LookupPath = .value,
    keyForm: KeyForm = .literal, isInterpolated: Bool = false, phrases: [String]? = nil
  ) {
    self.phrases = phrases
    self.table = table
    self.key = key
    self.value = value
    self.comment = comment
    self.offset = offset
    self.api = api
    self.notes = notes
    self.bundle = bundle
    self.path = path
    self.keyForm = keyForm
    self.isInterpolated = isInterpolated
  }
}

/// How an API looks its key up at run time: what decides whether an over-the-air SDK's
/// downloaded strings reach it (`lhc lint --sources`, `ota-uncovered-lookup`).
public enum LookupPath: String, Sendable, Hashable, CaseIterable {
  /// Through `Bundle.localizedString(forKey:value:table:)`: `NSLocalizedString` and the method
  /// itself (what swizzling intercepts).
  case bundle
  /// Foundation's Swift lookups, which never call that method: `String(localized:)`,
  /// `AttributedString(localized:)`, `LocalizedStringResource`.
  case foundation
  /// SwiftUI's lookup of a `LocalizedStringKey`: `Text`, and the initializers and modifiers
  /// that take one (`Button`, `.navigationTitle`).
  case swiftUI = "swiftui"
  /// An over-the-air SDK's own lookup (LingoHub's `Text(lh:)`, `String(lh:)`,
  /// `LingoHubSDK.shared.resolve(_:)`).
  case sdk
  /// No lookup where it is written: a key or value (`LocalizedStringKey("…")`, a declaration of
  /// a localizable type) looked up where it is used.
  case value
  /// The system looks it up, out of the app's process (App Intents).
  case system
}

/// What extraction found in one file: its strings and what it reports (keys that are not
/// literals, interpolated `NSLocalizedString` keys, tables that are not literals).
public struct FileStrings: Sendable {
  public var strings: [LocalizableString]
  /// The lookups that are not strings of Xcode's extraction, for `lhc lint --sources`: keys
  /// that are not literals, tables that are not literals, and APIs Xcode's build does not
  /// extract (`Bundle.localizedString(forKey:value:table:)`).
  public var lookups: [LocalizableString]
  public var diagnostics: [Diagnostic]
  /// The literals of active code lhc cannot prove non-localizable, for the sync's safety net.
  public var literals: [CodeLiteral] = []
}
