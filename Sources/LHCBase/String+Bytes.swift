#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension String {
  /// True when the string's UTF-8 contains `byte`, found with `memchr` on its contiguous storage
  /// (`utf8.contains` walks the view index by index: too slow on the catalog hot paths).
  public func containsUTF8(_ byte: UInt8) -> Bool {
    let found = utf8.withContiguousStorageIfAvailable { bytes in
      guard let base = bytes.baseAddress else { return false }
      return memchr(base, Int32(byte), bytes.count) != nil
    }
    return found ?? utf8.contains(byte)
  }

  /// Calls `body` with the string's UTF-8. Unlike `withUTF8`, which is mutating, a native string
  /// is read in place, not copied first: no reference-count traffic on the writers' hot paths.
  @inlinable
  public func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
    var copy = self
    return copy.withUTF8(body)
  }

  /// The string without trailing spaces.
  public var trimmingTrailingSpaces: String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
