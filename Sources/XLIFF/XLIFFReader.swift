// Data path: bytes → (forbidden characters shielded, see XMLReferenceShield) → libxml2's SAX2
// parser, one parser context per call → callbacks into an XLIFFBuilder (found through the
// context's `_private`) → XLIFFDocument. No tree is built, nothing is fetched: the only option is
// XML_PARSE_NONET (no entity substitution, no DTD loading or validation, libxml2's default limits:
// depth 256, 10 MB per text node); a DOCTYPE or any entity declaration or reference other than the
// predefined ones stops the parse; errors reach the builder through the context's own
// structured-error callback (no global handler: readers can run on several threads at once).

import Clibxml2
import HardenedXML

/// Reads XLIFF 1.2 documents (Xcode's, and what translation tools make of them) through libxml2,
/// hardened against entities and external fetches.
///
/// Elements are matched by namespace, not prefix: the XLIFF 1.2 namespace as the default one
/// (Xcode), under any prefix (`ns0:`, Python's ElementTree), or no namespace at all. `<group>`s are
/// read through; `alt-trans`, `seg-source`, `bin-unit` and elements of other namespaces are skipped
/// with their content. Inside `source`, `target` and `note`, inline elements (`g`, `ph`, `x`, `mrk`,
/// …) are flattened to their text.
public enum XLIFFReader {
  /// The largest document read (1 GiB).
  public static let maximumSize = 1 << 30

  /// The document in `bytes`.
  public static func read(_ bytes: UnsafeBufferPointer<UInt8>) throws(XLIFFReadError)
    -> XLIFFDocument
  {
    guard !bytes.isEmpty else { throw XLIFFReadError("empty document", offset: 0) }
    guard bytes.count <= maximumSize else {
      throw XLIFFReadError(
        "document too large (\(bytes.count) bytes; at most \(maximumSize))", offset: 0)
    }
    let shielded = XMLReferenceShield.shield(bytes)
    let builder = XLIFFBuilder(shielded: shielded != nil)
    if let shielded {
      shielded.withUnsafeBufferPointer { parse($0, builder) }
    } else {
      parse(bytes, builder)
    }
    if let error = builder.error { throw error }
    guard let document = builder.document else {
      throw XLIFFReadError("not an XLIFF document", offset: 0)
    }
    return document
  }

  /// Runs libxml2's parser (hardened: ``HardenedSAX``) over `input`, sending its events to
  /// `builder`.
  private static func parse(_ input: UnsafeBufferPointer<UInt8>, _ builder: XLIFFBuilder) {
    HardenedSAX.parse(input, builder, malformed: "the document is not well-formed XML") { sax in
      sax.pointee.startElementNs = { context, name, _, uri, _, _, count, _, attributes in
        XLIFFBuilder.of(context)?.start(name, uri, attributes, Int(count))
      }
      sax.pointee.endElementNs = { context, _, _, _ in XLIFFBuilder.of(context)?.end() }
      sax.pointee.characters = { context, text, count in
        XLIFFBuilder.of(context)?.characters(text, Int(count))
      }
      sax.pointee.ignorableWhitespace = sax.pointee.characters
      sax.pointee.cdataBlock = sax.pointee.characters
    }
  }
}

/// Why a document could not be read: the message and the byte offset it points at.
public struct XLIFFReadError: Error, Sendable, Equatable {
  public var message: String
  public var offset: Int

  public init(_ message: String, offset: Int) {
    self.message = message
    self.offset = offset
  }
}
