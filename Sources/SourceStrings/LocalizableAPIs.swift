/// The SDK's localizable positions: which argument of which API Xcode's extraction reads as a
/// key, with the labels of its table, comment, default value and bundle, and how the API looks
/// the key up at run time. One row per API; the table is data (`lhc-extract(1)` lists the same
/// rows), read once into ``LocalizableAPI`` values.
///
/// Columns (whitespace-separated; `-` for none):
/// - callee: a type or function name (`Text`, `NSLocalizedString`), `.name` for a method or
///   view modifier called on anything (`.navigationTitle`), or `Receiver.path.name` for a method
///   called on that receiver only (`LingoHubSDK.shared.resolve`);
/// - key: the key argument's label, `_` for the first unlabelled argument;
/// - table, comment, value, bundle: those arguments' labels (bundle `^`: the method's receiver);
/// - kind: how the key's literal is read —
///   `key` a `LocalizedStringKey` (SwiftUI: interpolations become specifiers),
///   `value` a `String.LocalizationValue` (Foundation: the same rules),
///   `resource` a `LocalizedStringResource` (the same rules; App Intents' types too),
///   `static` a literal taken verbatim and no interpolation allowed (`NSLocalizedString`'s
///   `String`, the `StaticString` key beside a `defaultValue:`),
///   `lookup` read as `static`, but a lookup Xcode's build does not extract (a `String`
///   parameter Xcode does not know: `Bundle.localizedString(forKey:value:table:)`): only
///   `lhc lint --sources` reads it;
/// - path: how the key is looked up at run time (``LookupPath``);
/// - also: other labels whose literal arguments are `LocalizedStringResource`s of their own
///   (comma-separated);
/// - available (optional): an overload the SDK added beside one taking a `String`, with the
///   releases that introduced it (`iOS16,macOS13`): the compiler picks it, and Xcode extracts
///   the literal, only where the target's deployment target has it
///   (``BuildConditions/isAvailable(_:)``).
///
/// Rows with the same callee and key label are tried in order; the first whose key argument is
/// present applies (so `String(localized: "k", defaultValue: "v")` takes the `static` row).
/// LingoHub's `Text(lh:)`, `String(lh:)` and `LingoHubSDK.shared.resolve(_:)` take a
/// `LocalizedStringResource`, so Xcode extracts their literals as it does `Text`'s (the SDK's
/// README and its declarations say so).
let localizableAPITable = """
  # callee                      key         table      comment  value         bundle  kind      path        also
  Text                          _           tableName  comment  -             bundle  key       swiftui     -
  NSLocalizedString             _           tableName  comment  value         bundle  static    bundle      -
  String                        localized   table      comment  defaultValue  bundle  static!   foundation  -
  String                        localized   table      comment  -             bundle  value     foundation  -
  AttributedString              localized   table      comment  defaultValue  bundle  static!   foundation  -
  AttributedString              localized   table      comment  -             bundle  value     foundation  -
  LocalizedStringResource       _           table      comment  defaultValue  bundle  static!   foundation  -
  LocalizedStringResource       _           table      comment  -             bundle  resource  foundation  -
  LocalizedStringKey            _           -          -        -             -       key       value       -
  LocalizationValue             _           -          -        -             -       value     value       -
  Text                          lh          -          -        -             -       resource  sdk         -
  String                        lh          -          -        -             -       resource  sdk         -
  LingoHubSDK.shared.resolve    _           -          -        -             -       resource  sdk         -
  .localizedString              forKey      table      -        value         ^       lookup    bundle      -
  Button                        _           -          -        -             -       key       swiftui     -
  Label                         _           -          -        -             -       key       swiftui     -
  Toggle                        _           -          -        -             -       key       swiftui     -
  Link                          _           -          -        -             -       key       swiftui     -
  Picker                        _           -          -        -             -       key       swiftui     -
  Section                       _           -          -        -             -       key       swiftui     -
  NavigationLink                _           -          -        -             -       key       swiftui     -
  Menu                          _           -          -        -             -       key       swiftui     -
  TextField                     _           -          -        -             -       key       swiftui     -
  SecureField                   _           -          -        -             -       key       swiftui     -
  Stepper                       _           -          -        -             -       key       swiftui     -
  DatePicker                    _           -          -        -             -       key       swiftui     -
  MultiDatePicker               _           -          -        -             -       key       swiftui     -
  ColorPicker                   _           -          -        -             -       key       swiftui     -
  ProgressView                  _           -          -        -             -       key       swiftui     -
  LabeledContent                _           -          -        -             -       key       swiftui     -
  GroupBox                      _           -          -        -             -       key       swiftui     -
  DisclosureGroup               _           -          -        -             -       key       swiftui     -
  ControlGroup                  _           -          -        -             -       key       swiftui     -
  ShareLink                     _           -          -        -             -       key       swiftui     -
  Tab                           _           -          -        -             -       key       swiftui     -
  ContentUnavailableView        _           -          -        -             -       key       swiftui     description
  Window                        _           -          -        -             -       key       swiftui     -
  WindowGroup                   _           -          -        -             -       key       swiftui     -
  MenuBarExtra                  _           -          -        -             -       key       swiftui     -
  CommandMenu                   _           -          -        -             -       key       swiftui     -
  TableColumn                   _           -          -        -             -       key       swiftui     -
  TabSection                    _           -          -        -             -       key       swiftui     -
  UtilityWindow                 _           -          -        -             -       key       swiftui     -
  .navigationTitle              _           -          -        -             -       key       swiftui     -
  .navigationSubtitle           _           -          -        -             -       key       swiftui     -
  .navigationBarTitle           _           -          -        -             -       key       swiftui     -
  .help                         _           -          -        -             -       key       swiftui     -
  .accessibilityLabel           _           -          -        -             -       key       swiftui     -
  .accessibilityHint            _           -          -        -             -       key       swiftui     -
  .accessibilityValue           _           -          -        -             -       key       swiftui     -
  .accessibilityAction          named       -          -        -             -       key       swiftui     -
  .alert                        _           -          -        -             -       key       swiftui     -
  .confirmationDialog           _           -          -        -             -       key       swiftui     -
  .badge                        _           -          -        -             -       key       swiftui     -
  .searchable                   prompt      -          -        -             -       key       swiftui     -
  .dialogSuppressionToggle      _           -          -        -             -       key       swiftui     -
  .fileDialogMessage            _           -          -        -             -       key       swiftui     -
  .fileDialogConfirmationLabel  _           -          -        -             -       key       swiftui     -
  .accessibilityCustomContent   _           -          -        -             -       key       swiftui     -
  .accessibilityRotor           _           -          -        -             -       key       swiftui     -
  AccessibilityRotorEntry       _           -          -        -             -       key       swiftui     -
  AccessibilityCustomContentKey _           -          -        -             -       key       swiftui     -
  .accessibilityDragPoint       description -          -        -             -       key       swiftui     -
  .accessibilityDropPoint       description -          -        -             -       key       swiftui     -
  .fileExporterFilenameLabel    _           -          -        -             -       key       swiftui     -
  .typeSelectEquivalent         _           -          -        -             -       key       swiftui     -
  .dismissalConfirmationDialog  _           -          -        -             -       key       swiftui     -
  .widgetLabel                  _           -          -        -             -       key       swiftui     -
  .configurationDisplayName     _           -          -        -             -       key       swiftui     -
  .description                  _           -          -        -             -       key       swiftui     -
  .displayName                  _           -          -        -             -       resource  system      -
  .controlWidgetActionHint      _           -          -        -             -       resource  system      -
  .controlWidgetStatus          _           -          -        -             -       resource  system      -
  .value                        _           -          -        -             -       key       swiftui     -
  Alert                         title       -          -        -             -       key       swiftui     message
  AxisValueLabel                _           -          -        -             -       key       swiftui     -
  LinePlot                      x           -          -        -             -       key       swiftui     y,t
  AreaPlot                      x           -          -        -             -       key       swiftui     y,yStart,yEnd
  TextFieldLink                 _           -          -        -             -       key       swiftui     -
  DocumentGroupLaunchScene      _           -          -        -             -       key       swiftui     -
  DocumentLaunchView            _           -          -        -             -       key       swiftui     -
  AlertScene                    _           -          -        -             -       key       swiftui     -
  SharePreview                  _           -          -        -             -       key       swiftui     -
  AccessoryWidgetGroup          _           -          -        -             -       key       swiftui     -
  ControlWidgetButton           _           -          -        -             -       key       swiftui     -
  ControlWidgetToggle           _           -          -        -             -       key       swiftui     -
  PhotosPicker                  _           -          -        -             -       key       swiftui     -
  .setActionName                _           -          -        -             -       resource  foundation  -     iOS16,macOS13,tvOS16,watchOS9,visionOS1
  SubscriptionOptionGroup       _           -          -        -             -       key       swiftui     -
  SubscriptionOptionSection     _           -          -        -             -       key       swiftui     -
  LocalAuthenticationView       _           -          -        -             -       key       swiftui     -
  IntentDescription             _           -          -        -             -       resource  system      categoryName,resultValueName
  IntentDialog                  _           -          -        -             -       resource  system      -
  IntentDialog                  full        -          -        -             -       resource  system      supporting
  .result                       dialog      -          -        -             -       resource  system      -
  Parameter                     title       -          -        -             -       resource  system      description,requestValueDialog,requestDisambiguationDialog
  Parameter                     description -          -        -             -       resource  system      requestValueDialog,requestDisambiguationDialog
  DisplayRepresentation         title       -          -        -             -       resource  system      subtitle
  TypeDisplayRepresentation     name        -          -        -             -       resource  system      numericFormat
  AppShortcut                   shortTitle  -          -        -             -       resource  system      -
  Summary                       _           -          -        -             -       summary   system      -
  ParameterSummary              _           -          -        -             -       summary   system      -
  Property                      title       -          -        -             -       resource  system      -
  IntentItem                    title       -          -        -             -       resource  system      subtitle
  IntentItemSection             _           -          -        -             -       resource  system      subtitle
  IntentItemSection             title       -          -        -             -       resource  system      -
  IntentItemCollection          promptLabel -          -        -             -       resource  system      -
  AppShortcutOptionsCollection  title       -          -        -             -       resource  system      -
  IntentDeprecation             message     -          -        -             -       resource  system      -
  IntentChoiceOption            title       -          -        -             -       resource  system      -
  IntentDisplayName             true        -          -        -             -       resource  system      false
  IntentPaymentMethod           name        -          -        -             -       resource  system      -
  .custom                       acceptLabel -          -        -             -       resource  system      denyLabel
  .requestValue                 _           -          -        -             -       resource  system      -
  .needsValueError              _           -          -        -             -       resource  system      -
  .requestToContinueInForeground _          -          -        -             -       resource  system      -
  .needsToContinueInForegroundError _       -          -        -             -       resource  system      -
  .requestDisambiguation        dialog      -          -        -             -       resource  system      -
  .needsDisambiguationError     dialog      -          -        -             -       resource  system      -
  .requestConfirmation          dialog      -          -        -             -       resource  system      -
  .requestChoice                dialog      -          -        -             -       resource  system      -
  AlertConfiguration            title       -          -        -             -       resource  system      body
  IntentRecommendation          description -          -        -             -       key       system      -
  AppIntentRecommendation       description -          -        -             -       key       system      -
  IntentDialog                  stringLiteral -        -        -             -       static    system      -
  LocalizedStringResource       stringLiteral -        -        -             -       static    foundation  -
  LocalizedStringKey            stringLiteral -        -        -             -       static    value       -
  LocalizationValue             stringLiteral -        -        -             -       static    value       -
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
    /// Read as `static`; a lookup Xcode does not extract (`lhc lint --sources` reads it).
    case lookup
  }

  var callee: String
  var isMethod: Bool
  /// The receiver a method row applies to (`LingoHubSDK.shared`), as ``SwiftSource/Expr/text``
  /// writes it; nil: any.
  var receiver: String?
  /// nil: the first unlabelled argument.
  var keyLabel: String?
  var tableLabel: String?
  var commentLabel: String?
  var valueLabel: String?
  /// The bundle argument's label; `^` for the method's receiver.
  var bundleLabel: String?
  var kind: Kind
  var path: LookupPath
  var alsoLabels: [String]
  /// The releases that introduced the overload, by platform (`available` column); nil: always.
  var introduced: [String: [Int]]?

  /// Whether Xcode's build extracts the row's literals (or only `lhc lint --sources` reads them).
  var isExtracted: Bool { kind != .lookup }

  /// The rows by callee name (without the leading dot or receiver).
  static let byCallee: [String: [LocalizableAPI]] = {
    var rows: [String: [LocalizableAPI]] = [:]
    for line in localizableAPITable.split(separator: "\n") {
      let columns = line.split(whereSeparator: { $0 == " " }).map(String.init)
      guard columns.count == 9 || columns.count == 10, !columns[0].hasPrefix("#"),
        let kind = Kind(rawValue: columns[6]), let path = LookupPath(rawValue: columns[7])
      else { continue }
      func label(_ text: String) -> String? { text == "-" || text == "_" ? nil : text }
      var name = columns[0]
      var receiver: String?
      let isMethod = name.contains(".")
      if let dot = name.lastIndex(of: ".") {
        if dot != name.startIndex { receiver = String(name[..<dot]) }
        name = String(name[name.index(after: dot)...])
      }
      rows[name, default: []].append(
        LocalizableAPI(
          callee: name, isMethod: isMethod, receiver: receiver, keyLabel: label(columns[1]),
          tableLabel: label(columns[2]), commentLabel: label(columns[3]),
          valueLabel: label(columns[4]), bundleLabel: label(columns[5]), kind: kind, path: path,
          alsoLabels: columns[8] == "-" ? [] : columns[8].split(separator: ",").map(String.init),
          introduced: columns.count == 10 ? Self.releases(columns[9]) : nil))
    }
    return rows
  }()

  /// `iOS16,macOS13.1` by platform (`["iOS": [16], "macOS": [13, 1]]`).
  static func releases(_ text: String) -> [String: [Int]] {
    var result: [String: [Int]] = [:]
    for release in text.split(separator: ",") {
      guard let digit = release.firstIndex(where: \.isNumber) else { continue }
      result[String(release[..<digit])] = BuildConditions.version(release[digit...])
    }
    return result
  }

  /// How the API is named in `--list` (`Text`, `.navigationTitle`, `String(localized:)`,
  /// `LingoHubSDK.shared.resolve`, `.localizedString(forKey:)`).
  var displayName: String {
    let base = isMethod ? (receiver ?? "") + "." + callee : callee
    if let keyLabel, !isMethod || !isExtracted { return "\(base)(\(keyLabel):)" }
    return base
  }
}
