import Foundation

/// The member names of ``StringsdictEventBuilder``'s open dictionaries, as UTF-8 one after
/// another in one buffer: a stack, each dictionary's names above its parent's, searched for a
/// repeated name and cut back when the dictionary closes. No `String` is made per name.
struct MemberNames {
  /// The names' bytes.
  private var storage: [UInt8] = []
  /// Name `i` is `storage[ends[i - 1]..<ends[i]]` (from 0 for the first).
  private var ends: [Int] = []
  /// Whether a name that is not ASCII was ever added (then names with different bytes are
  /// compared as strings too: `é` and `e` + U+0301, or U+212A KELVIN SIGN and `K`, are one
  /// dictionary key to the full path's `[String: …]`).
  private var hasNonASCII = false

  /// The number of names.
  var count: Int { ends.count }

  /// Adds a name.
  mutating func append(_ name: UnsafeBufferPointer<UInt8>) {
    if !hasNonASCII, name.contains(where: { $0 >= 0x80 }) { hasNonASCII = true }
    storage.append(contentsOf: name)
    ends.append(storage.count)
  }

  /// Removes the names from index `count` on.
  mutating func removeLast(to count: Int) {
    guard count < ends.count else { return }
    storage.removeLast(storage.count - (count == 0 ? 0 : ends[count - 1]))
    ends.removeLast(ends.count - count)
  }

  /// Whether a name from index `first` on equals `name` as a string.
  func contains(_ name: UnsafeBufferPointer<UInt8>, from first: Int) -> Bool {
    let asStrings = hasNonASCII || name.contains(where: { $0 >= 0x80 })
    return storage.withUnsafeBufferPointer { storage in
      var start = first == 0 ? 0 : ends[first - 1]
      for end in ends[first...] {
        defer { start = end }
        let other = UnsafeBufferPointer(rebasing: storage[start..<end])
        if other.count == name.count
          && (name.isEmpty || memcmp(other.baseAddress!, name.baseAddress!, name.count) == 0)
        {
          return true
        }
        if asStrings,
          String(decoding: other, as: UTF8.self) == String(decoding: name, as: UTF8.self)
        {
          return true
        }
      }
      return false
    }
  }
}
