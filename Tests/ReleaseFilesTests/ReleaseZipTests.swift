import ReleaseFiles
import Testing

@Suite("ReleaseZip: accepted releases")
struct ReleaseZipTests {
  @Test func goodReleaseReturnsOnlyRootTables() throws {
    let entries = try ReleaseZip.entries(PythonZip.goodRelease())
    let strings = { (word: String) in Array("\"hello\" = \"\(word)\";\n".utf8) }
    let plist = Array("<plist><dict/></plist>\n".utf8)
    #expect(
      entries == [
        ArchiveEntry(path: "de.lproj/Localizable.strings", bytes: strings("Hallo")),
        ArchiveEntry(path: "de.lproj/Localizable.stringsdict", bytes: plist),
        ArchiveEntry(path: "en.lproj/Localizable.strings", bytes: strings("Hello")),
        ArchiveEntry(path: "en.lproj/Localizable.stringsdict", bytes: plist),
      ])
  }

  /// Each kept file is handed over as soon as it is read, in archive order; junk and other
  /// files are not.
  @Test func eachKeptFileIsHandedOverInArchiveOrder() throws {
    var handed: [String] = []
    let entries = try ReleaseZip.entries(PythonZip.goodRelease()) { handed.append($0.path) }
    #expect(
      handed == [
        "en.lproj/Localizable.strings", "en.lproj/Localizable.stringsdict",
        "de.lproj/Localizable.strings", "de.lproj/Localizable.stringsdict",
      ])
    #expect(entries.map(\.path) == handed.sorted())
  }

  @Test func storedAndDeflatedEntriesReadTheSame() throws {
    let content = String(repeating: "\"key\" = \"value\";\n", count: 500)
    let zip = try PythonZip.make(
      """
      text = b'\(content.replacingOccurrences(of: "\n", with: "\\n"))'
      add('en.lproj/Stored.strings', text, stored=True)
      add('en.lproj/Deflated.strings', text)
      """)
    let entries = try ReleaseZip.entries(zip)
    #expect(entries.map(\.path) == ["en.lproj/Deflated.strings", "en.lproj/Stored.strings"])
    #expect(entries.allSatisfy { $0.bytes == Array(content.utf8) })
  }

  @Test func utf8NamesAreKept() throws {
    let zip = try PythonZip.make(
      """
      add('zh-Hans.lproj/Ünïcode.strings', b'"a" = "b";')
      add('zh-Hans.lproj/Localizable.strings', b'"c" = "d";')
      """)
    let paths = try ReleaseZip.entries(zip).map(\.path)
    #expect(paths == ["zh-Hans.lproj/Localizable.strings", "zh-Hans.lproj/Ünïcode.strings"])
  }

  @Test func resultIsSortedByBytes() throws {
    let zip = try PythonZip.make(
      """
      add('en.lproj/b.strings', b'')
      add('en.lproj/B.strings', b'')
      add('Base.lproj/a.strings', b'')
      add('en.lproj/Ä.strings', b'')
      """)
    let paths = try ReleaseZip.entries(zip).map(\.path)
    let expected = ["Base.lproj/a.strings", "en.lproj/B.strings", "en.lproj/b.strings"]
    #expect(paths == expected + ["en.lproj/Ä.strings"])
  }

  @Test func filesBesideTablesAndSubfoldersAreIgnored() throws {
    let zip = try PythonZip.make(
      """
      add('en.lproj/Localizable.strings', b'x')
      add('en.lproj/sub/Other.strings', b'x')
      add('en.lproj/.strings', b'x')
      add('en.lproj/Notes.stringsdict.txt', b'x')
      add('.lproj/Localizable.strings', b'x')
      add('Localizable.strings', b'x')
      """)
    #expect(try ReleaseZip.entries(zip).map(\.path) == ["en.lproj/Localizable.strings"])
  }

  @Test(arguments: [
    ("__MACOSX/._x", true), ("__MACOSX/en.lproj/Localizable.strings", true), (".DS_Store", true),
    ("en.lproj/.DS_Store", true), ("en.lproj/._Localizable.strings", true),
    ("en.lproj/Localizable.strings", false), ("README", false), ("en.lproj/a._b", false),
  ])
  func junk(path: String, isJunk: Bool) {
    #expect(ReleaseZip.isJunk(path) == isJunk)
  }

  @Test func concurrentCallsAgree() async throws {
    let zip = try PythonZip.goodRelease()
    let expected = try ReleaseZip.entries(zip)
    try await withThrowingTaskGroup(of: [ArchiveEntry].self) { group in
      for _ in 0..<8 { group.addTask { try ReleaseZip.entries(zip) } }
      for try await entries in group { #expect(entries == expected) }
    }
  }
}
