import LHCBase
import LHCPlist
import ReleaseArchive
import ReleaseFiles
import StringTables

/// A release zip in memory, within the SDK's limits and read back as the SDK reads it.
struct PackedRelease {
  /// What the read-back keeps of a table: its key counts, not its values, so that the whole
  /// release is never in memory as tables.
  struct Table: Equatable {
    var language: String
    var name: String
    /// Distinct keys over the `.strings` and `.stringsdict` files.
    var keyCount: Int
    /// The keys in both files, in key order.
    var keysInBothFiles: [String]
  }

  var archive: [UInt8]
  var sha256: String
  var entries: Int
  /// One per language and name, sorted by language, then name.
  var tables: [Table]
  /// What the SDK tolerates but users should know, by file in path order.
  var warnings: [ReleaseWarning]
  /// The SHA-256 of each entry's bytes as packed (when asked for), by the entry's file (a folder's
  /// file) or path in the archive, in archive order.
  var hashes: [(path: String, sha256: String)] = []

  /// The LingoHub iOS SDK's archive of `entries`: limits checked before and after writing, then
  /// read back with `WrittenZip.readBack` and every table file read with `Release.readFile`.
  /// Throws `PackError` or, when the SDK would refuse the archive, `PackValidationError`.
  ///
  /// `writtenFrom`: entry path → the table part lhc wrote that entry's bytes from (catalogs
  /// compiled in memory; none for a folder's files). Such a file read back with exactly those
  /// bytes is that table part, known to parse (lhc's writer and reader give back every table
  /// they are given: tested on the corpus); every other file is parsed. `hashing`: also hash
  /// every entry's bytes while they are compressed (the manifest of a folder's files).
  static func lingoHub(
    _ entries: [ZipEntry], modificationTime: Int, writtenFrom: [String: StringTable] = [:],
    hashing: Bool = false
  ) throws -> PackedRelease {
    try PackLimits.sdk.checkBeforeWriting(entries)
    let (zip, hashes) = try ZipWriter.archive(entries, modificationTime: modificationTime) {
      entry, bytes in
      guard hashing else { return (path: "", sha256: "") }
      let path: String
      switch entry.source {
      case .bytes: path = entry.path
      case .file(let file, _): path = file
      }
      return (path, SHA256.hex(bytes))
    }
    try PackLimits.sdk.checkAfterWriting(zip.bytes)
    let recognizer = writtenFrom.isEmpty ? nil : recognizer(entries, writtenFrom)
    let parts: [Part]
    do {
      parts = try zip.readBack { file throws(ReleaseArchiveError) in
        // Only the keys are kept, so no value is made.
        let read = try Release.readKeys(file, recognizing: recognizer)
        return Part(
          language: read.language, name: read.name, stringKeys: read.stringKeys,
          ruleKeys: read.ruleKeys, warnings: read.warnings)
      }
    } catch {
      throw PackValidationError(cause: error)
    }
    return PackedRelease(
      archive: zip.bytes, sha256: SHA256.hex(zip.bytes), entries: entries.count,
      tables: tables(parts), warnings: parts.flatMap(\.warnings),
      hashes: hashing ? hashes : [])
  }
}

extension PackedRelease {
  /// One table file read back: its table's keys, and the reader's warnings.
  private struct Part {
    var language: String
    var name: String
    var stringKeys: KeyColumn
    var ruleKeys: KeyColumn
    var warnings: [ReleaseWarning]
  }

  /// Each language's `.strings` and `.stringsdict` parts joined into a table.
  private static func tables(_ parts: [Part]) -> [Table] {
    var joined: [String: Part] = [:]
    for part in parts {
      let id = part.language + "\u{0}" + part.name
      guard var existing = joined[id] else {
        joined[id] = part
        continue
      }
      if existing.stringKeys.isEmpty { existing.stringKeys = part.stringKeys }
      if existing.ruleKeys.isEmpty { existing.ruleKeys = part.ruleKeys }
      joined[id] = existing
    }
    return joined.sorted { $0.key < $1.key }.map { _, part in
      let both = KeyColumn.keysInBoth(part.stringKeys, part.ruleKeys)
      return Table(
        language: part.language, name: part.name,
        keyCount: part.stringKeys.count + part.ruleKeys.count - both.count, keysInBothFiles: both)
    }
  }

  /// Recognizes the entries read back with the bytes they were written with, when written from
  /// a table part.
  private static func recognizer(
    _ entries: [ZipEntry], _ writtenFrom: [String: StringTable]
  ) -> Release.Recognizer {
    var written: [String: (bytes: [UInt8], part: StringTable)] = [:]
    for entry in entries {
      if let part = writtenFrom[entry.path], case .bytes(let bytes) = entry.source {
        written[entry.path] = (bytes, part)
      }
    }
    return Release.recognizer(sameBytes: written)
  }
}

/// The archive fails the SDK's validation: a malformed input file, or a bug in lhc.
struct PackValidationError: Error, CustomStringConvertible {
  var cause: ReleaseArchiveError

  var description: String { "the LingoHub SDK would refuse the archive: \(cause)" }
}
