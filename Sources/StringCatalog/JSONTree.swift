import LHCBase

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A JSON value read by ``JSONTree``, with the byte offset where it starts (for `path:line:col`
/// in messages about small JSON files lhc reads: lint's config and baseline, a catalog's root).
public struct JSONNode: Sendable, Equatable {
  /// The value itself.
  public enum Value: Sendable, Equatable {
    /// Members in file order (a repeated name is kept twice).
    case object([Member])
    case array([JSONNode])
    case string(String)
    /// A number as written; `integer` when it is an integer that fits in `Int`.
    case number(text: String, integer: Int?)
    case bool(Bool)
    case null
    /// An object that was not read (``JSONTree/rootMembers(of:skipping:validating:)``).
    case skippedObject
  }

  /// One member of an object: its name, the offset of the name's opening quote, its value.
  public struct Member: Sendable, Equatable {
    public var name: String
    public var offset: Int
    public var value: JSONNode
  }

  public var value: Value
  /// Offset of the value's first byte.
  public var offset: Int

  /// The kind as messages name it: `an object`, `a string`, `null`, ….
  public var kindPhrase: String {
    switch value {
    case .object, .skippedObject: "an object"
    case .array: "an array"
    case .string: "a string"
    case .number: "a number"
    case .bool: "a boolean"
    case .null: "null"
    }
  }
}

/// Reads whole JSON documents into ``JSONNode`` trees with the catalog reader's scanner: the same
/// strict RFC 8259 (trailing commas are a warning), the same error texts and byte offsets.
public enum JSONTree {
  /// The document in `source`; throws the scanner's error (one diagnostic with an offset).
  /// Warnings (trailing commas) are returned.
  public static func parse(_ source: SourceText) throws(DiagnosticError) -> (
    node: JSONNode, diagnostics: [Diagnostic]
  ) {
    var scanner = JSONScanner(bytes: source.bytes)
    scanner.skipByteOrderMark()
    scanner.skipWhitespace()
    let node = try read(&scanner, skipping: nil)
    try scanner.expectEnd()
    return (node, scanner.diagnostics)
  }

  /// The top-level object's members, read whole except the object values of members named
  /// `skipped` (not kept: a catalog's `strings`). Throws when the document is not valid JSON or
  /// not an object; returns the offset of its `{` too.
  ///
  /// `validating` false skips those objects by matching brackets and quotes only, several times
  /// faster: for a document another reader validates anyway (lint reads a catalog's root this
  /// way beside the catalog reader, and a validating scan of a 60 MB `strings` cost a fifth of
  /// the lint). The members read are always validated.
  ///
  /// `lastMember`, the offset of the key of a member of the skipped object (a catalog's last
  /// entry, which the catalog reader has read), skips from that key instead: lint skipped the
  /// whole `strings` of the 9.9 MB bench catalog on one thread after reading it on two (78M of
  /// its 814M instructions). Only for a document another reader has validated.
  public static func rootMembers(
    of source: SourceText, skipping skipped: StaticString, validating: Bool = true,
    lastMember: Int? = nil
  ) throws(DiagnosticError) -> (open: Int, members: [JSONNode.Member]) {
    var scanner = JSONScanner(bytes: source.bytes)
    scanner.skipByteOrderMark()
    scanner.skipWhitespace()
    let open = scanner.index
    guard scanner.peek() == Byte.openBrace else {
      throw scanner.unexpected("expected '{' at start of catalog", at: open)
    }
    guard
      case .object(let members) = try read(
        &scanner, skipping: skipped, validating: validating, lastMember: lastMember
      ).value
    else {
      return (open, [])
    }
    try scanner.expectEnd()
    return (open, members)
  }

  /// The value at the cursor; in an object, members named `skipped` with an object value are
  /// skipped (only at the first level: nested objects are read whole).
  private static func read(
    _ scanner: inout JSONScanner, skipping skipped: StaticString?, validating: Bool = true,
    lastMember: Int? = nil
  ) throws(DiagnosticError) -> JSONNode {
    let offset = scanner.index
    switch try scanner.kind() {
    case .object:
      try scanner.enterContainer()
      var members: [JSONNode.Member] = []
      var first = true
      while try scanner.nextMember(&first) {
        let key = try scanner.readKey()
        let name = scanner.makeString(key)
        if let skipped, scanner.equals(key, skipped), scanner.peek() == Byte.openBrace {
          let start = scanner.index
          if let lastMember, lastMember > start {
            // Inside the object, at one of its keys: skip that member and any after it.
            scanner.resume(at: lastMember, depth: scanner.depth + 1)
            var first = false
            repeat {
              _ = try scanner.readKey()
              try scanner.skipValue()
            } while try scanner.nextMember(&first)
          } else if validating {
            try scanner.skipValue()
          } else {
            try scanner.skipBrackets()
          }
          members.append(
            .init(
              name: name, offset: key.offset, value: .init(value: .skippedObject, offset: start)))
        } else {
          members.append(
            .init(name: name, offset: key.offset, value: try read(&scanner, skipping: nil)))
        }
      }
      return JSONNode(value: .object(members), offset: offset)
    case .array:
      try scanner.enterContainer()
      var elements: [JSONNode] = []
      var first = true
      while try scanner.nextElement(&first) { elements.append(try read(&scanner, skipping: nil)) }
      return JSONNode(value: .array(elements), offset: offset)
    case .string:
      let token = try scanner.scanString()
      return JSONNode(value: .string(scanner.makeString(token)), offset: offset)
    case .number:
      let number = try scanner.scanNumber()
      let text = scanner.text(from: number.start, to: number.end)
      return JSONNode(
        value: .number(text: text, integer: scanner.integerValue(number)), offset: offset)
    case .boolean, .null:
      let literal = try scanner.scanLiteral()
      return JSONNode(value: literal.map { .bool($0) } ?? .null, offset: offset)
    }
  }
}

extension JSONScanner {
  /// Moves past the object or array at the cursor by matching brackets outside strings (a
  /// string ends at a quote not escaped by a backslash), validating nothing else.
  ///
  /// Inside a string it jumps to the next quote with `memchr` and counts the backslashes before
  /// it (an odd run escapes it), and it skips whitespace eight bytes at a time: lint skips a
  /// catalog's whole `strings` this way on one thread, and the byte-by-byte loop cost 118M of
  /// lint's 830M instructions on the 9.9 MB bench catalog (78M with the jumps).
  mutating func skipBrackets() throws(DiagnosticError) {
    let end = bytes.count
    guard let base = bytes.baseAddress else { throw error("unexpected end of file", at: end) }
    var depth = 0
    var offset = index
    while offset < end {
      let byte = bytes[offset]
      if byte == Byte.quote {
        offset = try endOfString(after: offset, base: base)
      } else if byte == Byte.space || byte == Byte.newline {
        // Eight bytes at a time: indentation is half of a catalog's bytes outside strings.
        index = offset
        skipWhitespace()
        offset = index
        continue
      } else if byte == Byte.openBrace || byte == Byte.openBracket {
        depth &+= 1
      } else if byte == Byte.closeBrace || byte == Byte.closeBracket {
        depth &-= 1
        if depth == 0 {
          index = offset &+ 1
          return
        }
      }
      offset &+= 1
    }
    throw error("unexpected end of file", at: end)
  }

  /// The offset of the quote that closes the string opened at `open`.
  private func endOfString(
    after open: Int, base: UnsafePointer<UInt8>
  ) throws(DiagnosticError) -> Int {
    let end = bytes.count
    var from = open &+ 1
    while from < end, let found = memchr(base + from, Int32(Byte.quote), end &- from) {
      let quote = UnsafeRawPointer(found) - UnsafeRawPointer(base)
      var backslashes = 0
      while bytes[quote &- 1 &- backslashes] == Byte.backslash { backslashes &+= 1 }
      if backslashes & 1 == 0 { return quote }
      from = quote &+ 1
    }
    throw error("unexpected end of file", at: end)
  }
}
