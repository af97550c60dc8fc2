import LHCBase
import LHCPlist
import ReleaseFiles
import StringTables

/// The legacy files of one table (`<lang>.lproj/<Table>.strings` and `.stringsdict` of a folder
/// or zip) read into a ``LegacyImport/Input``: parsed as the release reader parses them (every
/// encoding, text, XML or binary), `Base.lproj` taken as the source language, the source
/// language's comments collected.
public struct LegacyFiles: Sendable {
  public var input: LegacyImport.Input
  /// What is left out: keys defined twice (the last definition is used), an ignored `Base.lproj`.
  public var warnings: [ImportIssue]
  /// Entries the table model has no form for (a `.stringsdict` entry that is not a dictionary of
  /// a known kind): the import must fail on them, listed with the mapper's issues.
  public var unsupported: [ImportIssue]
  /// The `.stringsdict` property lists the tables were decoded from (``Release/documents``): a
  /// caller that exits right after keeps them (`lhc` passes the files read to
  /// `Console.keepUntilExit`), as freeing them took a serial 4 % of importing the 171 MB bench
  /// catalog's tree.
  public var documents: [[(key: String, value: PlistValue)]] = []

  /// Why the files cannot be imported.
  public enum Failure: Error, Sendable {
    /// A file does not parse (or the zip is not a valid release).
    case unreadable(ReleaseArchiveError)
    /// No file of the table; the tables there are.
    case noTable(available: [String])
  }

  /// `Base.lproj`: the development language's folder in older projects.
  public static let baseLanguage = "Base"

  /// Reads the files of `table` among `files` (paths relative to the input's root).
  ///
  /// Languages are the folder names; `Base.lproj` is the source language unless the source
  /// language has its own folder, in which case `Base.lproj` is ignored with a warning.
  public static func read(
    _ files: [ArchiveEntry], table: String, sourceLanguage: String
  ) throws(Failure) -> LegacyFiles {
    var available: Set<String> = []
    var chosen: [ArchiveEntry] = []
    var languages: Set<String> = []
    for file in files {
      guard let (language, name) = Self.components(file.path) else { continue }
      available.insert(name)
      if name == table {
        chosen.append(file)
        languages.insert(language)
      }
    }
    guard !chosen.isEmpty else { throw .noTable(available: KeyOrder.sorted(available)) }
    var warnings: [ImportIssue] = []
    let hasSourceFolder = languages.contains(sourceLanguage)
    if hasSourceFolder && languages.contains(baseLanguage) {
      for file in chosen where components(file.path)?.language == baseLanguage {
        warnings.append(
          ImportIssue(
            language: baseLanguage, key: nil,
            reason: "ignored: \(sourceLanguage).lproj holds the source language", file: file.path))
      }
      chosen.removeAll { components($0.path)?.language == baseLanguage }
    }
    let release: Release
    do { release = try Release.read(files: chosen) } catch { throw .unreadable(error) }
    var unsupported: [ImportIssue] = []
    /// The catalog's language for a folder's.
    func catalogLanguage(_ path: String) -> String? {
      guard let language = components(path)?.language else { return nil }
      return language == baseLanguage && !hasSourceFolder ? sourceLanguage : language
    }
    for warning in release.warnings {
      let language = catalogLanguage(warning.path)
      switch warning.kind {
      case .repeatedKey:
        warnings.append(
          ImportIssue(
            language: language, key: warning.key,
            reason: "defined more than once; the last definition is imported",
            file: warning.path))
      case .unsupportedEntry(let reason):
        unsupported.append(
          ImportIssue(
            language: language, key: warning.key,
            reason: "the entry \(reason); a String Catalog has no form for it",
            file: warning.path))
      }
    }
    var paths: [String: (strings: String?, stringsdict: String?)] = [:]
    var comments: [String: String] = [:]
    for file in chosen {
      guard let language = catalogLanguage(file.path) else { continue }
      if file.path.hasSuffix(".strings") {
        paths[language, default: (nil, nil)].strings = file.path
        if language == sourceLanguage {
          // The file parsed above: the same reading cannot fail here.
          comments = (try? StringsFileReader.comments(file.bytes)) ?? [:]
        }
      } else {
        paths[language, default: (nil, nil)].stringsdict = file.path
      }
    }
    let tables = release.tables.map { table in
      var table = table
      if table.language == baseLanguage && !hasSourceFolder { table.language = sourceLanguage }
      return table
    }
    return LegacyFiles(
      input: LegacyImport.Input(
        sourceLanguage: sourceLanguage, tables: tables, comments: comments, files: paths),
      warnings: warnings, unsupported: unsupported, documents: release.documents)
  }

  /// `de.lproj/Localizable.strings` → (`de`, `Localizable`); nil for other paths.
  static func components(_ path: String) -> (language: String, table: String)? {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[0].hasSuffix(".lproj") else { return nil }
    let file = parts[1]
    let name: Substring
    if file.hasSuffix(".strings") {
      name = file.dropLast(".strings".count)
    } else if file.hasSuffix(".stringsdict") {
      name = file.dropLast(".stringsdict".count)
    } else {
      return nil
    }
    return (String(parts[0].dropLast(".lproj".count)), String(name))
  }
}
