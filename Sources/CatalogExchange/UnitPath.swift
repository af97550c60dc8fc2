import StringCatalog

/// Where a string unit sits inside a localization: the steps from the localization's node down to
/// it (`xliff.md` §2). Written after the key and `|==|` in a unit id: `plural.one`,
/// `device.iphone.plural.one`, `substitutions.BIRDS.plural.one`, `substitutions.@DOT.NAME@.plural.one`
/// (a substitution name with a dot is written between `@`s, as Xcode does).
public struct UnitPath: Hashable, Sendable {
  /// One step down.
  public enum Step: Hashable, Sendable {
    /// A case of a variation axis (`plural`, `device`, `width`).
    case variation(VariationKind, String)
    /// A substitution of the node, by name.
    case substitution(String)
  }

  public var steps: [Step]

  public init(_ steps: [Step] = []) {
    self.steps = steps
  }

  /// The localization's own string unit.
  public static let root = UnitPath()

  /// This path one step further.
  public func appending(_ step: Step) -> UnitPath {
    var path = self
    path.steps.append(step)
    return path
  }

  /// The text after `|==|` in a unit id (empty for the root).
  public var text: String {
    var bytes: [UInt8] = []
    append(to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the UTF-8 of ``text`` to `bytes` (bytes, not `String`s: a unit id is made in one
  /// buffer, without the `String.append` calls that cost a twentieth of an export).
  private func append(to bytes: inout [UInt8]) {
    for (index, step) in steps.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ".")) }
      switch step {
      case .variation(let kind, let name):
        bytes += kind.rawValue.utf8
        bytes.append(UInt8(ascii: "."))
        bytes += name.utf8
      case .substitution(let name):
        bytes += "substitutions.".utf8
        if name.contains(".") {
          bytes.append(UInt8(ascii: "@"))
          bytes += name.utf8
          bytes.append(UInt8(ascii: "@"))
        } else {
          bytes += name.utf8
        }
      }
    }
  }

  /// The unit id of the unit at this path of `key`'s localization.
  public func id(key: String) -> String {
    guard !steps.isEmpty else { return key }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(key.utf8.count + 32)
    bytes += key.utf8
    appendSuffix(to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends what follows the key in a unit id: `|==|` and ``text`` (nothing for the root).
  func appendSuffix(to bytes: inout [UInt8]) {
    guard !steps.isEmpty else { return }
    bytes += UnitPath.delimiter.utf8
    append(to: &bytes)
  }

  /// The separator of key and path in a unit id.
  public static let delimiter = "|==|"

  /// The last step, when it is a plural case: its category.
  public var pluralCategory: String? {
    if case .variation(.plural, let name)? = steps.last { return name }
    return nil
  }

  /// True when the path goes through a substitution.
  public var isInSubstitution: Bool {
    steps.contains { if case .substitution = $0 { true } else { false } }
  }

  /// The path `text` spells, or nil when it is not one: steps of a known axis (`plural` with a
  /// CLDR category, `device` with a lower-case ASCII class, `width` with a number) or
  /// `substitutions` with a name (`@…@` when it holds a dot).
  public init?(parsing text: Substring) {
    var steps: [Step] = []
    var rest = text
    while !rest.isEmpty {
      guard let dot = rest.firstIndex(of: ".") else { return nil }
      let word = rest[..<dot]
      rest = rest[rest.index(after: dot)...]
      let name: Substring
      if word == "substitutions", rest.first == "@" {
        guard let close = rest.dropFirst().firstIndex(of: "@") else { return nil }
        name = rest[rest.index(after: rest.startIndex)..<close]
        rest = rest[rest.index(after: close)...]
      } else {
        let end = rest.firstIndex(of: ".") ?? rest.endIndex
        name = rest[..<end]
        rest = rest[end...]
      }
      guard !name.isEmpty, Self.isValid(String(word), String(name)) else { return nil }
      steps.append(
        word == "substitutions"
          ? .substitution(String(name))
          : .variation(VariationKind(rawValue: String(word)), String(name)))
      if !rest.isEmpty {
        guard rest.first == "." else { return nil }
        rest = rest.dropFirst()
        if rest.isEmpty { return nil }
      }
    }
    guard !steps.isEmpty else { return nil }
    self.steps = steps
  }

  private static func isValid(_ word: String, _ name: String) -> Bool {
    switch word {
    case "substitutions": !name.contains(UnitPath.delimiter)
    case "plural": PluralCategory.isKnown(name)
    case "device": name.utf8.allSatisfy { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }
    case "width": name.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    default: false
    }
  }
}

extension UnitPath {
  /// Where `|==|` occurs in `id`, left to right, each search starting after the previous match,
  /// as ``characterDelimiters(in:)`` finds them, mostly without calling it (`firstRange(of:)`
  /// searches characters: 15 % of an XLIFF import's instructions, ~20,000 a key in export). A match between ASCII bytes (or the
  /// id's ends) is one no grapheme cluster crosses; with a non-ASCII neighbour, which might
  /// combine with it, the character search decides.
  static func delimiters(in id: String) -> [Range<String.Index>] {
    var found: [Range<String.Index>] = []
    let bytes = id.utf8
    var index = bytes.startIndex
    while index < bytes.endIndex {
      guard bytes[index] == UInt8(ascii: "|"),
        let end = bytes.index(index, offsetBy: 4, limitedBy: bytes.endIndex),
        bytes[bytes.index(index, offsetBy: 1)] == UInt8(ascii: "="),
        bytes[bytes.index(index, offsetBy: 2)] == UInt8(ascii: "="),
        bytes[bytes.index(index, offsetBy: 3)] == UInt8(ascii: "|")
      else {
        index = bytes.index(after: index)
        continue
      }
      if (index > bytes.startIndex && bytes[bytes.index(before: index)] >= 0x80)
        || (end < bytes.endIndex && bytes[end] >= 0x80)
      {
        return characterDelimiters(in: id)
      }
      found.append(index..<end)
      index = end
    }
    return found
  }

  /// ``delimiters(in:)`` by characters, as `String` searches.
  static func characterDelimiters(in id: String) -> [Range<String.Index>] {
    var found: [Range<String.Index>] = []
    var rest = Substring(id)
    while let range = rest.firstRange(of: UnitPath.delimiter) {
      found.append(range)
      rest = id[range.upperBound...]
    }
    return found
  }
}
