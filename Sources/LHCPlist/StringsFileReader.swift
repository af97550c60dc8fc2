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
    if isXML(text) { return try rootEntries(XMLPlistReader.read(bytes, rootDictionary: false)) }
    var parser = StringsTextParser(text)
    return try parser.entries()
  }

  /// The entries of ``read(_:)`` when every value is a string (`values[i]` for `keys[i]`); nil
  /// when some value is not (``read(_:)`` has them all). Errors are those of ``read(_:)``.
  ///
  /// The usual XML file (`<plist><dict>` of `<key>`/`<string>` pairs) takes a fast path
  /// (``FlatStringsHandler``) that builds no ``PlistValue``s.
  public static func readStrings(_ bytes: [UInt8]) throws(PlistReadError)
    -> (keys: [String], values: [String])?
  {
    if isUsualXML(bytes), let entries = XMLPlistReader.flatStrings(bytes) { return entries }
    var keys: [String] = []
    var texts: [String] = []
    for (key, value) in try read(bytes) {
      guard case .string(let text) = value else { return nil }
      keys.append(key)
      texts.append(text)
    }
    return (keys, texts)
  }

  /// The keys of ``readStrings(_:)``, as bytes, for callers that keep only the keys (the
  /// read-back of `lhc pack`): the file is read and checked all the same, with the same errors,
  /// and nil where ``readStrings(_:)`` is nil. No `String` is made of a key or a value: decoding
  /// each value's UTF-8 (which libxml2 has validated) into a `String`, then freeing it, was about
  /// 5 % of the instructions of `lhc pack --from` on the 9.9 MB bench catalog's tree,
  /// `.stringsdict` values included, the keys' strings 2–3 % more (issue 24 in
  /// Benchmarks/README.md).
  public static func readStringKeys(_ bytes: [UInt8]) throws(PlistReadError) -> KeyColumn? {
    if isUsualXML(bytes), let keys = XMLPlistReader.flatStringKeys(bytes) { return keys }
    var keys: [String] = []
    for (key, value) in try read(bytes) {
      guard case .string = value else { return nil }
      keys.append(key)
    }
    return KeyColumn(keys)
  }

  /// Whether the fast path may read `bytes`: XML in UTF-8, not a binary property list.
  private static func isUsualXML(_ bytes: [UInt8]) -> Bool {
    !BinaryPlistReader.isBinary(bytes) && startsLikeUTF8XML(bytes)
  }

  /// The comment documenting each key of an old-style text `.strings` file (see
  /// `StringsTextParser+Comments.swift` for which comment that is), the last definition's for a
  /// key defined twice; keys without one are absent. Property-list files have none. Errors are
  /// those of ``read(_:)``.
  public static func comments(_ bytes: [UInt8]) throws(PlistReadError) -> [String: String] {
    if BinaryPlistReader.isBinary(bytes) { return [:] }
    let text = try StringsTextDecoder.utf8(bytes)
    if isXML(text) { return [:] }
    var parser = StringsTextParser(text)
    parser.collectsGaps = true
    let entries = try parser.entries()
    var comments: [String: String] = [:]
    for (entry, comment) in zip(entries, parser.entryComments()) {
      comments[entry.key] = comment
    }
    return comments
  }

  /// Whether `bytes` start like an XML document in UTF-8 (after a byte-order mark and spaces):
  /// the fast path's cheap test, which neither decodes nor validates the whole file (anything it
  /// lets through that is not well-formed UTF-8 XML makes the fast path give up).
  private static func startsLikeUTF8XML(_ bytes: [UInt8]) -> Bool {
    isXML(bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...])
  }

  /// Whether UTF-8 text starts, after spaces, with `<`.
  private static func isXML(_ text: some Collection<UInt8>) -> Bool {
    text.first(where: { !StringsTextParser.isSpace($0) }) == UInt8(ascii: "<")
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
