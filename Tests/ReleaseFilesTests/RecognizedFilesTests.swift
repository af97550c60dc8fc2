import ReleaseFiles
import StringTables
import Testing

/// `Release.read(files:recognizing:)`: a file the recognizer vouches for is taken as its table,
/// unparsed; every other file is parsed with the SDK's rules.
@Suite("Release: recognized files")
struct RecognizedFilesTests {
  static let strings = Array("\"hello\" = \"Hallo\";\n".utf8)

  @Test func recognizedFilesAreNotParsed() throws {
    // Not a property list at all: parsing it would fail.
    let garbage = Array("<plist><dict><key>x".utf8)
    let vouched = StringTable(name: "Localizable", language: "de", rules: ["k": .device([:])])
    let files = [
      ArchiveEntry(path: "de.lproj/Localizable.strings", bytes: Self.strings),
      ArchiveEntry(path: "de.lproj/Localizable.stringsdict", bytes: garbage),
    ]
    let release = try Release.read(files: files) { path, bytes in
      path.hasSuffix(".stringsdict") && bytes == garbage ? vouched : nil
    }
    #expect(
      release.tables == [
        StringTable(
          name: "Localizable", language: "de", strings: ["hello": "Hallo"], rules: vouched.rules)
      ])
    #expect(release.warnings.isEmpty)
    // Without the recognizer the same files are refused, naming the file.
    #expect(throws: ReleaseArchiveError.self) { try Release.read(files: files) }
  }
}
