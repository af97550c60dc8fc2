import Foundation
import LHCBase

/// Keys as UTF-8, one after another in one buffer, in the order they were added: what a reader
/// that keeps only a file's keys (the read-back of `lhc pack`) collects instead of a `String`
/// per key.
///
/// Most keys are longer than the 15 bytes a `String` holds inline, so each was a heap object
/// made by validating the bytes libxml2 had validated already, then freed (issue 24 in
/// Benchmarks/README.md); here a key is a copy into the buffer and an offset.
public struct KeyColumn: Sendable {
  /// The keys' bytes.
  private var storage: [UInt8] = []
  /// Key `i` is `storage[ends[i - 1]..<ends[i]]` (from 0 for the first).
  private var ends: [Int] = []

  public init() {}

  /// The UTF-8 of `keys`, in that order.
  public init(_ keys: [String]) {
    ends.reserveCapacity(keys.count)
    for key in keys { key.withUTF8Bytes { append($0) } }
  }

  /// The number of keys.
  public var count: Int { ends.count }

  /// Whether there is no key.
  public var isEmpty: Bool { ends.isEmpty }

  /// Appends a key's UTF-8.
  @inline(__always)
  public mutating func append(_ key: UnsafeBufferPointer<UInt8>) {
    storage.append(contentsOf: key)
    ends.append(storage.count)
  }

  /// Key `index` as a new string.
  public func string(at index: Int) -> String {
    withKeys { String(decoding: $0(index), as: UTF8.self) }
  }

  /// The keys as strings.
  public var strings: [String] { (0..<count).map(string(at:)) }

  /// Calls `body` with a function giving key `i`'s bytes (valid only during the call).
  public func withKeys<R>(_ body: ((Int) -> UnsafeBufferPointer<UInt8>) -> R) -> R {
    storage.withUnsafeBufferPointer { storage in
      ends.withUnsafeBufferPointer { ends in
        body { index in
          let start = index == 0 ? 0 : ends[index - 1]
          return UnsafeBufferPointer(rebasing: storage[start..<ends[index]])
        }
      }
    }
  }

  /// Whether every key is ASCII (read eight bytes at a time).
  public var isASCII: Bool {
    storage.withUnsafeBytes { bytes in
      var index = 0
      while index + 8 <= bytes.count {
        let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        if word & 0x8080_8080_8080_8080 != 0 { return false }
        index += 8
      }
      return bytes[index...].allSatisfy { $0 < 0x80 }
    }
  }

  /// Whether every key sorts after the one before it in ``KeyOrder`` (so no key repeats), as
  /// property-list writers emit dictionaries: compared as bytes, with no `String` made.
  public var isSortedAndUnique: Bool {
    withKeys { key in (1..<Swift.max(count, 1)).allSatisfy { Self.precedes(key($0 - 1), key($0)) } }
  }

  /// ``KeyOrder/precedes(utf8:_:)``, the keys' common start skipped eight bytes at a time: the
  /// keys of a table share long prefixes (`account.accessibility.000368`), and comparing them
  /// byte by byte was most of the check of their order.
  @inline(__always)
  static func precedes(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    var index = 0
    if let l = left.baseAddress, let r = right.baseAddress {
      let count = Swift.min(left.count, right.count)
      while index + 8 <= count,
        UnsafeRawPointer(l + index).loadUnaligned(as: UInt64.self)
          == UnsafeRawPointer(r + index).loadUnaligned(as: UInt64.self)
      {
        index += 8
      }
    }
    return KeyOrder.precedes(
      utf8: UnsafeBufferPointer(rebasing: left[index...]),
      UnsafeBufferPointer(rebasing: right[index...]))
  }
}

extension KeyColumn {
  /// The keys in both `stringKeys` and `ruleKeys` (two columns in ``KeyOrder``, each key once),
  /// in that order: `StringTable.keysInBoth` on bytes, which makes no `String` but of a key
  /// found in both.
  ///
  /// Keys equal as strings are those with equal bytes, or canonically equivalent ones (`é` and
  /// `e` + U+0301): two keys with different bytes are compared as strings when either column
  /// holds a key that is not ASCII, so the keys found are exactly those of
  /// `StringTable.keysInBoth`. On the 9.9 MB bench catalog's tree that merge over strings was
  /// 14.5M of the 908M instructions of `lhc pack --from`, this one 5.7M (issue 24 in
  /// Benchmarks/README.md).
  public static func keysInBoth(_ stringKeys: KeyColumn, _ ruleKeys: KeyColumn) -> [String] {
    guard stringKeys.count > 0, ruleKeys.count > 0 else { return [] }
    // Keys with different bytes are equal strings only where one is not ASCII.
    let asciiOnly = stringKeys.isASCII && ruleKeys.isASCII
    return stringKeys.withKeys { text in
      ruleKeys.withKeys { rule in
        var both: [String] = []
        var (s, r) = (0, 0)
        while s < stringKeys.count, r < ruleKeys.count {
          let (left, right) = (text(s), rule(r))
          let equal =
            left.count == right.count
            && (left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0)
          if equal
            || (!asciiOnly
              && String(decoding: left, as: UTF8.self) == String(decoding: right, as: UTF8.self))
          {
            both.append(String(decoding: left, as: UTF8.self))
            (s, r) = (s + 1, r + 1)
          } else if precedes(left, right) {
            s += 1
          } else {
            r += 1
          }
        }
        return both
      }
    }
  }
}
