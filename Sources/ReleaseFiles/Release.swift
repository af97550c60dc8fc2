import Foundation
import LHCBase
import LHCPlist
import StringTables

/// String tables read back from a release zip or a folder of `.lproj` folders (a compiled
/// bundle), validated as the LingoHub iOS SDK 2.x validates a release before installing it.
public struct Release: Sendable {
  /// One table per language and name, `.strings` and `.stringsdict` together, sorted by
  /// language, then name.
  public var tables: [StringTable]
  /// Things the SDK tolerates but users should know, by file.
  public var warnings: [ReleaseWarning]
  /// The table files read, relative to the root, sorted.
  public var files: [String]
  /// The `.stringsdict` property lists the tables were decoded from: freeing a large one takes
  /// as long as a good part of reading it, so a caller that exits right after may keep them
  /// (`lhc` passes the release to `Console.keepUntilExit`); dropped with the release otherwise.
  public var documents: [[(key: String, value: PlistValue)]] = []

  public init(tables: [StringTable], warnings: [ReleaseWarning] = [], files: [String] = []) {
    self.tables = tables
    self.warnings = warnings
    self.files = files
  }

  /// Reads and validates a release zip exactly as the LingoHub iOS SDK 2.x does before
  /// installing it: the archive rules of ``ReleaseZip`` (with `limits`, the SDK's by default),
  /// then every table file must parse.
  ///
  /// `recognizing`: see ``read(files:recognizing:)``.
  public static func read(
    zip bytes: [UInt8], limits: ReleaseZip.Limits = .sdk, recognizing: Recognizer? = nil
  ) throws(ReleaseArchiveError) -> Release {
    // Each file is parsed on another core while the next one is decompressed.
    let parsing = Pipeline<(path: String, parsed: Parsed)>()
    let files = try ReleaseZip.entries(bytes, limits: limits) { file in
      parsing.start { (file.path, parse(file, recognizing: recognizing)) }
    }
    // In path order, as `files`.
    let parsed = parsing.results().sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    return try assemble(parsed.map(\.parsed), paths: files.map(\.path))
  }

  /// Reads every `<lang>.lproj/<Table>.strings|.stringsdict` directly inside `directory`.
  public static func read(directory: String) throws(ReleaseArchiveError) -> Release {
    try read(files: files(in: directory))
  }

  /// The bytes of every `<lang>.lproj/<Table>.strings|.stringsdict` directly inside `directory`
  /// (see ``tableFiles(in:)``), not parsed yet.
  public static func files(in directory: String) throws(ReleaseArchiveError) -> [ArchiveEntry] {
    var files: [ArchiveEntry] = []
    for path in try tableFiles(in: directory) {
      guard let data = SourceText.bytes(atPath: directory + "/" + path) else {
        throw ReleaseArchiveError(.malformedLocalizationFile, "cannot read file", path: path)
      }
      files.append(ArchiveEntry(path: path, bytes: data))
    }
    return files
  }

  /// The `<lang>.lproj/<Table>.strings|.stringsdict` files directly inside `directory`, relative
  /// to it, sorted by folder then name; throws when there is none (an error about the directory
  /// itself names no entry, as one about a whole zip does).
  public static func tableFiles(in directory: String) throws(ReleaseArchiveError) -> [String] {
    let manager = FileManager.default
    let folders: [String]
    do {
      folders = try manager.contentsOfDirectory(atPath: directory)
    } catch {
      throw ReleaseArchiveError(.unreadableArchive, "cannot read directory")
    }
    var files: [String] = []
    for folder in folders.sorted() where folder.hasSuffix(".lproj") {
      let names = (try? manager.contentsOfDirectory(atPath: directory + "/" + folder)) ?? []
      for name in names.sorted() where TableFileReader.isTableFile(name) {
        files.append(folder + "/" + name)
      }
    }
    guard !files.isEmpty else {
      throw ReleaseArchiveError(
        .noLocalizationContent, "no <lang>.lproj folder with a .strings or .stringsdict file")
    }
    return files
  }

  /// Recognizes a table file without parsing it: the table part (`.strings` or `.stringsdict`) that
  /// the file at `path` is known to hold exactly, or nil to parse it. See ``read(files:recognizing:)``.
  ///
  /// What it buys (issue 24, instructions with and without, the 10 MB bench catalog and a zip of
  /// its compiled output): `lhc diff CATALOG ZIP` 1,338M → 661M, `lhc diff TREE ZIP` 1,658M →
  /// 874M, `lhc pack CATALOG` (its own files read back) 1,863M → 1,055M.
  public typealias Recognizer = @Sendable (_ path: String, _ bytes: [UInt8]) -> StringTable?

  /// Recognizes a file by its bytes: `known` maps a path to bytes whose table part is known (lhc
  /// wrote them from it, or read them already), and a file at that path with exactly those bytes
  /// is that part.
  public static func recognizer(
    sameBytes known: [String: (bytes: [UInt8], part: StringTable)]
  ) -> Recognizer {
    { path, bytes in
      guard let (knownBytes, part) = known[path], knownBytes.count == bytes.count,
        knownBytes.withUnsafeBytes({ knownBytes in
          bytes.withUnsafeBytes { bytes in
            bytes.isEmpty || memcmp(knownBytes.baseAddress!, bytes.baseAddress!, bytes.count) == 0
          }
        })
      else { return nil }
      return part
    }
  }

  /// Parses `files` (on every core) and joins each language's `.strings` and `.stringsdict`.
  ///
  /// `recognizing` may vouch for a file instead (a caller that has the table and lhc's own bytes
  /// for it): such a file is not parsed and has no warnings. It must only recognize bytes that
  /// parse to the table it returns.
  public static func read(
    files: [ArchiveEntry], recognizing: Recognizer? = nil
  ) throws(ReleaseArchiveError) -> Release {
    try assemble(
      Parallel.map(files) { parse($0, recognizing: recognizing) }, paths: files.map(\.path))
  }

  /// One table file read as ``read(files:recognizing:)`` reads each: its table part (`.strings`
  /// or `.stringsdict`) and the reader's warnings; throws when the SDK would refuse the file.
  public static func readFile(
    _ file: ArchiveEntry, recognizing: Recognizer? = nil
  ) throws(ReleaseArchiveError) -> (table: StringTable, warnings: [ReleaseWarning]) {
    let (table, warnings, _) = try parse(file, recognizing: recognizing).get()
    return (table, warnings)
  }

  /// What ``readFile(_:recognizing:)`` gives, but only the table part's keys (in key order, each
  /// once; the other file kind's keys empty), for callers that read files one at a time and keep
  /// only the keys (`lhc pack`'s read-back): the file is read and checked all the same, with the
  /// same warnings and errors, and no value is made.
  public static func readKeys(
    _ file: ArchiveEntry, recognizing: Recognizer? = nil
  ) throws(ReleaseArchiveError) -> (
    language: String, name: String, stringKeys: KeyColumn, ruleKeys: KeyColumn,
    warnings: [ReleaseWarning]
  ) {
    if let table = recognizing?(file.path, file.bytes) {
      return (
        table.language, table.name, KeyColumn(table.strings.keys), KeyColumn(table.rules.keys), []
      )
    }
    let (language, name, isStrings) = TableFileReader.components(of: file.path)
    let (keys, warnings) = try TableFileReader.readKeys(path: file.path, bytes: file.bytes)
    return (
      language, name, isStrings ? keys : KeyColumn(), isStrings ? KeyColumn() : keys, warnings
    )
  }

  /// One file read: its table part, the reader's warnings, the document it was decoded from.
  private typealias Parsed = Result<
    (
      table: StringTable, warnings: [ReleaseWarning],
      document: [(key: String, value: PlistValue)]?
    ), ReleaseArchiveError
  >

  private static func parse(_ file: ArchiveEntry, recognizing: Recognizer?) -> Parsed {
    Result { () throws(ReleaseArchiveError) in
      if let table = recognizing?(file.path, file.bytes) {
        return (table, [ReleaseWarning](), [(key: String, value: PlistValue)]?.none)
      }
      return try TableFileReader.readKeepingDocument(path: file.path, bytes: file.bytes)
    }
  }

  /// The release of parsed files (at `paths`), in path order: the first error thrown; each
  /// language's `.strings` and `.stringsdict` joined.
  private static func assemble(
    _ parsed: [Parsed], paths: [String]
  ) throws(ReleaseArchiveError) -> Release {
    var tables: [String: StringTable] = [:]
    var warnings: [ReleaseWarning] = []
    var documents: [[(key: String, value: PlistValue)]] = []
    for result in parsed {
      let (table, found, document) = try result.get()
      warnings += found
      if let document { documents.append(document) }
      let id = table.language + "\u{0}" + table.name
      if var existing = tables[id] {
        if existing.strings.isEmpty { existing.strings = table.strings }
        if existing.rules.isEmpty { existing.rules = table.rules }
        tables[id] = existing
      } else {
        tables[id] = table
      }
    }
    var release = Release(
      tables: tables.sorted { $0.key < $1.key }.map(\.value), warnings: warnings,
      files: paths.sorted())
    release.documents = documents
    return release
  }
}
