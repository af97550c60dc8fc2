/// A string unit's `state`. Open: unknown values from newer Xcode versions are kept as written.
public struct UnitState: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public init(stringLiteral value: String) { self.rawValue = value }

  public static let translated: UnitState = "translated"
  public static let needsReview: UnitState = "needs_review"
  public static let new: UnitState = "new"
  public static let stale: UnitState = "stale"
  public static let machineTranslated: UnitState = "machine_translated"

  /// True for the states this version of lhc knows by name (compared without hashing: hot path).
  public var isKnown: Bool {
    self == .translated || self == .needsReview || self == .new || self == .stale
      || self == .machineTranslated
  }
}

/// An entry's `extractionState`. Open, like ``UnitState``.
public struct ExtractionState: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public init(stringLiteral value: String) { self.rawValue = value }

  public static let manual: ExtractionState = "manual"
  public static let extractedWithValue: ExtractionState = "extracted_with_value"
  public static let stale: ExtractionState = "stale"
  public static let migrated: ExtractionState = "migrated"
}

/// The key of a `variations` object. Open: unknown kinds are kept and reported by the compiler.
public struct VariationKind: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public init(stringLiteral value: String) { self.rawValue = value }

  public static let plural: VariationKind = "plural"
  public static let device: VariationKind = "device"
  /// Width variations (`"1"`, `"20"`, `"70"`: widths as decimal strings).
  public static let width: VariationKind = "width"
}

/// CLDR plural categories as catalogs and `.stringsdict` files name them.
public enum PluralCategory {
  /// In the order Xcode's editor lists them.
  public static let all = ["zero", "one", "two", "few", "many", "other"]

  /// True for the six CLDR category names (compared without touching ``all``: hot path).
  public static func isKnown(_ name: String) -> Bool {
    switch name {
    case "zero", "one", "two", "few", "many", "other": true
    default: false
    }
  }
}

/// Device classes of `variations.device` (Apple spells Vision Pro `applevision`).
public enum DeviceClass {
  /// The documented `NSStringDeviceSpecificRuleType` keys (`other` is the `.strings` fallback).
  public static let all = [
    "appletv", "applevision", "applewatch", "ipad", "iphone", "ipod", "mac",
  ]
}
