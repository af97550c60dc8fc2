/// The one key order every writer uses: UTF-16 code units, as Apple's and Foundation's property-list
/// writers sort dictionary keys (`😀` sorts before `！`, unlike code-point order).
public enum KeyOrder {
  /// True when `lhs` sorts before `rhs`.
  public static func precedes(_ lhs: String, _ rhs: String) -> Bool {
    // Fast path: equal UTF-8 prefixes are common; compare code units lazily.
    var left = lhs.utf16.makeIterator()
    var right = rhs.utf16.makeIterator()
    while true {
      switch (left.next(), right.next()) {
      case let (l?, r?):
        if l != r { return l < r }
      case (nil, _?): return true
      case (_, nil): return false
      }
    }
  }

  /// `keys` sorted in key order.
  public static func sorted<S: Sequence>(_ keys: S) -> [String] where S.Element == String {
    keys.sorted(by: precedes)
  }
}
