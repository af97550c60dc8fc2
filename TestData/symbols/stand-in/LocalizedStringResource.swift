// Stand-in for the Foundation API of Apple platforms that the `#if canImport(SwiftUI)` part of a
// generated file uses and Linux lacks: `LocalizedStringResource` with its bundle description, and
// `String.LocalizationValue` with the interpolations the `defaultValue:` literals use (a plain
// `String`, and numbers with a printf `specifier:`). Signatures as in Apple's SDK.
import Foundation

public struct LocalizedStringResource {
  public struct BundleDescription {
    public static var main: BundleDescription { BundleDescription() }
    public static func atURL(_ url: URL) -> BundleDescription { BundleDescription() }
  }

  public init(
    _ key: StaticString, defaultValue: String.LocalizationValue, table: String? = nil,
    locale: Locale = .current, bundle: BundleDescription = .main, comment: StaticString? = nil
  ) {}
}

/// The numbers `appendInterpolation(_:specifier:)` takes.
public protocol _FormatSpecifiable {}
extension Int: _FormatSpecifiable {}
extension Int8: _FormatSpecifiable {}
extension Int16: _FormatSpecifiable {}
extension Int32: _FormatSpecifiable {}
extension Int64: _FormatSpecifiable {}
extension UInt: _FormatSpecifiable {}
extension UInt8: _FormatSpecifiable {}
extension UInt16: _FormatSpecifiable {}
extension UInt32: _FormatSpecifiable {}
extension UInt64: _FormatSpecifiable {}
extension Float: _FormatSpecifiable {}
extension Double: _FormatSpecifiable {}

extension String {
  public struct LocalizationValue: ExpressibleByStringInterpolation {
    public init(stringLiteral value: String) {}
    public init(stringInterpolation: StringInterpolation) {}

    public struct StringInterpolation: StringInterpolationProtocol {
      public init(literalCapacity: Int, interpolationCount: Int) {}
      public mutating func appendLiteral(_ literal: String) {}
      public mutating func appendInterpolation(_ string: String) {}
      public mutating func appendInterpolation<T: _FormatSpecifiable>(
        _ value: T, specifier: String
      ) {}
    }
  }
}
