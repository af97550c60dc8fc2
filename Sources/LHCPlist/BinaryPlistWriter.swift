import Foundation
import LHCBase

/// Writes property lists in Apple's binary format (`bplist00`) through Foundation.
///
/// Foundation's `PropertyListSerialization` walks an `NSDictionary` in hash order, which on Linux
/// changes from one process to the next (same input, different bytes). `PropertyListEncoder`
/// writes a keyed container's entries in the order they were encoded, so the value is encoded
/// through ``OrderedPlist`` with keys in ``KeyOrder``: the same value always gives the same bytes.
public enum BinaryPlistWriter {
  /// The binary property-list bytes for `value`.
  public static func data(for value: PlistValue) throws(PlistError) -> [UInt8] {
    switch value {
    case .dictionary, .array: break
    case .string, .integer, .boolean, .real, .data, .date:
      // `PropertyListEncoder` refuses top-level fragments; a scalar has no order to get wrong.
      return try serialized(value)
    }
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .binary
    do {
      return [UInt8](try encoder.encode(OrderedPlist(value: value)))
    } catch {
      throw PlistError(message: "cannot write binary property list: \(error)")
    }
  }

  /// A root scalar through `PropertyListSerialization`.
  private static func serialized(_ value: PlistValue) throws(PlistError) -> [UInt8] {
    let object: Any
    switch value {
    case .string(let string): object = NSString(string: string)
    case .integer(let integer): object = NSNumber(value: integer)
    case .boolean(let flag): object = NSNumber(value: flag)
    case .real(let real): object = NSNumber(value: real)
    case .data(let bytes): object = NSData(bytes: bytes, length: bytes.count)
    case .date(let date): object = NSDate(timeIntervalSinceReferenceDate: date)
    case .array, .dictionary: throw PlistError(message: "not a scalar")
    }
    do {
      return [UInt8](
        try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0))
    } catch {
      throw PlistError(message: "cannot write binary property list: \(error)")
    }
  }
}

/// A ``PlistValue`` that encodes dictionaries with their keys in ``KeyOrder``.
struct OrderedPlist: Encodable {
  var value: PlistValue

  /// A dictionary key as a coding key.
  struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  func encode(to encoder: any Encoder) throws {
    switch value {
    case .string(let string):
      var container = encoder.singleValueContainer()
      try container.encode(string)
    case .integer(let integer):
      var container = encoder.singleValueContainer()
      try container.encode(integer)
    case .boolean(let flag):
      var container = encoder.singleValueContainer()
      try container.encode(flag)
    case .real(let real):
      var container = encoder.singleValueContainer()
      try container.encode(real)
    case .data(let bytes):
      var container = encoder.singleValueContainer()
      try container.encode(Data(bytes))
    case .date(let date):
      var container = encoder.singleValueContainer()
      try container.encode(Date(timeIntervalSinceReferenceDate: date))
    case .array(let elements):
      var container = encoder.unkeyedContainer()
      for element in elements { try container.encode(OrderedPlist(value: element)) }
    case .dictionary(let entries):
      var container = encoder.container(keyedBy: Key.self)
      for (key, element) in KeyOrder.sortedEntries(entries) {
        try container.encode(OrderedPlist(value: element), forKey: Key(stringValue: key))
      }
    }
  }
}
