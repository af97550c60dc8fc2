import SourceStrings
import SwiftSource
import Testing

/// Extracts the strings of `source` (one file, its own declarations indexed).
func extract(
  _ source: String, conditions: BuildConditions = .anyApplePlatform, more: [String] = []
) -> FileStrings {
  let tree = Parser.parse(SourceFile(path: "File.swift", bytes: Array(source.utf8)))
  let others = more.enumerated().map { index, text in
    Parser.parse(SourceFile(path: "Other\(index).swift", bytes: Array(text.utf8)))
  }
  return StringExtractor.extract(
    tree, index: TypeIndex(trees: [tree] + others), conditions: conditions)
}

func keys(_ source: String, more: [String] = []) -> [String] {
  extract(source, more: more).strings.map(\.key)
}

/// Each form of Xcode's extraction set (lhc-extract(1), WHAT IS EXTRACTED).
@Suite struct ExtractionFormsTests {
  @Test func foundationAPIs() throws {
    let found = extract(
      """
      let a = String(localized: "Hello", table: "Greetings", comment: "A greeting")
      let b = String(localized: "welcome.title", defaultValue: "Welcome, \\(name)!", comment: "Title")
      let c = AttributedString(localized: "Bold **text**")
      let d = LocalizedStringResource("Resource key", defaultValue: "Resource value", table: "Res")
      let e: String.LocalizationValue = "A value"
      let f = NSLocalizedString("ns.key", tableName: "Legacy", value: "NS value", comment: "NS comment")
      let g = String.LocalizationValue("Explicit value")
      let name = "x"
      """
    ).strings
    let byKey = Dictionary(uniqueKeysWithValues: found.map { ($0.key, $0) })
    #expect(byKey["Hello"]?.table == "Greetings")
    #expect(byKey["Hello"]?.comment == "A greeting")
    #expect(byKey["welcome.title"]?.value == "Welcome, %@!")
    #expect(byKey["welcome.title"]?.api == "String(localized:)")
    #expect(byKey["Bold **text**"]?.api == "AttributedString(localized:)")
    #expect(byKey["Resource key"]?.value == "Resource value")
    #expect(byKey["Resource key"]?.table == "Res")
    #expect(byKey["A value"]?.api == "let e: String.LocalizationValue")
    #expect(byKey["ns.key"]?.table == "Legacy")
    #expect(byKey["ns.key"]?.value == "NS value")
    #expect(byKey["ns.key"]?.comment == "NS comment")
    #expect(byKey["Explicit value"] != nil)
    #expect(found.count == 7)
  }

  /// NSLocalizedString's `value:` that is empty or the key itself is no default value (Rectangle's
  /// catalog: such keys have no extraction state and no source unit); String(localized:)'s
  /// defaultValue is kept as written.
  @Test func emptyOrKeyValueIsNone() {
    let found = extract(
      """
      let a = NSLocalizedString("Ninths", tableName: "Main", value: "Ninths", comment: "")
      let b = NSLocalizedString("Reflow", tableName: "Main", value: "", comment: "")
      let c = NSLocalizedString("Other", tableName: "Main", value: "Another", comment: "")
      let d = String(localized: "same", defaultValue: "same")
      """
    ).strings
    let values = Dictionary(uniqueKeysWithValues: found.map { ($0.key, $0.value) })
    #expect(values == ["Ninths": nil, "Reflow": nil, "Other": "Another", "same": "same"])
  }

  @Test func swiftUIKeys() {
    let found = keys(
      """
      struct V: View {
        var body: some View {
          VStack {
            Text("Title", tableName: "Screen", comment: "The title")
            Button("Save") { save() }
            Button("Delete", role: .destructive, action: delete)
            Label("Inbox", systemImage: "tray")
            Toggle("Enabled", isOn: $on)
            Link("Website", destination: url)
            Picker("Sort", selection: $sort) { Text("Name").tag(1) }
            Section("General") { EmptyView() }
            NavigationLink("Details", destination: Detail())
            Menu("Actions") { }
            TextField("Name", text: $name, prompt: Text("Your name"))
            SecureField("Password", text: $password)
            Stepper("Count", value: $count)
            DatePicker("Date", selection: $date)
            ColorPicker("Color", selection: $color)
            ProgressView("Loading")
            ContentUnavailableView("Nothing here", systemImage: "tray", description: Text("Add items"))
            TableColumn("Column", value: \\.name)
            Text(LocalizedStringKey("Explicit key"))
          }
          .navigationTitle("Screen title")
          .help("Help text")
          .accessibilityLabel("Label")
          .accessibilityHint("Hint")
          .accessibilityValue("Value")
          .alert("Alert title", isPresented: $shown) { }
          .confirmationDialog("Dialog title", isPresented: $asked) { }
          .badge("New")
          .searchable(text: $query, prompt: "Search")
        }
      }
      """)
    #expect(
      Set(found) == [
        "Title", "Save", "Delete", "Inbox", "Enabled", "Website", "Sort", "Name", "General",
        "Details",
        "Actions", "Your name", "Password", "Count", "Date", "Color", "Loading", "Nothing here",
        "Add items", "Column", "Explicit key", "Screen title", "Help text", "Label", "Hint",
        "Value",
        "Alert title", "Dialog title", "New", "Search",
      ])
    // TextField's title "Name" and Picker's Text("Name"): both call sites.
    #expect(found.filter { $0 == "Name" }.count == 2)
  }

  @Test func appIntents() {
    let found = extract(
      """
      struct AddFeed: AppIntent {
        static let title: LocalizedStringResource = "Add Feed"
        static let description = IntentDescription("Adds a feed.", categoryName: "Feeds")
        @Parameter(title: "URL", description: "The feed's address")
        var url: URL
        @Parameter(title: "Account")
        var accountName: String?
        static var parameterSummary: some ParameterSummary {
          Summary("Add \\(\\.$url) to \\(\\.$accountName)") { \\.$folder }
        }
        func perform() async throws -> some IntentResult & ProvidesDialog {
          return .result(dialog: "Adding \\(url.absoluteString).")
        }
      }
      enum Tab: String, AppEnum {
        case home, lists
        static let typeDisplayRepresentation: TypeDisplayRepresentation = "Tab"
        static var caseDisplayRepresentations: [Tab: DisplayRepresentation] {
          [.home: .init(title: "Home", subtitle: "Start"), .lists: "Lists"]
        }
      }
      """
    ).strings.map(\.key)
    #expect(
      Set(found) == [
        "Add Feed", "Adds a feed.", "Feeds", "URL", "The feed's address", "Account",
        "Add ${url} to ${accountName}", "Adding %@.", "Tab", "Home", "Start", "Lists",
      ])
  }

  @Test func contextualTypesOfDeclaredAPIs() {
    let found = keys(
      """
      struct Row: View {
        let title: LocalizedStringKey
        var detail: LocalizedStringKey? = nil
        var body: some View { Text(title) }
      }
      func header(_ text: LocalizedStringResource, note: String) -> some View { EmptyView() }
      func plain(_ text: String) {}
      enum Sort {
        case name, date
        var label: LocalizedStringKey {
          switch self {
          case .name: "By name"
          case .date: return "By date"
          }
        }
        static let all: [LocalizedStringKey] = ["One", "Two"]
        func describe(fallback: LocalizedStringKey = "Default text") -> LocalizedStringKey { "From func" }
      }
      struct Screen: View {
        @State var title: LocalizedStringKey = "Initial"
        var body: some View {
          Row(title: "Row title", detail: "Row detail")
          header("Header", note: "not localized")
          plain("not localized either")
          Text(flag ? "Yes" : "No")
        }
        func reset() { title = "Reset" }
      }
      """)
    #expect(
      Set(found) == [
        "Row title", "Row detail", "Header", "By name", "By date", "One", "Two", "Default text",
        "From func", "Initial", "Yes", "No", "Reset",
      ])
  }

  @Test func stringOverloadWins() {
    // A declared overload taking String takes a literal (its default type).
    let found = keys(
      """
      func show(_ key: LocalizedStringKey) {}
      func show(_ text: String) {}
      func only(_ key: LocalizedStringKey) {}
      show("ambiguous")
      only("localized")
      """)
    #expect(found == ["localized"])
  }

  @Test func notExtracted() {
    let result = extract(
      """
      let name = "x"
      let title: String? = nil
      Text(verbatim: "verbatim")
      Text(name)
      Text(title ?? "fallback")
      print("not localizable")
      let s = "plain string"
      let k = NSLocalizedString("Hello \\(name)", comment: "interpolated")
      let v = NSLocalizedString(name, comment: "variable")
      let t = NSLocalizedString("tabled", tableName: tableVariable, comment: "")
      Image("icon")
      """)
    #expect(result.strings.isEmpty)
    let messages = result.diagnostics.map(\.message)
    #expect(messages.contains { $0.contains("has an interpolation") })
    #expect(messages.contains { $0.contains("the key is not a string literal") })
    #expect(messages.contains { $0.contains("the table is not a string literal") })
  }

  @Test func emptyAndMissingComments() {
    let found = extract(
      #"let a = NSLocalizedString("k", comment: ""); let b = Text("t", comment: c)"#
    ).strings
    #expect(found.map(\.comment) == [nil, nil])
  }

  @Test func conditionalCompilation() {
    let source = """
      #if os(macOS)
      let a = Text("Mac")
      #elseif os(iOS)
      let b = Text("iPhone")
      #else
      let c = Text("Other")
      #endif
      #if DEBUG
      let d = Text("Debug")
      #endif
      #if CUSTOM_FLAG
      let e = Text("Custom")
      #endif
      let v = Text("Base")
        #if os(iOS)
        .navigationTitle("iOS title")
        #endif
      """
    func keys(_ conditions: BuildConditions) -> Set<String> {
      Set(extract(source, conditions: conditions).strings.map(\.key))
    }
    #expect(keys(BuildConditions(platforms: ["macOS"], flags: [])) == ["Mac", "Base"])
    #expect(
      keys(BuildConditions(platforms: ["iOS"], flags: ["DEBUG"])) == [
        "iPhone", "Debug", "Base", "iOS title",
      ])
    #expect(
      keys(BuildConditions(platforms: ["watchOS"], flags: ["CUSTOM_FLAG"])) == [
        "Other", "Custom", "Base",
      ])
    // Several platforms: each clause that one of them compiles.
    #expect(keys(.anyApplePlatform) == ["Mac", "iPhone", "Other", "Debug", "Base", "iOS title"])
  }

  /// SE-0308: an `#if` of postfix members nested in another's clause; the declarations after it
  /// are still read (the nested block used to end the outer one and swallow the rest of the file).
  @Test func nestedPostfixConditionals() {
    let source = """
      var body: some View {
        NavigationStack {
          content
            #if os(tvOS)
            .padding(.horizontal, 40)
            #else
            .navigationTitle(String(localized: "Title"))
            #if os(iOS)
            .navigationBarTitleDisplayMode(.inline)
            #elseif os(macOS)
            .help(Text("Mac help"))
            #endif
            .toolbar { Button(String(localized: "Cancel")) {} }
            #endif
            .onAppear {}
        }
      }
      var content: some View { Text("After") }
      """
    func keys(_ conditions: BuildConditions) -> Set<String> {
      Set(extract(source, conditions: conditions).strings.map(\.key))
    }
    #expect(keys(BuildConditions(platforms: ["iOS"], flags: [])) == ["Title", "Cancel", "After"])
    #expect(
      keys(BuildConditions(platforms: ["macOS"], flags: [])) == [
        "Title", "Mac help", "Cancel", "After",
      ])
    #expect(keys(BuildConditions(platforms: ["tvOS"], flags: [])) == ["After"])
  }

  @Test func commentsAndStringsInCommentsAreNotCode() {
    let found = keys(
      """
      // Text("in a line comment")
      /* Text("in a block /* nested */ comment") */
      let a = Text("real") // Text("after")
      """)
    #expect(found == ["real"])
  }
}
