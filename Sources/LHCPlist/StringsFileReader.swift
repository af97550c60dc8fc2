/// Reads `.strings` files in every form Foundation's `NSDictionary(contentsOf:)` accepts.
public enum StringsFileReader {
  /// The entries of a `.strings` file, in file order, repeated keys included: binary property
  /// list, XML property list (first character `<`; the root must be a dictionary), or old-style
  /// text (see ``StringsTextDecoder`` for encodings, ``StringsTextParser`` for the syntax).
  public static func read(_ bytes: [UInt8]) throws(PlistReadError) -> [(
    key: String, value: PlistValue
  )] {
    if BinaryPlistReader.isBinary(bytes) { return try rootEntries(BinaryPlistReader.read(bytes)) }
    let text = try StringsTextDecoder.utf8(bytes)
    if text.first(where: { !StringsTextParser.isSpace($0) }) == UInt8(ascii: "<") {
      return try rootEntries(XMLPlistReader.read(bytes))
    }
    var parser = StringsTextParser(text)
    return try parser.entries()
  }

  /// The root dictionary's entries of a property-list `.strings` file.
  private static func rootEntries(_ document: PlistDocument) throws(PlistReadError) -> [(
    key: String, value: PlistValue
  )] {
    guard let entries = document.rootEntries else {
      throw PlistReadError(message: "the root of a .strings property list must be a dictionary")
    }
    return entries
  }
}
