import LHCBase

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension String {
  /// Whether the string contains the ASCII `pattern`, decided from its UTF-8 where the bytes
  /// tell: false when they do not occur; true when an occurrence has an ASCII byte (or an end of
  /// the string) on each side, which no grapheme cluster or canonical equivalence reaches across;
  /// nil otherwise (a non-ASCII neighbour), for `contains` to decide. A character search costs
  /// thousands of instructions a call (Foundation's `contains("#@")` in the mapper: 12 % of
  /// `lhc import -o`'s instructions on the 9.9 MB bench catalog's tree).
  func containsASCII(_ pattern: StaticString) -> Bool? {
    let count = pattern.utf8CodeUnitCount
    return withUTF8Bytes { bytes -> Bool? in
      guard let base = bytes.baseAddress, bytes.count >= count else { return false }
      var undecided = false
      var start = 0
      while start + count <= bytes.count,
        let found = memchr(base + start, Int32(pattern.utf8Start.pointee), bytes.count - start)
      {
        let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        start = at + 1
        guard at + count <= bytes.count, memcmp(base + at, pattern.utf8Start, count) == 0 else {
          continue
        }
        let end = at + count
        if (at == 0 || bytes[at - 1] < 0x80) && (end == bytes.count || bytes[end] < 0x80) {
          return true
        }
        undecided = true
      }
      return undecided ? nil : false
    }
  }
}
