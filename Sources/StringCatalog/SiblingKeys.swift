import LHCBase

/// The keys seen so far in one object, for finding duplicates (see ``CatalogParser/duplicate(of:_:in:siblings:)``).
struct SiblingKeys {
  /// Where this object's fingerprints start in `siblingPrints`.
  var base: Int
  /// The previous key while keys arrive in increasing byte order.
  var previous: JSONString?
  /// True once the order broke and fingerprints are kept.
  var searching = false
}

/// A model element kept in file order under a unique name (language, case, kind, substitution).
protocol NamedItem {
  var itemName: String { get }
}

extension Localization: NamedItem {
  var itemName: String { language }
}

extension Variation: NamedItem {
  var itemName: String { kind.rawValue }
}

extension VariationCase: NamedItem {
  var itemName: String { name }
}

extension Substitution: NamedItem {
  var itemName: String { name }
}

/// Duplicate keys among siblings: Foundation keeps the last value, and so does the reader.
extension CatalogParser {
  /// The index of an earlier sibling named `name` among `items`, or `nil` (then `key` is recorded).
  ///
  /// Xcode writes keys sorted, so while keys keep increasing bytewise no search is needed. Once the
  /// order breaks, 64-bit fingerprints of the sibling names are searched linearly (siblings are few).
  mutating func duplicate<Item: NamedItem>(
    of key: JSONString, _ name: String, in items: [Item], siblings: inout SiblingKeys
  ) -> Int? {
    if !siblings.searching {
      if let previous = siblings.previous {
        if !key.escaped && !previous.escaped && scanner.precedes(previous, key) {
          siblings.previous = key
          return nil
        }
      } else if !key.escaped {
        siblings.previous = key
        return nil
      }
      siblings.searching = true
      for item in items { siblingPrints.append(Self.fingerprint(item.itemName.utf8)) }
    }
    let print = Self.fingerprint(name.utf8)
    var index = siblings.base
    while index < siblingPrints.count {
      if siblingPrints[index] == print, items[index - siblings.base].itemName == name {
        return index - siblings.base
      }
      index &+= 1
    }
    siblingPrints.append(print)
    return nil
  }

  /// FNV-1a of a key's UTF-8 bytes.
  static func fingerprint(_ bytes: String.UTF8View) -> UInt64 {
    var print: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes { print = (print ^ UInt64(byte)) &* 0x100_0000_01B3 }
    return print
  }
}
