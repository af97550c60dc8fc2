import Foundation
import SourceProjects
import SourceStrings
import SwiftSource
import Testing

@testable import SourceLint

/// The code's checks on small files (each written to a folder of its own, read as
/// `lhc lint --sources` reads a tree), their rules one by one, and the coverage tables.
@Suite struct SourceLintTests {
  /// `check line` of each finding of `source` (one file of no target), with `sdk`'s coverage.
  static func findings(_ source: String, sdk: String? = nil) throws -> [String] {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lhc-source-lint-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent(".git"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("File.swift").path
    try source.write(toFile: path, atomically: true, encoding: .utf8)
    let scan = SourceScan.scan(inputs: [path], excluded: [], extraCatalogs: [], tree: FileTree())
    let trees = scan.files.map { file in
      Parser.parse(
        SourceFile(path: file, bytes: Array(FileManager.default.contents(atPath: file)!)))
    }
    let coverage = sdk.flatMap(OTACoverage.init)
    let result = SourceLint.lint(
      trees: trees, extraction: Extraction.run(trees, scan: scan), scan: scan, catalogs: [],
      sdk: { _ in coverage })
    return result.files.flatMap { file in
      file.findings.map { "\($0.check) \(file.file.lineColumn(of: $0.diagnostic.offset!).line)" }
    }
  }

  @Test func concatenationAndItsNegativeForms() throws {
    let found = try Self.findings(
      """
      let a = NSLocalizedString("Hello", comment: "") + name
      let b = name + String(localized: "World")
      var c = ""; c += String(localized: "World")
      let d = String(localized: "World").appending(name)
      let e = Text("Bold").bold() + Text(verbatim: name)
      let f = String(format: NSLocalizedString("Hello, %@", comment: ""), name)
      let g = name + " " + name
      let h = count + 1
      let i = NSLocalizedString("Count", comment: "").count + 1
      let j = Text(verbatim: name) + Text(" ")
      let k = "\\(String(localized: "World")) \\(name)"
      let l = [NSLocalizedString("A", comment: ""), name].joined(separator: " ")
      let m = name.appending(other)
      """
    ).filter { $0.hasPrefix("source-concatenation") }
    #expect(
      found == [
        "source-concatenation 1", "source-concatenation 2", "source-concatenation 3",
        "source-concatenation 4", "source-concatenation 5",
      ])
  }

  @Test func leftRightAndItsNegativeForms() throws {
    let found = try Self.findings(
      """
      label.textAlignment = .left
      paragraph.alignment = .right
      let x = NSTextAlignment.left
      view.leftAnchor.constraint(equalTo: other.rightAnchor)
      NSLayoutConstraint(item: a, attribute: .leftMargin, relatedBy: .equal, toItem: b, attribute: .leading, multiplier: 1, constant: 0)
      let attribute = NSLayoutConstraint.Attribute.right
      view.layoutMargins = UIEdgeInsets(top: 0, left: 8, bottom: 0, right: 0)
      button.contentEdgeInsets = UIEdgeInsetsMake(0, 4, 0, 12)
      view.semanticContentAttribute = .forceLeftToRight
      NSApp.userInterfaceLayoutDirection = .rightToLeft
      stack.addConstraints(NSLayoutConstraint.constraints(withVisualFormat: "H:|[a]|", options: .alignAllLeft, metrics: nil, views: views))
      content.environment(\\.layoutDirection, .rightToLeft)
      label.textAlignment = .natural
      label.textAlignment = .center
      stack.alignment = .leading
      view.leadingAnchor.constraint(equalTo: other.trailingAnchor)
      view.layoutMargins = UIEdgeInsets(top: 0, left: 8, bottom: 0, right: 8)
      view.layoutMargins = UIEdgeInsets(top: 0, left: inset, bottom: 0, right: 0)
      view.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 0, leading: 8, bottom: 0, trailing: 0)
      view.semanticContentAttribute = .playback
      if view.effectiveUserInterfaceLayoutDirection == .rightToLeft { flip() }
      content.environment(\\.layoutDirection, direction)
      switch edge { case .left: break; default: break }
      swipe.direction = .left
      #Preview { content.environment(\\.layoutDirection, .rightToLeft) }
      struct Previews: PreviewProvider { static var previews: some View { content.environment(\\.layoutDirection, .rightToLeft) } }
      """)
    // One finding per line, two on line 4 (leftAnchor and rightAnchor); none after line 12.
    #expect(found == [1, 2, 3, 4, 4, 5, 6, 7, 8, 9, 10, 11, 12].map { "source-left-right \($0)" })
  }

  @Test func fixedDateFormatsShownOrNot() throws {
    let found = try Self.findings(
      """
      func shown(_ date: Date) -> String {
        let f = DateFormatter()
        f.dateFormat = "dd/MM/yyyy"
        return f.string(from: date)
      }
      struct Formats {
        static let long: DateFormatter = {
          let f = DateFormatter()
          f.dateFormat = "EEEE d MMMM"
          return f
        }()
        var short = DateFormatter()
        init() { short.dateFormat = "h:mm a" }
        func title(_ date: Date) -> String { Formats.long.string(from: date) + short.string(from: date) }
      }
      func parsed(_ text: String) -> Date? {
        let f = DateFormatter()
        f.dateFormat = "dd/MM/yyyy"
        return f.date(from: text)
      }
      func posix(_ date: Date) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "dd/MM/yyyy"
        return f.string(from: date)
      }
      func fixedLocale(_ date: Date) -> String {
        let f = DateFormatter()
        f.dateFormat = "dd MMM yyyy"
        f.locale = locale
        return f.string(from: date)
      }
      func iso(_ date: Date) -> String {
        let f = DateFormatter()
        f.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSSZ"
        return f.string(from: date)
      }
      struct Unused {
        static let never: DateFormatter = {
          let f = DateFormatter()
          f.dateFormat = "MMM d"
          return f
        }()
      }
      func other(_ date: Date) -> String {
        let f = DateFormatter()
        f.dateFormat = "MMM d"
        return g.string(from: date)
      }
      """)
    #expect(
      found == [
        "source-fixed-date-format 3", "source-fixed-date-format 9", "source-fixed-date-format 13",
      ])
  }

  @Test func machineFormats() {
    for machine in [
      "yyyy-MM-dd'T'HH:mm:ssZZZZZ", "yyyy-MM-dd HH:mm:ss", "HH:mm:ss.SSS", "yyyyMMdd",
      "yyyy-MM-dd-HHmmss", "y-MM-dd_H-mm-ss-SSSS", "yyyy-MM-dd", "yyyy-MM-dd HH:mm",
      "EEE, dd MMM yyyy HH:mm:ss zzz",
    ] {
      #expect(DateFormats.isMachineFormat(machine), "\(machine)")
    }
    for people in ["MMM d, yyyy", "dd/MM/yyyy", "HH:mm", "h:mm a", "EEEE", "d. MMMM", "dd.MM.yy"] {
      #expect(!DateFormats.isMachineFormat(people), "\(people)")
    }
  }

  @Test func legacyAndOTAFindingsByTheSDKsRules() throws {
    let source = """
      let a = NSLocalizedString("Title", comment: "")
      let b = String(localized: "Title")
      let c = Text("Title", bundle: .lingohub)
      let d = Text("Title")
      let e = NSLocalizedString("Title", bundle: .module, comment: "")
      let f = NSLocalizedString("Title", bundle: someBundle, comment: "")
      let g = NSLocalizedString("Title", tableName: "Other", comment: "")
      """
    let legacy = [1, 5, 6, 7].map { "source-legacy-lookup \($0)" }
    func uncovered(_ lines: [Int]) -> [String] { lines.map { "ota-uncovered-lookup \($0)" } }
    #expect(try Self.findings(source) == legacy)
    // LingoHub covers NSLocalizedString (never called legacy then), not a module's bundle; a
    // bundle in a variable cannot be decided.
    #expect(try Self.findings(source, sdk: "lingohub") == uncovered([2, 4, 5]))
    // ReRune: Bundle.main's Localizable table only.
    #expect(try Self.findings(source, sdk: "rerune") == uncovered([2, 4, 5, 7]))
    // BetterI18n: no native lookup.
    #expect(
      Set(try Self.findings(source, sdk: "better-i18n"))
        == Set(uncovered(Array(1...7)) + legacy))
  }

  /// LingoHub's README table, row by row (SDK 2.1, "Which lookup APIs are covered").
  @Test func lingoHubCoverageRows() throws {
    let lingohub = try #require(OTACoverage("lingohub"))
    func verdict(_ path: LookupPath, _ bundle: BundleReference) -> String {
      switch lingohub.verdict(path: path, bundle: bundle, table: "Localizable", api: "X", key: "k")
      {
      case .covered: "yes"
      case .undecided: "?"
      case .uncovered: "no"
      }
    }
    #expect(verdict(.bundle, .main) == "yes")  // NSLocalizedString, Bundle.localizedString
    #expect(verdict(.swiftUI, .sdk("lingohub")) == "yes")  // Text("key", bundle: .lingohub)
    #expect(verdict(.foundation, .sdk("lingohub")) == "yes")  // String(localized:bundle:)
    #expect(verdict(.sdk, .main) == "yes")  // Text(lh:), String(lh:), resolve(_:)
    #expect(verdict(.foundation, .main) == "no")  // String(localized:) without the bundle
    #expect(verdict(.swiftUI, .main) == "no")  // Text("key"), Button("key")
    #expect(verdict(.bundle, .module) == "no")  // swizzling covers the main bundle only
    #expect(verdict(.bundle, .unknown) == "?")
    #expect(OTACoverage.sdkNames == ["lingohub", "rerune", "better-i18n"])
    #expect(OTACoverage("tolgee") == nil)
    #expect(lingohub.coversNSLocalizedString)
    #expect(OTACoverage("rerune")?.coversNSLocalizedString == true)
    #expect(OTACoverage("better-i18n")?.coversNSLocalizedString == false)
  }

  @Test func bundleSpellings() {
    func bundle(_ written: String?, _ path: LookupPath = .bundle) -> BundleReference {
      BundleReference(
        of: LocalizableString(
          table: "Localizable", key: "k", offset: 0, api: "X", bundle: written, path: path))
    }
    #expect(bundle(nil) == .main)
    #expect(bundle("Bundle.main") == .main)
    #expect(bundle("nil") == .main)
    #expect(bundle(".module") == .module)
    #expect(bundle(".lingohub") == .sdk("lingohub"))
    #expect(bundle(".atURL(Bundle.lingohub.bundleURL)") == .sdk("lingohub"))
    #expect(bundle("Bundle(for: Self.self)") == .unknown)
    #expect(bundle(".module", .sdk) == .main)
    #expect(bundle(".lingohub").readsMainTables)
    #expect(!bundle(".module").readsMainTables)
  }

  @Test func keysMadeAtRunTimeMatchTheirParts() {
    #expect(SourceLint.matches("item.apple", ["item.", ""]))
    #expect(!SourceLint.matches("items", ["item.", ""]))
    #expect(SourceLint.matches("Delete “Mail”?", ["Delete “", "”?"]))
    #expect(!SourceLint.matches("Delete?", ["Delete “", "”?"]))
    #expect(SourceLint.matches("a-b-c", ["a", "b", "c"]))
    #expect(!SourceLint.matches("a-c-b", ["a", "b", "c"]))
    #expect(SourceLint.matches("anything", ["", ""]))
    #expect(SourceLint.hasWords("%lld files"))
    #expect(!SourceLint.hasWords("%lld"))
    #expect(!SourceLint.hasWords("@%@ • %1$@"))
    #expect(Resolver.specifierless("%lld points") == Resolver.specifierless("%@ points"))
    #expect(Resolver.specifierless("100%% done") == "100%% done")
  }
}
