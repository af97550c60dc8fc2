/// A property-list value as lhc writes them: strings, dictionaries, arrays, integers, booleans.
public enum PlistValue: Sendable, Equatable {
  case string(String)
  /// Keys are written in ``KeyOrder`` whatever the dictionary's own order.
  case dictionary([String: PlistValue])
  case array([PlistValue])
  case integer(Int)
  case boolean(Bool)
}
