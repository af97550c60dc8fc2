import Foundation
import LHCBase
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
  /// The files a table produces: `.strings` when it has plain values, `.stringsdict` when it has
  /// rules; both, empty or not, with `bothKinds` (`--emit-empty-tables`).
  public static func files(of table: StringTable, bothKinds: Bool = false) -> [TableFile] {
    var files: [TableFile] = []
    if bothKinds || !table.strings.isEmpty {
      files.append(TableFile(language: table.language, table: table.name, kind: .strings))
    }
    if bothKinds || !table.rules.isEmpty {
      files.append(TableFile(language: table.language, table: table.name, kind: .stringsdict))
    }
    return files
  }

  /// The bytes of one file of `table`.
  public static func bytes(
    of kind: TableFile.Kind, _ table: StringTable, format: SerializationFormat
  ) throws(PlistError) -> [UInt8] {
    try withBytes(of: kind, table, format: format) { [UInt8]($0) }.get()
  }

  /// Calls `body` with the bytes of one file of `table`, held by the writer (valid only during the
  /// call; XML is not copied out of libxml2's buffer). A serialization error is thrown, `body`'s
  /// own error is returned.
  public static func withBytes<R, E: Error>(
    of kind: TableFile.Kind, _ table: StringTable, format: SerializationFormat,
    _ body: (UnsafeRawBufferPointer) throws(E) -> R
  ) throws(PlistError) -> Result<R, E> {
    switch format {
    case .xml:
      let stream = try XMLPlistStream()
      try write(kind, of: table, to: stream)
      return try stream.finish(body)
    case .binary:
      let builder = PlistValueBuilder()
      try write(kind, of: table, to: builder)
      let bytes = try BinaryPlistWriter.data(for: builder.result ?? .dictionary([:]))
      return Result { () throws(E) in
        try bytes.withUnsafeBufferPointer { (buffer) throws(E) in
          try body(UnsafeRawBufferPointer(buffer))
        }
      }
    }
  }

  /// True when `bytes` are exactly what ``bytes(of:_:format:)`` writes for `table` in XML, which
  /// then needs no parsing to be known (a release packed from the same catalogs).
  ///
  /// The document is written whole, then compared. (Comparing as it was written, stopping at the
  /// first difference, bought nothing measurable: `lhc diff` of the 10 MB bench catalog against a
  /// zip of its output, 661.3M instructions comparing vs 662.1M writing; removed.)
  public static func isXML(_ bytes: [UInt8], of kind: TableFile.Kind, _ table: StringTable) -> Bool
  {
    let same = try? withBytes(of: kind, table, format: .xml) { written in
      written.count == bytes.count
        && (bytes.isEmpty || memcmp(written.baseAddress!, bytes, bytes.count) == 0)
    }.get()
    return same ?? false
  }

  /// One file's dictionary, to any builder.
  private static func write<Builder: PlistBuilder>(
    _ kind: TableFile.Kind, of table: StringTable, to builder: Builder
  ) throws(PlistError) {
    switch kind {
    case .strings:
      builder.beginDictionary()
      try table.strings.forEachUTF8 { (index, key, value) throws(PlistError) in
        do throws(PlistError) {
          try builder.key(utf8: key)
          try builder.string(utf8: value)
        } catch {
          throw error.within(table.strings.keys[index])
        }
      }
      builder.endDictionary()
    case .stringsdict:
      try write(table.rules, to: builder) { (entry, builder) throws(PlistError) in
        try write(entry, to: builder)
      }
    }
  }

  /// A table's dictionary, everything in key order: a `.strings` table's strings, a `.stringsdict`
  /// table's standard Apple entries.
  static func write<Value, Builder: PlistBuilder>(
    _ entries: KeyedValues<Value>, to builder: Builder,
    value: (Value, Builder) throws(PlistError) -> Void
  ) throws(PlistError) {
    builder.beginDictionary()
    try entries.values.withUnsafeBufferPointer { (values) throws(PlistError) in
      try entries.forEachKeyUTF8 { (index, key) throws(PlistError) in
        do throws(PlistError) {
          try builder.key(utf8: key)
          try value(values[index], builder)
        } catch {
          throw error.within(entries.keys[index])
        }
      }
    }
    builder.endDictionary()
  }

  /// One `.stringsdict` entry's dictionary.
  private static func write<Builder: PlistBuilder>(
    _ entry: StringsdictEntry, to builder: Builder
  ) throws(PlistError) {
    switch entry {
    case .format(let rule):
      try write(rule, to: builder)
    case .device(let forms):
      try writeDevices(forms, to: builder)
    case .width(let forms):
      builder.beginDictionary()
      try builder.key(StringsdictKey.variableWidthRuleType)
      builder.beginDictionary()
      for (width, form) in KeyOrder.sortedEntries(forms) {
        try builder.key(width)
        switch form {
        case .text(let text): try builder.string(text)
        case .format(let rule): try write(rule, to: builder)
        case .device(let devices): try writeDevices(devices, to: builder)
        }
      }
      builder.endDictionary()
      builder.endDictionary()
    }
  }

  /// `{NSStringDeviceSpecificRuleType: {device: text or format, …}}`.
  private static func writeDevices<Builder: PlistBuilder>(
    _ forms: [String: DeviceForm], to builder: Builder
  ) throws(PlistError) {
    builder.beginDictionary()
    try builder.key(StringsdictKey.deviceSpecificRuleType)
    builder.beginDictionary()
    for (device, form) in KeyOrder.sortedEntries(forms) {
      try builder.key(device)
      switch form {
      case .text(let text): try builder.string(text)
      case .format(let rule): try write(rule, to: builder)
      }
    }
    builder.endDictionary()
    builder.endDictionary()
  }

  /// `{NSStringLocalizedFormatKey: …, variable: {NSStringFormatSpecTypeKey: …, …forms}}`.
  private static func write<Builder: PlistBuilder>(_ rule: FormatRule, to builder: Builder)
    throws(PlistError)
  {
    builder.beginDictionary()
    // The format key goes in its place among the variables.
    var formatKeyWritten = false
    func write(_ name: String, _ variable: PluralVariable) throws(PlistError) {
      if !formatKeyWritten, KeyOrder.precedes(StringsdictKey.localizedFormatKey, name) {
        try writeFormatKey(rule, to: builder)
        formatKeyWritten = true
      }
      try builder.key(name)
      try Self.write(variable, to: builder)
    }
    if rule.variables.count == 1, let (name, variable) = rule.variables.first {
      try write(name, variable)  // nearly every rule: no sorting
    } else {
      for (name, variable) in KeyOrder.sortedEntries(rule.variables) {
        try write(name, variable)
      }
    }
    if !formatKeyWritten {
      try writeFormatKey(rule, to: builder)
    }
    builder.endDictionary()
  }

  private static func writeFormatKey<Builder: PlistBuilder>(
    _ rule: FormatRule, to builder: Builder
  ) throws(PlistError) {
    try builder.key(StringsdictKey.localizedFormatKey)
    try builder.string(rule.formatKey)
  }
}

extension TableFileWriter {
  /// A CLDR plural category's place in key order (`few many one other two zero`), nil for any other
  /// name (`NSString…` keys sort before them all: uppercase first).
  private static func categoryRank(_ name: String) -> Int? {
    switch name {
    case "few": 0
    case "many": 1
    case "one": 2
    case "other": 3
    case "two": 4
    case "zero": 5
    default: nil
    }
  }

  /// `{NSStringFormatSpecTypeKey: …, NSStringFormatValueTypeKey: …, few: …, …}`.
  private static func write<Builder: PlistBuilder>(_ variable: PluralVariable, to builder: Builder)
    throws(PlistError)
  {
    builder.beginDictionary()
    // Forms are nearly always CLDR categories, which sort after the `NSString…` keys: placed by
    // rank then, with no sorting and no allocation.
    let forms = variable.forms
    let written = try withUnsafeTemporaryAllocation(
      of: Dictionary<String, String>.Index?.self, capacity: 6
    ) { (slots) throws(PlistError) -> Bool in
      slots.initialize(repeating: nil)
      var index = forms.startIndex
      while index != forms.endIndex {
        guard let rank = categoryRank(forms[index].key) else { return false }
        slots[rank] = index
        index = forms.index(after: index)
      }
      try writeTypes(of: variable, to: builder)
      for case let slot? in slots {
        let (name, form) = forms[slot]
        try builder.key(name)
        try builder.string(form)
      }
      return true
    }
    if !written {
      var entries = [(key: StringsdictKey.formatSpecTypeKey, value: variable.specType)]
      if let valueType = variable.valueType {
        entries.append((StringsdictKey.formatValueTypeKey, valueType))
      }
      entries += forms.map { ($0.key, $0.value) }
      entries.sort { KeyOrder.precedes($0.key, $1.key) }
      for (key, value) in entries {
        try builder.key(key)
        try builder.string(value)
      }
    }
    builder.endDictionary()
  }

  /// The `NSStringFormatSpecTypeKey` and `NSStringFormatValueTypeKey` entries.
  private static func writeTypes<Builder: PlistBuilder>(
    of variable: PluralVariable, to builder: Builder
  ) throws(PlistError) {
    try builder.key(StringsdictKey.formatSpecTypeKey)
    try builder.string(variable.specType)
    if let valueType = variable.valueType {
      try builder.key(StringsdictKey.formatValueTypeKey)
      try builder.string(valueType)
    }
  }
}
