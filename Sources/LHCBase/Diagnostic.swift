/// One finding about an input: an error, a warning or a note.
///
/// Producers (the catalog reader, the compiler) know byte offsets, languages and keys but not
/// the file's path or line numbers; the command line attaches the path and turns `offset` into
/// `line:column` only when it prints (see ``SourceText/lineColumn(of:)``).
public struct Diagnostic: Sendable, Hashable {
  /// How serious a diagnostic is.
  public enum Severity: String, Sendable, Hashable, Comparable {
    case note, warning, error

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
      lhs.rank < rhs.rank
    }

    private var rank: Int {
      switch self {
      case .note: 0
      case .warning: 1
      case .error: 2
      }
    }
  }

  public var severity: Severity
  /// The message, in Xcode's wording where Xcode has one.
  public var message: String
  /// Byte offset in the input file the diagnostic points at, when known.
  public var offset: Int?
  /// The language of the localization concerned, if any.
  public var language: String?
  /// The catalog key concerned, if any.
  public var key: String?

  public init(
    _ severity: Severity, _ message: String, offset: Int? = nil, language: String? = nil,
    key: String? = nil
  ) {
    self.severity = severity
    self.message = message
    self.offset = offset
    self.language = language
    self.key = key
  }

  public static func error(
    _ message: String, offset: Int? = nil, language: String? = nil, key: String? = nil
  ) -> Diagnostic {
    Diagnostic(.error, message, offset: offset, language: language, key: key)
  }

  public static func warning(
    _ message: String, offset: Int? = nil, language: String? = nil, key: String? = nil
  ) -> Diagnostic {
    Diagnostic(.warning, message, offset: offset, language: language, key: key)
  }

  /// The `(<lang>: <key>)` suffix Xcode appends, or `(<key>)` / nothing when parts are unknown.
  public var contextSuffix: String {
    switch (language, key) {
    case let (language?, key?): " (\(language): \(key))"
    case let (nil, key?): " (\(key))"
    case let (language?, nil): " (\(language))"
    case (nil, nil): ""
    }
  }
}

/// An error that carries diagnostics: thrown when input cannot be used at all.
public struct DiagnosticError: Error, Sendable {
  public var diagnostics: [Diagnostic]

  public init(_ diagnostics: [Diagnostic]) {
    self.diagnostics = diagnostics
  }

  public init(_ diagnostic: Diagnostic) {
    self.diagnostics = [diagnostic]
  }
}

extension Array where Element == Diagnostic {
  /// The diagnostics in file order (by offset; those without one first), ties kept in order.
  public func sortedByOffset() -> [Diagnostic] {
    enumerated().sorted {
      ($0.element.offset ?? -1, $0.offset) < ($1.element.offset ?? -1, $1.offset)
    }.map(\.element)
  }
}
