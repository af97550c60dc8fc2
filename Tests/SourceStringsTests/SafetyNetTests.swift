import SourceStrings
import SwiftSource
import Testing

/// The sync's safety net (lhc-extract(1), SYNC): which literals of the code it counts, and how a
/// catalog key is compared with them.
@Suite struct SafetyNetTests {
  /// The forms of every literal a file's extraction notes.
  private func noted(_ source: String, more: [String] = []) -> Set<String> {
    Set(extract(source, more: more).literals.flatMap(\.forms))
  }

  private func matches(_ key: String, _ literals: Set<String>) -> Bool {
    KeyText.forms(ofKey: key).contains(where: literals.contains)
  }

  @Test func keysAndLiteralsCompareByTheirPieces() {
    let literals = noted(
      #"""
      print("Plain text")
      log("Delete \(name) now?")
      log("\(percent)% done")
      log("""
          Indented \
          text
          """)
      log(#"Raw "quoted" text"#)
      log("Add \(url) to \(account)")
      """#)
    #expect(matches("Plain text", literals))
    #expect(matches("Delete %@ now?", literals))
    #expect(matches("Delete %1$@ now?", literals))
    #expect(matches("%lld%% done", literals))
    #expect(matches("Indented text", literals))
    #expect(matches(#"Raw "quoted" text"#, literals))
    #expect(matches("Add ${url} to ${accountName}", literals))
    #expect(!matches("Delete %@ later?", literals))
    #expect(!matches("Plain", literals))
    // A key without a letter outside its arguments says nothing about where it comes from.
    #expect(KeyText.forms(ofKey: "%@: %lld").isEmpty)
    #expect(KeyText.forms(ofKey: "—").isEmpty)
  }

  @Test func cLiteralsAreFormatStrings() {
    let literal = Set(KeyText.forms(ofFormatLiteral: "%d of %@ left, 100%% sure"))
    #expect(matches("%lld of %@ left, 100%% sure", literal))
    #expect(matches("%d of %@ left, 100%% sure", literal))
    #expect(!matches("%d of %@ right", literal))
  }

  @Test func provablyNotLocalizablePositionsAreNotCounted() {
    let declarations = """
      func show(_ name: String) {}
      func label(_ key: String) -> String { NSLocalizedString(key, comment: "") }
      func title(_ key: String) -> String { label(key) }
      """
    let literals = noted(
      """
      let a = settings["Dictionary key"]
      let b = ["Literal key": 1]
      if mode == "Compared" {}
      switch mode { case "Pattern": break; default: break }
      Text(verbatim: "Verbatim")
      show("String parameter")
      #if os(Android)
      log("Inactive clause")
      #endif
      if false { log("Dead code") }
      // log("Commented out")
      log("Unresolved call")
      let c = "Assigned"
      title("Looked up through two functions")
      """, more: [declarations])
    for text in [
      "Dictionary key", "Literal key", "Compared", "Pattern", "Verbatim", "String parameter",
      "Inactive clause", "Dead code", "Commented out",
    ] {
      #expect(!matches(text, literals), "\(text)")
    }
    for text in ["Unresolved call", "Assigned", "Looked up through two functions"] {
      #expect(matches(text, literals), "\(text)")
    }
  }

  /// An `#if` clause another build of the target may compile (a flag another configuration, an
  /// xcconfig file or the command line sets) still feeds the net, though Xcode's build of the
  /// configuration read extracts nothing there; one only a platform the target does not build
  /// for compiles does not.
  @Test func clausesOfOtherBuildsAreCounted() {
    let source = """
      struct V: View {
        var body: some View {
          #if SPARKLE && os(macOS)
          Button("Check for Updates…") {}
          #elseif os(macOS)
          Text("Mac without updates")
          #else
          Text("Elsewhere")
          #endif
          #if DEBUG
          Text("Debug badge")
          #endif
        }
        #if !DEBUG
        func rate() -> String { String(localized: "Rate the app") }
        #endif
      }
      """
    let mac = BuildConditions(platforms: ["macOS"], flags: ["DEBUG"])
    let found = extract(source, conditions: mac)
    // Xcode's Debug build for the Mac extracts these only:
    #expect(Set(found.strings.map(\.key)) == ["Mac without updates", "Debug badge"])
    let literals = Set(found.literals.flatMap(\.forms))
    for text in ["Check for Updates…", "Rate the app", "Mac without updates", "Debug badge"] {
      #expect(matches(text, literals), "\(text)")
    }
    #expect(!matches("Elsewhere", literals))
  }

  /// A function the project names in `LOCALIZED_STRING_MACRO_NAMES` looks its `String` arguments
  /// up, though its body calls something lhc cannot see (an Objective-C function).
  @Test func namedLookupsTakeKeys() {
    let source = """
      func MFLocalizedString(_ key: String, comment: String) -> String { _MFLocalizedString(key) }
      let a = MFLocalizedString("toast.title", comment: "")
      """
    let tree = Parser.parse(SourceFile(path: "File.swift", bytes: Array(source.utf8)))
    for (lookups, counted) in [(Set<String>(), false), (["MFLocalizedString"], true)] {
      let index = TypeIndex(merging: [TypeIndex(trees: [tree])], lookups: lookups)
      let literals = Set(
        StringExtractor.extract(tree, index: index, conditions: .anyApplePlatform).literals
          .flatMap(\.forms))
      #expect(matches("toast.title", literals) == counted, "\(lookups)")
    }
  }
}
