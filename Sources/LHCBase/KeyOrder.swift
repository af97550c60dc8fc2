/// The one key order every writer uses: UTF-16 code units, as Apple's and Foundation's property-list
/// writers sort dictionary keys (`😀` sorts before `！`, unlike code-point order).
///
/// Computed on UTF-8 bytes: UTF-8 byte order is code-point order, which differs from UTF-16 order
/// only where a supplementary character (lead byte `F0`–`F4`, a surrogate pair in UTF-16) meets one
/// in U+E000–U+FFFF (lead byte `EE`/`EF`): UTF-16 puts the surrogates first. Bytes ≥ `EE` are always
/// lead bytes, and the first difference between two valid UTF-8 strings with an equal prefix falls
/// on a character boundary, so ranking `EE`/`EF` above `F4` there gives UTF-16 order.
public enum KeyOrder {
  /// True when `lhs` sorts before `rhs`.
  @inlinable
  public static func precedes(_ lhs: String, _ rhs: String) -> Bool {
    lhs.withUTF8Bytes { left in rhs.withUTF8Bytes { right in precedes(utf8: left, right) } }
  }

  /// The same comparison on UTF-8 bytes.
  @inlinable @inline(__always)
  public static func precedes(
    utf8 left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>
  )
    -> Bool
  {
    let count = min(left.count, right.count)
    var index = 0
    while index < count {
      let l = left[index]
      let r = right[index]
      if l != r {
        if l >= 0xEE && r >= 0xEE { return utf16Rank(l) < utf16Rank(r) }
        return l < r
      }
      index += 1
    }
    return left.count < right.count
  }

  /// A lead byte ≥ `EE` ranked as its character's first UTF-16 code unit sorts.
  @inlinable @inline(__always)
  static func utf16Rank(_ lead: UInt8) -> UInt8 {
    lead < 0xF0 ? lead &+ 0x10 : lead
  }

  /// `keys` sorted in key order.
  @inlinable
  public static func sorted<S: Sequence>(_ keys: S) -> [String] where S.Element == String {
    let keys = Array(keys)
    if keys.count <= 16 { return keys.sorted(by: precedes) }
    return sortedIndices(keys) { $0 }.map { keys[$0] }
  }

  /// The keys of two lists in key order (each without repeats), in key order, each once.
  public static func union(_ first: [String], _ second: [String]) -> [String] {
    guard !first.isEmpty, !second.isEmpty else { return first.isEmpty ? second : first }
    var merged: [String] = []
    merged.reserveCapacity(first.count + second.count)
    forEachMerged(first, second) { f, s in merged.append(f.map { first[$0] } ?? second[s!]) }
    return merged
  }

  /// Walks two lists in key order (each without repeats) side by side: `body` is called once per
  /// key of either list, in key order, with the key's index in each (nil in the list that lacks
  /// it). One comparison per step, no lookups.
  public static func forEachMerged(
    _ first: [String], _ second: [String], _ body: (_ first: Int?, _ second: Int?) -> Void
  ) {
    var (f, s) = (0, 0)
    while f < first.count || s < second.count {
      if s == second.count || (f < first.count && precedes(first[f], second[s])) {
        body(f, nil)
        f += 1
      } else if f == first.count || first[f] != second[s] {
        body(nil, s)
        s += 1
      } else {
        body(f, s)
        (f, s) = (f + 1, s + 1)
      }
    }
  }

  /// The entries of `dictionary` in key order.
  @inlinable
  public static func sortedEntries<Value>(_ dictionary: [String: Value]) -> [(
    key: String, value: Value
  )] {
    let entries = Array(dictionary)
    if entries.count <= 1 { return entries }  // most stringsdict rules: one variable
    if entries.count <= 16 {  // small dictionaries (stringsdict entries): no side arrays
      return entries.sorted { precedes($0.key, $1.key) }
    }
    return sortedIndices(entries) { $0.key }.map { entries[$0] }
  }

  /// The indices of `keys` in sorted order.
  public static func sortedIndices(of keys: [String]) -> [Int] {
    sortedIndices(keys) { $0 }
  }

  /// The indices of `elements` sorted by their keys.
  ///
  /// The keys' UTF-8 is copied once into one byte array and `(start, count, index)` spans are
  /// sorted, so comparisons touch raw bytes with no reference counting (sorting `String`s spends
  /// most of its time retaining and releasing them).
  @inlinable
  static func sortedIndices<Element>(
    _ elements: [Element], key: (Element) -> String
  )
    -> [Int]
  {
    guard elements.count > 1 else { return Array(elements.indices) }
    var bytes: [UInt8] = []
    var spans: [(start: Int, count: Int, index: Int)] = []
    spans.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      let start = bytes.count
      bytes.append(contentsOf: key(element).utf8)
      spans.append((start, bytes.count - start, index))
    }
    bytes.withUnsafeBufferPointer { all in
      spans.sort { left, right in
        precedes(
          utf8: UnsafeBufferPointer(rebasing: all[left.start..<left.start + left.count]),
          UnsafeBufferPointer(rebasing: all[right.start..<right.start + right.count]))
      }
    }
    return spans.map(\.index)
  }
}
