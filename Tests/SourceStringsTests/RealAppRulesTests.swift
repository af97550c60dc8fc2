import SourceStrings
import SwiftSource
import Testing

/// The Swift rules real apps use (lhc-extract(1), WHAT IS EXTRACTED and KEYS), each with a
/// minimal fixture and its negative twin.
@Suite struct RealAppRulesTests {
  private func found(_ source: String, more: [String] = []) -> [String: LocalizableString] {
    Dictionary(
      extract(source, more: more).strings.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
  }

  // MARK: - Implicit members

  @Test func implicitInitInAnSDKPosition() {
    let strings = found(
      """
      Toggle(.init("Smart dashes", table: "Mode", comment: "toggle"), isOn: $on)
      Button(.init("Action.delete", defaultValue: "Delete"), systemImage: "minus") {}
      LabeledContent(.init("Indentation:", table: "Mode")) { Text(verbatim: "x") }
      Alert(title: .init("Are you sure?"), message: .init("No undo."))
      Text(.init(verbatim: "not a key"))
      """)
    #expect(strings["Smart dashes"]?.table == "Mode")
    #expect(strings["Smart dashes"]?.comment == "toggle")
    #expect(strings["Action.delete"]?.value == "Delete")
    #expect(strings["Indentation:"]?.table == "Mode")
    #expect(strings["Are you sure?"] != nil)
    #expect(strings["No undo."] != nil)
    #expect(strings["not a key"] == nil)
    #expect(strings["minus"] == nil)
  }

  @Test func implicitInitOfTheContextualType() {
    let strings = found(
      """
      struct Row { init(_ title: LocalizedStringKey, value: Int) {} }
      struct Item { var title: LocalizedStringResource }
      struct Plain { var name: String }
      func row(_ row: Row) {}
      var items: [Item] = []
      var plain: [Plain] = []
      final class Pane {
        var title: String { .init(localized: "pane.general", defaultValue: "General") }
        var subtitle: String? { nil ?? .init(localized: "pane.subtitle") }
        func make() -> Item { return .init(title: "Returned") }
        func other() -> Plain { .init(name: "Not a key") }
      }
      row(.init("Item Count", value: 3))
      label.stringValue = .init(localized: .init("k.label", defaultValue: "Label"))
      items.append(.init(title: "Slow"))
      plain.append(.init(name: "Also not a key"))
      """)
    #expect(strings["pane.general"]?.value == "General")
    #expect(strings["pane.subtitle"] != nil)
    #expect(strings["Returned"] != nil)
    #expect(strings["Item Count"] != nil)
    #expect(strings["k.label"]?.value == "Label")
    #expect(strings["Slow"] != nil)
    #expect(strings["Not a key"] == nil)
    #expect(strings["Also not a key"] == nil)
  }

  @Test func selfInitializerAndStaticMembers() {
    let strings = found(
      """
      private struct Definition {
        var term: String
        var description: LocalizedStringResource
        static let all: [Definition] = [
          Self(term: ".", description: .init("any character", table: "Regex")),
        ]
      }
      enum Feedback {
        case ok(LocalizedStringKey)
        case group(LocalizedStringKey?, () -> Void)
        case plain(String)
        static func saved(_ title: LocalizedStringKey) -> Feedback { .ok(title) }
      }
      func show(_ feedback: Feedback) {}
      show(.ok("Saved"))
      show(.group("Tools") {})
      show(.saved("Stored"))
      show(.plain("Plain text"))
      """)
    #expect(strings["any character"]?.table == "Regex")
    #expect(strings["."] == nil)
    #expect(strings["Saved"] != nil)
    #expect(strings["Tools"] != nil)
    #expect(strings["Stored"] != nil)
    #expect(strings["Plain text"] == nil)
  }

  // MARK: - Overloads and modules

  @Test func disfavoredStringOverloadLoses() {
    let declarations = """
      struct Badge {
        init(_ key: LocalizedStringKey) {}
        @_disfavoredOverload init<S: StringProtocol>(_ text: S) {}
      }
      struct Tag {
        init(_ key: LocalizedStringKey) {}
        init(_ text: String) {}
      }
      """
    let strings = found(#"Badge("New"); Tag("Old")"#, more: [declarations])
    #expect(strings["New"] != nil)
    #expect(strings["Old"] == nil)
  }

  @Test func methodsOfTheReceiversType() {
    let declarations = """
      final class ErrorService {
        static let shared = ErrorService()
        func handle(_ error: Error, message: LocalizedStringResource, showToastr: Bool = false) {}
      }
      struct StoreError { static func handle(_ error: Error, message: String) {} }
      """
    let strings = found(
      """
      ErrorService.shared.handle(error, message: "error.download")
      StoreError.handle(error, message: "not.a.key")
      """, more: [declarations])
    #expect(strings["error.download"] != nil)
    #expect(strings["not.a.key"] == nil)
  }

  // MARK: - Declarations

  @Test func rawValuesClosuresTuplesAndProperties() {
    let strings = found(
      """
      enum Speed: LocalizedStringKey { case fast = "Fast"; case slow = "Slow" }
      enum Kind: String { case photo = "Photo"; case video }
      enum ListType: LocalizedStringKey { case managedOnly, unmanagedOnly }
      let greeting: LocalizedStringKey = {
        if late { return "Good evening" }
        return "Hello"
      }()
      let plain: String = { "Not localized" }()
      let themes: [(theme: Int, name: LocalizedStringKey)] = [(1, "theme.system"), (2, "theme.dark")]
      let pairs: [(Int, String)] = [(1, "pair.plain")]
      final class Model { var title: LocalizedStringKey = ""; var name = "" }
      let model = Model()
      model.title = "Loading failed"
      model.name = "Just a name"
      Text("x").help({ guard ok else { return "" }; return "Needs macOS 15." }())
      """)
    #expect(strings["Fast"] != nil && strings["Slow"] != nil)
    #expect(strings["Photo"] == nil && strings["video"] == nil)
    // A localizable raw type's implicit raw values (the cases' names) are keys too.
    #expect(strings["managedOnly"]?.api == "case managedOnly (implicit raw value)")
    #expect(strings["unmanagedOnly"] != nil)
    #expect(strings["Good evening"] != nil && strings["Hello"] != nil)
    #expect(strings["Not localized"] == nil)
    #expect(strings["theme.system"] != nil && strings["theme.dark"] != nil)
    #expect(strings["pair.plain"] == nil)
    #expect(strings["Loading failed"] != nil)
    #expect(strings["Just a name"] == nil)
    #expect(strings["Needs macOS 15."] != nil)
  }

  // MARK: - Not extracted

  @Test func stringTypedResultsAndDeadCode() {
    let strings = found(
      """
      Text(n > 9 ? "9+" : String(n))
      Text(name.isEmpty ? " " : name)
      Text(flag ? "Yes" : "No")
      .help(state.custom ? String(localized: "Customized") : "")
      if false { Text("Never shown") }
      if true { Text("Shown") }
      #Preview { Text("Preview only") }
      """,
      more: ["let n = 1; let name = \"\"; let flag = true"])
    #expect(strings["9+"] == nil)
    #expect(strings[" "] == nil)
    #expect(strings[""] == nil)
    #expect(strings["Customized"] != nil)
    #expect(strings["Yes"] != nil && strings["No"] != nil)
    #expect(strings["Never shown"] == nil)
    #expect(strings["Shown"] != nil)
    #expect(strings["Preview only"] == nil)
  }

  @Test func sdkRowsFromApplesDocumentation() {
    let strings = found(
      """
      StaticConfiguration(kind: "k", provider: P()) { _ in V() }
        .configurationDisplayName("Reading Graph")
        .description("Shows the last hours.")
      Chart { LineMark(x: .value("Date", date), y: .value("Glucose", value)) }
      throw $node.needsValueError("Could not find node")
      .accessibilityRotor(.init("Customized", table: "Format"), entries: items)
      return .result(dialog: IntentDialog(stringLiteral: "Done."))
      """)
    for key in [
      "Reading Graph", "Shows the last hours.", "Date", "Glucose", "Could not find node",
      "Customized", "Done.",
    ] {
      #expect(strings[key] != nil, "\(key)")
    }
    #expect(strings["k"] == nil)
  }

  // MARK: - Specifiers

  @Test func specifiersThroughBindingsPatternsAndWrappers() {
    let declarations = """
      enum Load { case page(Int); case running(count: Int32, total: UInt8) }
      struct Counter { var value: Int16 = 0 }
      struct Stats { var nodes = 0 }
      @Observable final class AppState { var unread = 0 }
      extension Defaults.Keys { static let launches = Key<Int>("launches", default: 0) }
      enum Level: Int { case low = 1 }
      enum MetadataState<Value> { case idle; case loaded(Value) }
      struct Library { var movies = 0 }
      """
    let strings = found(
      """
      struct V: View {
        @Environment(AppState.self) var state
        @Default(.launches) var launches
        @Binding var counter: Counter
        var optional: Int?
        var body: some View {
          ForEach(0..<5) { Text("\\($0) items") }
          if let optional { Text("\\(optional) left") }
          Text("\\(state.unread) unread")
          Text("\\(launches) launches")
          Text("\\(counter.value) relayed")
          Text("\\(Level.low.rawValue) level")
          Text("\\(UInt32.max) max")
          Text("\\(max(0, state.unread)) at least")
          Text("\\((5...8).upperBound) upper")
        }
        func describe(_ load: Load, stats: Stats?) -> LocalizedStringKey {
          switch load {
          case .page(let n): return "Page \\(n)"
          case let .running(count, total): return "Running \\(count) of \\(total)"
          }
        }
        func hops(_ value: Int32?) -> LocalizedStringKey { "Hops \\(value ?? 0)" }
        func imported(_ result: (success: Bool, count: Int)?) -> LocalizedStringKey {
          if let result { return "Imported \\(result.count) settings" }
          return "\\(result?.success == true)"
        }
        func movies(_ state: MetadataState<Library>) -> LocalizedStringKey {
          if case .loaded(let library) = state { return "\\(library.movies) Movie" }
          return "None"
        }
      }
      """, more: [declarations])
    for key in [
      "%lld items", "%lld left", "%lld unread", "%lld launches", "%d relayed", "%lld level",
      "%u max", "%lld at least", "%lld upper", "Page %lld", "Running %d of %u", "Hops %d",
      "%lld Movie", "Imported %lld settings",
    ] {
      #expect(strings[key] != nil, "\(key): \(strings.keys.sorted())")
    }
  }

  /// `@Environment(\.key)` without an annotation is of the type the app gives that member of
  /// `EnvironmentValues` (an extension's property, or `@Entry`); `@FocusedValue` of `FocusedValues`.
  @Test func environmentKeyPathsHaveTheirValuesType() {
    let declarations = """
      struct Info { let apiVersion: UInt }
      final class Player { var info: Info? { nil } }
      final class AppEnvironment { let player: Player }
      extension EnvironmentValues {
        var appEnvironment: AppEnvironment? {
          get { self[AppEnvironmentKey.self] }
          set { self[AppEnvironmentKey.self] = newValue }
        }
        @Entry var retries: Int16 = 0
      }
      extension FocusedValues { @Entry var selection: UInt32? }
      """
    let strings = found(
      """
      struct V: View {
        @Environment(\\.appEnvironment) private var appEnvironment
        @Environment(\\.retries) var retries
        @FocusedValue(\\.selection) var selection
        var body: some View {
          if let info = appEnvironment?.player.info {
            let major = (info.apiVersion >> 16) & 0xFFFF
            Text("API \\(major).\\(info.apiVersion & 0xFFFF)")
          }
          Text("\\(retries) retries")
          Text("\\(selection ?? 0) selected")
        }
      }
      """, more: [declarations])
    for key in ["API %llu.%llu", "%d retries", "%u selected"] {
      #expect(strings[key] != nil, "\(key): \(strings.keys.sorted())")
    }
  }

  /// A subclass, and a type that conforms to a protocol the sources extend, have the members
  /// they inherit: assigning a superclass's `LocalizedStringResource` property extracts.
  @Test func inheritedMembers() {
    let declarations = """
      class AssistantViewModel: ObservableObject {
        @Published var errorMessage: LocalizedStringResource = ""
        func show(_ title: LocalizedStringKey) {}
      }
      protocol Alerting {}
      extension Alerting { func alert(_ title: LocalizedStringResource) {} }
      """
    let strings = found(
      """
      final class URLViewModel: AssistantViewModel, Alerting {
        func fail() {
          self.errorMessage = "Invalid search URL"
          errorMessage = "Try again"
          show("Searching")
          alert("No connection")
        }
      }
      """, more: [declarations])
    for key in ["Invalid search URL", "Try again", "Searching", "No connection"] {
      #expect(strings[key] != nil, "\(key): \(strings.keys.sorted())")
    }
  }

  /// Charts' axis labels, like MapKit's `Annotation`: a literal picks the `StringProtocol`
  /// overload (server-status's catalog never held its `.chartYAxisLabel("…")` literal), so only
  /// an explicit `LocalizedStringKey` is a key.
  /// `map { … }` and `compactMap { … }` with a closure of one expression: an array of its type,
  /// through optional chains (server-status: `cores?.map({ return $0.temps?.first ?? 0 }).max()`).
  @Test func mapClosureResults() {
    let declarations = """
      struct Core { let temperatures: [Int]? }
      struct CPU { let cores: [Core]? }
      struct Status { let cpu: CPU? }
      """
    let strings = found(
      """
      struct V: View {
        let history: [Status]?
        let names: [String]
        var body: some View {
          let data = history?.last
          let hottest = data?.cpu?.cores?.map({ return $0.temperatures?.first ?? 0 }).max()
          Text(hottest != nil ? "\\(hottest!)ºC" : "N/A")
          Text("\\(names.map { $0.count }.reduce(0, +)) letters")
          Text("\\(names.compactMap { name in name.first }.first!) first")
        }
      }
      """, more: [declarations])
    for key in ["%lldºC", "%lld letters", "%@ first"] {
      #expect(strings[key] != nil, "\(key): \(strings.keys.sorted())")
    }
  }

  /// Structs of one name in several targets (an iOS and a macOS `FeatureRow`) each have their
  /// memberwise initializer (Chinendar's three `FeatureRow`s).
  @Test func memberwiseInitializersOfSameNamedStructs() {
    let strings = found(
      """
      FeatureRow(imageName: "pencil", title: "WKM_1_TITLE", detail: "WKM_1_DETAIL")
      """,
      more: [
        """
        struct FeatureRow: View {
          let imageName: String
          let title: LocalizedStringResource
          let detail: LocalizedStringResource
          let baseLength: CGFloat
          var body: some View { Text(title) }
        }
        """,
        """
        struct FeatureRow: View {
          let imageName: String
          let title: LocalizedStringResource
          let detail: LocalizedStringResource
          var body: some View { Text(title) }
        }
        """,
      ])
    #expect(strings["WKM_1_TITLE"] != nil && strings["WKM_1_DETAIL"] != nil)
  }

  /// YAFA's catalog: `count(where:)` is an `Int`; `sorted(by:)`, `filter` keep the element; a
  /// dictionary's elements are `(key:, value:)`, their parts bound by a `for (k, v)` pattern;
  /// `\(placeholder: .int)` is `%lld` (`String.LocalizationValue.Placeholder`).
  @Test func countsSortsDictionaryElementsAndPlaceholders() {
    let strings = found(
      """
      struct V {
        let tags: [Tag]
        var byOffset: [Int: [String]] = [:]
        func describe() {
          let studying = tags.count { $0.isStudying }
          _ = String(localized: "\\(studying) tags")
          for (days, cards) in byOffset.sorted(by: { $0.key < $1.key }) {
            _ = String(localized: "Due in \\(days) days")
            _ = String(localized: "\\(cards.filter { !$0.isEmpty }.count) cards")
          }
          _ = LocalizedStringResource("\\(placeholder: .int) selected")
          _ = String(localized: "\\(placeholder: .double) km, \\(placeholder: .object)")
        }
      }
      """)
    for key in ["%lld tags", "Due in %lld days", "%lld cards", "%lld selected", "%lf km, %@"] {
      #expect(strings[key] != nil, "\(key): \(strings.keys.sorted())")
    }
  }

  @Test func chartAxisLabelLiteralsAreNotKeys() {
    let strings = found(
      """
      Chart(points) { LineMark(x: .value("Time", $0.t), y: .value("Speed", $0.v)) }
        .chartYAxisLabel("Data transfer (Kbit/s)")
        .chartXAxisLabel("Seconds")
        .chartYAxisLabel(LocalizedStringKey("Storage"))
      """)
    #expect(strings["Data transfer (Kbit/s)"] == nil && strings["Seconds"] == nil)
    #expect(strings["Storage"] != nil && strings["Time"] != nil)
  }

  @Test func qualifiedNamesAndNestedTypes() {
    let declarations = """
      struct Section { init(_ title: String) {} }
      enum Settings { struct Toggle { init(_ title: String, isOn: Bool) {} } }
      struct ArtistView { struct Header { var model: ArtistModel } }
      struct PlaylistView { struct Header { var model: PlaylistModel } }
      struct ArtistModel { var name = "" }
      struct PlaylistModel { var count = 0 }
      """
    let strings = found(
      """
      SwiftUI.Section("Appearance") {}
      Section("Plain section")
      Settings.Toggle("Not SwiftUI's", isOn: true)
      SomeKit.Button("A dependency's")
      extension PlaylistView.Header {
        var label: LocalizedStringKey { "\\(model.count) tracks" }
      }
      """, more: [declarations])
    #expect(strings["Appearance"] != nil)
    #expect(strings["Plain section"] == nil)
    #expect(strings["Not SwiftUI's"] == nil)
    #expect(strings["A dependency's"] == nil)
    #expect(strings["%lld tracks"] != nil, "\(strings.keys.sorted())")
  }

  @Test func presentedValuesAndTableRows() {
    let declarations = """
      struct Selection { var missing = 0 }
      struct Track { var plays = 0; var gain: Float = 0 }
      struct V: View {
        @State var selection: Selection?
        var tracks: [Track] = []
        var body: some View {
          Text("x").sheet(item: $selection) { selection in
            Text("\\(selection.missing) apps could not be found")
          }
          Table(tracks) {
            TableColumn("Plays") { track in Text("plays \\(track.plays)") }
            TableColumn("Gain") { Text("gain \\($0.gain)") }
          }
          Table(of: Track.self) { TableColumn("Again") { row in Text("again \\(row.plays)") } }
        }
      }
      """
    let strings = found(declarations)
    for key in ["%lld apps could not be found", "plays %lld", "gain %f", "again %lld"] {
      #expect(strings[key] != nil, "\(key): \(strings.keys.sorted())")
    }
  }

  @Test func lexedAsSwiftDoes() {
    // `Binding<Item?>` closes its generic arguments; a trailing comma ends a parameter clause.
    let strings = found(
      """
      func row(item: Binding<Item?>, count: Int,) -> some View { Text("After the clause") }
      """)
    #expect(strings["After the clause"] != nil)
  }

  @Test func appShortcutsProvider() {
    let strings = found(
      """
      struct Shortcuts: AppShortcutsProvider {
        static var appShortcuts: [AppShortcut] {
          .init(intent: OpenIntent(), phrases: ["Open \\(.applicationName)"], shortTitle: "Open")
          AppShortcut(intent: AddIntent(), phrases: ["Add in \\(.applicationName)"], shortTitle: "Add")
        }
      }
      struct One: AppShortcutsProvider {
        static var appShortcuts: [AppShortcut] {
          .init(intent: ListIntent(), phrases: ["List"], shortTitle: "List all")
        }
      }
      """)
    #expect(strings["Add"] != nil && strings["Open"] != nil && strings["List all"] != nil)
    // The phrases go to table AppShortcuts, each shortcut's first phrase its key, all its value.
    #expect(strings["List"]?.table == "AppShortcuts" && strings["List"]?.phrases == ["List"])
    #expect(strings["Open ${applicationName}"]?.phrases == ["Open ${applicationName}"])
    #expect(strings["Add in ${applicationName}"]?.table == "AppShortcuts")
  }

  @Test func appShortcutPhrasesWithParameters() {
    let phrases = extract(
      """
      struct Shortcuts: AppShortcutsProvider {
        static var appShortcuts: [AppShortcut] {
          AppShortcut(
            intent: OpenIntent(),
            phrases: ["Open \\(.applicationName)", "Show \\(\\.$target) in \\(.applicationName)"],
            shortTitle: "Open", systemImageName: "arrow.up")
          AppShortcut(intent: OtherIntent(), phrases: [phrase], shortTitle: "Other", systemImageName: "x")
        }
      }
      """
    ).strings.filter { $0.table == "AppShortcuts" }
    #expect(phrases.map(\.key) == ["Open ${applicationName}"])
    #expect(
      phrases.first?.phrases == ["Open ${applicationName}", "Show ${target} in ${applicationName}"])
  }

  @Test func moreRulesFromUnseenApps() {
    let strings = found(
      """
      struct ActionRow { var id: String; var label: LocalizedStringKey? }
      final class FetchVM<T> { var state: FetchState<T> = .loading }
      enum FetchState<T> { case loading; case ready(T) }
      func rows() -> [ActionRow] {
        var rows = [ActionRow]()
        rows.append(.init(id: "short", label: "Short press:"))
        rows += [.init(id: "long", label: "Long press:")]
        return rows
      }
      struct V: View {
        var vm = FetchVM<Int>()
        var solveth = 0
        var body: some View {
          switch vm.state {
          case .ready(let count): Text("\\(count) Following")
          case .loading: Text("Loading")
          }
          Text("SOLVE \\(solveth == 6 ? 1 : solveth)")
          Text(flag ? "Public key" : "Keys", comment: "Header")
          Text("Single", comment: "Kept")
        }
      }
      @available(iOS 18.0, *)
      #Preview("Attributed") { Text("Attributed preview") }
      #Preview("Plain") { Text("Plain preview") }
      """)
    for key in [
      "Short press:", "Long press:", "%lld Following", "SOLVE %lld", "Attributed preview",
    ] {
      #expect(strings[key] != nil, "\(key): \(strings.keys.sorted())")
    }
    #expect(strings["Plain preview"] == nil)
    #expect(strings["Public key"] != nil && strings["Public key"]?.comment == nil)
    #expect(strings["Keys"]?.comment == nil)
    #expect(strings["Single"]?.comment == "Kept")
  }
}
