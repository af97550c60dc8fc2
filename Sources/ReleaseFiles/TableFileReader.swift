import LHCPlist
import StringTables

/// Something a release or bundle holds that the SDK accepts but users should know about.
public struct ReleaseWarning: Sendable, Equatable, CustomStringConvertible {
  /// The file, relative to the release root (`de.lproj/Localizable.strings`).
  public var path: String
  public var key: String?
  public var message: String
  /// What the warning is about.
  public var kind: Kind

  public enum Kind: Sendable, Equatable {
    /// A key defined more than once in one file: the last definition is used.
    case repeatedKey
    /// A `.stringsdict` entry the table model has no form for, and why (`lhc import` refuses it).
    case unsupportedEntry(reason: String)
  }

  public var description: String {
    "\(path): warning: \(message)" + (key.map { " (key '\($0)')" } ?? "")
  }
}

/// Reads one `<lang>.lproj/<Table>.strings` or `.stringsdict` file into a table, with the SDK's
/// rules: a `.strings` file must be a flat string → string dictionary, a `.stringsdict` file a
/// dictionary property list.
enum TableFileReader {
  /// The table held by the file at `path` (relative: `<lang>.lproj/<Table>.<ext>`).
  static func read(
    path: String, bytes: [UInt8]
  ) throws(ReleaseArchiveError) -> (table: StringTable, warnings: [ReleaseWarning]) {
    let (table, warnings, _) = try readKeepingDocument(path: path, bytes: bytes)
    return (table, warnings)
  }

  /// ``read(path:bytes:)``, plus the property-list entries a `.stringsdict` table was decoded
  /// from (nil for `.strings` and for a `.stringsdict` read straight from the parse events), for
  /// callers that keep them instead of freeing them now.
  static func readKeepingDocument(
    path: String, bytes: [UInt8]
  ) throws(ReleaseArchiveError) -> (
    table: StringTable, warnings: [ReleaseWarning], document: [(key: String, value: PlistValue)]?
  ) {
    var document: [(key: String, value: PlistValue)]?
    let (language, name, isStrings) = components(of: path)
    var table = StringTable(name: name, language: language)
    var warnings: [ReleaseWarning] = []
    if isStrings {
      let strings: (keys: [String], values: [String])?
      do { strings = try StringsFileReader.readStrings(bytes) } catch {
        throw malformed(error, path: path)
      }
      guard let (keys, values) = strings else { throw try nonStringError(path: path, bytes: bytes) }
      (table.strings, warnings) = keptLast(keys: keys, values: values, path: path)
    } else if let (keys, entries) = StringsdictEventBuilder.entries(bytes) {
      // The usual file, read straight from the parse events: every entry fits the model, so
      // there are no warnings. Last value wins for a repeated key, as in the full path.
      table.rules = KeyedValues(keysKeepingLast: keys, values: entries)
    } else {
      (table.rules, warnings, document) = try decodedStringsdict(path: path, bytes: bytes)
    }
    return (table, sorted(warnings), document)
  }

  /// The keys of the table ``read(path:bytes:)`` reads (in key order, each once) and its
  /// warnings, for callers that keep only the keys (the read-back of `lhc pack`): the file is
  /// read and checked all the same, with the same errors; no value is made, and a key is made a
  /// `String` only where the file's keys are not in key order already (see ``KeyColumn``).
  static func readKeys(
    path: String, bytes: [UInt8]
  ) throws(ReleaseArchiveError) -> (keys: KeyColumn, warnings: [ReleaseWarning]) {
    if components(of: path).isStrings {
      let column: KeyColumn?
      do { column = try StringsFileReader.readStringKeys(bytes) } catch {
        throw malformed(error, path: path)
      }
      guard let column else { throw try nonStringError(path: path, bytes: bytes) }
      if column.isSortedAndUnique { return (column, []) }
      let keys = column.strings
      let (strings, warnings) = keptLast(
        keys: keys, values: [String](repeating: "", count: keys.count), path: path)
      return (KeyColumn(strings.keys), sorted(warnings))
    } else if let (keys, _) = StringsdictEventBuilder.entries(bytes, values: false) {
      let column = KeyColumn(keys)
      if column.isSortedAndUnique { return (column, []) }
      return (KeyColumn(KeyedValues(keysKeepingLast: keys, values: keys).keys), [])
    } else {
      let (rules, warnings, _) = try decodedStringsdict(path: path, bytes: bytes)
      return (KeyColumn(rules.keys), sorted(warnings))
    }
  }

  /// A `.strings` file's entries, the last value kept for a repeated key, and a warning for
  /// each repetition.
  private static func keptLast(
    keys: [String], values: [String], path: String
  ) -> (KeyedValues<String>, [ReleaseWarning]) {
    let strings = KeyedValues(keysKeepingLast: keys, values: values)
    var warnings: [ReleaseWarning] = []
    if strings.count < keys.count {
      var seen: Set<String> = []
      for key in keys where !seen.insert(key).inserted {
        warnings.append(
          ReleaseWarning(
            path: path, key: key, message: "key appears more than once; the last value is used",
            kind: .repeatedKey))
      }
    }
    return (strings, warnings)
  }

  /// A file's warnings in the order they are reported: by key.
  private static func sorted(_ warnings: [ReleaseWarning]) -> [ReleaseWarning] {
    warnings.sorted { ($0.key ?? "") < ($1.key ?? "") }
  }

  /// The error for a `.strings` file with a value that is not a string.
  private static func nonStringError(
    path: String, bytes: [UInt8]
  ) throws(ReleaseArchiveError) -> ReleaseArchiveError {
    let pairs: [(key: String, value: PlistValue)]
    do { pairs = try StringsFileReader.read(bytes) } catch { throw malformed(error, path: path) }
    return malformed(nonStringMessage(pairs), path: path)
  }

  /// The entries of a `.stringsdict` file read the full way, through a ``PlistValue`` tree and
  /// ``StringsdictDecoder`` (what ``StringsdictEventBuilder`` gives up to), the warnings for the
  /// entries the model has no form for, and the tree's root entries.
  static func decodedStringsdict(
    path: String, bytes: [UInt8]
  ) throws(ReleaseArchiveError) -> (
    rules: KeyedValues<StringsdictEntry>, warnings: [ReleaseWarning],
    document: [(key: String, value: PlistValue)]
  ) {
    let root: [(key: String, value: PlistValue)]?
    do { root = try PlistReader.rootEntries(bytes) } catch { throw malformed(error, path: path) }
    guard let entries = root else {
      let value: PlistValue
      do { value = try PlistReader.read(bytes) } catch { throw malformed(error, path: path) }
      throw malformed(
        "the root is \(value.typeDescription); the SDK requires a dictionary", path: path)
    }
    // Last value wins for a repeated key, as in a dictionary.
    let decoded = KeyedValues(
      pairsKeepingLast: entries.map { ($0.key, StringsdictDecoder.entry($0.value)) })
    var rules: [(key: String, value: StringsdictEntry)] = []
    rules.reserveCapacity(decoded.count)
    var warnings: [ReleaseWarning] = []
    for (key, result) in decoded {
      switch result {
      case .success(let entry): rules.append((key, entry))
      case .failure(let unsupported):
        warnings.append(
          ReleaseWarning(
            path: path, key: key, message: "entry \(unsupported.reason); not compared",
            kind: .unsupportedEntry(reason: unsupported.reason)))
      }
    }
    return (KeyedValues(pairsKeepingLast: rules), warnings, entries)
  }

  /// The error for a file the SDK refuses.
  private static func malformed(_ message: String, path: String) -> ReleaseArchiveError {
    ReleaseArchiveError(.malformedLocalizationFile, message, path: path)
  }

  /// The error for a file the property-list reader refuses, at its position.
  private static func malformed(_ error: PlistReadError, path: String) -> ReleaseArchiveError {
    var result = malformed(error.message, path: path)
    result.line = error.line
    result.column = error.line == nil ? nil : error.column
    return result
  }

  /// The error for the first value of `pairs` that is not a string.
  private static func nonStringMessage(_ pairs: [(key: String, value: PlistValue)]) -> String {
    for (key, value) in pairs {
      guard case .string = value else {
        return
          "the value of key '\(key)' is \(value.typeDescription); the SDK requires every value to be a string"
      }
    }
    return "a value is not a string"
  }

  /// `de.lproj/Localizable.strings` → (`de`, `Localizable`, true).
  static func components(of path: String) -> (language: String, table: String, isStrings: Bool) {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    let folder = parts.count >= 2 ? parts[parts.count - 2] : ""
    let file = parts.last ?? ""
    let language =
      folder.hasSuffix(".lproj") ? String(folder.dropLast(".lproj".count)) : String(folder)
    let isStrings = file.hasSuffix(".strings")
    let table = String(file.dropLast(isStrings ? ".strings".count : ".stringsdict".count))
    return (language, table, isStrings)
  }

  /// True for the files a release's `.lproj` folder holds that lhc reads.
  static func isTableFile(_ name: String) -> Bool {
    (name.hasSuffix(".strings") || name.hasSuffix(".stringsdict")) && !name.hasPrefix("._")
  }
}
