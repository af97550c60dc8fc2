import Foundation
import LHCBase

/// The order Xcode writes the members of every catalog object in: Foundation's
///
/// ```swift
/// a.compare(b, options: [.numeric, .caseInsensitive, .forcedOrdering], range: nil,
///           locale: Locale(identifier: "")) == .orderedAscending
/// ```
///
/// (`JSONSerialization`'s `.sortedKeys`; see `catalog-writing.md` §2). Foundation takes ~2 µs a
/// comparison, too slow for a 171 MB catalog's million keys, so pairs of printable-ASCII strings
/// (nearly every key, language tag and field name) are compared here, with the same result; any
/// other pair goes to Foundation. The tests compare the two on the corpus and on random strings.
///
/// How Foundation compares two printable-ASCII strings (CoreFoundation's
/// `CFStringCompareWithOptionsAndLocale`, then ICU's root collator):
/// - It walks both strings. Where both hold a digit, it reads both digit runs as numbers: a smaller
///   number sorts first; equal numbers written with different lengths (`01`, `1`) record the
///   shorter as first (a tie-break) and the walk goes on, now ignoring case.
/// - At the first other difference it lets ICU compare the rest of both strings (the common
///   prefix weighs nothing there): primary weights first (the order of ``primaryOrder``, letters
///   without case, digit runs by value), then case (lower case first), then code points. A
///   tie-break recorded by the walk is then not used.
/// - A string that is a prefix of the other sorts first; two strings equal but for the tie-break
///   are ordered by it.
public enum CatalogKeyOrder {
  /// ICU's root order of the printable ASCII characters (upper-case letters weigh as lower case).
  static let primaryOrder = Array(
    " _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$0123456789abcdefghijklmnopqrstuvwxyz".utf8)

  /// Primary weight of each printable ASCII byte, 1-based; 0 for bytes outside the fast domain.
  static let weights: [UInt8] = {
    var weights = [UInt8](repeating: 0, count: 256)
    for (rank, byte) in primaryOrder.enumerated() { weights[Int(byte)] = UInt8(rank + 1) }
    for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") {
      weights[Int(byte)] = weights[Int(byte | 0x20)]
    }
    return weights
  }()

  /// Digit runs longer than this are left to Foundation (ICU's numbers have no 64-bit limit).
  static let longestNumber = 18

  /// True when `lhs` sorts before `rhs`.
  public static func precedes(_ lhs: String, _ rhs: String) -> Bool {
    compare(lhs, rhs) < 0
  }

  /// -1, 0 or 1 as `lhs` sorts before, equal to or after `rhs`.
  public static func compare(_ lhs: String, _ rhs: String) -> Int {
    let fast = lhs.withUTF8Bytes { left in rhs.withUTF8Bytes { right in compare(left, right) } }
    return fast ?? foundationCompare(lhs, rhs)
  }

  /// The indices of `items` with their keys in order, each key once: of items with equal keys only
  /// the last is kept (a writer writes every key once). Items already in order, as in every
  /// catalog Xcode wrote, cost one comparison each.
  @inline(__always) public static func sortedIndices<Item>(
    _ items: [Item], key: (Item) -> String
  ) -> [Int] {
    var indices = Array(items.indices)
    var sorted = true
    for index in items.indices.dropFirst()
    where compare(key(items[index - 1]), key(items[index])) >= 0 {
      sorted = false
      break
    }
    if sorted { return indices }
    indices.sort { left, right in
      let order = compare(key(items[left]), key(items[right]))
      return order != 0 ? order < 0 : left < right
    }
    var unique: [Int] = []
    unique.reserveCapacity(indices.count)
    for index in indices {
      if let last = unique.last, compare(key(items[last]), key(items[index])) == 0 {
        unique[unique.count - 1] = index
      } else {
        unique.append(index)
      }
    }
    return unique
  }

  /// Calls `body` with the indices of `items` in ``sortedIndices(_:key:)`` order; items already in
  /// order (every object of an Xcode-written catalog) are visited without allocating.
  @inline(__always) public static func forEachSorted<Item>(
    _ items: [Item], key: (Item) -> String, _ body: (Int) -> Void
  ) {
    var sorted = true
    for index in items.indices.dropFirst()
    where compare(key(items[index - 1]), key(items[index])) >= 0 {
      sorted = false
      break
    }
    if sorted {
      for index in items.indices { body(index) }
    } else {
      for index in sortedIndices(items, key: key) { body(index) }
    }
  }

  /// ``sortedIndices(_:key:)`` of plain strings.
  public static func sortedIndices(_ keys: [String]) -> [Int] {
    sortedIndices(keys) { $0 }
  }

  /// Foundation's comparison itself: the reference, and the answer outside the fast domain.
  public static func foundationCompare(_ lhs: String, _ rhs: String) -> Int {
    switch lhs.compare(rhs, options: options, range: nil, locale: rootLocale) {
    case .orderedAscending: -1
    case .orderedSame: 0
    case .orderedDescending: 1
    }
  }

  private static let options: String.CompareOptions = [.numeric, .caseInsensitive, .forcedOrdering]
  private static let rootLocale = Locale(identifier: "")

  @inline(__always) private static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }
  @inline(__always) private static func lowered(_ byte: UInt8) -> UInt8 {
    byte &- 0x41 < 26 ? byte | 0x20 : byte
  }

  /// The fast comparison; nil when either string is not all printable ASCII or has a digit run
  /// longer than ``longestNumber``.
  static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int? {
    guard isPrintableASCII(a), isPrintableASCII(b) else { return nil }
    var tieBreak = 0
    var i = 0
    var j = 0
    while i < a.count && j < b.count {
      var x = a[i]
      var y = b[j]
      if tieBreak != 0 {
        x = lowered(x)
        y = lowered(y)
      }
      if isDigit(x) && isDigit(y) {
        let (left, leftEnd) = number(a, from: i)
        let (right, rightEnd) = number(b, from: j)
        guard let left, let right else { return nil }
        if left != right { return left < right ? -1 : 1 }
        if tieBreak == 0 && leftEnd - i != rightEnd - j {
          tieBreak = leftEnd - i < rightEnd - j ? -1 : 1
        }
        (i, j) = (leftEnd, rightEnd)
        continue
      }
      if x != y { return collate(a, from: i, b, from: j) }
      i += 1
      j += 1
    }
    return i < a.count ? 1 : (j < b.count ? -1 : tieBreak)
  }

  /// ICU's root collation of `a[i...]` and `b[j...]`, numeric, then forced: primary weights, then
  /// case (lower first), then code points.
  private static func collate(
    _ a: UnsafeBufferPointer<UInt8>, from start1: Int, _ b: UnsafeBufferPointer<UInt8>,
    from start2: Int
  ) -> Int? {
    var i = start1
    var j = start2
    while i < a.count && j < b.count {
      let x = a[i]
      let y = b[j]
      if isDigit(x) && isDigit(y) {
        let (left, leftEnd) = number(a, from: i)
        let (right, rightEnd) = number(b, from: j)
        guard let left, let right else { return nil }
        if left != right { return left < right ? -1 : 1 }
        (i, j) = (leftEnd, rightEnd)
        continue
      }
      // A digit weighs as the digit group (any number sorts after punctuation, before letters).
      let wx = weights[Int(isDigit(x) ? 0x30 : x)]
      let wy = weights[Int(isDigit(y) ? 0x30 : y)]
      if wx != wy { return wx < wy ? -1 : 1 }
      i += 1
      j += 1
    }
    if i < a.count || j < b.count {
      // Prefix: a shorter run of weights first (a trailing number's digits form one weight).
      return i < a.count ? 1 : -1
    }
    // Equal weights: letters are aligned; the first case difference decides, lower case first.
    var k = start1
    var l = start2
    while k < a.count && l < b.count {
      let x = a[k]
      let y = b[l]
      if isDigit(x) && isDigit(y) {
        k = number(a, from: k).end
        l = number(b, from: l).end
        continue
      }
      if x != y && lowered(x) == lowered(y) { return x > y ? -1 : 1 }
      k += 1
      l += 1
    }
    return codePointOrder(a, from: start1, b, from: start2)
  }

  /// The value of the digit run at `start` (nil when longer than ``longestNumber``) and its end.
  @inline(__always) private static func number(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int)
    -> (value: UInt64?, end: Int)
  {
    var value: UInt64 = 0
    var end = start
    while end < bytes.count && isDigit(bytes[end]) {
      value = value &* 10 &+ UInt64(bytes[end] &- 0x30)
      end += 1
    }
    return (end - start <= longestNumber ? value : nil, end)
  }

  /// Plain byte order of the rests (UTF-16 order for ASCII).
  private static func codePointOrder(
    _ a: UnsafeBufferPointer<UInt8>, from i: Int, _ b: UnsafeBufferPointer<UInt8>, from j: Int
  ) -> Int {
    let left = UnsafeBufferPointer(rebasing: a[i...])
    let right = UnsafeBufferPointer(rebasing: b[j...])
    for (x, y) in zip(left, right) where x != y { return x < y ? -1 : 1 }
    return left.count == right.count ? 0 : (left.count < right.count ? -1 : 1)
  }

  /// True when every byte is in U+0020…U+007E.
  @inline(__always) private static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    for byte in bytes where byte &- 0x20 > 0x5E { return false }
    return true
  }
}
