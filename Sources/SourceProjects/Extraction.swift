import Foundation
import InterfaceBuilderStrings
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

  /// Found in an Interface Builder file (not in Swift code).
  public var isFromInterfaceBuilder: Bool { string.api == InterfaceBuilderStrings.api }
}

/// `lhc extract`'s reading of the code: every file parsed (on every core), one type index over
/// all of them, each file's strings extracted under the `#if` conditions of each of its targets
/// and placed in the catalog of that target (``SourceScan/placements(of:table:)``).
public struct Extraction: Sendable {
  public var strings: [PlacedString]
  /// The lookups that are not strings of Xcode's extraction (``FileStrings/lookups``), placed
  /// the same way (`lhc lint --sources`).
  public var lookups: [PlacedString] = []
  /// What extraction reports, by file: keys that are not literals, and the like.
  public var diagnostics: [(file: SourceFile, diagnostics: [Diagnostic])]
  /// How each file was placed (`--explain`): its targets and the rule that made each a member.
  public var fileRules: [String: [String]]
  /// The Interface Builder files read, each with the catalog it feeds.
  public var interfaceFiles: [String: String] = [:]
  /// The literals of each code file read that lhc cannot prove non-localizable (the sync's
  /// safety net, ``CodeTexts``).
  public var literals: [String: [CodeTexts.Literal]] = [:]

  /// Extracts the strings of `files` (absolute paths, each read from disk): Swift files, and the
  /// Interface Builder files that ``SourceScan/interfaceFiles`` places.
  /// `extractionOnly`: Xcode's strings without the lookups of code that holds no string
  /// literal (`lhc extract`; `lhc lint --sources` wants every lookup).
  /// `notesLiterals`: the literals the sync's safety net reads are collected (a listing needs
  /// none).
  /// `dependencies`: Swift files whose declarations are read for their types only
  /// (``PackageDependencies``); the files' own declarations win over theirs.
  public static func run(
    _ files: [String], scan: SourceScan, dependencies: [String] = [],
    extractionOnly: Bool = false, notesLiterals: Bool = true
  ) -> Extraction {
    let swift = files.filter { $0.hasSuffix(".swift") }
    func parse(_ path: String) -> TreeBox {
      let bytes = FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
      let box = TreeBox(Parser.parse(SourceFile(path: path, bytes: bytes)))
      box.index.add(box.tree)
      return box
    }
    let declarations = Parallel.map(dependencies) { parse($0).index }
    var result = run(
      boxes: Parallel.map(swift, parse), declarations: declarations, scan: scan,
      extractionOnly: extractionOnly, notesLiterals: notesLiterals)
    // C-family files: the calls of their localization routines, and their literals.
    let cFamily = files.filter { BuildTarget.isOtherSource($0) || BuildTarget.isHeader($0) }
    let macroNames = Array(Set(scan.targets.flatMap(\.macroNames))).sorted()
    for (file, placed) in Parallel.map(
      cFamily,
      {
        extractCFamily($0, scan: scan, allMacroNames: macroNames, notesLiterals: notesLiterals)
      })
    {
      result.add(placed, of: file)
    }
    let interface = files.filter { scan.interfaceFiles[$0] != nil }
    for (path, (strings, diagnostics)) in zip(
      interface, Parallel.map(interface) { extractInterfaceBuilder($0, scan: scan) })
    {
      let placement = scan.interfaceFiles[path]!
      result.strings += strings
      if let diagnostics { result.diagnostics.append(diagnostics) }
      result.fileRules[path] = ["Interface Builder: \(placement.reason)"]
      result.interfaceFiles[path] = placement.catalog
    }
    return result
  }

  /// The strings of a C-family file, placed in its targets' catalogs (read with the macro names
  /// of its targets; a file of no target, a header, with every target's).
  private static func extractCFamily(
    _ path: String, scan: SourceScan, allMacroNames: [String], notesLiterals: Bool
  ) -> (SourceFile, PlacedFile) {
    let file = SourceFile(
      path: path, bytes: FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? [])
    let targets = scan.targets(of: path)
    let macroNames =
      targets.isEmpty ? allMacroNames : Array(Set(targets.flatMap(\.macroNames))).sorted()
    var found = CFamilyStrings.extract(
      file.bytes, macroNames: macroNames, codeComments: targets.contains(where: \.codeComments))
    if !notesLiterals { found.literals = [] }
    var placed = PlacedFile(rules: rules(of: path, targets, scan: scan))
    placed.add([(found, targets.map(\.name))], of: file, scan: scan)
    return (file, placed)
  }

  /// The strings of one Interface Builder file in its catalog, or the error that stops it.
  private static func extractInterfaceBuilder(_ path: String, scan: SourceScan)
    -> ([PlacedString], (file: SourceFile, diagnostics: [Diagnostic])?)
  {
    let placement = scan.interfaceFiles[path]!
    let file = SourceFile(
      path: path, bytes: FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? [])
    do {
      let strings = try InterfaceBuilderStrings.extract(
        file.bytes, table: SourceScan.interfaceBuilderTable(of: path))
      return (
        strings.map { string in
          let position = file.lineColumn(of: string.offset)
          return PlacedString(
            string: string, file: path, line: position.line, column: position.column,
            catalog: placement.catalog, targets: [], placement: placement.reason,
            lacksCatalog: false)
        }, nil
      )
    } catch {
      return ([], (file, [Diagnostic.error(error.message, offset: error.offset)]))
    }
  }

  /// Extracts the strings of parsed files.
  public static func run(_ trees: [SourceTree], scan: SourceScan) -> Extraction {
    run(
      boxes: trees.map { tree in
        let box = TreeBox(tree)
        box.index.add(tree)
        return box
      }, scan: scan, extractionOnly: false, notesLiterals: true)
  }

  /// Each tree is let go by the thread that read its strings: freeing them all on one thread
  /// after the run took a third of `lhc extract`'s time.
  private static func run(
    boxes: [TreeBox], declarations: [TypeIndex] = [], scan: SourceScan, extractionOnly: Bool,
    notesLiterals: Bool
  ) -> Extraction {
    let index = TypeIndex(
      merging: boxes.map(\.index) + declarations,
      lookups: Set(scan.targets.flatMap(\.macroNames)))
    let perFile = Parallel.map(boxes) { box -> (SourceFile, PlacedFile) in
      let tree = box.take()
      return (
        tree.file,
        extract(
          tree, scan: scan, index: index, extractionOnly: extractionOnly,
          notesLiterals: notesLiterals)
      )
    }
    var result = Extraction(strings: [], diagnostics: [], fileRules: [:])
    for (file, placed) in perFile { result.add(placed, of: file) }
    return result
  }

  /// Adds what one file's reading placed.
  private mutating func add(_ placed: PlacedFile, of file: SourceFile) {
    strings += placed.strings
    lookups += placed.lookups
    if !placed.diagnostics.isEmpty { diagnostics.append((file, placed.diagnostics)) }
    fileRules[file.path] = placed.rules
    if !placed.literals.isEmpty { literals[file.path] = placed.literals }
  }

  /// What one file's reading placed.
  private struct PlacedFile {
    var strings: [PlacedString] = []
    var lookups: [PlacedString] = []
    var diagnostics: [Diagnostic] = []
    var rules: [String]
    var literals: [CodeTexts.Literal] = []

    /// Places the strings of a file's readings, each with the targets it was read for (one per
    /// distinct set of `#if` conditions), and keeps its literals and diagnostics once.
    mutating func add(
      _ readings: [(found: FileStrings, readers: [String])], of file: SourceFile, scan: SourceScan
    ) {
      var placing = Placing(file: file, scan: scan)
      var placingLookups = Placing(file: file, scan: scan)
      var literalOffsets = Set<Int>()
      for (found, readers) in readings {
        for literal in found.literals where literalOffsets.insert(literal.offset).inserted {
          let position = file.lineColumn(of: literal.offset)
          literals.append(
            CodeTexts.Literal(forms: literal.forms, line: position.line, column: position.column))
        }
        for diagnostic in found.diagnostics where !diagnostics.contains(diagnostic) {
          diagnostics.append(diagnostic)
        }
        placing.place(found.strings, readers, into: &strings)
        placingLookups.place(found.lookups, readers, into: &lookups)
      }
    }
  }

  /// A tree a worker takes (and frees when done), one per box.
  private final class TreeBox: @unchecked Sendable {
    /// The declarations of its file, indexed on the thread that parsed it.
    let index = TypeIndex()
    private var held: SourceTree?
    init(_ tree: SourceTree) { held = tree }
    var tree: SourceTree { held! }
    func take() -> SourceTree {
      defer { held = nil }
      return held!
    }
  }

  /// How a file was placed (`--explain`): its targets and the rule that made each a member.
  private static func rules(of path: String, _ targets: [BuildTarget], scan: SourceScan)
    -> [String]
  {
    if scan.isStray(path) {
      return ["no target, though a project builds the other files of its folder: no catalog"]
    }
    if targets.isEmpty { return ["no target: each table's nearest catalog up the folder tree"] }
    return targets.map { target in
      let conditions = target.conditions
      let seen = (conditions.platforms + conditions.flags.sorted()).joined(separator: " ")
      let rule = target.sources[path] ?? target.otherSources[path] ?? "member"
      var settings = ""
      switch target.swiftExtraction {
      case .compiler:
        if target.hasUnreadSettings {
          settings += "; a configuration file cannot be read: Swift extraction assumed on"
        }
      case .textOnly: settings += "; Swift: Text() literals only (SWIFT_EMIT_LOC_STRINGS off)"
      case .off: settings += "; Swift: nothing (SWIFT_EMIT_LOC_STRINGS and SwiftUI support off)"
      }
      if target.codeComments { settings += "; calls in comments (LOCALIZED_STRING_CODE_COMMENTS)" }
      return "target \(target.name) (#if: \(seen)\(settings)): \(rule)"
    }
  }

  private static func extract(
    _ tree: SourceTree, scan: SourceScan, index: TypeIndex, extractionOnly: Bool,
    notesLiterals: Bool
  ) -> PlacedFile {
    let path = tree.file.path
    let targets = scan.targets(of: path)
    // One extraction per distinct reading (a file of two targets alike is read once).
    var readers: [Reading: [String]] = [:]
    for target in targets { readers[Reading(target), default: []].append(target.name) }
    if readers.isEmpty { readers[Reading(conditions: .anyApplePlatform)] = [] }
    var file = PlacedFile(rules: rules(of: path, targets, scan: scan))
    let readings = readers.sorted { $0.value.lexicographicallyPrecedes($1.value) }.map {
      reading, names in
      var found = StringExtractor.extract(
        tree, index: index, conditions: reading.conditions, extractionOnly: extractionOnly,
        notesLiterals: notesLiterals)
      if reading.codeComments {
        found.strings += StringExtractor.extractFromComments(
          tree.file, index: index, conditions: reading.conditions)
      }
      // `lhc extract` keeps what the target's settings extract; lint reads every lookup.
      if extractionOnly { found.strings.removeAll { !reading.swiftExtraction.extracts($0) } }
      return (found, names)
    }
    file.add(readings, of: tree.file, scan: scan)
    return file
  }

  /// What a target's Swift files are read with: its `#if` conditions and its extraction settings.
  private struct Reading: Hashable {
    var conditions: BuildConditions
    var swiftExtraction = BuildTarget.SwiftExtraction.compiler
    var codeComments = false

    init(conditions: BuildConditions) { self.conditions = conditions }

    init(_ target: BuildTarget) {
      conditions = target.conditions
      swiftExtraction = target.swiftExtraction
      codeComments = target.codeComments
    }
  }

  /// The placing of one file's strings (or lookups) over its readings: each string once per
  /// catalog it feeds, with the targets that put it there.
  private struct Placing {
    let file: SourceFile
    let scan: SourceScan
    var recorded: [String: Int] = [:]
    var placementsByTable: [String: [Placement]] = [:]

    init(file: SourceFile, scan: SourceScan) {
      self.file = file
      self.scan = scan
    }

    /// Places the strings of one reading; `readers` are the targets compiled under its conditions.
    mutating func place(
      _ strings: [LocalizableString], _ readers: [String], into placed: inout [PlacedString]
    ) {
      let path = file.path
      for string in strings {
        let position = file.lineColumn(of: string.offset)
        // Per catalog: the targets that put the string there (a target without a catalog for
        // it is a placement of its own: each is reported).
        var byCatalog:
          [String: (catalog: String?, targets: [String], reason: String, unsynced: Bool)] = [:]
        var order: [String] = []
        if placementsByTable[string.table] == nil {
          placementsByTable[string.table] = scan.placements(of: path, table: string.table)
        }
        for placement in placementsByTable[string.table]!
        where placement.target == nil || readers.contains(placement.target!) {
          let group = placement.catalog ?? "\u{0}" + (placement.target ?? "")
          if byCatalog[group] == nil {
            order.append(group)
            byCatalog[group] = (placement.catalog, [], placement.reason, placement.isUnsynced)
          }
          if let target = placement.target { byCatalog[group]!.targets.append(target) }
        }
        for group in order {
          let entry = byCatalog[group]!
          let identity = "\(string.offset)|\(string.table)|\(string.key)|\(group)"
          if let existing = recorded[identity] {
            placed[existing].targets = Array(Set(placed[existing].targets + entry.targets)).sorted()
            continue
          }
          recorded[identity] = placed.count
          placed.append(
            PlacedString(
              string: string, file: path, line: position.line, column: position.column,
              catalog: entry.catalog, targets: entry.targets.sorted(), placement: entry.reason,
              lacksCatalog: entry.catalog == nil && !entry.unsynced))
        }
      }
    }
  }
}
