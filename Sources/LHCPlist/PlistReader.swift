// STUB (helper A replaces): XML and binary property lists → PlistValue.

/// A property list or `.strings` file that cannot be read, and where: 1-based line and column in
/// text formats, the key path in binary ones.
public struct PlistReadError: Error, Sendable, Equatable, CustomStringConvertible {
  public var message: String
  public var line: Int?
  public var column: Int?

  public init(message: String, line: Int? = nil, column: Int? = nil) {
    self.message = message
    self.line = line
    self.column = column
  }

  public var description: String {
    guard let line else { return message }
    return "\(line):\(column ?? 1): \(message)"
  }
}

/// Reads property lists the way Foundation does: XML (through libxml2, hardened) or binary.
public enum PlistReader {
  /// The value of an XML or binary property list, whichever `bytes` hold.
  public static func read(_ bytes: [UInt8]) throws(PlistReadError) -> PlistValue {
    throw PlistReadError(message: "not implemented")
  }
}

/// Reads `.strings` files in every form Foundation's `NSDictionary(contentsOf:)` accepts.
public enum StringsFileReader {
  /// The entries of a `.strings` file, in file order, repeated keys included: old-style text
  /// (UTF-8, UTF-16 with BOM), XML or binary property list.
  public static func read(_ bytes: [UInt8]) throws(PlistReadError) -> [(key: String, value: PlistValue)] {
    throw PlistReadError(message: "not implemented")
  }
}
