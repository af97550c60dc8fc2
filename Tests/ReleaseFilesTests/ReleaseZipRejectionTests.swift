import Foundation
import ReleaseFiles
import Testing

@Suite("ReleaseZip: rejected archives")
struct ReleaseZipRejectionTests {
  private static let table = "add('en.lproj/Localizable.strings', b'\"a\" = \"b\";')"

  @Test(arguments: [
    "../x", "a/../../x", "/etc/x", "a\\\\..\\\\..\\\\x", "en.lproj/../../x.strings",
    "__MACOSX/../../._x",
  ])
  func unsafePath(_ name: String) throws {
    let zip = try PythonZip.make("\(Self.table)\nadd('\(name)', b'x')")
    let error = expectRejection(.unsafeEntryPath, zip)
    // libarchive reports zip names with `\` separators with `/` instead.
    #expect(error?.path == name.replacingOccurrences(of: "\\\\", with: "/"))
  }

  @Test func symlink() throws {
    let link = "add('en.lproj/Link.strings', b'/etc/passwd', mode=0o120777)"
    let zip = try PythonZip.make("\(Self.table)\n\(link)")
    #expect(expectRejection(.unsafeEntryPath, zip)?.path == "en.lproj/Link.strings")
  }

  @Test(arguments: [
    ("flagged", "add('en.lproj/A\\xe9.strings', b'x')", "b'A\\xc3\\xa9'", "b'A\\xff\\xfe'"),
    ("unflagged", "add('en.lproj/Q\\x01.strings', b'x')", "b'Q\\x01'", "b'Q\\x82'"),
  ])
  func nameNotUTF8(kind: String, entry: String, name: String, patched: String) throws {
    let zip = try PythonZip.make(
      "\(Self.table)\n\(entry)", after: "write(read().replace(\(name), \(patched)))")
    #expect(zip.count > 0, "\(kind)")
    expectRejection(.unsafeEntryPath, zip)
  }

  @Test func duplicateEntry() throws {
    let zip = try PythonZip.make("\(Self.table)\n\(Self.table)")
    #expect(expectRejection(.duplicateEntry, zip)?.path == "en.lproj/Localizable.strings")
  }

  @Test func duplicateEntryInAnotherNormalization() throws {
    let zip = try PythonZip.make(
      "add('en.lproj/\\u00dc.strings', b'x')\nadd('en.lproj/U\\u0308.strings', b'y')")
    expectRejection(.duplicateEntry, zip)
  }

  @Test func wrapperFolder() throws {
    let zip = try PythonZip.make(
      """
      add('release/', mode=0o40755)
      add('release/en.lproj/Localizable.strings', b'x')
      add('release/de.lproj/Localizable.strings', b'x')
      add('__MACOSX/release/._en.lproj', b'junk')
      """)
    let error = expectRejection(.wrapperDirectory, zip)
    #expect(error?.path == "release")
    #expect(error?.message.contains("disagree") == true)
    #expect(error?.message.contains("at the root") == true)
  }

  @Test func nestedDeeper() throws {
    let zip = try PythonZip.make("add('outer/inner/en.lproj/Localizable.strings', b'x')")
    expectRejection(.noLocalizationContent, zip)
  }

  @Test func lprojWithoutTables() throws {
    let zip = try PythonZip.make("add('en.lproj/Info.plist', b'x')\nadd('README', b'x')")
    expectRejection(.noLocalizationContent, zip)
  }

  @Test func emptyZip() throws {
    expectRejection(.noLocalizationContent, try PythonZip.make(""))
  }

  @Test func zeroBytes() {
    let error = expectRejection(.unreadableArchive, [])
    #expect(error?.message == "the file is empty (0 bytes)")
  }

  @Test func randomBytes() {
    var generator = SplitMixBytes(seed: 7)
    expectRejection(.unreadableArchive, generator.bytes(4096))
  }

  @Test func truncatedGoodZip() throws {
    let zip = try PythonZip.goodRelease()
    for length in [zip.count / 2, zip.count - 10, 30] {
      expectRejection(.unreadableArchive, Array(zip.prefix(length)))
    }
  }

  @Test func corruptData() throws {
    let zip = try PythonZip.make(
      "add('en.lproj/Localizable.strings', b'\"a\" = \"b\";', stored=True)",
      after: "write(read().replace(b'\"a\" = \"b\";', b'\"a\" = \"c\";'))")
    expectRejection(.unreadableArchive, zip)
  }
}
