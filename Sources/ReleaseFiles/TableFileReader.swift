import LHCPlist
import StringTables

/// Something a release or bundle holds that the SDK accepts but users should know about.
public struct ReleaseWarning: Sendable, Equatable, CustomStringConvertible {
  /// The file, relative to the release root (`de.lproj/Localizable.strings`).
  public var path: String
  public var key: String?
  public var message: String

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
    let (language, name, isStrings) = components(of: path)
    var table = StringTable(name: name, language: language)
    var warnings: [ReleaseWarning] = []
    func malformed(_ message: String) -> ReleaseArchiveError {
      ReleaseArchiveError(.malformedLocalizationFile, message, path: path)
    }
    func malformed(_ error: PlistReadError) -> ReleaseArchiveError {
      var result = malformed(error.message)
      result.line = error.line
      result.column = error.line == nil ? nil : error.column
      return result
    }
    if isStrings {
      let pairs: [(key: String, value: PlistValue)]
      do { pairs = try StringsFileReader.read(bytes) } catch { throw malformed(error) }
      var values: [String: String] = [:]
      values.reserveCapacity(pairs.count)
      for (key, value) in pairs {
        guard case .string(let text) = value else {
          throw malformed(
            "the value of key '\(key)' is \(value.typeDescription); the SDK requires every value to be a string"
          )
        }
        if values.updateValue(text, forKey: key) != nil {
          warnings.append(
            ReleaseWarning(
              path: path, key: key, message: "key appears more than once; the last value is used"))
        }
      }
      table.strings = KeyedValues(values)
    } else {
      let root: PlistValue
      do { root = try PlistReader.read(bytes) } catch { throw malformed(error) }
      guard case .dictionary(let entries) = root else {
        throw malformed("the root is \(root.typeDescription); the SDK requires a dictionary")
      }
      var rules: [String: StringsdictEntry] = [:]
      for (key, value) in entries {
        switch StringsdictDecoder.entry(value) {
        case .success(let entry): rules[key] = entry
        case .failure(let unsupported):
          warnings.append(
            ReleaseWarning(
              path: path, key: key, message: "entry \(unsupported.reason); not compared"))
        }
      }
      table.rules = KeyedValues(rules)
    }
    return (table, warnings.sorted { ($0.key ?? "") < ($1.key ?? "") })
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
