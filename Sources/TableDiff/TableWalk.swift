import LHCBase
import StringTables

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds the keys whose entries differ between two versions of a table: the diff's inner loop.
///
/// `.strings` and `.stringsdict` are walked separately (old keys beside new keys, nearly always
/// the same key on both sides: one byte comparison per key), and only the keys found there are
/// looked up again to build ``TableEntry``s. The arrays are read through unsafe buffers and
/// compared where they lie, so that the walk retains nothing: the app side's tables share their
/// key strings across languages, and threads diffing two languages at once would otherwise contend
/// for those strings' reference counts.
enum TableWalk {
  /// The keys of `old` or `new` whose text or rule differs, or that only one side has, in key
  /// order, each once.
  static func differingKeys(_ old: StringTable, _ new: StringTable) -> [String] {
    let texts = differingKeys(old.strings, new.strings) { sameString($0, $1) }
    let rules = differingKeys(old.rules, new.rules) { $0 == $1 }
    return KeyOrder.union(texts, rules)
  }

  /// The keys of one file kind whose values differ or that only one side has, in key order.
  private static func differingKeys<Value>(
    _ old: KeyedValues<Value>, _ new: KeyedValues<Value>, same: (Value, Value) -> Bool
  ) -> [String] {
    // The same arrays (a release file taken as the catalog's table): nothing to walk.
    if sameStorage(old.keys, new.keys), sameStorage(old.values, new.values) { return [] }
    var result: [String] = []
    old.keys.withUnsafeBufferPointer { oldKeys in
      old.values.withUnsafeBufferPointer { oldValues in
        new.keys.withUnsafeBufferPointer { newKeys in
          new.values.withUnsafeBufferPointer { newValues in
            var o = 0
            var n = 0
            while o < oldKeys.count || n < newKeys.count {
              if o < oldKeys.count, n < newKeys.count, sameString(oldKeys[o], newKeys[n]) {
                if !same(oldValues[o], newValues[n]) { result.append(newKeys[n]) }
                o += 1
                n += 1
              } else if n == newKeys.count
                || (o < oldKeys.count && precedesInPlace(oldKeys[o], newKeys[n]))
              {
                result.append(oldKeys[o])
                o += 1
              } else {
                result.append(newKeys[n])
                n += 1
              }
            }
          }
        }
      }
    }
    return result
  }

  /// True when both arrays are one buffer (and so hold the same elements).
  private static func sameStorage<Element>(_ lhs: [Element], _ rhs: [Element]) -> Bool {
    lhs.count == rhs.count
      && lhs.withUnsafeBufferPointer { left in
        rhs.withUnsafeBufferPointer { right in left.baseAddress == right.baseAddress }
      }
  }

  /// `lhs == rhs`, deciding by bytes first: equal UTF-8 is equal text, and the byte comparison
  /// spares Swift's normalising comparison of non-ASCII strings that are the same.
  @inline(__always)
  static func sameString(_ lhs: String, _ rhs: String) -> Bool {
    let sameBytes = lhs.utf8.withContiguousStorageIfAvailable { left in
      rhs.utf8.withContiguousStorageIfAvailable { right in
        guard left.count == right.count else { return false }
        guard let l = left.baseAddress, let r = right.baseAddress else { return true }
        return memcmp(l, r, left.count) == 0
      }
    }
    return (sameBytes ?? nil) == true || lhs == rhs
  }

  /// ``KeyOrder`` on strings read in place (no copy, so no retain).
  @inline(__always)
  private static func precedesInPlace(_ lhs: String, _ rhs: String) -> Bool {
    let inPlace = lhs.utf8.withContiguousStorageIfAvailable { left in
      rhs.utf8.withContiguousStorageIfAvailable { right in KeyOrder.precedes(utf8: left, right) }
    }
    return (inPlace ?? nil) ?? KeyOrder.precedes(lhs, rhs)
  }
}
