/// Why a key of a table cannot become catalog content (a `.stringsdict` shape a String Catalog
/// has no form for, a release value that would break the app), or what an import leaves out.
public struct ImportIssue: Error, Sendable, Equatable {
  /// The language whose table holds the key.
  public var language: String?
  public var key: String?
  /// A lower-case explanation, without the key and language.
  public var reason: String
  /// The file the key comes from, relative to the input's root (`de.lproj/Localizable.stringsdict`),
  /// when known.
  public var file: String?

  public init(language: String?, key: String?, reason: String, file: String? = nil) {
    self.language = language
    self.key = key
    self.reason = reason
    self.file = file
  }
}

/// A reason without its place; the mapper adds the language and key.
struct MappingError: Error {
  var reason: String
  init(_ reason: String) { self.reason = reason }
}

/// Every key that stopped an import (nothing is written then).
public struct ImportFailure: Error, Sendable, Equatable {
  public var issues: [ImportIssue]

  public init(_ issues: [ImportIssue]) { self.issues = issues }
}
