/// The symbols of one table: what the writer turns into Swift.
public struct SymbolTable: Sendable, Equatable {
  /// The table name (`Localizable`, `Feature`): the catalog's file name without `.xcstrings`.
  public var table: String
  /// The type name of the table's namespace enum (`Feature`).
  public var typeName: String
  /// Symbols in key order.
  public var symbols: [Symbol]
  /// The catalog's `sourceLanguage`: the development language of the portable lookup.
  public var sourceLanguage: String
  /// Every language the catalog names (its source language included): whose plural rules the
  /// portable lookup carries.
  public var languages: Set<String>

  /// True for `Localizable`, whose `LocalizedStringResource` members need no namespace.
  public var isDefault: Bool { table == "Localizable" }

  public init(
    table: String, symbols: [Symbol], sourceLanguage: String = "en", languages: Set<String> = []
  ) {
    self.table = table
    self.typeName = SwiftIdentifier.typeName(forTable: table)
    self.symbols = symbols
    self.sourceLanguage = sourceLanguage
    self.languages = languages.union([sourceLanguage])
  }
}

/// One key as a Swift member: a static property, or a static function when it takes arguments.
public struct Symbol: Sendable, Equatable {
  public var key: String
  /// The member name, unescaped.
  public var name: String
  public var comment: String?
  /// The source-language text used when the key is missing from the bundle, as a format for
  /// `String(format:)` (plural and device variations: the `other` case; substitutions expanded).
  public var fallback: String
  /// Parameters in argument order (`arg1`, `arg2`, …).
  public var parameters: [Parameter]
  /// The `defaultValue:` interpolation pieces of the `LocalizedStringResource` member.
  public var resourceDefault: [ResourcePiece]
  /// Set when the member is renamed because another key keeps the name both would get.
  public var sharedName: SharedName? = nil

  /// The name a renamed member would get (`done`), and the key that keeps it (`Done`).
  public struct SharedName: Sendable, Equatable {
    public var name: String
    public var keeper: String
  }

  /// One parameter: argument `position` (1-based) with its label and type.
  public struct Parameter: Sendable, Equatable {
    public var position: Int
    /// The argument label, unescaped; nil for `_`.
    public var label: String?
    /// The Swift type (`String`, `Int`, `Int32`, `Double`, …).
    public var type: String
    /// The printf specifier for `String.LocalizationValue` interpolation (`%lld`, `%.2f`); nil for
    /// `String` arguments, which interpolate plainly.
    public var specifier: String?
  }

  /// A piece of the `defaultValue:` string literal.
  public enum ResourcePiece: Sendable, Equatable {
    case literal(String)
    /// `\(argN)` or `\(argN, specifier: "…")`.
    case argument(Int)
  }
}
