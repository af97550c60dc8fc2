import Foundation
import LHCPlist
import StringTables
import Testing

@testable import StringsFiles

/// `.strings` / `.stringsdict` bytes of compiled tables.
@Suite("TableFileWriter")
struct TableFileWriterTests {
  static let plural = FormatRule(
    formatKey: "%#@arg1@",
    variables: [
      "arg1": PluralVariable(valueType: "lld", forms: ["one": "%lld file", "other": "%lld files"])
    ])

  static let table = StringTable(
    name: "Localizable", language: "en",
    strings: ["b": "B & <c>", "a": "A", "device": "Tap"],
    rules: [
      "files": .format(plural),
      "device": .device(["mac": .text("Click"), "ipad": .format(plural)]),
      "subs": .format(
        FormatRule(
          formatKey: "%@ has %2$#@n@",
          variables: ["n": PluralVariable(valueType: "d", forms: ["zero": "no", "other": "%2$d"])])),
    ])

  @Test func filesOfATable() {
    #expect(
      TableFileWriter.files(of: Self.table).map(\.relativePath) == [
        "en.lproj/Localizable.strings", "en.lproj/Localizable.stringsdict",
      ])
    let plainOnly = StringTable(name: "T", language: "pt-BR", strings: ["k": "v"])
    #expect(TableFileWriter.files(of: plainOnly).map(\.relativePath) == ["pt-BR.lproj/T.strings"])
    #expect(TableFileWriter.files(of: StringTable(name: "T", language: "de")).isEmpty)
  }

  @Test func stringsdictBytes() throws {
    let bytes = try TableFileWriter.bytes(of: .stringsdict, Self.table, format: .xml)
    let expected = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
      \t<key>device</key>
      \t<dict>
      \t\t<key>NSStringDeviceSpecificRuleType</key>
      \t\t<dict>
      \t\t\t<key>ipad</key>
      \t\t\t<dict>
      \t\t\t\t<key>NSStringLocalizedFormatKey</key>
      \t\t\t\t<string>%#@arg1@</string>
      \t\t\t\t<key>arg1</key>
      \t\t\t\t<dict>
      \t\t\t\t\t<key>NSStringFormatSpecTypeKey</key>
      \t\t\t\t\t<string>NSStringPluralRuleType</string>
      \t\t\t\t\t<key>NSStringFormatValueTypeKey</key>
      \t\t\t\t\t<string>lld</string>
      \t\t\t\t\t<key>one</key>
      \t\t\t\t\t<string>%lld file</string>
      \t\t\t\t\t<key>other</key>
      \t\t\t\t\t<string>%lld files</string>
      \t\t\t\t</dict>
      \t\t\t</dict>
      \t\t\t<key>mac</key>
      \t\t\t<string>Click</string>
      \t\t</dict>
      \t</dict>
      \t<key>files</key>
      \t<dict>
      \t\t<key>NSStringLocalizedFormatKey</key>
      \t\t<string>%#@arg1@</string>
      \t\t<key>arg1</key>
      \t\t<dict>
      \t\t\t<key>NSStringFormatSpecTypeKey</key>
      \t\t\t<string>NSStringPluralRuleType</string>
      \t\t\t<key>NSStringFormatValueTypeKey</key>
      \t\t\t<string>lld</string>
      \t\t\t<key>one</key>
      \t\t\t<string>%lld file</string>
      \t\t\t<key>other</key>
      \t\t\t<string>%lld files</string>
      \t\t</dict>
      \t</dict>
      \t<key>subs</key>
      \t<dict>
      \t\t<key>NSStringLocalizedFormatKey</key>
      \t\t<string>%@ has %2$#@n@</string>
      \t\t<key>n</key>
      \t\t<dict>
      \t\t\t<key>NSStringFormatSpecTypeKey</key>
      \t\t\t<string>NSStringPluralRuleType</string>
      \t\t\t<key>NSStringFormatValueTypeKey</key>
      \t\t\t<string>d</string>
      \t\t\t<key>other</key>
      \t\t\t<string>%2$d</string>
      \t\t\t<key>zero</key>
      \t\t\t<string>no</string>
      \t\t</dict>
      \t</dict>
      </dict>
      </plist>

      """
    #expect(String(decoding: bytes, as: UTF8.self) == expected)
    // The same dictionary written by Foundation: byte parity for stringsdict too.
    let parsed = try PropertyListSerialization.propertyList(from: Data(bytes), format: nil)
    let foundation = try PropertyListSerialization.data(
      fromPropertyList: parsed, format: .xml, options: 0)
    #expect(Data(bytes) == foundation)
  }

  @Test func stringsBytesEqualFoundations() throws {
    let bytes = try TableFileWriter.bytes(of: .strings, Self.table, format: .xml)
    let foundation = try PropertyListSerialization.data(
      fromPropertyList: ["b": "B & <c>", "a": "A", "device": "Tap"], format: .xml, options: 0)
    #expect(Data(bytes) == foundation)
  }

  /// Entry order where the writer takes shortcuts (one variable, CLDR forms only) and where it
  /// sorts: variables named before and after `NSStringLocalizedFormatKey`, forms outside CLDR.
  @Test func stringsdictOrderEqualsFoundations() throws {
    let forms = ["other": "%d x", "one": "%d y"]
    let unusual = ["other": "o", "=1": "exact", "few": "f", "Zed": "z"]
    let table = StringTable(
      name: "T", language: "en",
      rules: [
        "lower": .format(
          FormatRule(
            formatKey: "%#@b@ %#@A@ %#@zz@",
            variables: [
              "b": PluralVariable(valueType: "d", forms: forms),
              "A": PluralVariable(valueType: nil, forms: unusual),
              "zz": PluralVariable(valueType: "ld", forms: forms),
            ])),
        "upper": .format(
          FormatRule(
            formatKey: "%#@AAA@", variables: ["AAA": PluralVariable(valueType: "d", forms: forms)])),
        "sorts last": .format(
          FormatRule(
            formatKey: "%#@Z@", variables: ["Z": PluralVariable(valueType: "d", forms: unusual)])),
      ])
    func rule(_ rule: FormatRule) -> [String: Any] {
      var dictionary: [String: Any] = ["NSStringLocalizedFormatKey": rule.formatKey]
      for (name, variable) in rule.variables {
        var entry: [String: String] = variable.forms
        entry["NSStringFormatSpecTypeKey"] = variable.specType
        entry["NSStringFormatValueTypeKey"] = variable.valueType
        dictionary[name] = entry
      }
      return dictionary
    }
    var expected: [String: Any] = [:]
    for (key, entry) in zip(table.rules.keys, table.rules.values) {
      guard case .format(let format) = entry else { continue }
      expected[key] = rule(format)
    }
    let bytes = try TableFileWriter.bytes(of: .stringsdict, table, format: .xml)
    let foundation = try PropertyListSerialization.data(
      fromPropertyList: expected, format: .xml, options: 0)
    #expect(Data(bytes) == foundation)
  }

  @Test(arguments: TableFile.Kind.allCases)
  func binaryReadsBackLikeXML(kind: TableFile.Kind) throws {
    let xml = try TableFileWriter.bytes(of: kind, Self.table, format: .xml)
    let binary = try TableFileWriter.bytes(of: kind, Self.table, format: .binary)
    #expect(binary.starts(with: Array("bplist00".utf8)))
    let fromXML = try PropertyListSerialization.propertyList(from: Data(xml), format: nil)
    let fromBinary = try PropertyListSerialization.propertyList(from: Data(binary), format: nil)
    #expect(NSDictionary(dictionary: fromBinary as? [String: Any] ?? [:]).isEqual(fromXML))
    #expect(try TableFileWriter.bytes(of: kind, Self.table, format: .binary) == binary)
  }

  @Test func nulInAValueNamesTheEntryKey() {
    let table = StringTable(
      name: "T", language: "en",
      rules: ["bad": .format(FormatRule(formatKey: "x\u{0}", variables: [:]))])
    #expect(throws: PlistError(message: PlistError.embeddedNullMessage, keyPath: ["bad"])) {
      try TableFileWriter.bytes(of: .stringsdict, table, format: .xml)
    }
  }
}
