import LHCBase

/// Values by key, kept sorted in ``KeyOrder`` (the order property lists are written in).
///
/// Tables are built once and then read: by writers in order, by `diff` side by side. A sorted
/// array serves both without hashing; lookups are binary searches.
public struct KeyedValues<Value> {
  public private(set) var keys: [String]
  public private(set) var values: [Value]
  /// The keys' UTF-8 in a byte buffer several tables share, with each key's index there (set by the
  /// catalog compiler, dropped on any change): see ``forEachKeyUTF8(_:)``.
  private var shared: (bytes: UTF8Column, indices: [Int32])?
  /// String values' UTF-8 one after another, in key order (set by the catalog compiler, dropped on
  /// any change): see ``forEachUTF8(_:)``.
  private var valueBytes: UTF8Column?

  public init() {
    keys = []
    values = []
  }

  /// The entries of `dictionary`, sorted.
  public init(_ dictionary: [String: Value]) {
    let entries = KeyOrder.sortedEntries(dictionary)
    keys = entries.map(\.key)
    values = entries.map(\.value)
  }

  /// The entries of `pairs`; when a key repeats, its last value wins.
  @inlinable
  public init(pairsKeepingLast pairs: [(key: String, value: Value)]) {
    self.init(keysKeepingLast: pairs.map { $0.key }, values: pairs.map { $0.value })
  }

  /// `keys[i]` → `values[i]` (the arrays have the same length); when a key repeats, its last
  /// value wins.
  ///
  /// Property-list writers (lhc's, Xcode's, Foundation's) emit dictionaries in key order, so the
  /// keys are checked in one linear pass and the arrays taken as they are when sorted and unique;
  /// only other input is sorted (by byte spans, see ``KeyOrder``). Inlinable, so that it is
  /// specialised for the caller's value type (copying values generically costs more than the rest).
  @inlinable
  public init(keysKeepingLast keys: [String], values: [Value]) {
    // Compared in place: copying each key out would retain and release it.
    let isSorted = keys.withUnsafeBufferPointer { keys in
      var index = 1
      while index < keys.count {
        let inPlace = keys[index - 1].utf8.withContiguousStorageIfAvailable { left in
          keys[index].utf8.withContiguousStorageIfAvailable { right in
            KeyOrder.precedes(utf8: left, right)
          }
        }
        guard (inPlace ?? nil) ?? KeyOrder.precedes(keys[index - 1], keys[index]) else {
          return false
        }
        index += 1
      }
      return true
    }
    if isSorted {
      self.init(sortedKeys: keys, values: values)
      return
    }
    // Sorted positions; among equal keys, the one that came last is kept.
    let order = KeyOrder.sortedIndices(of: keys)
    var uniqueKeys: [String] = []
    var lastValues: [Value] = []
    uniqueKeys.reserveCapacity(keys.count)
    lastValues.reserveCapacity(keys.count)
    var start = 0
    while start < order.count {
      let key = keys[order[start]]
      var last = order[start]
      var end = start + 1
      while end < order.count, keys[order[end]] == key {
        last = Swift.max(last, order[end])
        end += 1
      }
      uniqueKeys.append(key)
      lastValues.append(values[last])
      start = end
    }
    self.init(sortedKeys: uniqueKeys, values: lastValues)
  }

  /// Keys already sorted in ``KeyOrder`` and unique, with their values (not checked).
  @usableFromInline
  init(sortedKeys: [String], values: [Value]) {
    self.keys = sortedKeys
    self.values = values
  }

  /// Sorted keys that also stand in `bytes` at `indices` (not checked).
  init(sortedKeys: [String], values: [Value], bytes: UTF8Column, indices: [Int32]) {
    self.init(sortedKeys: sortedKeys, values: values)
    shared = (bytes, indices)
  }

  /// Calls `body` with each key's position and UTF-8, in order.
  ///
  /// Every language's table of a catalog holds the same key strings; retaining them from writer
  /// threads running at once makes the threads contend for their reference counts (a tenth of a
  /// large compile). Tables made by the catalog compiler read their keys from shared bytes instead,
  /// which nothing writes to.
  public func forEachKeyUTF8<E: Error>(
    _ body: (Int, UnsafeBufferPointer<UInt8>) throws(E) -> Void
  ) throws(E) {
    guard let (bytes, indices) = shared else {
      for index in keys.indices {
        var failure: E?  // `withUTF8Bytes` does not throw
        keys[index].withUTF8Bytes { utf8 in
          do throws(E) { try body(index, utf8) } catch { failure = error }
        }
        if let failure { throw failure }
      }
      return
    }
    try bytes.storage.withUnsafeBufferPointer { (storage) throws(E) in
      try indices.withUnsafeBufferPointer { (indices) throws(E) in
        for (position, index) in indices.enumerated() {
          let range = bytes.offsets[Int(index)]..<bytes.offsets[Int(index) + 1]
          try body(position, UnsafeBufferPointer(rebasing: storage[range]))
        }
      }
    }
  }

  /// The position of `key`, or where it would be inserted.
  private func position(of key: String) -> (index: Int, found: Bool) {
    var low = 0
    var high = keys.count
    while low < high {
      let middle = (low + high) / 2
      if KeyOrder.precedes(keys[middle], key) { low = middle + 1 } else { high = middle }
    }
    return (low, low < keys.count && keys[low] == key)
  }

  /// The value for `key`; setting `nil` removes it.
  public subscript(key: String) -> Value? {
    get {
      let (index, found) = position(of: key)
      return found ? values[index] : nil
    }
    set {
      let (index, found) = position(of: key)
      shared = nil
      valueBytes = nil
      switch (found, newValue) {
      case (true, let value?): values[index] = value
      case (true, nil):
        keys.remove(at: index)
        values.remove(at: index)
      case (false, let value?):
        keys.insert(key, at: index)
        values.insert(value, at: index)
      case (false, nil): break
      }
    }
  }

  /// The entries as a dictionary.
  public var dictionary: [String: Value] {
    Dictionary(uniqueKeysWithValues: zip(keys, values))
  }
}

extension KeyedValues where Value == String {
  /// The same entries, with the values' UTF-8 also copied one after another (see
  /// ``forEachUTF8(_:)``).
  public func withContiguousValues() -> KeyedValues {
    var result = self
    result.valueBytes = UTF8Column(values)
    return result
  }

  /// Calls `body` with each entry's position, key UTF-8 and value UTF-8, in order.
  ///
  /// A table's values were allocated one by one while the catalog was read, among every other
  /// language's: a writer reading them in key order misses the cache at each, and retaining each
  /// on the way costs more (a tenth of a large compile). Tables made by the catalog compiler keep
  /// a contiguous copy, read here instead.
  public func forEachUTF8<E: Error>(
    _ body: (Int, UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) throws(E) -> Void
  ) throws(E) {
    guard let column = valueBytes else {
      try values.withUnsafeBufferPointer { (values) throws(E) in
        try forEachKeyUTF8 { (index, key) throws(E) in
          var failure: E?
          values[index].withUTF8Bytes { value in
            do throws(E) { try body(index, key, value) } catch { failure = error }
          }
          if let failure { throw failure }
        }
      }
      return
    }
    try column.storage.withUnsafeBufferPointer { (storage) throws(E) in
      try forEachKeyUTF8 { (index, key) throws(E) in
        let range = column.offsets[index]..<column.offsets[index + 1]
        try body(index, key, UnsafeBufferPointer(rebasing: storage[range]))
      }
    }
  }
}

extension KeyedValues: RandomAccessCollection {
  public var startIndex: Int { 0 }
  public var endIndex: Int { keys.count }
  public subscript(position: Int) -> (key: String, value: Value) {
    (keys[position], values[position])
  }
}

extension KeyedValues: ExpressibleByDictionaryLiteral {
  public init(dictionaryLiteral elements: (String, Value)...) {
    self.init(Dictionary(elements) { _, last in last })
  }
}

extension KeyedValues: Equatable where Value: Equatable {
  public static func == (lhs: KeyedValues, rhs: KeyedValues) -> Bool {
    lhs.keys == rhs.keys && lhs.values == rhs.values
  }
}

extension KeyedValues: Sendable where Value: Sendable {}

/// Strings' UTF-8 one after another: the keys every table of a catalog shares (see
/// ``KeyedValues/forEachKeyUTF8(_:)``), a table's values (see ``KeyedValues/forEachUTF8(_:)``).
public struct UTF8Column: Sendable {
  let storage: [UInt8]
  /// String `i` is `storage[offsets[i]..<offsets[i + 1]]`.
  let offsets: [Int]

  /// The bytes of `strings`, in the order given.
  public init(_ strings: some Sequence<String>) {
    var storage: [UInt8] = []
    var offsets = [0]
    offsets.reserveCapacity(strings.underestimatedCount + 1)
    for string in strings {
      string.withUTF8Bytes { storage.append(contentsOf: $0) }
      offsets.append(storage.count)
    }
    self.storage = storage
    self.offsets = offsets
  }

  /// The strings, as new strings (not sharing storage with any other string).
  public func strings() -> [String] {
    storage.withUnsafeBufferPointer { storage in
      (0..<offsets.count - 1).map { index in
        String(decoding: storage[offsets[index]..<offsets[index + 1]], as: UTF8.self)
      }
    }
  }
}
