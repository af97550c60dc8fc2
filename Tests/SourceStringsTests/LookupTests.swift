import SourceStrings
import SwiftSource
import Testing

/// What extraction records for `lhc lint --sources` beside Xcode's strings: each string's
/// bundle argument and lookup path, LingoHub's lookups (extracted, as Xcode extracts their
/// `LocalizedStringResource` literals), and the lookups Xcode does not extract.
@Suite struct LookupTests {
  @Test func bundleArgumentsAndPathsAsWritten() {
    let found = extract(
      """
      let a = NSLocalizedString("ns", bundle: .module, comment: "")
      let b = String(localized: "swift", bundle: Bundle . main)
      let c = Text("text", bundle: .atURL(Bundle.lingohub.bundleURL))
      let d = Button("button") {}
      let e = LocalizedStringResource("resource", bundle: .main)
      let f: LocalizedStringKey = "declared"
      struct Intent { static let title: LocalizedStringResource = "intent" }
      """
    ).strings
    let byKey = Dictionary(uniqueKeysWithValues: found.map { ($0.key, $0) })
    #expect(byKey["ns"]?.bundle == ".module")
    #expect(byKey["ns"]?.path == .bundle)
    #expect(byKey["swift"]?.bundle == "Bundle.main")
    #expect(byKey["swift"]?.path == .foundation)
    #expect(byKey["text"]?.bundle == ".atURL(Bundle.lingohub.bundleURL)")
    #expect(byKey["text"]?.path == .swiftUI)
    #expect(byKey["button"]?.bundle == nil)
    #expect(byKey["button"]?.path == .swiftUI)
    #expect(byKey["resource"]?.path == .foundation)
    #expect(byKey["declared"]?.path == .value)
    #expect(byKey["intent"]?.path == .value)
    #expect(found.allSatisfy { $0.keyForm == .literal })
  }

  @Test func lingoHubLookupsAreExtractedAsXcodeDoes() {
    let found = extract(
      """
      let a = Text(lh: "welcome_message")
      let b = String(lh: "\\(count) new messages")
      let c = Button(LingoHubSDK.shared.resolve("save_button")) { save() }
      let d = container.resolve("not a lookup")
      let count = 3
      """
    ).strings
    #expect(found.map(\.key) == ["welcome_message", "%lld new messages", "save_button"])
    #expect(found.map(\.api) == ["Text(lh:)", "String(lh:)", "LingoHubSDK.shared.resolve"])
    #expect(found.allSatisfy { $0.path == .sdk })
  }

  @Test func lookupsXcodeDoesNotExtract() {
    let file = extract(
      """
      let a = Bundle.main.localizedString(forKey: "bundle.key", value: nil, table: "Other")
      let b = NSLocalizedString(key, comment: "")
      let c = NSLocalizedString("item.\\(name)", comment: "")
      let d = NSLocalizedString("fixed", tableName: table, bundle: bundle, comment: "")
      let e = String(localized: title)
      let f = LocalizedStringKey(name)
      let g = Text(name)
      let h = Button(title) {}
      let i = bundle.localizedString(forKey: key, value: nil, table: nil)
      """)
    #expect(file.strings.isEmpty)
    let lookups = file.lookups.map {
      "\($0.api) \($0.key) table=\($0.table) bundle=\($0.bundle ?? "-") \($0.keyForm)"
    }
    #expect(
      lookups == [
        ".localizedString(forKey:) bundle.key table=Other bundle=Bundle.main literal",
        "NSLocalizedString key table=Localizable bundle=- pattern([\"\", \"\"])",
        "NSLocalizedString \"item.\\(name)\" table=Localizable bundle=- pattern([\"item.\", \"\"])",
        "NSLocalizedString fixed table= bundle=bundle literal",
        "String(localized:) title table=Localizable bundle=- value",
        "LocalizedStringKey name table= bundle=- pattern([\"\", \"\"])",
        ".localizedString(forKey:) key table=Localizable bundle=bundle pattern([\"\", \"\"])",
      ])
    // Extraction's own reports are unchanged: Xcode's forms only.
    #expect(
      file.diagnostics.map(\.message) == [
        "NSLocalizedString: the key is not a string literal; it is not extracted",
        "NSLocalizedString: the key has an interpolation; Xcode does not extract it (the lookup uses the interpolated text as its key)",
        "NSLocalizedString: the table is not a string literal; the string is not extracted",
      ])
  }

  @Test func expressionTextIsCanonical() {
    func text(_ source: String) -> String {
      let tree = Parser.parse(SourceFile(path: "T.swift", bytes: Array("let x = \(source)".utf8)))
      guard case .declaration(let declaration) = tree.statements.first,
        case .variable(let variable) = declaration.kind,
        let value = variable.bindings.first?.initializer
      else { return "?" }
      return value.text
    }
    #expect(text("Bundle  .  main") == "Bundle.main")
    #expect(text(".atURL( Bundle.lingohub.bundleURL )") == ".atURL(Bundle.lingohub.bundleURL)")
    #expect(text("Locale(identifier: \"en_US_POSIX\")") == "Locale(identifier: \"en_US_POSIX\")")
    #expect(text("self.formatter?.value!") == "self.formatter.value")
    #expect(text("a + b") == "…")
  }
}
