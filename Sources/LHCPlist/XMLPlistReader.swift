// Data path: bytes → (controls shielded, see XMLControlShield) → libxml2's SAX2 parser, one
// parser context per call → callbacks into an XMLPlistBuilder (found through the context's
// `_private`) → PlistValue. No tree is built, nothing is fetched: options are XML_PARSE_NONET
// only (no entity substitution, no DTD loading or validation, libxml2's default limits on depth
// and sizes), any entity declaration stops the parse, and errors reach the builder through the
// context's own structured-error callback (no global handler, so readers can run on several
// threads at once).

import Clibxml2

/// Reads XML property lists through libxml2, hardened against entities and external fetches.
enum XMLPlistReader {
  /// The document in `bytes`.
  static func read(_ bytes: [UInt8]) throws(PlistReadError) -> PlistDocument {
    _ = libxml2Initialized
    let shielded = XMLControlShield.shield(bytes)
    let input = shielded ?? bytes
    guard !input.isEmpty, input.count <= Int32.max else {
      throw PlistReadError(message: input.isEmpty ? "empty document" : "document too large")
    }
    let builder = XMLPlistBuilder(shielded: shielded != nil)
    let parsed: Bool = input.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress,
        let context = xmlCreateMemoryParserCtxt(
          UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), Int32(buffer.count))
      else { return false }
      defer {
        if let doc = context.pointee.myDoc { xmlFreeDoc(doc) }
        xmlFreeParserCtxt(context)
      }
      _ = xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue))
      install(on: context, builder: builder)
      let unmanaged = Unmanaged.passUnretained(builder)
      context.pointee._private = unmanaged.toOpaque()
      builder.context = context
      _ = withExtendedLifetime(builder) { xmlParseDocument(context) }
      builder.context = nil
      return context.pointee.wellFormed != 0
    }
    if let error = builder.error { throw error }
    guard parsed, let value = builder.result else {
      throw PlistReadError(message: "not a property list")
    }
    return PlistDocument(value: value, rootEntries: builder.rootEntries)
  }

  /// Points the context's SAX handler at the builder's callbacks.
  private static func install(on context: xmlParserCtxtPtr, builder: XMLPlistBuilder) {
    guard let sax = context.pointee.sax else { return }
    sax.pointee.startElementNs = { context, name, _, _, _, _, _, _, _ in
      XMLPlistBuilder.of(context)?.start(name.map { String(cString: $0) } ?? "")
    }
    sax.pointee.endElementNs = { context, _, _, _ in XMLPlistBuilder.of(context)?.end() }
    sax.pointee.characters = { context, text, count in
      XMLPlistBuilder.of(context)?.characters(text, Int(count))
    }
    sax.pointee.ignorableWhitespace = sax.pointee.characters
    sax.pointee.cdataBlock = sax.pointee.characters
    sax.pointee.entityDecl = { context, _, _, _, _, _ in
      XMLPlistBuilder.of(context)?.fail("entity declarations are not allowed")
    }
    sax.pointee.unparsedEntityDecl = { context, _, _, _, _ in
      XMLPlistBuilder.of(context)?.fail("entity declarations are not allowed")
    }
    sax.pointee.reference = { context, _ in
      XMLPlistBuilder.of(context)?.fail("entity references are not allowed")
    }
    sax.pointee.serror = { context, error in
      guard let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
      XMLPlistBuilder.of(context)?.libxml2Error(error.pointee)
    }
    sax.pointee.externalSubset = nil
    sax.pointee.resolveEntity = nil
    sax.pointee.comment = nil
    sax.pointee.processingInstruction = nil
  }
}

/// `libxml2` is initialised once per process before the first parser or buffer is made.
let libxml2Initialized: Bool = {
  xmlInitParser()
  return true
}()
