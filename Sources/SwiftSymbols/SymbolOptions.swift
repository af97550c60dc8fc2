/// What `lhc gen-symbols` generates: the bundle looked up, the access level, which keys.
public struct SymbolOptions: Sendable, Equatable {
  /// The bundle the generated code looks strings up in, evaluated at every lookup.
  public enum BundleSource: Sendable, Equatable {
    /// `Bundle.main`.
    case main
    /// `Bundle.module` (a Swift package target with resources).
    case module
    /// `Bundle.lingohub` from the LingoHub SDK (`import Lingohub`), which swaps bundles when an
    /// over-the-air release activates.
    case lingohub
    /// Any Swift expression of type `Bundle`, e.g. `Bundle(path: "…")!` or `MyBundles.strings`.
    case expression(String)

    /// Parses `--bundle`: `main`, `module`, `lingohub` or an expression.
    public init(argument: String) {
      switch argument {
      case "main": self = .main
      case "module": self = .module
      case "lingohub": self = .lingohub
      default: self = .expression(argument)
      }
    }

    /// The Swift expression.
    var swiftExpression: String {
      switch self {
      case .main: "Bundle.main"
      case .module: "Bundle.module"
      case .lingohub: "Bundle.lingohub"
      case .expression(let expression): expression
      }
    }
  }

  /// Access level of every generated declaration.
  public enum AccessLevel: String, Sendable, Equatable, CaseIterable {
    case `internal`, `public`, `package`
  }

  public var bundle: BundleSource
  public var accessLevel: AccessLevel
  /// Only keys Xcode generates symbols for: `extractionState: manual` (unless
  /// `generatesSymbol: false`) or `generatesSymbol: true`.
  public var onlyManual: Bool
  /// Xcode's errors instead of lhc's rules: keys that give one member, and keys whose arguments
  /// cannot get a symbol, are errors (nothing is generated) instead of renamed or skipped.
  public var strict: Bool

  public init(
    bundle: BundleSource = .main, accessLevel: AccessLevel = .internal, onlyManual: Bool = false,
    strict: Bool = false
  ) {
    self.bundle = bundle
    self.accessLevel = accessLevel
    self.onlyManual = onlyManual
    self.strict = strict
  }
}
