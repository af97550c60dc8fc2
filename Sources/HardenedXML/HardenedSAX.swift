import Clibxml2

/// What a SAX reader of untrusted XML keeps while libxml2 runs: the parser and the bytes it
/// reads, and the first error (which stops the parser). The XLIFF and Interface Builder readers
/// are such readers; ``HardenedSAX/parse(_:_:install:)`` runs them.
public protocol HardenedSAXReader: AnyObject {
  var context: xmlParserCtxtPtr? { get set }
  var input: UnsafeBufferPointer<UInt8> { get set }
  /// Stopped by an error: the reader listens to no more events.
  var hasFailed: Bool { get }
  /// The message for a DOCTYPE, which the reader refuses.
  var doctypeMessage: String { get }
  /// Records the first error at `offset` (later ones are ignored) and stops the parser.
  func fail(_ message: String, offset: Int)
}

extension HardenedSAXReader {
  /// The reader a SAX callback's context belongs to; nil once it stopped listening. (On every
  /// element event: a cast of the context's pointer, no dynamic lookup.)
  @inline(__always)
  public static func of(_ context: UnsafeMutableRawPointer?) -> Self? {
    guard let context else { return nil }
    let parser = context.assumingMemoryBound(to: xmlParserCtxt.self)
    guard let target = parser.pointee._private else { return nil }
    let reader = Unmanaged<Self>.fromOpaque(target).takeUnretainedValue()
    return reader.hasFailed ? nil : reader
  }

  /// Something the reader refuses (a DOCTYPE, entities): stops the parser where it stands.
  public func refuse(_ message: String) {
    fail(message, offset: currentOffset)
  }

  /// An error libxml2 reports, without its trailing newline.
  public func libxml2Error(_ reported: xmlError) {
    var message = reported.message.map { String(cString: $0) } ?? "XML error"
    while message.last?.isNewline == true { message.removeLast() }
    fail(message, offset: currentOffset)
  }

  /// How far the parser has read.
  public var currentOffset: Int {
    guard let context else { return 0 }
    return max(0, min(Int(xmlByteConsumed(context)), input.count))
  }

  /// The offset of the `<` of the start tag just read (the parser stands after its `>`; an
  /// attribute value holds no raw `<`).
  public var elementOffset: Int {
    var index = min(currentOffset, input.count) - 1
    while index > 0, input[index] != UInt8(ascii: "<") { index -= 1 }
    return max(index, 0)
  }
}

/// libxml2's SAX2 parser over untrusted bytes, one parser context per call: the only option is
/// XML_PARSE_NONET (no entity substitution, no DTD loading or validation, libxml2's default
/// limits); a DOCTYPE or any entity declaration or reference other than the predefined ones stops
/// the parse; errors reach the reader through the context's own structured-error callback (no
/// global handler: readers can run on several threads at once).
public enum HardenedSAX {
  /// Runs the parser over `input`; `install` sets the reader's element callbacks on the SAX
  /// handler (after the hardening ones). A document that is not well formed fails the reader
  /// with `malformed` when nothing else did.
  public static func parse<Reader: HardenedSAXReader>(
    _ input: UnsafeBufferPointer<UInt8>, _ reader: Reader, malformed: String,
    install: (UnsafeMutablePointer<xmlSAXHandler>) -> Void
  ) {
    _ = libxml2Ready
    guard let base = input.baseAddress,
      let context = xmlCreateMemoryParserCtxt(
        UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), Int32(input.count))
    else {
      reader.fail("libxml2 could not create a parser", offset: 0)
      return
    }
    defer {
      if let doc = context.pointee.myDoc { xmlFreeDoc(doc) }
      xmlFreeParserCtxt(context)
    }
    _ = xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue))
    if let sax = context.pointee.sax {
      harden(sax)
      install(sax)
    }
    reader.context = context
    reader.input = input
    context.pointee._private = Unmanaged.passUnretained(reader).toOpaque()
    _ = withExtendedLifetime(reader) { xmlParseDocument(context) }
    reader.context = nil
    if !reader.hasFailed, context.pointee.wellFormed == 0 {
      reader.fail(malformed, offset: reader.currentOffset)
    }
  }

}

/// The reader of a refusing callback (rare events: through the protocol).
private func hardenedReader(_ context: UnsafeMutableRawPointer?) -> (any HardenedSAXReader)? {
  guard let context else { return nil }
  let parser = context.assumingMemoryBound(to: xmlParserCtxt.self)
  guard let target = parser.pointee._private else { return nil }
  let reader = Unmanaged<AnyObject>.fromOpaque(target).takeUnretainedValue()
  guard let hardened = reader as? any HardenedSAXReader, !hardened.hasFailed else { return nil }
  return hardened
}

extension HardenedSAX {
  /// Refuses DTDs and entities, reports libxml2's errors, fetches and keeps nothing else.
  private static func harden(_ sax: UnsafeMutablePointer<xmlSAXHandler>) {
    sax.pointee.internalSubset = { context, _, _, _ in
      guard let reader = hardenedReader(context) else { return }
      reader.refuse(reader.doctypeMessage)
    }
    sax.pointee.entityDecl = { context, _, _, _, _, _ in
      hardenedReader(context)?.refuse("entity declarations are not allowed")
    }
    sax.pointee.unparsedEntityDecl = { context, _, _, _, _ in
      hardenedReader(context)?.refuse("entity declarations are not allowed")
    }
    sax.pointee.reference = { context, _ in
      hardenedReader(context)?.refuse("entity references are not allowed")
    }
    sax.pointee.serror = { context, error in
      guard let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
      hardenedReader(context)?.libxml2Error(error.pointee)
    }
    sax.pointee.externalSubset = nil
    sax.pointee.resolveEntity = nil
    sax.pointee.comment = nil
    sax.pointee.processingInstruction = nil
  }
}

/// `libxml2` is initialised once per process before the first parser or buffer is made.
public let libxml2Ready: Bool = {
  xmlInitParser()
  return true
}()
