import Clibxml2

/// Turns libxml2 SAX events of an XML property list into a ``PlistValue``, checking the plist
/// structure (keys and values alternate in `<dict>`, one value in `<plist>`, known elements only).
/// The first error stops the parser.
final class XMLPlistBuilder: XMLPlistSAXHandler {
  /// Deepest nesting of containers accepted (libxml2 itself stops at 256 elements).
  static let maximumDepth = 512

  /// An open container.
  private struct Frame {
    enum Kind { case plist, array, dictionary }
    var kind: Kind
    var values: [PlistValue] = []
    var entries: [(key: String, value: PlistValue)] = []
    var pendingKey: String?
  }

  // The parser calls back on one thread, one event at a time: no access to these overlaps
  // another, so the run-time exclusivity checks (a few per event) are left out.
  @exclusivity(unchecked) private var stack: [Frame] = []
  /// The open scalar element (`string`, `key`, `integer`, …) and its text so far.
  @exclusivity(unchecked) private var leaf: Element?
  @exclusivity(unchecked) private var text: [UInt8] = []
  private let shielded: Bool
  /// Whether a root dictionary is built as a value too, not only kept as ``rootEntries``.
  private let rootDictionary: Bool
  /// The parser, while it runs.
  var context: xmlParserCtxtPtr?
  @exclusivity(unchecked) private(set) var error: PlistReadError?
  private(set) var result: PlistValue?
  /// The root dictionary's entries in document order.
  private(set) var rootEntries: [(key: String, value: PlistValue)]?

  init(shielded: Bool, rootDictionary: Bool = true) {
    self.shielded = shielded
    self.rootDictionary = rootDictionary
  }

  /// Events stop with the first error.
  var isListening: Bool { error == nil }

  /// The plist's element names, matched as bytes so that no string is made for them.
  /// The elements of Apple's plist DTD.
  private enum Element: CaseIterable {
    case plist, dict, array, string, key, integer, real, `true`, `false`, data, date

    var name: StaticString {
      switch self {
      case .plist: "plist"
      case .dict: "dict"
      case .array: "array"
      case .string: "string"
      case .key: "key"
      case .integer: "integer"
      case .real: "real"
      case .true: "true"
      case .false: "false"
      case .data: "data"
      case .date: "date"
      }
    }

    /// The element the NUL-terminated `name` names, compared as bytes; nil for any other name.
    init?(_ name: UnsafePointer<xmlChar>) {
      for element in Self.allCases {
        let bytes = element.name.utf8Start
        let count = element.name.utf8CodeUnitCount
        var index = 0
        while index < count, name[index] == bytes[index] { index += 1 }
        if index == count, name[count] == 0 {
          self = element
          return
        }
      }
      return nil
    }
  }

  func start(_ name: UnsafePointer<xmlChar>?) {
    let element = name.flatMap(Element.init)
    // The name as written, for messages only.
    func written() -> String {
      element.map { "\($0.name)" } ?? name.map { String(cString: $0) } ?? ""
    }
    if let leaf { return fail("unexpected element <\(written())> inside <\(leaf.name)>") }
    guard stack.count < Self.maximumDepth else {
      return fail("nesting deeper than \(Self.maximumDepth) levels")
    }
    switch element {
    case .plist:
      guard stack.isEmpty, result == nil else { return fail("unexpected <plist> inside a value") }
      stack.append(Frame(kind: .plist))
    case .dict: stack.append(Frame(kind: .dictionary))
    case .array: stack.append(Frame(kind: .array))
    case let leaf?:
      self.leaf = leaf
      text.removeAll(keepingCapacity: true)
    case nil: fail("unknown element <\(written())>")
    }
  }

  func end() {
    if let element = leaf {
      leaf = nil
      return finishLeaf(element)
    }
    guard let frame = stack.popLast() else { return }
    switch frame.kind {
    case .plist:
      guard let value = frame.values.first else { return fail("empty <plist>") }
      result = value
    case .array: insert(.array(frame.values))
    case .dictionary:
      if let key = frame.pendingKey { return fail("missing value for key \"\(key)\"") }
      if stack.isEmpty || stack.last?.kind == .plist {
        rootEntries = frame.entries
        if !rootDictionary { return insert(.dictionary([:])) }
      }
      // Filled in place: `Dictionary(_:uniquingKeysWith:)` would first cast the labelled tuples
      // into a new array. A repeated key keeps its last value.
      var dictionary = [String: PlistValue](minimumCapacity: frame.entries.count)
      for (key, value) in frame.entries { dictionary[key] = value }
      insert(.dictionary(dictionary))
    }
  }

  /// Text (or CDATA) content.
  func characters(_ bytes: UnsafePointer<xmlChar>?, _ count: Int) {
    guard let bytes, count > 0 else { return }
    let chunk = UnsafeBufferPointer(start: bytes, count: count)
    if let leaf, leaf != .true, leaf != .false {
      text.append(contentsOf: chunk)
      return
    }
    // Checked in place first (no array per chunk: most are the indentation between elements);
    // a shielded CR (CRLF line ends) is blank only once unshielded.
    func isBlank(_ bytes: some Sequence<UInt8>) -> Bool {
      bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }
    if !isBlank(chunk) && !(shielded && isBlank(XMLControlShield.unshield(Array(chunk)))) {
      fail(leaf.map { "unexpected text in <\($0.name)/>" } ?? "unexpected text between elements")
    }
  }

  /// Converts a scalar element's text into its value.
  private func finishLeaf(_ element: Element) {
    let content = shielded ? XMLControlShield.unshield(text) : text
    let string = String(decoding: content, as: UTF8.self)
    switch element {
    case .key: return insertKey(string)
    case .string: insert(.string(string))
    case .true: insert(.boolean(true))
    case .false: insert(.boolean(false))
    case .data: insert(.data(PlistScalarText.decodeBase64(content)))
    case .integer:
      guard let integer = PlistScalarText.parseInteger(string) else {
        return fail("invalid integer \"\(string)\"")
      }
      insert(.integer(integer))
    case .real:
      guard let real = PlistScalarText.parseReal(string) else {
        return fail("invalid real \"\(string)\"")
      }
      insert(.real(real))
    case .date:
      guard let date = PlistScalarText.parseDate(string) else {
        return fail("invalid date \"\(string)\"")
      }
      insert(.date(date))
    case .plist, .dict, .array: break  // containers, never leaves
    }
  }

  /// Adds a finished value to the open container (or makes it the result).
  private func insert(_ value: PlistValue) {
    guard let top = stack.indices.last else {
      result = value
      return
    }
    switch stack[top].kind {
    case .plist:
      guard stack[top].values.isEmpty else { return fail("more than one value in <plist>") }
      stack[top].values.append(value)
    case .array: stack[top].values.append(value)
    case .dictionary:
      guard let key = stack[top].pendingKey else { return fail("value without a key in <dict>") }
      stack[top].entries.append((key, value))
      stack[top].pendingKey = nil
    }
  }

  /// Records a `<key>`.
  private func insertKey(_ key: String) {
    guard let top = stack.indices.last, stack[top].kind == .dictionary else {
      return fail("<key> outside a <dict>")
    }
    if let pending = stack[top].pendingKey { return fail("missing value for key \"\(pending)\"") }
    stack[top].pendingKey = key
  }

  /// Records an error at the parser's position and stops the parser.
  func fail(_ message: String) {
    guard error == nil else { return }
    let input = context?.pointee.input
    error = PlistReadError(
      message: message, line: input.map { Int($0.pointee.line) },
      column: input.map { Int($0.pointee.col) })
    if let context { xmlStopParser(context) }
  }

  /// Records an error libxml2 reports.
  func libxml2Error(_ reported: xmlError) {
    guard error == nil else { return }
    var message = reported.message.map { String(cString: $0) } ?? "malformed XML"
    while message.last?.isWhitespace == true { message.removeLast() }
    message = Self.plainMessage(message)
    error = PlistReadError(
      message: message, line: reported.line > 0 ? Int(reported.line) : nil,
      column: reported.int2 > 0 ? Int(reported.int2) : nil)
  }

  /// libxml2's message on one line, in lhc's words where libxml2's would mislead: its depth limit
  /// names a parser option users cannot set, its UTF-8 error asks to declare an encoding.
  static func plainMessage(_ message: String) -> String {
    if message.hasPrefix("Excessive depth in document: ") {
      let limit = message.dropFirst("Excessive depth in document: ".count).prefix(while: \.isNumber)
      return "nesting is deeper than \(limit) levels"
    }
    if message.hasPrefix("Input is not proper UTF-8"), let bytes = message.range(of: "Bytes: ") {
      return "invalid UTF-8 (bytes " + message[bytes.upperBound...] + ")"
    }
    return message.split(whereSeparator: \.isNewline).joined(separator: " ")
  }
}
