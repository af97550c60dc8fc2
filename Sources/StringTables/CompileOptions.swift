import LHCBase

/// Options of a catalog compilation (the `xcstringstool compile` flags that affect content).
public struct CompileOptions: Sendable, Equatable {
  /// Languages to compile (`-l`); `nil` compiles every language of the catalog.
  public var languages: Set<String>?
  /// `--force-build-all-strings`: emit every unit that has a value, whatever its state.
  public var forceBuildAllStrings: Bool
  /// Not an `xcstringstool` flag: the development language whose table is the catalog's source
  /// text (the base of another SDK's over-the-air payload, which every language falls back to):
  /// every unit's value whatever its state, and the key itself for a key with none. `nil`
  /// compiles every language alike.
  public var sourceTextLanguage: String?

  public init(
    languages: Set<String>? = nil, forceBuildAllStrings: Bool = false,
    sourceTextLanguage: String? = nil
  ) {
    self.languages = languages
    self.forceBuildAllStrings = forceBuildAllStrings
    self.sourceTextLanguage = sourceTextLanguage
  }

  /// The languages a compilation with `--emit-empty-tables` writes files for: each `-l` language,
  /// else the source language and every language the catalog's localizations name (`named`).
  /// Known before the catalog is compiled, from what a build planner can read cheaply.
  public func declaredLanguages(sourceLanguage: String, named: [String]) -> [String] {
    if let languages { return KeyOrder.sorted(languages) }
    return KeyOrder.sorted(Set(named).union([sourceLanguage]))
  }
}

/// The tables of one catalog and what the compiler had to say about it.
public struct CompileResult: Sendable {
  /// One table per language that has something to emit, sorted by language tag.
  public var tables: [StringTable]
  /// Errors and warnings, sorted by offset.
  public var diagnostics: [Diagnostic]
  /// Every language the catalog's localizations name (selected by `-l`), sorted, whether or not
  /// it has something to emit.
  public var languages: [String] = []

  public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
