/// A value that cannot be written as a property list, with the key path that leads to it.
///
/// `keyPath` lists the dictionary keys from the root down to the offending key or value; an array
/// element contributes its decimal index (`["items", "2"]`). The command line uses it to name the
/// catalog key concerned.
public struct PlistError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The message, in Foundation's wording where Foundation has one.
  public var message: String
  /// Keys (and array indexes) from the root to the offending value; empty for the root itself.
  public var keyPath: [String]

  public init(message: String, keyPath: [String] = []) {
    self.message = message
    self.keyPath = keyPath
  }

  /// Foundation's message for U+0000 in a string of an XML property list (swift-foundation's
  /// `PropertyListEncoder` on Darwin; corelibs on Linux writes the NUL raw instead).
  public static let embeddedNullMessage =
    "Property list strings cannot contain embedded null characters in XML format."

  /// The same error one level down: `key` is prepended to the path (built while unwinding, so
  /// writers track no path on their hot path).
  public func within(_ key: String) -> PlistError {
    PlistError(message: message, keyPath: [key] + keyPath)
  }

  /// The message, followed by the key path when there is one: `… (at key path "a" → "b")`.
  public var description: String {
    if keyPath.isEmpty { return message }
    let path = keyPath.map { "\"\($0)\"" }.joined(separator: " → ")
    return "\(message) (at key path \(path))"
  }
}
