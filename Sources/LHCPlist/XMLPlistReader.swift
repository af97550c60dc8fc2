// Data path: bytes → (controls shielded, see XMLControlShield) → libxml2's SAX2 parser, one
// parser context per call → callbacks into an XMLPlistBuilder (found through the context's
// `_private`) → PlistValue. No tree is built, nothing is fetched: options are XML_PARSE_NONET
// only (no entity substitution, no DTD loading or validation, libxml2's default limits on depth
// and sizes), any entity declaration stops the parse, and errors reach the builder through the
// context's own structured-error callback (no global handler, so readers can run on several
// threads at once). The fast paths (`readDictionaries`) parse tags without namespaces (SAX1, see
// `installSAX1`) and give up on any error the context records.

import Clibxml2
import Foundation

/// Reads XML property lists through libxml2, hardened against entities and external fetches.
enum XMLPlistReader {
  /// The document in `bytes`. Without `rootDictionary`, a root dictionary is only returned as
  /// ``PlistDocument/rootEntries`` (its value is an empty dictionary), which spares hashing every
  /// key of a large table.
  static func read(_ bytes: [UInt8], rootDictionary: Bool = true) throws(PlistReadError)
    -> PlistDocument
  {
    _ = libxml2Initialized
    let shielded = XMLControlShield.shield(bytes)
    let input = shielded ?? bytes
    guard !input.isEmpty, input.count <= Int32.max else {
      throw PlistReadError(message: input.isEmpty ? "empty document" : "document too large")
    }
    let builder = XMLPlistBuilder(shielded: shielded != nil, rootDictionary: rootDictionary)
    let parsed = parse(input, handler: builder)
    if let error = builder.error { throw error }
    guard parsed, let value = builder.result else {
      throw PlistReadError(message: "not a property list")
    }
    return PlistDocument(value: value, rootEntries: builder.rootEntries)
  }

  /// The entries of a document shaped `<plist><dict>` + (`<key>` `<string>`)* + `</dict></plist>`
  /// (the `.strings` shape) in document order (`values[i]` for `keys[i]`), repeated keys kept;
  /// nil for any other shape and any error, which ``read(_:rootDictionary:)`` then reports (it
  /// accepts every document this accepts, with the same entries).
  static func flatStrings(_ bytes: [UInt8]) -> (keys: [String], values: [String])? {
    let handler = FlatStringsHandler(keepsValues: true)
    guard readDictionaries(bytes, into: XMLDictionaryEvents(handler)) else { return nil }
    return (handler.keys, handler.values)
  }

  /// The keys of ``flatStrings(_:)``, as bytes; nil where it is nil.
  static func flatStringKeys(_ bytes: [UInt8]) -> KeyColumn? {
    let handler = FlatStringsHandler(keepsValues: false)
    guard readDictionaries(bytes, into: XMLDictionaryEvents(handler)) else { return nil }
    return handler.keyColumn
  }

  /// Whether the document is made only of dictionaries and strings under a root dictionary, and
  /// `events` (which sends them on) took all of it; see ``PlistReader/readDictionaries(_:into:)``.
  ///
  /// The document is shielded (``XMLControlShield``) only when it holds a CR, which libxml2 would
  /// silently turn into LF. Every other character the shield replaces (controls, U+FFFE, U+FFFF)
  /// is one libxml2 refuses, which gives up here so that ``read(_:rootDictionary:)`` reads the
  /// document shielded; and the shield's marker U+FDD0 comes out of either parse as it went in.
  /// So the events are those of the shielded parse, without scanning every file for those
  /// characters (15.6M of the 908M instructions of `lhc pack --from` on the 9.9 MB bench
  /// catalog's tree, against 0.6M for `memchr`; issue 24 in Benchmarks/README.md).
  static func readDictionaries(_ bytes: [UInt8], into events: XMLDictionaryEvents) -> Bool {
    _ = libxml2Initialized
    let hasCR = bytes.withUnsafeBytes { raw in
      raw.baseAddress.map { memchr($0, 0x0D, raw.count) != nil } ?? false
    }
    let shielded = hasCR ? XMLControlShield.shield(bytes) : nil
    let input = shielded ?? bytes
    guard !input.isEmpty, input.count <= Int32.max else { return false }
    events.shielded = shielded != nil
    return parse(input, handler: events, namespaces: false) && events.isComplete
  }

  /// Runs libxml2's parser over `input`, sending its events to `handler`; whether the document
  /// was well formed. `namespaces` false: SAX1, for the fast paths only (see
  /// ``installSAX1(on:)``).
  private static func parse(
    _ input: [UInt8], handler: any XMLPlistSAXHandler, namespaces: Bool = true
  ) -> Bool {
    let target = XMLPlistSAXTarget(handler)
    return input.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress,
        let context = xmlCreateMemoryParserCtxt(
          UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), Int32(buffer.count))
      else { return false }
      defer {
        if let doc = context.pointee.myDoc { xmlFreeDoc(doc) }
        xmlFreeParserCtxt(context)
      }
      _ = xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue))
      install(on: context)
      if !namespaces { installSAX1(on: context) }
      context.pointee._private = Unmanaged.passUnretained(target).toOpaque()
      handler.context = context
      _ = withExtendedLifetime(target) { xmlParseDocument(context) }
      handler.context = nil
      // Without namespaces no error reaches `serror` (see `installSAX1`): any error or warning
      // libxml2 recorded gives up.
      return context.pointee.wellFormed != 0
        && (namespaces || context.pointee.lastError.code == 0)
    }
  }

  /// Points the context's SAX handler at the handler's callbacks.
  private static func install(on context: xmlParserCtxtPtr) {
    guard let sax = context.pointee.sax else { return }
    sax.pointee.startElementNs = { context, name, _, _, _, _, _, _, _ in
      XMLPlistSAXTarget.withHandler(of: context) { $0.start(name) }
    }
    sax.pointee.endElementNs = { context, _, _, _ in
      XMLPlistSAXTarget.withHandler(of: context) { $0.end() }
    }
    sax.pointee.characters = { context, text, count in
      XMLPlistSAXTarget.withHandler(of: context) { $0.characters(text, Int(count)) }
    }
    sax.pointee.ignorableWhitespace = sax.pointee.characters
    sax.pointee.cdataBlock = sax.pointee.characters
    sax.pointee.entityDecl = { context, _, _, _, _, _ in
      XMLPlistSAXTarget.withHandler(of: context) { $0.fail("entity declarations are not allowed") }
    }
    sax.pointee.unparsedEntityDecl = { context, _, _, _, _ in
      XMLPlistSAXTarget.withHandler(of: context) { $0.fail("entity declarations are not allowed") }
    }
    sax.pointee.reference = { context, _ in
      XMLPlistSAXTarget.withHandler(of: context) { $0.fail("entity references are not allowed") }
    }
    sax.pointee.serror = { context, error in
      guard let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
      XMLPlistSAXTarget.withHandler(of: context) { $0.libxml2Error(error.pointee) }
    }
    sax.pointee.externalSubset = nil
    sax.pointee.resolveEntity = nil
    sax.pointee.comment = nil
    sax.pointee.processingInstruction = nil
  }

  /// Has libxml2 parse tags without namespace processing (its SAX1 start and end tags: the
  /// element's qualified name, its attributes as written), for the fast paths, which give up on
  /// everything namespaces would change or report: an element whose name has a prefix is no
  /// plist element (its name is not `dict`, `key`, …), and an attribute `xmlns` or with a prefix
  /// (`xmlns:p`, `p:a`: the only other sources of namespace errors) or any markup declaration
  /// (`<!ATTLIST>` defaults would add attributes under SAX2) gives up, so the full path (SAX2)
  /// reads such a document and reports what it always did. libxml2's namespace-aware start tag
  /// (`xmlParseStartTag2`, `xmlParseQName`, its namespace stack) was 23M of the 295M
  /// instructions it spends parsing the tree of the 9.9 MB bench catalog with empty callbacks
  /// (`Benchmarks/pack-floor.c`; issue 24 in Benchmarks/README.md).
  ///
  /// libxml2 parses SAX1 only when the handler is not marked as SAX2's (`initialized`), and then
  /// sends no error to `serror`: the error channels are emptied (nothing is printed) and `parse`
  /// gives up on any error recorded in the context.
  private static func installSAX1(on context: xmlParserCtxtPtr) {
    guard let sax = context.pointee.sax else { return }
    sax.pointee.initialized = 1
    sax.pointee.startElementNs = nil
    sax.pointee.endElementNs = nil
    sax.pointee.error = nil
    sax.pointee.warning = nil
    sax.pointee.fatalError = nil
    context.pointee.vctxt.error = nil
    context.pointee.vctxt.warning = nil
    sax.pointee.startElement = { context, name, attributes in
      XMLPlistSAXTarget.withHandler(of: context) { handler in
        if XMLPlistReader.hasNamespaceSyntax(attributes) {
          handler.fail("namespace declaration or prefix")
        } else {
          handler.start(name)
        }
      }
    }
    sax.pointee.endElement = { context, _ in
      XMLPlistSAXTarget.withHandler(of: context) { $0.end() }
    }
    sax.pointee.attributeDecl = { context, _, _, _, _, _, _ in
      XMLPlistSAXTarget.withHandler(of: context) { $0.fail("markup declaration") }
    }
    sax.pointee.elementDecl = { context, _, _, _ in
      XMLPlistSAXTarget.withHandler(of: context) { $0.fail("markup declaration") }
    }
    sax.pointee.notationDecl = { context, _, _, _ in
      XMLPlistSAXTarget.withHandler(of: context) { $0.fail("markup declaration") }
    }
  }

  /// Whether a SAX1 start tag's attributes (name, value, …, NULL) hold one named `xmlns` or
  /// with a `:` in its name.
  private static func hasNamespaceSyntax(
    _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
  ) -> Bool {
    guard let attributes else { return false }
    var index = 0
    while let name = attributes[index] {
      if strchr(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self), 0x3A) != nil
        || strcmp(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self), "xmlns") == 0
      {
        return true
      }
      index += 2
    }
    return false
  }
}

/// Receives the SAX events of one parse.
protocol XMLPlistSAXHandler: AnyObject {
  /// The parser, while it runs.
  var context: xmlParserCtxtPtr? { get set }
  /// False once the handler wants no more events (it stopped the parser).
  var isListening: Bool { get }
  /// A start tag (the local name).
  func start(_ name: UnsafePointer<xmlChar>?)
  /// An end tag.
  func end()
  /// Text (or CDATA) content.
  func characters(_ bytes: UnsafePointer<xmlChar>?, _ count: Int)
  /// Something the reader refuses (entities); stops the parser.
  func fail(_ message: String)
  /// An error libxml2 reports.
  func libxml2Error(_ reported: xmlError)
}

/// What the parser context's `_private` points at during a parse.
final class XMLPlistSAXTarget {
  let handler: any XMLPlistSAXHandler
  /// The handler when it is the fast paths' ``XMLDictionaryEvents``, which ``withHandler(of:_:)``
  /// calls as that class, not through the protocol: about 1.1 million events for `lhc pack
  /// --from` of the 9.9 MB bench catalog's tree, each with two calls through the witness table
  /// (`isListening`, then the event), were 11M of its 861M instructions (issue 24 in
  /// Benchmarks/README.md). `parse` keeps the handler alive while libxml2 runs. Unmanaged,
  /// borrowed in each callback: a strong or `unowned(unsafe)` reference was retained and
  /// released per event.
  let events: Unmanaged<XMLDictionaryEvents>?

  init(_ handler: any XMLPlistSAXHandler) {
    self.handler = handler
    events = (handler as? XMLDictionaryEvents).map(Unmanaged.passUnretained)
  }

  /// Calls `body` with the handler a SAX callback's context belongs to, unless it stopped
  /// listening. The target is borrowed, not retained: `parse` keeps it alive while libxml2 runs.
  /// A retain and release per event (every text chunk, tag and end tag: about 1.1 million events
  /// for `lhc pack --from` of the 9.9 MB bench catalog's tree) were 26M of its 1,218M
  /// instructions and, being atomic, cost more time than that share (issue 24 in
  /// Benchmarks/README.md).
  @inline(__always)
  static func withHandler(
    of context: UnsafeMutableRawPointer?, _ body: (any XMLPlistSAXHandler) -> Void
  ) {
    guard let context else { return }
    let parser = context.assumingMemoryBound(to: xmlParserCtxt.self)
    guard let target = parser.pointee._private else { return }
    Unmanaged<XMLPlistSAXTarget>.fromOpaque(target)._withUnsafeGuaranteedRef { target in
      if let events = target.events {
        events._withUnsafeGuaranteedRef { events in
          if events.isListening { body(events) }
        }
      } else if target.handler.isListening {
        body(target.handler)
      }
    }
  }
}

/// `libxml2` is initialised once per process before the first parser or buffer is made.
let libxml2Initialized: Bool = {
  xmlInitParser()
  return true
}()
