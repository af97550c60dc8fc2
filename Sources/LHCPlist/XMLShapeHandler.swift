import Clibxml2

/// A fast-path SAX handler (``XMLDictionaryEvents``): it reads one shape
/// of document and gives up on anything else (text between elements, an entity, any libxml2
/// error), stopping the parser so that ``XMLPlistBuilder`` reads the document again and reports
/// exactly what it always did.
protocol XMLShapeHandler: XMLPlistSAXHandler {
  /// False once the handler gave up.
  var isListening: Bool { get set }
  /// Whether a `<key>` or `<string>` is open, its text going to ``text``.
  var isInLeaf: Bool { get }
  /// The open leaf's text.
  var text: LeafText { get }
}

extension XMLShapeHandler {
  /// Text: the open leaf's, else only blanks (the indentation between elements).
  @inline(__always)
  func characters(_ bytes: UnsafePointer<xmlChar>?, _ count: Int) {
    guard let bytes, count > 0 else { return }
    let chunk = UnsafeBufferPointer(start: bytes, count: count)
    if isInLeaf {
      text.append(chunk)
    } else if !chunk.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
      giveUp()
    }
  }

  func fail(_ message: String) { giveUp() }

  func libxml2Error(_ reported: xmlError) { giveUp() }

  /// Stops the parser; the document is left to ``XMLPlistBuilder``.
  func giveUp() {
    guard isListening else { return }
    isListening = false
    if let context { xmlStopParser(context) }
  }

  /// Whether the NUL-terminated `name` is `literal`.
  @inline(__always)
  static func equals(_ name: UnsafePointer<xmlChar>, _ literal: StaticString) -> Bool {
    let bytes = literal.utf8Start
    for index in 0..<literal.utf8CodeUnitCount where name[index] != bytes[index] { return false }
    return name[literal.utf8CodeUnitCount] == 0
  }
}
