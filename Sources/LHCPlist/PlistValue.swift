/// A property-list value: strings, dictionaries, arrays, integers, booleans, reals, data and dates.
public enum PlistValue: Sendable, Equatable {
  case string(String)
  /// Keys are written in ``KeyOrder`` whatever the dictionary's own order.
  case dictionary([String: PlistValue])
  case array([PlistValue])
  case integer(Int)
  case boolean(Bool)
  /// A floating-point number (`<real>`).
  case real(Double)
  /// Raw bytes (`<data>`, base64 in XML).
  case data([UInt8])
  /// A date as seconds since 2001-01-01 00:00:00 UTC (Apple's absolute time, `<date>`).
  case date(Double)
}
