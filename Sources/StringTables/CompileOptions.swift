import LHCBase

/// Options of a catalog compilation (the `xcstringstool compile` flags that affect content).
public struct CompileOptions: Sendable, Equatable {
  /// Languages to compile (`-l`); `nil` compiles every language of the catalog.
  public var languages: Set<String>?
  /// `--force-build-all-strings`: emit every unit that has a value, whatever its state.
  public var forceBuildAllStrings: Bool

  public init(languages: Set<String>? = nil, forceBuildAllStrings: Bool = false) {
    self.languages = languages
    self.forceBuildAllStrings = forceBuildAllStrings
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
