import Clibxml2

/// Collects the entries of a flat `.strings` XML plist straight from libxml2 SAX events:
/// `<plist><dict>` + (`<key>` `<string>`)* + `</dict></plist>`, nothing else.
///
/// The fast path of ``XMLPlistReader/flatStrings(_:)``: no ``PlistValue`` per entry, no
/// dictionary, element names compared as bytes. Anything outside that shape (another element,
/// text between elements, an entity, any libxml2 error) stops the parser and gives up, so that
/// ``XMLPlistBuilder`` reads the document again and reports exactly what it always did.
final class XMLStringsBuilder: XMLShapeHandler {
  private enum State { case start, inPlist, inDict, afterDict, done }
  private enum Leaf { case key, string }

  // The parser calls back on one thread, one event at a time: no access to these overlaps
  // another, so the run-time exclusivity checks (a few per event) are left out.
  @exclusivity(unchecked) private var state = State.start
  @exclusivity(unchecked) private var leaf: Leaf?
  @exclusivity(unchecked) private var pendingKey: String?
  let text = LeafText()
  private let shielded: Bool
  /// False: every value is `""` (see ``StringsFileReader/readStrings(_:values:)``).
  private let keepsValues: Bool
  var context: xmlParserCtxtPtr?
  @exclusivity(unchecked) var isListening = true
  /// The keys in document order.
  @exclusivity(unchecked) private(set) var keys: [String] = []
  /// The values, `values[i]` for `keys[i]`.
  @exclusivity(unchecked) private(set) var values: [String] = []

  init(shielded: Bool, keepsValues: Bool) {
    self.shielded = shielded
    self.keepsValues = keepsValues
  }

  var isInLeaf: Bool { leaf != nil }

  /// True when the whole document had the flat shape.
  var isComplete: Bool { isListening && state == .done }

  func start(_ name: UnsafePointer<xmlChar>?) {
    guard let name, leaf == nil else { return giveUp() }
    switch state {
    case .start where Self.equals(name, "plist"): state = .inPlist
    case .inPlist where Self.equals(name, "dict"): state = .inDict
    case .inDict where pendingKey == nil && Self.equals(name, "key"):
      leaf = .key
      text.removeAll()
    case .inDict where pendingKey != nil && Self.equals(name, "string"):
      leaf = .string
      text.removeAll()
    default: giveUp()
    }
  }

  func end() {
    if let finished = leaf {
      leaf = nil
      switch finished {
      case .key:
        pendingKey = text.withBytes(unshielding: shielded) { String(decoding: $0, as: UTF8.self) }
      case .string:
        keys.append(pendingKey ?? "")
        values.append(
          keepsValues
            ? text.withBytes(unshielding: shielded) { String(decoding: $0, as: UTF8.self) } : "")
        pendingKey = nil
      }
      return
    }
    switch state {
    case .inDict where pendingKey == nil: state = .afterDict
    case .afterDict: state = .done
    default: giveUp()
    }
  }
}
