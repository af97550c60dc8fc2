import Foundation
import LHCBase
import StringCatalog

/// `lhc import`: legacy `.strings`/`.stringsdict` files into a new String Catalog (`-o`), or a
/// release zip, a folder of `.lproj` folders or an XLIFF / `.xcloc` into existing catalogs
/// (`--into`), changing only the keys they already have.
struct ImportCommand {
  static let spec = CommandSpec(
    name: "import",
    abstract: "Import legacy .strings/.stringsdict, a release or an XLIFF into String Catalogs.",
    arguments: "INPUT [CATALOG.xcstrings...]",
    options: [
      .value(
        "output", short: "o", "NEW.xcstrings",
        help: "Create this catalog from the legacy files in INPUT (a folder of <lang>.lproj)."),
      .flag("force", help: "With -o: replace the catalog if it exists."),
      .value(
        "source-language", "LANG",
        help: "With -o: the catalog's source language (default: en); Base.lproj is it."),
      .value(
        "table", "NAME", help: "With -o: the table to import (default: Localizable)."),
      .value(
        "into", "CATALOG", repeatable: true,
        help: "Update this existing catalog (repeatable; more catalogs may follow INPUT)."),
      .value(
        "state", "STATE", choices: ImportCommand.State.allCases.map(\.rawValue),
        help: "With --into: the state of updated units: translated (default) or needs_review."),
      .flag("dry-run", help: "With --into: print what would change; write nothing."),
      .flag(
        "skip-unsafe",
        help:
          "Apply the safe values (--into) or import every entry that can be (-o); list the refused ones."
      ),
      .value(
        "catalog-version", "VERSION", choices: ["1.0", "1.1", "1.2", "1.3"],
        help: "With --into: raise each changed catalog's version to VERSION."),
      .flag(
        "allow-final-newline",
        help: "With --into: keep a catalog's newline after its last } (default: .lhc.json)."),
    ],
    discussion: """
      INPUT is a release zip, a folder of <lang>.lproj folders (a compiled bundle, a release \
      tree or legacy files), an .xliff file or an .xcloc folder. With -o, INPUT is a folder \
      of legacy files and a new catalog is made of one table (Xcode's "Migrate to String \
      Catalog"); with --into, the catalogs' existing keys get the input's values. Nothing is \
      written when anything is refused (unless --skip-unsafe), files are replaced atomically \
      and only when their bytes change. Exit status: 0 success (with --skip-unsafe: refused \
      entries listed), 1 an input is invalid or a value is refused, or nothing can be imported \
      (nothing written), 64 usage error.
      """)

  /// What INPUT is, told from its name (and, for a folder, that it is one).
  enum Input: Equatable {
    /// A release zip (validated as the LingoHub SDK validates it).
    case releaseZip(String)
    /// A folder of `<lang>.lproj` folders.
    case lprojFolder(String)
    /// An `.xliff` file or an `.xcloc` folder (issue 18).
    case xliff(String)

    var path: String {
      switch self {
      case .releaseZip(let path), .lprojFolder(let path), .xliff(let path): path
      }
    }

    /// Tells the kind of `path`: by extension (`.zip`, `.xliff`, `.xcloc`), else a folder (a
    /// path that does not exist is one too: reading it names the file, exit status 1).
    static func detect(_ path: String) throws(UsageError) -> Input {
      let lowered = path.lowercased()
      var trimmed = Substring(lowered)
      while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
      if trimmed.hasSuffix(".xliff") || trimmed.hasSuffix(".xcloc") { return .xliff(path) }
      if trimmed.hasSuffix(".zip") { return .releaseZip(path) }
      var isDirectory: ObjCBool = false
      if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        || isDirectory.boolValue
      {
        return .lprojFolder(path)
      }
      throw UsageError(
        "cannot tell what '\(path)' is: expected a release .zip, a folder of <lang>.lproj "
          + "folders, an .xliff file or an .xcloc folder")
    }
  }

  /// `--state`: what an updated unit becomes.
  enum State: String, CaseIterable {
    case translated
    case needsReview = "needs_review"
  }

  /// `-o`: a new catalog from legacy files.
  struct NewCatalog: Equatable {
    var output: String
    var force: Bool
    var sourceLanguage: String?
    var table: String
    /// `--skip-unsafe`: every entry that can be imported, the others listed.
    var skipUnsafe: Bool
  }

  /// `--into`: existing catalogs updated from a release, `.lproj` folders or an XLIFF.
  struct Into: Equatable {
    var catalogs: [String]
    var state: State
    var dryRun: Bool
    var skipUnsafe: Bool
    var catalogVersion: String?
    /// `--allow-final-newline`: a catalog keeps a newline after its last `}`.
    var allowFinalNewline = false
  }

  enum Mode: Equatable {
    case newCatalog(NewCatalog)
    case into(Into)
  }

  var input: Input
  var mode: Mode

  /// The options of one mode, for the usage error when they are given in the other.
  private static let newCatalogOnly = ["force", "source-language", "table"]
  private static let intoOnly = ["state", "dry-run", "catalog-version", "allow-final-newline"]

  init(parsed: ParsedArguments) throws(UsageError) {
    // INPUT is the one positional argument that is not a catalog; catalogs after it belong to
    // --into (`--into A.xcstrings B.xcstrings`).
    let catalogs = parsed.positionals.filter { $0.hasSuffix(".xcstrings") }
    let others = parsed.positionals.filter { !$0.hasSuffix(".xcstrings") }
    guard let inputPath = others.first else {
      throw UsageError("missing INPUT (a release .zip, a folder of <lang>.lproj, .xliff or .xcloc)")
    }
    guard others.count == 1 else {
      throw UsageError("one INPUT at a time; got \(others.joined(separator: ", "))")
    }
    if !catalogs.isEmpty, parsed.all("into").isEmpty {
      throw UsageError(
        "catalogs to update follow --into: --into \(catalogs.joined(separator: " "))")
    }
    let into = parsed.all("into") + catalogs
    let output = parsed.value("output")
    switch (output, into.isEmpty) {
    case (nil, true):
      throw UsageError("missing -o NEW.xcstrings (new catalog) or --into CATALOG (update)")
    case (.some, false):
      throw UsageError("-o and --into exclude each other: create a catalog or update one")
    case (.some(let output), true):
      if let given = Self.intoOnly.first(where: { parsed.flag($0) }) {
        throw UsageError("--\(given) applies to --into; -o creates a new catalog")
      }
      guard output.hasSuffix(".xcstrings") else {
        throw UsageError("-o names the new catalog, a .xcstrings file: \(output)")
      }
      let table = parsed.value("table") ?? "Localizable"
      guard !table.isEmpty, !table.contains("/") else {
        throw UsageError("--table is a table name (Localizable, InfoPlist), not '\(table)'")
      }
      mode = .newCatalog(
        NewCatalog(
          output: output, force: parsed.flag("force"),
          sourceLanguage: parsed.value("source-language"), table: table,
          skipUnsafe: parsed.flag("skip-unsafe")))
    case (nil, false):
      if let given = Self.newCatalogOnly.first(where: { parsed.flag($0) }) {
        throw UsageError("--\(given) applies to -o; --into updates existing catalogs")
      }
      if let notCatalog = into.first(where: { !$0.hasSuffix(".xcstrings") }) {
        throw UsageError("--into names catalogs (.xcstrings): \(notCatalog)")
      }
      try CatalogCompilation.checkTableNames(into)
      let version = parsed.value("catalog-version")
      if let version, !Catalog.knownVersions.contains(version) {
        let known = Catalog.knownVersions.sorted().joined(separator: ", ")
        throw UsageError(
          "unknown catalog version '\(version)' for --catalog-version; known: \(known)")
      }
      mode = .into(
        Into(
          catalogs: into,
          state: try parsed.choice("state", default: State.translated),
          dryRun: parsed.flag("dry-run"), skipUnsafe: parsed.flag("skip-unsafe"),
          catalogVersion: version, allowFinalNewline: parsed.flag("allow-final-newline")))
    }
    input = try Input.detect(inputPath)
    switch (input, mode) {
    case (.xliff, .newCatalog):
      throw UsageError("an XLIFF updates existing catalogs: use --into CATALOG")
    case (.xliff(let path), .into(let options)):
      try Self.checkXLIFF(path, options)
    default:
      break
    }
  }

  func run(_ console: Console) -> Int32 {
    switch (input, mode) {
    case (.xliff(let path), .into(let options)):
      return importXLIFF(path, options, console: console)
    case (_, .newCatalog(let options)):
      return importLegacy(input, options, console: console)
    case (_, .into(let options)):
      return importRelease(input, options, console: console)
    }
  }
}
