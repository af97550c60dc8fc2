import StringTables
import Testing

@testable import StringsFiles

/// `TableFileWriter.isXML`: a file is taken without parsing only when it holds exactly lhc's XML
/// for the table, whether it differs in the first entry or the last.
@Suite("TableFileWriter.isXML")
struct RecognizedXMLTests {
  /// A table with `count` strings and `count` plural rules.
  static func table(_ count: Int) -> StringTable {
    var strings: [String: String] = [:]
    var rules: [String: StringsdictEntry] = [:]
    for index in 0..<count {
      let key = "key.\(1000 + index)"
      strings[key] = "Value \(index) & <more>"
      rules[key] = .format(
        FormatRule(
          formatKey: "%#@arg1@",
          variables: [
            "arg1": PluralVariable(
              valueType: "lld", forms: ["one": "%lld item \(index)", "other": "%lld items"])
          ]))
    }
    return StringTable(
      name: "Localizable", language: "de", strings: KeyedValues(strings),
      rules: KeyedValues(rules))
  }

  static let sizes = [0, 1, 3, 300]

  @Test(arguments: sizes, TableFile.Kind.allCases)
  func ownBytesAreRecognized(count: Int, kind: TableFile.Kind) throws {
    let table = Self.table(count)
    let bytes = try TableFileWriter.bytes(of: kind, table, format: .xml)
    #expect(TableFileWriter.isXML(bytes, of: kind, table))
    // The other kind's bytes, binary bytes, and bytes with one more newline are not.
    let other: TableFile.Kind = kind == .strings ? .stringsdict : .strings
    if count > 0 {
      #expect(!TableFileWriter.isXML(bytes, of: other, table))
    }
    #expect(
      !TableFileWriter.isXML(
        try TableFileWriter.bytes(of: kind, table, format: .binary), of: kind, table))
    #expect(!TableFileWriter.isXML(bytes + [0x0A], of: kind, table))
    #expect(!TableFileWriter.isXML(Array(bytes.dropLast()), of: kind, table))
  }

  /// One value changed in the first entry or in the last.
  @Test(arguments: TableFile.Kind.allCases, [false, true])
  func oneChangedValueIsNotRecognized(kind: TableFile.Kind, last: Bool) throws {
    let table = Self.table(300)
    var changed = table
    let key = last ? "key.1299" : "key.1000"
    switch kind {
    case .strings:
      changed.strings[key] = "Value X & <more>"
    case .stringsdict:
      changed.rules[key] = changed.rules[key].map { entry in
        guard case .format(var rule) = entry else { return entry }
        rule.variables["arg1"]?.forms["other"] = "%lld things"
        return .format(rule)
      }
    }
    let bytes = try TableFileWriter.bytes(of: kind, changed, format: .xml)
    #expect(bytes != (try TableFileWriter.bytes(of: kind, table, format: .xml)))
    #expect(!TableFileWriter.isXML(bytes, of: kind, table))
    #expect(TableFileWriter.isXML(bytes, of: kind, changed))
  }
}
