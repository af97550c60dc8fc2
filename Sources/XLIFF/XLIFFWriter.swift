import LHCBase

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes XLIFF 1.2 exactly as Xcode 27 does (`xliff.md` §1; byte for byte against the fixtures in
/// `corpus/xcode27/`): the XML declaration and `<xliff>` root with Xcode's namespaces, one
/// `<file>` per catalog with its `<header><tool/></header>`, units in the order given, 2 spaces per
/// level, attributes in Xcode's order, `<x/>` for an empty element, a newline after `</xliff>`.
///
/// Units are written as given: the caller orders them (Xcode: by id, ``XLIFFOrder``) and gives
/// each the one note Xcode writes. What XLIFF 1.2 has beyond Xcode's vocabulary is not written.
public enum XLIFFWriter {
  /// The document's bytes.
  public static func bytes(_ document: XLIFFDocument) throws(XLIFFWriteError) -> [UInt8] {
    let stream = try XLIFFStream()
    for file in document.files {
      stream.begin(file)
      for unit in file.units { stream.unit(unit) }
      stream.endFile()
    }
    return try stream.finish()
  }
}

/// Writes an XLIFF document one file and one unit at a time (no document model needed).
///
/// A unit is written in three parts: ``unitStart(id:source:)``, ``target(_:)`` and
/// ``unitEnd(note:)``. An exporter writing one catalog in many languages has the parts that are
/// the same in every language (start and end: id, source, note) written once by a stream of
/// parts (``parts()``) and copies their bytes into each language's document (``write(part:)``),
/// so that every byte of a unit still comes from these functions.
public final class XLIFFStream {
  private let out: XMLOutput
  /// False for a stream of parts: no prolog, no `</xliff>`.
  private let isDocument: Bool

  /// Starts a document (the declaration and the `<xliff>` start tag are written), with room for
  /// `capacity` bytes before its buffer grows.
  public init(capacity: Int = 64 << 10) throws(XLIFFWriteError) {
    out = try XMLOutput(capacity: capacity)
    isDocument = true
    out.write(Self.prolog)
  }

  private init(parts: ()) throws(XLIFFWriteError) {
    out = try XMLOutput()
    isDocument = false
  }

  /// A stream of unit parts, to be copied into documents with ``write(part:)``: only what the
  /// part functions write, one part after another (``count`` tells where each one ends).
  public static func parts() throws(XLIFFWriteError) -> XLIFFStream {
    try XLIFFStream(parts: ())
  }

  /// The number of bytes written so far.
  public var count: Int { out.count }

  /// Makes room for `count` more bytes at once.
  public func reserve(_ count: Int) {
    out.reserve(count)
  }

  /// `<file …><header>…</header><body>` for `file` (its units are not written).
  public func begin(_ file: XLIFFFile) {
    out.write("  <file")
    attribute((" original=\"", file.original))
    attribute((" source-language=\"", file.sourceLanguage))
    if let target = file.targetLanguage { attribute((" target-language=\"", target)) }
    attribute((" datatype=\"", file.datatype))
    out.write(">\n    <header>\n")
    if let tool = file.tool {
      out.write("      <tool")
      attribute((" tool-id=\"", tool.id))
      attribute((" tool-name=\"", tool.name))
      if let version = tool.version { attribute((" tool-version=\"", version)) }
      if let build = tool.buildNumber { attribute((" build-num=\"", build)) }
      out.write("/>\n")
    }
    out.write("    </header>\n    <body>\n")
  }

  /// One `<trans-unit>`: `source`, `target` and the notes, in that order.
  public func unit(_ unit: TransUnit) {
    unit.id.withUTF8Bytes { unitStart(id: $0, source: unit.source) }
    if let target = unit.target { self.target(target) }
    for note in unit.notes { self.note(note) }
    out.write("      </trans-unit>\n")
  }

  /// A unit's start: `<trans-unit …>` for the UTF-8 bytes `id`, and its `source`.
  public func unitStart(id: UnsafeBufferPointer<UInt8>, source: String?) {
    out.write("      <trans-unit id=\"")
    out.text(utf8: id, .attribute)
    out.write("\" xml:space=\"preserve\">\n")
    if let source {
      element("source", source)
    }
  }

  /// A unit's `<target>`.
  public func target(_ target: TransUnit.Target) {
    targetStart(state: target.state, stateQualifier: target.stateQualifier)
    targetEnd(target.text)
  }

  /// The start of a `<target>` with these attributes, up to its `>` (`<target state="new"`): for
  /// a stream of ``parts()``, whose bytes ``target(utf8:start:)`` copies.
  public func targetStart(state: String?, stateQualifier: String?) {
    out.write("        <target")
    if let state { attribute((" state=\"", state)) }
    if let stateQualifier { attribute((" state-qualifier=\"", stateQualifier)) }
  }

  /// A unit's `<target>` of UTF-8 text, its start tag's bytes
  /// (``targetStart(state:stateQualifier:)``) given: an exporter writes the few there are once,
  /// not their attributes for every unit, and keeps its targets' texts in one buffer.
  public func target(utf8 text: UnsafeBufferPointer<UInt8>, start: UnsafeBufferPointer<UInt8>) {
    write(part: start)
    targetEnd(text)
  }

  /// The rest of a `<target>` after its attributes: `/>` when `text` is empty.
  private func targetEnd(_ text: String) {
    text.withUTF8Bytes { targetEnd($0) }
  }

  /// ``targetEnd(_:)`` of UTF-8 bytes.
  private func targetEnd(_ text: UnsafeBufferPointer<UInt8>) {
    if text.isEmpty { return out.write("/>\n") }
    out.write(">")
    out.text(utf8: text, .content)
    out.write("</target>\n")
  }

  /// A unit's end: its one note and `</trans-unit>`.
  public func unitEnd(note: TransUnit.Note) {
    self.note(note)
    out.write("      </trans-unit>\n")
  }

  /// Copies `part`, bytes a stream of ``parts()`` wrote.
  public func write(part: UnsafeBufferPointer<UInt8>) {
    guard let base = part.baseAddress else { return }
    out.write(base, count: part.count)
  }

  private func note(_ note: TransUnit.Note) {
    element("note", note.text, note.from.map { (" from=\"", $0) })
  }

  /// An attribute (of ``element(_:_:_:_:)``, `<file>`, `<tool>`): its ` name="` prefix and its value.
  private typealias Attribute = (prefix: StaticString, value: String)

  /// `<name attributes>text</name>` at the depth of a unit's children, `<name attributes/>` when
  /// `text` is empty; absent attributes are skipped (two optionals, not an array: no allocation
  /// per element).
  private func element(
    _ name: StaticString, _ text: String, _ first: Attribute? = nil, _ second: Attribute? = nil
  ) {
    out.write("        <")
    out.write(name)
    if let first { attribute(first) }
    if let second { attribute(second) }
    if text.isEmpty { return out.write("/>\n") }
    out.write(">")
    out.text(text, .content)
    out.write("</")
    out.write(name)
    out.write(">\n")
  }

  /// ` name="value"`.
  private func attribute(_ attribute: Attribute) {
    out.write(attribute.prefix)
    out.text(attribute.value, .attribute)
    out.write("\"")
  }

  /// `</body></file>`.
  public func endFile() {
    out.write("    </body>\n  </file>\n")
  }

  /// Ends the document and returns its bytes (a stream of parts: the parts' bytes).
  public func finish() throws(XLIFFWriteError) -> [UInt8] {
    try end()
    return withBytes { Array($0) }
  }

  /// Ends the document (`</xliff>`); its bytes are then ``withBytes(_:)``'s.
  public func end() throws(XLIFFWriteError) {
    if isDocument { out.write("</xliff>\n") }
    try out.check()
  }

  /// Calls `body` with the bytes written, in the stream's own buffer (``end()`` called: the whole
  /// document; `lhc export` writes its files from here, not from a copy).
  public func withBytes<Result, Failure: Error>(
    _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try out.withBytes(body)
  }

  static let prolog: StaticString = """
    <?xml version="1.0" encoding="UTF-8"?>
    <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" \
    xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" version="1.2" \
    xsi:schemaLocation="urn:oasis:names:tc:xliff:document:1.2 \
    http://docs.oasis-open.org/xliff/v1.2/os/xliff-core-1.2-strict.xsd">

    """
}

/// The order Xcode writes units and files in: code-point order of their ids (paths), i.e. the
/// order of their UTF-8 bytes (`xliff.md` §1: `""` first, `key\tTAB` < `key\nLF` < `key\rCR`).
public enum XLIFFOrder {
  /// True when `lhs` sorts before `rhs`.
  public static func precedes(_ lhs: String, _ rhs: String) -> Bool {
    lhs.withUTF8Bytes { left in rhs.withUTF8Bytes { right in compare(left, right) < 0 } }
  }

  /// Negative, zero or positive as the UTF-8 bytes `lhs` sort before, equal or after `rhs`.
  @inline(__always)
  public static func compare(
    _ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>
  ) -> Int {
    let common = min(lhs.count, rhs.count)
    if common > 0 {
      let order = memcmp(lhs.baseAddress!, rhs.baseAddress!, common)
      if order != 0 { return Int(order) }
    }
    return lhs.count - rhs.count
  }
}
