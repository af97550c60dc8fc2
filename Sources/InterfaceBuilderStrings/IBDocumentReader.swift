// Data path: bytes → libxml2's SAX2 parser (one context per call, found again through its
// `_private`) → a small element tree (names, attributes, the text of `<string>` elements, start
// offsets). Hardened as lhc's other XML readers: XML_PARSE_NONET is the only option (no entity
// substitution, no DTD loading), a DOCTYPE or an entity declaration or reference other than the
// predefined ones stops the parse, errors come through the context's own structured-error
// callback (no global handler), and elements nested deeper than ``IBDocumentReader/maximumDepth``
// are refused before libxml2's own limit.

import Clibxml2
import HardenedXML

/// One element of an Interface Builder document.
final class IBElement {
  let name: String
  let attributes: [(name: String, value: String)]
  private(set) var children: [IBElement] = []
  /// The character data of a `<string>` or `<mutableString>` element (nil for other elements).
  fileprivate(set) var text: String?
  /// Byte offset of its start tag's `<`.
  let offset: Int

  init(name: String, attributes: [(name: String, value: String)], offset: Int) {
    self.name = name
    self.attributes = attributes
    self.offset = offset
  }

  /// The elements whose character data is kept: the texts too long or too many-lined for an
  /// attribute.
  static let textElements: Set<String> = ["string", "mutableString"]

  subscript(attribute: String) -> String? {
    attributes.first { $0.name == attribute }?.value
  }

  fileprivate func append(_ child: IBElement) {
    children.append(child)
  }

  /// Its children named `name`.
  func children(_ name: String) -> [IBElement] {
    children.filter { $0.name == name }
  }

  /// Its child named `name` whose `key` attribute is `key`.
  func child(_ name: String, key: String) -> IBElement? {
    children.first { $0.name == name && $0["key"] == key }
  }

  /// The text of its `<string key="…">` or `<mutableString key="…">` child.
  func text(key: String) -> String? {
    children.first { Self.textElements.contains($0.name) && $0["key"] == key }?.text
  }
}

/// Why an Interface Builder file could not be read: the message and the byte offset it points at.
public struct IBReadError: Error, Sendable, Equatable {
  public var message: String
  public var offset: Int

  public init(_ message: String, offset: Int) {
    self.message = message
    self.offset = offset
  }
}

/// Reads the XML of a `.xib` or `.storyboard` into an element tree, through libxml2.
enum IBDocumentReader {
  /// The deepest nesting read (real storyboards stay under 30 levels).
  static let maximumDepth = 256
  /// The largest file read (256 MiB).
  static let maximumSize = 1 << 28

  /// The root element of the document in `bytes`.
  static func read(_ bytes: [UInt8]) throws(IBReadError) -> IBElement {
    guard !bytes.isEmpty else { throw IBReadError("empty file", offset: 0) }
    guard bytes.count <= maximumSize else {
      throw IBReadError(
        "file too large (\(bytes.count) bytes; at most \(maximumSize))", offset: 0)
    }
    let builder = IBTreeBuilder()
    bytes.withUnsafeBufferPointer { parse($0, builder) }
    if let error = builder.error { throw error }
    guard let root = builder.root else {
      throw IBReadError("not an Interface Builder document", offset: 0)
    }
    return root
  }

  /// Runs libxml2's parser (hardened: ``HardenedSAX``) over `input` into `builder`.
  private static func parse(_ input: UnsafeBufferPointer<UInt8>, _ builder: IBTreeBuilder) {
    HardenedSAX.parse(input, builder, malformed: "the file is not well-formed XML") { sax in
      sax.pointee.startElementNs = { context, name, _, _, _, _, count, _, attributes in
        IBTreeBuilder.of(context)?.start(name, attributes, Int(count))
      }
      sax.pointee.endElementNs = { context, _, _, _ in IBTreeBuilder.of(context)?.end() }
      sax.pointee.characters = { context, text, count in
        IBTreeBuilder.of(context)?.characters(text, Int(count))
      }
      sax.pointee.ignorableWhitespace = sax.pointee.characters
      sax.pointee.cdataBlock = sax.pointee.characters
    }
  }
}

/// Turns libxml2's SAX events into ``IBElement``s. The first error stops the parser.
private final class IBTreeBuilder: HardenedSAXReader {
  // The parser calls back on one thread, one event at a time: no access overlaps another.
  @exclusivity(unchecked) private var stack: [IBElement] = []
  @exclusivity(unchecked) private var text: [UInt8] = []
  @exclusivity(unchecked) private(set) var root: IBElement?
  @exclusivity(unchecked) private(set) var error: IBReadError?
  var context: xmlParserCtxtPtr?
  var input = UnsafeBufferPointer<UInt8>(start: nil, count: 0)

  var hasFailed: Bool { error != nil }
  let doctypeMessage = "a DOCTYPE is not allowed in an Interface Builder file"

  func start(
    _ name: UnsafePointer<xmlChar>?, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
    _ count: Int
  ) {
    guard let name else { return }
    guard stack.count < IBDocumentReader.maximumDepth else {
      return fail(
        "elements nested more than \(IBDocumentReader.maximumDepth) levels deep",
        offset: elementOffset)
    }
    let element = IBElement(
      name: String(cString: name), attributes: Self.attributes(attributes, count),
      offset: elementOffset)
    if let parent = stack.last {
      parent.append(element)
    } else {
      root = element
    }
    stack.append(element)
    text.removeAll(keepingCapacity: true)
  }

  func end() {
    guard let element = stack.popLast() else { return }
    if IBElement.textElements.contains(element.name) {
      element.text = String(decoding: text, as: UTF8.self)
    }
    text.removeAll(keepingCapacity: true)
  }

  func characters(_ bytes: UnsafePointer<xmlChar>?, _ count: Int) {
    guard let name = stack.last?.name, IBElement.textElements.contains(name), let bytes, count > 0
    else { return }
    text.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
  }

  func fail(_ message: String, offset: Int) {
    guard error == nil else { return }
    error = IBReadError(message, offset: offset)
    if let context { xmlStopParser(context) }
  }

  /// A start tag's attributes (SAX2's five pointers each: name, prefix, namespace, value start,
  /// value end). Without entity substitution libxml2 hands `&` over as `&#38;`.
  private static func attributes(
    _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, _ count: Int
  ) -> [(name: String, value: String)] {
    guard let attributes else { return [] }
    var result: [(name: String, value: String)] = []
    for index in 0..<count {
      guard let name = attributes[index * 5], let start = attributes[index * 5 + 3],
        let end = attributes[index * 5 + 4]
      else { continue }
      let bytes = unescapingAmpersands(UnsafeBufferPointer(start: start, count: end - start))
      result.append((String(cString: name), String(decoding: bytes, as: UTF8.self)))
    }
    return result
  }

  /// `bytes` with every `&#38;` as `&`.
  private static func unescapingAmpersands(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    let escaped = Array("&#38;".utf8)
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "&"), bytes[index...].starts(with: escaped) {
        result.append(UInt8(ascii: "&"))
        index += escaped.count
      } else {
        result.append(bytes[index])
        index += 1
      }
    }
    return result
  }
}
