import Clibxml2

/// Receives a property list made only of dictionaries and strings, as the parser meets it: the
/// root dictionary opens first; in every dictionary a ``key(_:)`` is followed by its value (a
/// ``string(_:)`` or a dictionary between ``beginDictionary()`` and ``endDictionary()``). Text is
/// passed as the document's UTF-8 bytes (control characters restored), valid only during the call.
/// Returning false gives up: the parse stops and the reader returns false.
public protocol PlistDictionaryHandler: AnyObject {
  /// A `<dict>` opens: the root, or the value of the key just given.
  func beginDictionary() -> Bool
  /// The open dictionary closes.
  func endDictionary() -> Bool
  /// A `<key>` of the open dictionary.
  func key(_ text: UnsafeBufferPointer<UInt8>) -> Bool
  /// A `<string>`: the value of the key just given.
  func string(_ text: UnsafeBufferPointer<UInt8>) -> Bool
}

extension PlistReader {
  /// Sends the XML property list in `bytes` to `handler` when it is made only of `<dict>`,
  /// `<key>` and `<string>` under a root `<dict>`; false for any other document (another element,
  /// text between elements, an entity, any libxml2 error, a binary plist) and when the handler
  /// gives up. A document this accepts is one ``rootEntries(_:)`` accepts with the same
  /// structure, so a caller that gets false reads it that way to report what is wrong.
  ///
  /// For readers that build their own model from the events instead of a ``PlistValue`` tree
  /// (the `.stringsdict` tables of `lhc pack` and `lhc import`): the parse, its libxml2 options
  /// and limits are those of ``read(_:)``.
  public static func readDictionaries(_ bytes: [UInt8], into handler: some PlistDictionaryHandler)
    -> Bool
  {
    guard !BinaryPlistReader.isBinary(bytes) else { return false }
    return XMLPlistReader.readDictionaries(bytes, into: XMLDictionaryEvents(handler))
  }
}

/// Turns libxml2 SAX events into ``PlistDictionaryHandler`` calls, checking the plist structure
/// on the way (`<plist>` holds one `<dict>`; keys and values alternate; only `<dict>`, `<key>`
/// and `<string>`). Anything else stops the parser and gives up. (The flat `.strings` reader is one such handler:
/// ``FlatStringsHandler``.)
final class XMLDictionaryEvents: XMLShapeHandler {
  private enum State { case start, inPlist, afterRoot, done }
  private enum Leaf { case key, string }

  // The parser calls back on one thread, one event at a time: no access to these overlaps
  // another, so the run-time exclusivity checks (a few per event) are left out.
  @exclusivity(unchecked) private var state = State.start
  @exclusivity(unchecked) private var leaf: Leaf?
  /// Open dictionaries.
  @exclusivity(unchecked) private var depth = 0
  /// Whether the open dictionary's last member is a key still waiting for its value.
  @exclusivity(unchecked) private var keyPending = false
  let text = LeafText()
  private let handler: any PlistDictionaryHandler
  var shielded = false
  var context: xmlParserCtxtPtr?
  @exclusivity(unchecked) var isListening = true

  init(_ handler: any PlistDictionaryHandler) {
    self.handler = handler
  }

  var isInLeaf: Bool { leaf != nil }

  /// True when the whole document had the shape and the handler took all of it.
  var isComplete: Bool { isListening && state == .done }

  func start(_ name: UnsafePointer<xmlChar>?) {
    guard let name, leaf == nil else { return giveUp() }
    switch state {
    case .start where Self.equals(name, "plist"): state = .inPlist
    case .inPlist where Self.equals(name, "dict"):
      guard depth == 0 || keyPending else { return giveUp() }
      depth += 1
      keyPending = false
      if !handler.beginDictionary() { giveUp() }
    case .inPlist where depth > 0 && !keyPending && Self.equals(name, "key"):
      leaf = .key
      text.removeAll()
    case .inPlist where keyPending && Self.equals(name, "string"):
      leaf = .string
      text.removeAll()
    default: giveUp()
    }
  }

  func end() {
    if let finished = leaf {
      leaf = nil
      let taken = text.withBytes(unshielding: shielded) { content in
        switch finished {
        case .key: handler.key(content)
        case .string: handler.string(content)
        }
      }
      keyPending = finished == .key
      return taken ? () : giveUp()
    }
    switch state {
    case .inPlist where depth > 0 && !keyPending:
      depth -= 1
      if depth == 0 { state = .afterRoot }
      if !handler.endDictionary() { giveUp() }
    case .afterRoot: state = .done
    default: giveUp()
    }
  }
}
