/// Collects the entries of a flat `.strings` XML plist from ``XMLDictionaryEvents``:
/// `<plist><dict>` + (`<key>` `<string>`)* + `</dict></plist>`, nothing else (a nested dictionary
/// gives up, as the events do for any other element, text between elements, an entity or a libxml2
/// error).
///
/// The fast path of ``XMLPlistReader/flatStrings(_:)`` and ``XMLPlistReader/flatStringKeys(_:)``:
/// no ``PlistValue`` per entry, no dictionary. On giving up ``XMLPlistBuilder`` reads the document
/// again and reports exactly what it always did.
final class FlatStringsHandler: PlistDictionaryHandler {
  // The parser calls back on one thread, one event at a time: no access to these overlaps
  // another, so the run-time exclusivity checks (a few per event) are left out.
  @exclusivity(unchecked) private var isOpen = false
  /// False: only the keys are kept, as bytes (``keyColumn``; see
  /// ``StringsFileReader/readStringKeys(_:)``), and ``keys`` and ``values`` stay empty.
  private let keepsValues: Bool
  /// The keys in document order.
  @exclusivity(unchecked) private(set) var keys: [String] = []
  /// The values, `values[i]` for `keys[i]`.
  @exclusivity(unchecked) private(set) var values: [String] = []
  /// The keys in document order, without values.
  @exclusivity(unchecked) private(set) var keyColumn = KeyColumn()

  init(keepsValues: Bool) {
    self.keepsValues = keepsValues
  }

  func beginDictionary() -> Bool {
    defer { isOpen = true }
    return !isOpen
  }

  func endDictionary() -> Bool { true }

  func key(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    if keepsValues {
      keys.append(String(decoding: text, as: UTF8.self))
    } else {
      keyColumn.append(text)
    }
    return true
  }

  func string(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    if keepsValues { values.append(String(decoding: text, as: UTF8.self)) }
    return true
  }
}
