import Testing

@testable import ReleaseFiles

/// An entry the table model cannot hold is reported naming one member; with several bad members
/// that must be the same one in every run (found by `FuzzStringsdict`: the decoder walked its
/// dictionaries in `Dictionary` order, which differs between instances and processes).
@Suite("Stringsdict decoder: the member a warning names")
struct StringsdictDecoderOrderTests {
  /// A format entry whose 16 variables all lack `NSStringFormatSpecTypeKey`.
  static let document: [UInt8] = {
    var text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict>
      <key>k</key>
      <dict>
      <key>NSStringLocalizedFormatKey</key>
      <string>%#@v00@</string>

      """
    for index in (0..<16).reversed() {
      let name = index < 10 ? "v0\(index)" : "v\(index)"
      text += "<key>\(name)</key><dict><key>one</key><string>x</string></dict>\n"
    }
    text += "</dict>\n</dict>\n</plist>\n"
    return Array(text.utf8)
  }()

  @Test func namesTheFirstBadVariableByName() throws {
    let path = "de.lproj/Localizable.stringsdict"
    for _ in 0..<20 {
      let read = try TableFileReader.read(path: path, bytes: Self.document)
      #expect(read.table.rules.isEmpty)
      #expect(
        read.warnings.map(\.message) == [
          "entry variable 'v00' has no NSStringFormatSpecTypeKey string; not compared"
        ])
    }
  }
}
