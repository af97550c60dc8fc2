import Foundation
import LHCBase
import LHCTestSupport
import StringCatalog
import StringTables
import StringsFiles
import Testing

@testable import ReleaseFiles

/// ``StringsdictEventBuilder`` (the `.stringsdict` fast path) against the full path
/// (``TableFileReader/decodedStringsdict(path:bytes:)``: `PlistValue` tree and
/// ``StringsdictDecoder``): equal entries wherever it reads a file, and where it gives up the
/// reader's result is the full path's.
@Suite("Stringsdict fast path")
struct StringsdictFastPathTests {
  static let path = "de.lproj/Localizable.stringsdict"

  /// Every `.stringsdict` file of the shared corpus and of `TestData/`, relative to the package's
  /// parent folder.
  static let files: [String] = {
    let parent = TestPaths.packageRoot.deletingLastPathComponent()
    var found: [String] = []
    for root in [TestPaths.corpus, TestPaths.testData] {
      let paths = (try? FileManager.default.subpathsOfDirectory(atPath: root.path)) ?? []
      let prefix = String(root.path.dropFirst(parent.path.count + 1))
      found += paths.filter { $0.hasSuffix(".stringsdict") }.map { "\(prefix)/\($0)" }
    }
    return found.sorted()
  }()

  /// The fast path's entries for `bytes` (nil when it gives up), checked against the full path:
  /// where the fast path reads the file, the full path reads it with no warning and the same
  /// table. Read without values (`lhc pack`'s read-back), the file gives the same keys, warnings
  /// and errors.
  @discardableResult
  static func checkAgainstFullPath(_ bytes: [UInt8]) -> (
    keys: [String], entries: [StringsdictEntry]
  )? {
    let fast = StringsdictEventBuilder.entries(bytes)
    let full = Result { () throws(ReleaseArchiveError) in
      try TableFileReader.decodedStringsdict(path: path, bytes: bytes)
    }
    let read = Result { () throws(ReleaseArchiveError) in
      try TableFileReader.read(path: path, bytes: bytes)
    }
    let keysOnly = Result { () throws(ReleaseArchiveError) in
      try TableFileReader.readKeys(path: path, bytes: bytes)
    }
    #expect(StringsdictEventBuilder.entries(bytes, values: false)?.keys == fast?.keys)
    switch (read, keysOnly) {
    case (.success(let read), .success(let keysOnly)):
      #expect(keysOnly.keys.strings == read.table.rules.keys)
      #expect(keysOnly.warnings == read.warnings)
    case (.failure(let readError), .failure(let keysOnlyError)):
      #expect(keysOnlyError == readError)
    default: Issue.record("reading without values disagrees: \(keysOnly) vs \(read)")
    }
    switch (full, read) {
    case (.success(let full), .success(let read)):
      #expect(read.table.rules == full.rules)
      #expect(read.warnings == full.warnings)
      if let fast {
        #expect(full.warnings.isEmpty)
        #expect(KeyedValues(keysKeepingLast: fast.keys, values: fast.entries) == full.rules)
        // Repeated keys kept in document order, as the full path's root entries.
        #expect(fast.keys == full.document.map(\.key))
      }
    case (.failure(let fullError), .failure(let readError)):
      #expect(readError == fullError)
      #expect(fast == nil)
    default: Issue.record("the reader and the full path disagree: \(read) vs \(full)")
    }
    return fast
  }

  @Test(arguments: files)
  func corpusAndFixtureFilesReadAsTheFullPathReadsThem(_ file: String) throws {
    let url = TestPaths.packageRoot.deletingLastPathComponent().appendingPathComponent(file)
    Self.checkAgainstFullPath(try [UInt8](Data(contentsOf: url)))
  }

  /// lhc's own output for every buildable corpus catalog: XML takes the fast path, binary the
  /// full one, with the same tables.
  @Test(arguments: TestPaths.buildableCatalogs)
  func compiledCorpusTablesTakeTheFastPath(_ catalogPath: String) throws {
    let source = try SourceText(
      contentsOf: TestPaths.corpus.appendingPathComponent(catalogPath).path)
    let catalog = try CatalogReader.readLossless(source).catalog
    let tables = CatalogCompiler.compile(catalog, table: TestPaths.table(ofCatalog: catalogPath))
      .tables
    for table in tables where !table.rules.isEmpty {
      let xml = try TableFileWriter.bytes(of: .stringsdict, table, format: .xml)
      let fast = Self.checkAgainstFullPath(xml)
      let rules = fast.map { KeyedValues(keysKeepingLast: $0.keys, values: $0.entries) }
      #expect(rules == table.rules)
      let binary = try TableFileWriter.bytes(of: .stringsdict, table, format: .binary)
      #expect(Self.checkAgainstFullPath(binary) == nil)
      #expect(try TableFileReader.read(path: Self.path, bytes: binary).table.rules == table.rules)
    }
  }

  static let format = "<key>NSStringLocalizedFormatKey</key><string>%#@n@</string>"
  static let variable =
    "<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
    + "<key>NSStringFormatValueTypeKey</key><string>d</string>"
    + "<key>one</key><string>%d item</string><key>other</key><string>%d items</string>"
  static let rule = "\(format)<key>n</key><dict>\(variable)</dict>"
  static let devices =
    "<key>NSStringDeviceSpecificRuleType</key><dict><key>iphone</key><string>phone</string>"
    + "<key>mac</key><dict>\(rule)</dict></dict>"

  /// Documents the fast path reads, each as the full path does.
  static let read: [String] = [
    "<dict/>",
    "<dict><key>k</key><dict>\(rule)</dict></dict>",
    "<dict><key>k</key><dict><key>n</key><dict>\(variable)</dict>\(format)</dict></dict>",
    "<dict><key>k</key><dict>\(format)</dict></dict>",
    "<dict><key>k</key><dict>\(devices)</dict></dict>",
    "<dict><key>k</key><dict><key>NSStringDeviceSpecificRuleType</key><dict/></dict></dict>",
    "<dict><key>k</key><dict><key>NSStringVariableWidthRuleType</key><dict>"
      + "<key>1</key><string>x</string><key>20</key><dict>\(rule)</dict>"
      + "<key>30</key><dict>\(devices)</dict></dict></dict></dict>",
    // A repeated entry key: the last wins, as in the full path.
    "<dict><key>k</key><dict>\(rule)</dict><key>k</key><dict>\(format)</dict></dict>",
    // Comments send no event; CDATA, character references and shielded controls are text.
    "<dict><!-- c --><key>k&amp;\u{1}</key><dict><key>NSStringLocalizedFormatKey</key>"
      + "<string><![CDATA[<%#@n@>]]>&#x9;\r\n</string><key>n</key><dict>\(variable)</dict>"
      + "</dict></dict>",
  ]

  @Test(arguments: read)
  func readsAsTheFullPath(_ body: String) {
    #expect(Self.checkAgainstFullPath(plistDocument(body)) != nil)
  }

  /// Documents the fast path gives up on: the full path's entries, warnings and errors stand.
  static let givenUp: [String] = [
    // Unknown members and nested shapes the decoder refuses or reads its own way.
    "<dict><key>k</key><dict>\(format)<key>note</key><string>x</string></dict></dict>",
    "<dict><key>k</key><dict>\(format)<key>n</key><dict><key>one</key><dict/></dict></dict></dict>",
    "<dict><key>k</key><dict>\(rule)\(devices)</dict></dict>",
    "<dict><key>k</key><dict>\(devices)\(format)</dict></dict>",
    "<dict><key>k</key><dict><key>NSStringVariableWidthRuleType</key><dict><key>1</key>"
      + "<dict><key>NSStringVariableWidthRuleType</key><dict/></dict></dict></dict></dict>",
    "<dict><key>k</key><dict>\(format)<key>n</key><dict><key>one</key><string>x</string>"
      + "</dict></dict></dict>",
    "<dict><key>k</key><dict>\(format)\(format)</dict></dict>",
    "<dict><key>k</key><dict>\(format)<key>n</key><dict>\(variable)<key>one</key><string>y</string>"
      + "</dict></dict></dict>",
    "<dict><key>k</key><dict/></dict>",
    "<dict><key>k</key><string>x</string></dict>",
    "<dict><key>k</key><dict>\(format)<key>n</key><integer>1</integer></dict></dict>",
    "<dict><key>k</key><array/></dict>",
    // Not a dictionary root; malformed XML; entities; text between elements.
    "<array/>",
    "<dict><key>k</key><dict>\(rule)</dict>",
    "<dict><key>k</key></dict>",
    "<dict>x</dict>",
    "<dict/><dict/>",
  ]

  @Test(arguments: givenUp)
  func givesUpAndTheFullPathDecides(_ body: String) {
    #expect(Self.checkAgainstFullPath(plistDocument(body)) == nil)
  }

  /// Repeated names are found by a search of the open dictionary's names, in every kind of
  /// dictionary; one with more than `maxMembers` names is left to the full path.
  @Test func repeatedNamesAndLargeDictionaries() {
    let variable = "<key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
    func forms(_ names: [String]) -> String {
      names.map { "<key>\($0)</key><string>\($0) items</string>" }.joined()
    }
    func document(forms names: [String]) -> [UInt8] {
      plistDocument(
        "<dict><key>k</key><dict>\(Self.format)<key>n</key><dict>\(variable)\(forms(names))"
          + "</dict></dict></dict>")
    }
    let many = (0..<StringsdictEventBuilder.maxMembers).map { "form\($0)" }
    #expect(Self.checkAgainstFullPath(document(forms: many)) != nil)
    #expect(Self.checkAgainstFullPath(document(forms: many + ["one"])) == nil)
    #expect(Self.checkAgainstFullPath(document(forms: ["one", "other", "one"])) == nil)
    // Names are compared as strings: canonically equivalent ones are one name, as in the full
    // path's dictionaries; different non-ASCII names are two.
    #expect(Self.checkAgainstFullPath(document(forms: ["caf\u{E9}", "cafe\u{301}"])) == nil)
    #expect(Self.checkAgainstFullPath(document(forms: ["K", "one", "\u{212A}"])) == nil)
    #expect(Self.checkAgainstFullPath(document(forms: ["\u{E9}", "e", "\u{212B}"])) != nil)
    // The same name in a nested dictionary and in its parent is no repeat.
    let nested =
      "<dict><key>k</key><dict><key>NSStringDeviceSpecificRuleType</key><dict>"
      + "<key>mac</key><dict>\(Self.format)<key>mac</key><dict>\(variable)\(forms(["mac"]))"
      + "</dict></dict><key>iphone</key><string>x</string></dict></dict></dict>"
    #expect(Self.checkAgainstFullPath(plistDocument(nested)) != nil)
    // A device named twice, as text then as a format; a variable named twice.
    let devices =
      "<dict><key>k</key><dict><key>NSStringDeviceSpecificRuleType</key><dict>"
      + "<key>mac</key><string>x</string><key>mac</key><dict>\(Self.format)</dict></dict></dict>"
      + "</dict>"
    #expect(Self.checkAgainstFullPath(plistDocument(devices)) == nil)
    let variables =
      "<dict><key>k</key><dict>\(Self.format)<key>n</key><dict>\(variable)</dict>"
      + "<key>n</key><dict>\(variable)</dict></dict></dict>"
    #expect(Self.checkAgainstFullPath(plistDocument(variables)) == nil)
  }

  @Test func entitiesAndTheEmptyFileGiveUpWithTheFullPathsErrors() throws {
    let entity = Array(
      """
      <?xml version="1.0"?><!DOCTYPE plist [<!ENTITY e "x">]>
      <plist><dict><key>k</key><dict>\(Self.rule)</dict></dict></plist>
      """.utf8)
    for bytes in [entity, [], Array("<plist><dict><key>&e;</key></dict></plist>".utf8)] {
      #expect(Self.checkAgainstFullPath(bytes) == nil)
      #expect(throws: ReleaseArchiveError.self) {
        try TableFileReader.read(path: Self.path, bytes: bytes)
      }
    }
  }

  @Test func warningsForUnsupportedEntriesAreTheFullPaths() throws {
    let bytes = plistDocument("<dict><key>k</key><string>x</string></dict>")
    let (table, warnings) = try TableFileReader.read(path: Self.path, bytes: bytes)
    #expect(table.rules.isEmpty)
    #expect(warnings.map(\.message) == ["entry is a string, not a dictionary; not compared"])
  }
}
