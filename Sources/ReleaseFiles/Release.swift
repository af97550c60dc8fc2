// STUB (lead replaces): a release or bundle read back into string tables.
import LHCBase
import StringTables

/// String tables read from a zip release or a folder of `.lproj` folders.
public struct Release: Sendable {
  public var tables: [StringTable]
  /// Things the SDK tolerates but users should know (per file, key and language).
  public var warnings: [Diagnostic]

  public init(tables: [StringTable], warnings: [Diagnostic] = []) {
    self.tables = tables
    self.warnings = warnings
  }

  /// Reads and validates a release zip exactly as the LingoHub iOS SDK 2.x does before installing.
  public static func read(zip bytes: [UInt8]) throws(ReleaseArchiveError) -> Release {
    _ = try ReleaseZip.entries(bytes)
    return Release(tables: [])
  }
}
