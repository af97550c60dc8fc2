/// Where a command's catalogs come from: arguments, `--input-file-list` files, or the Xcode build
/// phase's declared inputs.
enum CatalogInputs {
  /// The catalogs to read: the arguments, then the `.xcstrings` entries of every
  /// `--input-file-list`; with neither, inside a Run Script phase, the phase's declared
  /// `.xcstrings` inputs. Duplicates are dropped.
  static func resolve(
    _ parsed: ParsedArguments, _ xcode: XcodeBuildEnvironment, purpose: String
  ) throws(UsageError) -> [String] {
    var catalogs = parsed.positionals
    for list in parsed.all("input-file-list") {
      catalogs += try FileList.read(list, variables: xcode.variables).filter(isCatalog)
    }
    if parsed.positionals.isEmpty && parsed.all("input-file-list").isEmpty
      && xcode.isRunScriptPhase
    {
      catalogs = try xcode.declaredInputs().filter(isCatalog)
      guard !catalogs.isEmpty else {
        throw UsageError(
          "missing catalog (.xcstrings)\(purpose); the build phase declares no .xcstrings input")
      }
    }
    guard !catalogs.isEmpty else { throw UsageError("missing catalog (.xcstrings)\(purpose)") }
    var seen = Set<String>()
    return catalogs.filter { seen.insert($0).inserted }
  }

  static func isCatalog(_ path: String) -> Bool { path.hasSuffix(".xcstrings") }
}
