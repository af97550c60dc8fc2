/// Reads property lists the way Foundation does: XML (through libxml2, hardened) or binary.
public enum PlistReader {
  /// The value of an XML or binary property list, whichever `bytes` hold (`bplist00` magic →
  /// binary, anything else → XML).
  public static func read(_ bytes: [UInt8]) throws(PlistReadError) -> PlistValue {
    try document(bytes).value
  }

  /// The entries of a root dictionary in document order, repeated keys kept; nil when the root
  /// is not a dictionary (``read(_:)`` gives it).
  public static func rootEntries(_ bytes: [UInt8]) throws(PlistReadError) -> [(
    key: String, value: PlistValue
  )]? {
    if BinaryPlistReader.isBinary(bytes) { return try BinaryPlistReader.read(bytes).rootEntries }
    return try XMLPlistReader.read(bytes, rootDictionary: false).rootEntries
  }

  /// The whole document: the value, and the root dictionary's entries in document order.
  static func document(_ bytes: [UInt8]) throws(PlistReadError) -> PlistDocument {
    if BinaryPlistReader.isBinary(bytes) {
      return try BinaryPlistReader.read(bytes)
    }
    return try XMLPlistReader.read(bytes)
  }
}

/// A property list as read: its value, plus the entries of a root dictionary in the order the
/// document holds them (repeated keys kept), which ``PlistValue/dictionary(_:)`` cannot keep.
struct PlistDocument {
  var value: PlistValue
  var rootEntries: [(key: String, value: PlistValue)]?
}
