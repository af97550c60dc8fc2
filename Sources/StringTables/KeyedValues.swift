import LHCBase

/// Values by key, kept sorted in ``KeyOrder`` (the order property lists are written in).
///
/// Tables are built once and then read: by writers in order, by `diff` side by side. A sorted
/// array serves both without hashing; lookups are binary searches.
public struct KeyedValues<Value> {
  public private(set) var keys: [String]
  public private(set) var values: [Value]

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

  /// Keys already sorted in ``KeyOrder`` and unique, with their values (not checked).
  init(sortedKeys: [String], values: [Value]) {
    self.keys = sortedKeys
    self.values = values
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

extension KeyedValues: CustomStringConvertible {
  public var description: String {
    "[" + zip(keys, values).map { "\($0): \($1)" }.joined(separator: ", ") + "]"
  }
}
