/// A JSON value lhc does not interpret, kept exactly as read so that a catalog written back loses
/// nothing (fields of newer Xcode versions, tool metadata).
///
/// Numbers keep their text (`2`, `1.50`, `1e3`): they are written back verbatim. Object members keep
/// file order; a name that occurs twice keeps the last value (as Foundation does). The catalog
/// writer sorts members as Xcode does.
public indirect enum RawJSON: Sendable, Equatable {
  case object([RawMember])
  case array([RawJSON])
  case string(String)
  /// A number exactly as written.
  case number(String)
  case bool(Bool)
  case null
}

/// One member of an object: its name and value.
public struct RawMember: Sendable, Equatable {
  public var name: String
  public var value: RawJSON

  public init(_ name: String, _ value: RawJSON) {
    self.name = name
    self.value = value
  }

  /// `"name" : {}`: a known container present but empty, which the model's empty array cannot
  /// tell from an absent one (kept by lossless reads; see `Catalog`).
  static func emptyObject(_ name: String) -> RawMember {
    RawMember(name, .object([]))
  }

  /// `"state" : ""`: an explicitly empty state, which the model's empty state (no state) cannot
  /// tell from an absent one.
  /// (Made on each use: a static one would hold its value through a tagged pointer, which
  /// LeakSanitizer reports as a leak.)
  static var emptyState: RawMember { RawMember("state", .string("")) }
}

extension [RawMember] {
  /// The value of the member `name`, if there is one.
  public subscript(name: String) -> RawJSON? {
    first { $0.name == name }?.value
  }

  /// Adds `member`, replacing an earlier member of the same name in its place (the last wins).
  public mutating func keep(_ member: RawMember) {
    if let index = firstIndex(where: { $0.name == member.name }) {
      self[index] = member
    } else {
      append(member)
    }
  }
}
