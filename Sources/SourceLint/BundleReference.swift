import SourceStrings

/// The bundle a lookup reads, from its `bundle:` argument as written.
enum BundleReference: Hashable, Sendable {
  /// None named, `.main`, `Bundle.main`, `nil`: the main bundle (the app's, in a package or
  /// framework too).
  case main
  /// `.module`, `Bundle.module`: the Swift package module's own bundle.
  case module
  /// A bundle an over-the-air SDK adds (``otaBundleTable``), by its name there.
  case sdk(String)
  /// Anything else (a variable, `Bundle(for:)`): not known.
  case unknown

  /// The name coverage rules use (`main`, `module`, an SDK bundle's name, `unknown`).
  var name: String {
    switch self {
    case .main: "main"
    case .module: "module"
    case .sdk(let name): name
    case .unknown: "unknown"
    }
  }

  static let mainSpellings: Set<String> = [
    "nil", ".main", "Bundle.main", "Foundation.Bundle.main", ".atURL(Bundle.main.bundleURL)",
  ]
  static let moduleSpellings: Set<String> = [".module", "Bundle.module"]

  /// The bundle `string` reads. An SDK's own lookups (`Text(lh:)`) read what the main bundle
  /// has, through the SDK.
  init(of string: LocalizableString) {
    guard let written = string.bundle, string.path != .sdk else {
      self = .main
      return
    }
    if Self.mainSpellings.contains(written) {
      self = .main
    } else if Self.moduleSpellings.contains(written) {
      self = .module
    } else if let bundle = OTACoverage.allBundles.first(where: { $0.spellings.contains(written) }) {
      self = .sdk(bundle.name)
    } else {
      self = .unknown
    }
  }

  /// Whether it reads the main bundle's tables (itself, or an SDK's mirror of them).
  var readsMainTables: Bool {
    switch self {
    case .main: true
    case .sdk(let name): OTACoverage.allBundles.contains { $0.name == name && $0.mirrorsMain }
    case .module, .unknown: false
    }
  }
}
