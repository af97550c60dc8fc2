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
}

/// The tables of one catalog and what the compiler had to say about it.
public struct CompileResult: Sendable {
  /// One table per language that has something to emit, sorted by language tag.
  public var tables: [StringTable]
  /// Errors and warnings, sorted by offset.
  public var diagnostics: [Diagnostic]

  public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
