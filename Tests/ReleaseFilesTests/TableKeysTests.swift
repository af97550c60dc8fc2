import LHCBase
import LHCPlist
import LHCTestSupport
import StringTables
import Testing

@testable import ReleaseFiles

/// The keys-only read of `lhc pack`'s read-back (``TableFileReader/readKeys(path:bytes:)``,
/// ``KeyColumn``) against the full read: the same keys, warnings and errors.
@Suite("Table file keys")
struct TableKeysTests {
  static let stringsPath = "de.lproj/Localizable.strings"

  /// `.strings` documents: sorted, unsorted, repeated keys (adjacent or not), a control character
  /// and a CR (read shielded), a value that is not a string, a malformed document, old-style text.
  static let stringsDocuments: [[UInt8]] =
    [
      "<dict><key>a</key><string>1</string><key>b</key><string>2</string></dict>",
      "<dict><key>b</key><string>2</string><key>a</key><string>1</string></dict>",
      "<dict><key>a</key><string>1</string><key>a</key><string>2</string></dict>",
      "<dict><key>b</key><string>1</string><key>a</key><string/><key>b</key><string>3</string></dict>",
      "<dict><key>c\u{1}r\rl</key><string>\u{B}\r\n</string><key>a</key><string>x</string></dict>",
      "<dict><key>a\u{1}</key><string>1</string><key>a\u{1}</key><string>2</string></dict>",
      "<dict><key>e\u{301}</key><string>1</string><key>\u{E9}</key><string>2</string></dict>",
      "<dict><key>a</key><integer>1</integer></dict>",
      "<dict><key>a</key><string>1</string>",
      "<dict/>",
    ].map(plistDocument) + [Array("\"b\" = \"1\";\n\"a\" = \"2\";\n\"b\" = \"3\";\n".utf8)]

  @Test(arguments: stringsDocuments)
  func stringsKeysAreTheTablesKeys(bytes: [UInt8]) {
    let read = Result { () throws(ReleaseArchiveError) in
      try TableFileReader.read(path: Self.stringsPath, bytes: bytes)
    }
    let keys = Result { () throws(ReleaseArchiveError) in
      try TableFileReader.readKeys(path: Self.stringsPath, bytes: bytes)
    }
    switch (read, keys) {
    case (.success(let read), .success(let keys)):
      #expect(keys.keys.strings == read.table.strings.keys)
      #expect(keys.warnings == read.warnings)
    case (.failure(let readError), .failure(let keysError)):
      #expect(keysError == readError)
    default: Issue.record("reading keys disagrees: \(keys) vs \(read)")
    }
  }

  /// Key lists: disjoint, overlapping, canonically equivalent keys with different bytes (equal
  /// as strings), empty.
  static let keyLists: [([String], [String])] = [
    (["a", "b", "d"], ["b", "c", "d", "e"]),
    (["account.title.000001", "account.title.000002"], ["account.title.000002"]),
    (["e\u{301}x", "z"], ["\u{E9}x", "z"]),
    (["\u{E9}", "\u{FF01}"], ["\u{E9}", "\u{1F600}"]),
    ([], ["a"]),
    (["a"], []),
  ]

  @Test(arguments: keyLists)
  func keysInBothAreTheTablesKeysInBoth(lists: ([String], [String])) {
    let (strings, rules) = (KeyOrder.sorted(lists.0), KeyOrder.sorted(lists.1))
    #expect(
      KeyColumn.keysInBoth(KeyColumn(strings), KeyColumn(rules))
        == StringTable.keysInBoth(strings, rules))
  }

  @Test func aColumnGivesBackItsKeysAndTheirOrder() {
    let keys = ["b", "a", "", "\u{1F600}", "\u{FF01}", "a long key of more than fifteen bytes"]
    let column = KeyColumn(keys)
    #expect(column.count == keys.count)
    #expect(column.strings == keys)
    #expect(!column.isSortedAndUnique)
    #expect(KeyColumn(KeyOrder.sorted(keys)).isSortedAndUnique)
    #expect(!KeyColumn(["a", "a"]).isSortedAndUnique)
    #expect(KeyColumn().isSortedAndUnique && KeyColumn(["a"]).isSortedAndUnique)
  }
}
