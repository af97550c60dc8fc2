import CatalogMerge
import CatalogWriter
import Foundation
import LHCBase
import StringCatalog

/// `lhc merge-driver %O %A %B --path %P`: git's merge driver for String Catalogs. Merges the
/// changes of both branches entry by entry, language by language and case by case, writes the
/// result to %A in Xcode's format, and exits 1 on a conflict (ours kept), as git expects.
struct MergeDriverCommand {
  static let spec = CommandSpec(
    name: "merge-driver",
    abstract: "Three-way merge of String Catalogs for git (merge.<driver>.driver).",
    arguments: "BASE CURRENT OTHER",
    options: [
      .value(
        "path", "PATH", help: "The catalog's path in the repository (git's %P), for messages."),
      .value(
        "favor", "SIDE", choices: ["ours", "theirs"],
        help: "Resolve conflicts with this side (ours: CURRENT, theirs: OTHER) and exit 0."),
      .flag(
        "allow-final-newline",
        help: "Keep CURRENT's newline after its last } (default: the nearest .lhc.json)."),
    ],
    discussion: """
      BASE, CURRENT and OTHER are git's %O, %A and %B: the common ancestor, this branch's version \
      and the other branch's. The merged catalog replaces CURRENT. Set up with:
        git config merge.xcstrings.driver 'lhc merge-driver %O %A %B --path %P'
        echo '*.xcstrings merge=xcstrings' >> .gitattributes
      Exit status: 0 merged cleanly (or conflicts resolved with --favor), 1 conflicts (each \
      printed; the result holds ours for them) or a catalog that cannot be read (CURRENT is left \
      as it was), 64 on a usage error.
      """)

  var base: String
  var current: String
  var other: String
  /// How messages name the catalog.
  var name: String
  var favor: CatalogMerge.Favor?
  /// `--allow-final-newline`: the merge keeps a newline CURRENT ends with.
  var allowFinalNewline: Bool

  init(parsed: ParsedArguments) throws(UsageError) {
    guard parsed.positionals.count == 3 else {
      throw UsageError(
        "expected 3 catalogs (BASE CURRENT OTHER, git's %O %A %B), got \(parsed.positionals.count)")
    }
    (base, current, other) = (parsed.positionals[0], parsed.positionals[1], parsed.positionals[2])
    name = parsed.value("path") ?? current
    favor = try parsed.value("favor").map { (value) throws(UsageError) in
      guard let favor = CatalogMerge.Favor(rawValue: value) else {
        throw UsageError("invalid value '\(value)' for --favor; expected ours or theirs")
      }
      return favor
    }
    allowFinalNewline = parsed.flag("allow-final-newline")
  }

  func run(_ console: Console) -> Int32 {
    // The config is searched from the catalog's place in the repository (--path: git runs the
    // driver at the top of the work tree), CURRENT being a temporary file.
    guard
      let finalNewline = FinalNewline.load(for: [name], flag: allowFinalNewline, console: console)
    else { return ExitStatus.failure }
    let sides = MergeInputs.read(base: base, ours: current, theirs: other)
    // Kept until exit with the models and the result below: the three files' mappings (and the
    // models, node by node) were released on one core before the merge (~0.05 s of the 171 MB
    // bench catalog's).
    console.keepUntilExit(sides)
    let printer = DiagnosticPrinter(console: console, warningsAsErrors: false)
    for (label, side) in zip(["base", "ours", "theirs"], sides) {
      printer.print(side.diagnostics, path: "\(name) (\(label))", source: side.source)
    }
    guard let base = sides[0].catalog, let ours = sides[1].catalog, let theirs = sides[2].catalog
    else { return ExitStatus.failure }
    let size = sides[1].source?.bytes.count ?? 0
    let threads = CatalogCompilation.parts(forBytes: size)
    // `MergeInputs` cleared every offset.
    let merged = CatalogMerge.merge(cleared: base, ours, theirs, favor: favor)
    let newline = sides[1].source.map { finalNewline.keeps(name, existing: $0.bytes) } ?? false
    let bytes = CatalogWriter.chunks(
      merged.catalog, threads: threads, sizeHint: size, finalNewline: newline)
    console.keepUntilExit([merged.catalog, bytes] as [Any])
    do {
      try bytes.withChunks { (chunks) throws(OutputError) in
        try OutputFile.write(
          chunks: chunks, to: current, permissions: EditedCatalog.permissions(of: current))
      }
    } catch {
      console.error("\(name): error: cannot write the merged catalog: \(error.message)\n")
      return ExitStatus.failure
    }
    var text = ""
    for conflict in merged.conflicts {
      let message =
        "conflict (\(conflict.location)): ours \(conflict.ours) theirs \(conflict.theirs)"
      text +=
        favor.map { "\(name): warning: \(message); kept \($0.rawValue)\n" }
        ?? "\(name): error: \(message)\n"
    }
    if !text.isEmpty { console.error(text) }
    return merged.conflicts.isEmpty || favor != nil ? ExitStatus.success : ExitStatus.failure
  }
}
