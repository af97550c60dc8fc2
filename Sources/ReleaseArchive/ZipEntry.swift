/// A file to put in a release archive.
public struct ZipEntry: Sendable, Equatable {
  /// The path inside the zip, e.g. `de.lproj/Localizable.strings`.
  public var path: String
  /// The uncompressed content.
  public var bytes: [UInt8]

  /// An entry at `path` holding `bytes`.
  public init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
  }
}
