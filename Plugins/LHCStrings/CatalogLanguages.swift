import Foundation

/// The languages of a String Catalog, read without parsing it: the `sourceLanguage` and the keys
/// of every `strings.<key>.localizations` object, the languages `lhc compile --emit-empty-tables`
/// writes files for. Duplicates count as lhc counts them: every occurrence of a duplicate entry
/// key (and of a duplicate `strings` object) is compiled, but of an entry's duplicate
/// `localizations` members only the last one is.
///
/// A build-tool plugin declares its outputs while the build is planned, on every build, and
/// cannot link lhc's catalog reader. So this is a byte scan that follows the JSON structure just
/// enough to know where it is (strings, with their escapes, skipped with `memchr`; only keys at
/// the levels above decoded): about 1 s for a 170 MB catalog in the plugin's debug build, paid only
/// when the catalog changed (see `LanguageCache`). Malformed JSON gives whatever was found up to the
/// problem; `lhc compile` then reports the error with its position.
struct CatalogLanguages {
  var sourceLanguage: String?
  /// The languages the entries' localizations name.
  var languages: Set<String> = []

  /// Every language `lhc compile --emit-empty-tables` writes, sorted (by UTF-8 bytes).
  var declared: [String] {
    var all = languages
    if let sourceLanguage { all.insert(sourceLanguage) }
    return all.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
  }

  /// Scans catalog bytes.
  init(scanning data: Data) {
    // A NUL after the bytes, so that `strpbrk` can jump from one structural character to the next
    // (an embedded NUL, invalid in JSON anyway, is stepped over).
    var bytes = [UInt8](data)
    bytes.append(0)
    bytes.withUnsafeBufferPointer { buffer in
      var scanner = Scanner(base: buffer.baseAddress!, end: buffer.baseAddress! + data.count)
      scanner.run(into: &self)
    }
  }
}

/// The scan itself: a position in the bytes and the path of containers above it.
private struct Scanner {
  let end: UnsafePointer<UInt8>
  var at: UnsafePointer<UInt8>
  /// The number of open containers.
  var depth = 0
  /// Bit `n` set when the container at depth `n + 1` is an object (depths above 64 count as
  /// arrays; catalogs are not nested that deep).
  var objectBits: UInt64 = 0
  /// Whether the next string in the innermost object is a key.
  var expectKey = false
  /// Whether the current key at depth 1 is `strings`, or `sourceLanguage`.
  var inStrings = false
  var atSourceLanguage = false
  /// Whether the current key at depth 3, inside `strings`, is `localizations`.
  var inLocalizations = false
  /// The languages of the current entry's last `localizations` member, added to the result when
  /// the entry ends (or the data does).
  var entryLanguages: Set<String> = []

  init(base: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>) {
    self.at = base
    self.end = end
  }

  mutating func run(into result: inout CatalogLanguages) {
    let structural: [CChar] = Array("\"{}[],".utf8CString)
    structural.withUnsafeBufferPointer { scan(into: &result, stoppingAt: $0.baseAddress!) }
    result.languages.formUnion(entryLanguages)
  }

  /// The loop over structural characters (`structural`: the C string of them).
  private mutating func scan(
    into result: inout CatalogLanguages, stoppingAt structural: UnsafePointer<CChar>
  ) {
    while at < end {
      let text = UnsafeRawPointer(at).assumingMemoryBound(to: CChar.self)
      guard let next = strpbrk(text, structural) else {
        at += strlen(text) + 1  // an embedded NUL
        continue
      }
      at += text.distance(to: next)
      let byte = at.pointee
      at += 1
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        let isObject = byte == UInt8(ascii: "{")
        if depth < 64 && isObject { objectBits |= 1 << depth }
        depth += 1
        expectKey = isObject
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        if depth > 0 { depth -= 1 }
        if depth < 64 { objectBits &= ~(1 << depth) }
        if depth == 2 && inStrings {  // an entry ends
          result.languages.formUnion(entryLanguages)
          entryLanguages = []
        }
        if depth < 3 { inLocalizations = false }
        if depth < 1 { inStrings = false }
        expectKey = false
      case UInt8(ascii: ","):
        expectKey = depth > 0 && depth <= 64 && objectBits & (1 << (depth - 1)) != 0
      default:  // a string
        let start = at
        guard let close = closingQuote(from: start) else { return }
        at = close + 1
        if expectKey {
          expectKey = false
          if depth == 1 {
            inStrings = matches(start, close, "strings")
            atSourceLanguage = matches(start, close, "sourceLanguage")
          } else if depth == 3 && inStrings {
            inLocalizations = matches(start, close, "localizations")
            if inLocalizations { entryLanguages = [] }  // a later duplicate replaces it
          } else if depth == 4 && inLocalizations {
            entryLanguages.insert(decode(start, close))
          }
        } else if depth == 1 && atSourceLanguage {
          result.sourceLanguage = decode(start, close)
        }
      }
    }
  }

  /// The `"` that ends the string whose text starts at `start` (one not escaped by an odd run of
  /// backslashes), or nil when the data ends first.
  func closingQuote(from start: UnsafePointer<UInt8>) -> UnsafePointer<UInt8>? {
    var from = start
    while from < end {
      guard let found = memchr(from, Int32(UInt8(ascii: "\"")), end - from) else { return nil }
      let quote = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
      var before = quote
      while before > start && (before - 1).pointee == UInt8(ascii: "\\") { before -= 1 }
      if (quote - before) % 2 == 0 { return quote }
      from = quote + 1
    }
    return nil
  }

  /// Whether the bytes from `start` to `close` are `name` (a key without escapes).
  func matches(_ start: UnsafePointer<UInt8>, _ close: UnsafePointer<UInt8>, _ name: StaticString)
    -> Bool
  {
    close - start == name.utf8CodeUnitCount && memcmp(start, name.utf8Start, close - start) == 0
  }

  /// The string between `start` and `close`, JSON escapes decoded.
  func decode(_ start: UnsafePointer<UInt8>, _ close: UnsafePointer<UInt8>) -> String {
    let bytes = UnsafeBufferPointer(start: start, count: close - start)
    guard bytes.contains(UInt8(ascii: "\\")) else {
      return String(decoding: bytes, as: UTF8.self)
    }
    let literal = Data([UInt8(ascii: "\"")] + bytes + [UInt8(ascii: "\"")])
    let value = try? JSONSerialization.jsonObject(with: literal, options: .fragmentsAllowed)
    return value as? String ?? String(decoding: bytes, as: UTF8.self)
  }
}
