/// The SDK's localizable positions: which argument of which API Xcode's extraction reads as a
/// key, with the labels of its table, comment and default value. One row per API; the table is
/// data (`lhc-extract(1)` lists the same rows), read once into ``LocalizableAPI`` values.
///
/// Columns (whitespace-separated; `-` for none):
/// - callee: a type or function name (`Text`, `NSLocalizedString`), or `.name` for a method or
///   view modifier called on anything (`.navigationTitle`);
/// - key: the key argument's label, `_` for the first unlabelled argument;
/// - table, comment, value: those arguments' labels;
/// - kind: how the key's literal is read —
///   `key` a `LocalizedStringKey` (SwiftUI: interpolations become specifiers),
///   `value` a `String.LocalizationValue` (Foundation: the same rules),
///   `resource` a `LocalizedStringResource` (the same rules; App Intents' types too),
///   `static` a literal taken verbatim and no interpolation allowed (`NSLocalizedString`'s
///   `String`, the `StaticString` key beside a `defaultValue:`);
/// - also: other labels whose literal arguments are `LocalizedStringResource`s of their own
///   (comma-separated).
///
/// Rows with the same callee and key label are tried in order; the first whose key argument is
/// present applies (so `String(localized: "k", defaultValue: "v")` takes the `static` row).
let localizableAPITable = """
  # callee                  key         table      comment  value         kind      also
  Text                      _           tableName  comment  -             key       -
  NSLocalizedString         _           tableName  comment  value         static    -
  String                    localized   table      comment  defaultValue  static!   -
  String                    localized   table      comment  -             value     -
  AttributedString          localized   table      comment  defaultValue  static!   -
  AttributedString          localized   table      comment  -             value     -
  LocalizedStringResource   _           table      comment  defaultValue  static!   -
  LocalizedStringResource   _           table      comment  -             resource  -
  LocalizedStringKey        _           -          -        -             key       -
  LocalizationValue         _           -          -        -             value     -
  Button                    _           -          -        -             key       -
  Label                     _           -          -        -             key       -
  Toggle                    _           -          -        -             key       -
  Link                      _           -          -        -             key       -
  Picker                    _           -          -        -             key       -
  Section                   _           -          -        -             key       -
  NavigationLink            _           -          -        -             key       -
  Menu                      _           -          -        -             key       -
  TextField                 _           -          -        -             key       -
  SecureField               _           -          -        -             key       -
  Stepper                   _           -          -        -             key       -
  DatePicker                _           -          -        -             key       -
  MultiDatePicker           _           -          -        -             key       -
  ColorPicker               _           -          -        -             key       -
  ProgressView              _           -          -        -             key       -
  LabeledContent            _           -          -        -             key       -
  GroupBox                  _           -          -        -             key       -
  DisclosureGroup           _           -          -        -             key       -
  ControlGroup              _           -          -        -             key       -
  ShareLink                 _           -          -        -             key       -
  Tab                       _           -          -        -             key       -
  ContentUnavailableView    _           -          -        -             key       -
  Window                    _           -          -        -             key       -
  WindowGroup               _           -          -        -             key       -
  MenuBarExtra              _           -          -        -             key       -
  CommandMenu               _           -          -        -             key       -
  TableColumn               _           -          -        -             key       -
  TabSection                _           -          -        -             key       -
  UtilityWindow             _           -          -        -             key       -
  .navigationTitle          _           -          -        -             key       -
  .navigationSubtitle       _           -          -        -             key       -
  .navigationBarTitle       _           -          -        -             key       -
  .help                     _           -          -        -             key       -
  .accessibilityLabel       _           -          -        -             key       -
  .accessibilityHint        _           -          -        -             key       -
  .accessibilityValue       _           -          -        -             key       -
  .accessibilityAction      named       -          -        -             key       -
  .alert                    _           -          -        -             key       -
  .confirmationDialog       _           -          -        -             key       -
  .badge                    _           -          -        -             key       -
  .searchable               prompt      -          -        -             key       -
  .dialogSuppressionToggle  _           -          -        -             key       -
  .fileDialogMessage        _           -          -        -             key       -
  .fileDialogConfirmationLabel _        -          -        -             key       -
  .accessibilityCustomContent _         -          -        -             key       -
  IntentDescription         _           -          -        -             resource  categoryName
  IntentDialog              _           -          -        -             resource  -
  .result                   dialog      -          -        -             resource  -
  Parameter                 title       -          -        -             resource  description
  DisplayRepresentation     title       -          -        -             resource  subtitle
  TypeDisplayRepresentation name        -          -        -             resource  numericFormat
  AppShortcut               shortTitle  -          -        -             resource  -
  Summary                   _           -          -        -             summary   -
  ParameterSummary          _           -          -        -             summary   -
  """

/// Types whose string literals are localizable wherever they are the contextual type (a
/// declaration's type, a parameter's, a function's result): Foundation's, SwiftUI's and App
/// Intents' string-literal types, and what the literal's key kind is.
let localizableTypes: [String: LocalizableAPI.Kind] = [
  "LocalizedStringKey": .key, "SwiftUI.LocalizedStringKey": .key,
  "LocalizedStringResource": .resource, "Foundation.LocalizedStringResource": .resource,
  "String.LocalizationValue": .value, "LocalizationValue": .value,
  "IntentDialog": .resource, "IntentDescription": .resource,
  "DisplayRepresentation": .resource, "TypeDisplayRepresentation": .resource,
]

/// One row of ``localizableAPITable``.
struct LocalizableAPI: Sendable {
  enum Kind: String, Sendable {
    case key, value, resource, summary
    /// Verbatim literal, no interpolation (`NSLocalizedString`'s key).
    case `static`
    /// Verbatim literal beside a default value (`String(localized:defaultValue:)`): the row
    /// applies only when the default value is present.
    case staticWithValue = "static!"
  }

  var callee: String
  var isMethod: Bool
  /// nil: the first unlabelled argument.
  var keyLabel: String?
  var tableLabel: String?
  var commentLabel: String?
  var valueLabel: String?
  var kind: Kind
  var alsoLabels: [String]

  /// The rows by callee name (without the leading dot).
  static let byCallee: [String: [LocalizableAPI]] = {
    var rows: [String: [LocalizableAPI]] = [:]
    for line in localizableAPITable.split(separator: "\n") {
      let columns = line.split(whereSeparator: { $0 == " " }).map(String.init)
      guard columns.count == 7, !columns[0].hasPrefix("#"),
        let kind = Kind(rawValue: columns[5])
      else { continue }
      func label(_ text: String) -> String? { text == "-" || text == "_" ? nil : text }
      let isMethod = columns[0].hasPrefix(".")
      let name = isMethod ? String(columns[0].dropFirst()) : columns[0]
      rows[name, default: []].append(
        LocalizableAPI(
          callee: name, isMethod: isMethod, keyLabel: label(columns[1]),
          tableLabel: label(columns[2]), commentLabel: label(columns[3]),
          valueLabel: label(columns[4]), kind: kind,
          alsoLabels: columns[6] == "-" ? [] : columns[6].split(separator: ",").map(String.init)))
    }
    return rows
  }()

  /// How the API is named in `--list` (`Text`, `.navigationTitle`, `String(localized:)`).
  var displayName: String {
    let base = isMethod ? "." + callee : callee
    if let keyLabel, !isMethod { return "\(base)(\(keyLabel):)" }
    return base
  }
}
