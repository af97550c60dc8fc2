import LHCBase
import StringTables

/// `lhc pack`'s summary: a few lines of text, or the manifest document (`--format json`,
/// `--manifest`), deterministic (no timestamps, keys sorted).
struct PackReport {
  /// One language's key count, per table.
  struct Language {
    var name: String
    /// Table name → distinct keys of its `.strings` and `.stringsdict`, sorted by name.
    var tables: [(name: String, keys: Int)]
    var keys: Int { tables.reduce(0) { $0 + $1.keys } }
  }

  var archivePath: String
  var packed: PackedRelease
  /// The inputs with their hashes, worked out when the manifest is made.
  var inputs: @Sendable () -> [PackInputs.Hashed]
  var target: String

  /// The languages of the release, sorted, with their tables' key counts.
  var languages: [Language] {
    let byLanguage = Dictionary(grouping: packed.tables, by: \.language)
    return byLanguage.keys.sorted().map { language in
      let tables = (byLanguage[language] ?? []).map { table in
        (table.name, table.keyCount)
      }
      return Language(name: language, tables: tables.sorted { $0.0 < $1.0 })
    }
  }

  /// `release.zip: <bytes> bytes, sha256 <hex>`, then `  de: 123 keys (InfoPlist 3, …)` per language.
  var text: String {
    var text = "\(archivePath): \(packed.archive.count) bytes, sha256 \(packed.sha256)\n"
    for language in languages {
      let tables = language.tables.map { "\($0.name) \($0.keys)" }.joined(separator: ", ")
      let keys = language.keys == 1 ? "1 key" : "\(language.keys) keys"
      text += "  \(language.name): \(keys) (\(tables))\n"
    }
    return text
  }

  /// The manifest: archive, inputs (sorted by path), languages, lhc version and target, keys
  /// sorted.
  var json: String {
    let archive = JSONValue.object([
      ("bytes", .integer(packed.archive.count)), ("entries", .integer(packed.entries)),
      ("path", .string(archivePath)), ("sha256", .string(packed.sha256)),
    ])
    let sorted = inputs().sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    let inputs = JSONValue.array(
      sorted.map { .object([("path", .string($0.path)), ("sha256", .string($0.sha256))]) })
    let languages = JSONValue.object(
      languages.map { language in
        let tables = language.tables.map { ($0.name, JSONValue.integer($0.keys)) }
        return (
          language.name,
          .object([("keys", .integer(language.keys)), ("tables", .object(tables))])
        )
      })
    return JSONValue.object([
      ("archive", archive), ("inputs", inputs), ("languages", languages),
      ("lhcVersion", .string(LHC.version)), ("target", .string(target)),
    ]).document()
  }
}
