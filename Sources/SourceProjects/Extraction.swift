import Foundation
import LHCBase
import SourceStrings
import SwiftSource

/// One string found in code, placed: where it is and which catalog it feeds (nil: none, with
/// the reason in ``placement``).
public struct PlacedString: Sendable {
  public var string: LocalizableString
  /// The file (absolute).
  public var file: String
  public var line: Int
  public var column: Int
  /// The catalog (absolute), or nil.
  public var catalog: String?
  /// The targets that put it there, sorted (empty for a file of no target).
  public var targets: [String]
  public var placement: String
  /// No catalog takes it because its target (or folder) has none of its table (not because the
  /// target's strings are never synced): `--create-missing` makes one.
  public var lacksCatalog: Bool
}

/// `lhc extract`'s reading of the code: every file parsed (on every core), one type index over
/// all of them, each file's strings extracted under the `#if` conditions of each of its targets
/// and placed in the catalog of that target (``SourceScan/placements(of:table:)``).
public struct Extraction: Sendable {
  public var strings: [PlacedString]
  /// The lookups that are not strings of Xcode's extraction (``FileStrings/lookups``), placed
  /// the same way (`lhc lint --sources`).
  public var lookups: [PlacedString]
  /// What extraction reports, by file: keys that are not literals, and the like.
  public var diagnostics: [(file: SourceFile, diagnostics: [Diagnostic])]
  /// How each file was placed (`--explain`): its targets and the rule that made each a member.
  public var fileRules: [String: [String]]

  /// Extracts the strings of `files` (absolute paths, each read from disk).
  public static func run(_ files: [String], scan: SourceScan) -> Extraction {
    let trees = Parallel.map(files) { path -> SourceTree in
      let bytes = FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
      return Parser.parse(SourceFile(path: path, bytes: bytes))
    }
    return run(trees, scan: scan)
  }

  /// Extracts the strings of parsed files.
  public static func run(_ trees: [SourceTree], scan: SourceScan) -> Extraction {
    let index = TypeIndex(trees: trees)
    let perFile = Parallel.map(trees) { tree in extract(tree, scan: scan, index: index) }
    var result = Extraction(strings: [], lookups: [], diagnostics: [], fileRules: [:])
    for (tree, file) in zip(trees, perFile) {
      result.strings += file.strings
      result.lookups += file.lookups
      if !file.diagnostics.isEmpty { result.diagnostics.append((tree.file, file.diagnostics)) }
      result.fileRules[tree.file.path] = file.rules
    }
    return result
  }

  private struct PlacedFile {
    var strings: [PlacedString] = []
    var lookups: [PlacedString] = []
    var diagnostics: [Diagnostic] = []
    var rules: [String]
  }

  private static func extract(_ tree: SourceTree, scan: SourceScan, index: TypeIndex)
    -> PlacedFile
  {
    let path = tree.file.path
    let targets = scan.targets(of: path)
    let rules =
      targets.isEmpty
      ? ["no target: each table's nearest catalog up the folder tree"]
      : targets.map { "target \($0.name): \($0.sources[path] ?? "member")" }
    // One extraction per distinct set of conditions (a file of two targets alike is read once).
    var conditionSets: [BuildConditions] = []
    for target in targets where !conditionSets.contains(target.conditions) {
      conditionSets.append(target.conditions)
    }
    if conditionSets.isEmpty { conditionSets = [.anyApplePlatform] }
    var file = PlacedFile(rules: rules)
    var recorded: [String: Int] = [:]
    var recordedLookups: [String: Int] = [:]
    for conditions in conditionSets {
      let found = StringExtractor.extract(tree, index: index, conditions: conditions)
      for diagnostic in found.diagnostics where !file.diagnostics.contains(diagnostic) {
        file.diagnostics.append(diagnostic)
      }
      let readers = targets.filter { $0.conditions == conditions }.map(\.name)
      place(found.strings, of: tree.file, readers, scan, into: &file.strings, &recorded)
      place(found.lookups, of: tree.file, readers, scan, into: &file.lookups, &recordedLookups)
    }
    return file
  }

  /// Places the strings one reading of a file found: one per catalog they feed, with the targets
  /// (of `readers`, those compiled under that reading's conditions) that put them there.
  private static func place(
    _ strings: [LocalizableString], of file: SourceFile, _ readers: [String], _ scan: SourceScan,
    into placed: inout [PlacedString], _ recorded: inout [String: Int]
  ) {
    for string in strings {
      let position = file.lineColumn(of: string.offset)
      // Per catalog: the targets that put the string there.
      var byCatalog: [String?: (targets: [String], reason: String, unsynced: Bool)] = [:]
      for placement in scan.placements(of: file.path, table: string.table)
      where placement.target == nil || readers.contains(placement.target!) {
        var entry = byCatalog[placement.catalog] ?? ([], placement.reason, placement.isUnsynced)
        if let target = placement.target { entry.targets.append(target) }
        byCatalog[placement.catalog] = entry
      }
      for (catalog, entry) in byCatalog {
        let identity = "\(string.offset)|\(string.table)|\(string.key)|\(catalog ?? "")"
        if let existing = recorded[identity] {
          placed[existing].targets = Array(Set(placed[existing].targets + entry.targets)).sorted()
          continue
        }
        recorded[identity] = placed.count
        placed.append(
          PlacedString(
            string: string, file: file.path, line: position.line, column: position.column,
            catalog: catalog, targets: entry.targets.sorted(), placement: entry.reason,
            lacksCatalog: catalog == nil && !entry.unsynced))
      }
    }
  }
}
