import Clibxml2
import HardenedXML

/// Turns libxml2 SAX events of an XLIFF 1.2 document into an ``XLIFFDocument`` (see
/// ``XLIFFReader`` for what is read and what is skipped). The first error stops the parser.
final class XLIFFBuilder: HardenedSAXReader {
  /// What an open element is to the builder.
  private enum Element {
    case xliff, file, header, body, group, unit
  }

  /// The text being gathered: which element, and its inline-element depth.
  private enum Capture {
    case source, target, note
  }

  // The parser calls back on one thread, one event at a time: no access overlaps another.
  @exclusivity(unchecked) private var stack: [Element] = []
  /// Depth inside an element being skipped with its content (0: none).
  @exclusivity(unchecked) private var skipped = 0
  @exclusivity(unchecked) private var capture: Capture?
  /// Depth of inline elements inside the captured one.
  @exclusivity(unchecked) private var inline = 0
  @exclusivity(unchecked) private var text: [UInt8] = []
  @exclusivity(unchecked) private var files: [XLIFFFile] = []
  @exclusivity(unchecked) private var unit: TransUnit?
  @exclusivity(unchecked) private var target: TransUnit.Target?
  @exclusivity(unchecked) private var noteFrom: String?
  private let shielded: Bool
  /// The parser, and the bytes it reads, while it runs.
  var context: xmlParserCtxtPtr?
  var input = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
  private(set) var error: XLIFFReadError?
  private(set) var document: XLIFFDocument?

  init(shielded: Bool) {
    self.shielded = shielded
  }

  var hasFailed: Bool { error != nil }
  let doctypeMessage = "a DOCTYPE is not allowed in XLIFF"

  // MARK: Events

  func start(
    _ name: UnsafePointer<xmlChar>?, _ uri: UnsafePointer<xmlChar>?,
    _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, _ count: Int
  ) {
    if skipped > 0 { return skipped += 1 }
    if capture != nil { return inline += 1 }
    guard let name else { return }
    let local = string(name)
    let namespace = uri.map(string)
    guard namespace == nil || namespace == xliffNamespace else {
      if stack.isEmpty {
        return fail(
          namespace == "urn:oasis:names:tc:xliff:document:2.0"
            ? "XLIFF 2.0 is not supported (Xcode reads and writes XLIFF 1.2)"
            : "not an XLIFF 1.2 document: the root element is '\(local)' in namespace "
              + "'\(namespace!)'", offset: elementOffset)
      }
      return skipped = 1
    }
    let attributes = Attributes(attributes, count: count, restore: restore)
    switch (stack.last, local) {
    case (nil, "xliff"): stack.append(.xliff)
    case (nil, _):
      fail("not an XLIFF document: the root element is '\(local)'", offset: elementOffset)
    case (.xliff, "file"): startFile(attributes)
    case (.file, "header"): stack.append(.header)
    case (.file, "body"): stack.append(.body)
    case (.header, "tool"): startTool(attributes)
    case (.body, "group"), (.group, "group"): stack.append(.group)
    case (.body, "trans-unit"), (.group, "trans-unit"): startUnit(attributes)
    case (.unit, "source"):
      startCapture(.source)
    case (.unit, "target"):
      target = TransUnit.Target(
        text: "", state: attributes["state"], stateQualifier: attributes["state-qualifier"],
        offset: elementOffset)
      startCapture(.target)
    case (.unit, "note"):
      noteFrom = attributes["from"]
      startCapture(.note)
    default:
      skipped = 1
    }
  }

  func end() {
    if skipped > 0 { return skipped -= 1 }
    if let capture {
      if inline > 0 { return inline -= 1 }
      return endCapture(capture)
    }
    switch stack.popLast() {
    case .xliff: document = XLIFFDocument(files: files)
    case .unit:
      if let unit { files[files.count - 1].units.append(unit) }
      unit = nil
    default: break
    }
  }

  func characters(_ bytes: UnsafePointer<xmlChar>?, _ count: Int) {
    guard capture != nil, skipped == 0, let bytes, count > 0 else { return }
    text.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
  }

  // MARK: Elements

  private func startFile(_ attributes: Attributes) {
    guard let original = attributes["original"] else {
      return fail("<file> has no 'original' attribute", offset: elementOffset)
    }
    guard let source = attributes["source-language"] else {
      return fail("<file original=\"\(original)\"> has no 'source-language'", offset: elementOffset)
    }
    files.append(
      XLIFFFile(
        original: original, sourceLanguage: source, targetLanguage: attributes["target-language"],
        datatype: attributes["datatype"] ?? "", offset: elementOffset))
    stack.append(.file)
  }

  private func startTool(_ attributes: Attributes) {
    files[files.count - 1].tool = XLIFFTool(
      id: attributes["tool-id"] ?? "", name: attributes["tool-name"] ?? "",
      version: attributes["tool-version"], buildNumber: attributes["build-num"])
    skipped = 1
  }

  private func startUnit(_ attributes: Attributes) {
    guard let id = attributes["id"] else {
      return fail("<trans-unit> has no 'id' attribute", offset: elementOffset)
    }
    unit = TransUnit(id: id, source: nil, offset: elementOffset)
    stack.append(.unit)
  }

  private func startCapture(_ kind: Capture) {
    capture = kind
    inline = 0
    text.removeAll(keepingCapacity: true)
  }

  private func endCapture(_ kind: Capture) {
    capture = nil
    let value = String(decoding: restore(text), as: UTF8.self)
    switch kind {
    case .source: if unit?.source == nil { unit?.source = value }
    case .target:
      target?.text = value
      if unit?.target == nil { unit?.target = target }
      target = nil
    case .note: unit?.notes.append(TransUnit.Note(text: value, from: noteFrom))
    }
  }

  // MARK: Errors and positions

  func fail(_ message: String, offset: Int) {
    guard error == nil else { return }
    error = XLIFFReadError(message, offset: offset)
    if let context { xmlStopParser(context) }
  }

  private func restore(_ bytes: [UInt8]) -> [UInt8] {
    shielded ? XMLReferenceShield.restore(bytes) : bytes
  }

  private func string(_ name: UnsafePointer<xmlChar>) -> String {
    String(cString: name)
  }
}

/// The unqualified attributes of a start tag (SAX2's five pointers per attribute: name, prefix,
/// namespace, value start, value end), by name.
private struct Attributes {
  private var values: [(String, String)] = []

  init(
    _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, count: Int,
    restore: ([UInt8]) -> [UInt8]
  ) {
    guard let attributes else { return }
    for index in 0..<count {
      guard let name = attributes[index * 5], attributes[index * 5 + 2] == nil,
        let start = attributes[index * 5 + 3], let end = attributes[index * 5 + 4]
      else { continue }
      var bytes = restore(Array(UnsafeBufferPointer(start: start, count: end - start)))
      // Without entity substitution libxml2 hands `&` over as `&#38;` (for a later reparse).
      if bytes.contains(UInt8(ascii: "&")) { bytes = Self.unescapeAmpersands(bytes) }
      values.append((String(cString: name), String(decoding: bytes, as: UTF8.self)))
    }
  }

  subscript(name: String) -> String? {
    values.first { $0.0 == name }?.1
  }

  /// `bytes` with every `&#38;` as `&`.
  private static func unescapeAmpersands(_ bytes: [UInt8]) -> [UInt8] {
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
