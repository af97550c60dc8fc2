import LHCPlist
import StringTables

/// How property lists are serialized (`--serialization-format`).
public enum SerializationFormat: String, Sendable, CaseIterable {
  /// Apple XML property list (`text` is accepted as xcstringstool's name for it).
  case xml
  /// Binary property list (`bplist00`).
  case binary
}

/// One file of a compiled table.
public struct TableFile: Sendable, Equatable {
  /// `.strings` or `.stringsdict`.
  public enum Kind: String, Sendable, CaseIterable {
    case strings, stringsdict
  }

  public var language: String
  public var table: String
  public var kind: Kind

  public init(language: String, table: String, kind: Kind) {
    self.language = language
    self.table = table
    self.kind = kind
  }

  /// The path relative to the output directory: `<language>.lproj/<table>.<kind>`.
  public var relativePath: String { "\(language).lproj/\(table).\(kind.rawValue)" }
}

/// Turns string tables into `.strings` and `.stringsdict` bytes.
public enum TableFileWriter {
  /// The files a table produces: `.strings` when it has plain values, `.stringsdict` when it has rules.
  public static func files(of table: StringTable) -> [TableFile] {
    var files: [TableFile] = []
    if !table.strings.isEmpty {
      files.append(TableFile(language: table.language, table: table.name, kind: .strings))
    }
    if !table.rules.isEmpty {
      files.append(TableFile(language: table.language, table: table.name, kind: .stringsdict))
    }
    return files
  }

  /// The bytes of one file of `table`.
  public static func bytes(
    of kind: TableFile.Kind, _ table: StringTable, format: SerializationFormat
  ) throws(PlistError) -> [UInt8] {
    switch (kind, format) {
    case (.strings, .xml):
      return try XMLPlistWriter.data(
        forOrderedStrings: table.strings.keys, values: table.strings.values)
    case (.strings, .binary):
      return try BinaryPlistWriter.data(for: .dictionary(table.strings.dictionary.mapValues(PlistValue.string)))
    case (.stringsdict, .xml):
      return try XMLPlistWriter.data(
        forOrderedEntries: table.rules.keys, values: table.rules.values.map(plistValue(of:)))
    case (.stringsdict, .binary):
      return try BinaryPlistWriter.data(for: .dictionary(table.rules.dictionary.mapValues(plistValue(of:))))
    }
  }

  /// The standard `.stringsdict` dictionary of an entry.
  static func plistValue(of entry: StringsdictEntry) -> PlistValue {
    switch entry {
    case .format(let rule):
      return plistValue(of: rule)
    case .device(let forms):
      return .dictionary([
        StringsdictKey.deviceSpecificRuleType: .dictionary(
          forms.mapValues { form in
            switch form {
            case .text(let text): .string(text)
            case .format(let rule): plistValue(of: rule)
            }
          })
      ])
    }
  }

  private static func plistValue(of rule: FormatRule) -> PlistValue {
    var dictionary: [String: PlistValue] = [
      StringsdictKey.localizedFormatKey: .string(rule.formatKey)
    ]
    for (name, variable) in rule.variables {
      var entry = variable.forms.mapValues(PlistValue.string)
      entry[StringsdictKey.formatSpecTypeKey] = .string(variable.specType)
      if let valueType = variable.valueType {
        entry[StringsdictKey.formatValueTypeKey] = .string(valueType)
      }
      dictionary[name] = .dictionary(entry)
    }
    return .dictionary(dictionary)
  }
}

/// Apple's `.stringsdict` keys.
public enum StringsdictKey {
  public static let localizedFormatKey = "NSStringLocalizedFormatKey"
  public static let formatSpecTypeKey = "NSStringFormatSpecTypeKey"
  public static let formatValueTypeKey = "NSStringFormatValueTypeKey"
  public static let deviceSpecificRuleType = "NSStringDeviceSpecificRuleType"
}
