import LHCBase
import SourceProjects
import SourceStrings

/// Which catalogs a lookup reads at run time, from its target and bundle (see ``SourceLint``).
struct Resolver {
  /// How one placed string is read.
  struct Reading {
    var bundle: BundleReference
    /// The catalog of its own target's bundle (extraction's placement), when that is what it
    /// reads.
    var own: String?
    /// The app targets' catalogs of its table (given ones), when it is a main-bundle lookup of a
    /// package or framework.
    var main: [String]?
    /// Its bundle is not known: it may read its own target's catalog or the app's.
    var isUnknown: Bool { bundle == .unknown }
  }

  let scan: SourceScan
  /// The keys of each catalog given (absolute paths).
  let keys: [String: Set<String>]
  /// The same keys with their format specifiers blanked (``specifierless(_:)``).
  private let looseKeys: [String: Set<String>]
  /// The catalogs of the targets whose bundle is the main one (apps, extensions): given, sorted,
  /// by table (all of them under `""`).
  private let appCatalogs: [String: [String]]
  /// The targets of each file scanned.
  private let targetsByFile: [String: [BuildTarget]]

  init(scan: SourceScan, catalogs: [SourceLint.CatalogKeys]) {
    self.scan = scan
    var keys: [String: Set<String>] = [:]
    var looseKeys: [String: Set<String>] = [:]
    for catalog in catalogs {
      keys[catalog.path] = Set(catalog.entries.map(\.key))
      looseKeys[catalog.path] = Set(catalog.entries.map { Self.specifierless($0.key) })
    }
    self.keys = keys
    self.looseKeys = looseKeys
    var app = Set<String>()
    for target in scan.targets where !target.isTest && !target.isLibrary {
      app.formUnion(target.catalogs.filter { keys[$0] != nil })
    }
    targetsByFile = Dictionary(uniqueKeysWithValues: scan.files.map { ($0, scan.targets(of: $0)) })
    var byTable: [String: [String]] = ["": app.sorted()]
    for catalog in app.sorted() {
      byTable[Paths.tableName(of: catalog), default: []].append(catalog)
    }
    appCatalogs = byTable
  }

  /// Whether the catalog has `key`, or a key that differs from it in format specifiers only:
  /// the types lhc infers for interpolations may not be the compiler's (`%@` for a value whose
  /// type it does not know, where Xcode writes `%lld`), so such a key is not called missing.
  func has(_ key: String, in catalog: String) -> Bool {
    keys[catalog]?.contains(key) == true
      || looseKeys[catalog]?.contains(Self.specifierless(key)) == true
  }

  /// A key with each format specifier blanked (`%lld files` → `\u{0} files`).
  static func specifierless(_ key: String) -> String {
    guard key.contains("%") else { return key }
    return FormatString(parsing: key).tokens.map { token in
      if case .specifier = token { return "\u{0}" }
      return token.text
    }.joined()
  }

  /// The given catalogs of the app targets of `table` (every table for `""`).
  func appCatalogs(of table: String) -> [String] {
    appCatalogs[table] ?? []
  }

  /// The targets that put `placed` in its catalog.
  func targets(of placed: PlacedString) -> [BuildTarget] {
    (targetsByFile[placed.file] ?? scan.targets(of: placed.file)).filter {
      placed.targets.contains($0.name)
    }
  }

  func reading(_ placed: PlacedString) -> Reading {
    let string = placed.string
    let inLibrary = targets(of: placed).contains { $0.isLibrary }
    var bundle = BundleReference(of: string)
    // A key or value made for a later lookup, in a package: which bundle that reads is not known.
    if inLibrary, string.path == .value || string.path == .system { bundle = .unknown }
    var reading = Reading(bundle: bundle)
    let own = placed.catalog.flatMap { keys[$0] != nil ? $0 : nil }
    switch bundle {
    case .module:
      reading.own = own
    case .unknown:
      break
    case .main, .sdk:
      guard bundle.readsMainTables else { break }
      if inLibrary {
        reading.main = appCatalogs(of: string.table)
      } else {
        reading.own = own
      }
    }
    return reading
  }

  /// Every given catalog that counts `placed` as a use of its key (`source-key-unused`): the one
  /// extraction places it in (a sync keeps the key), the app's when it is a main-bundle lookup
  /// of a package, both when its bundle is not known; for a table that is not known, every
  /// catalog of its targets (and the app's; every catalog for a file of no target).
  func reach(_ placed: PlacedString) -> Set<String> {
    let reading = reading(placed)
    let table = placed.string.table
    var result = Set<String>()
    if table.isEmpty {
      let targets = targets(of: placed)
      if targets.isEmpty { return Set(keys.keys) }
      for target in targets { result.formUnion(target.catalogs) }
    } else if let catalog = placed.catalog {
      result.insert(catalog)
    }
    if let main = reading.main { result.formUnion(main) }
    if reading.isUnknown { result.formUnion(appCatalogs(of: table)) }
    return result.filter { keys[$0] != nil }
  }
}
