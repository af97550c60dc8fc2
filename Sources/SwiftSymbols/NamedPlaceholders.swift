/// `%(name)@` and `%1$(name)lld`: Xcode 26's named placeholders, which give argument labels.
///
/// The printf grammar has no names, so the names are cut out before parsing: ``text`` is the
/// string with every `(name)` removed (`%(count)lld` → `%lld`), and ``names`` maps the UTF-8 offset
/// of each named specifier's `%` in ``text`` to its name.
struct NamedPlaceholders {
  /// The text without `(name)` parts.
  var text: String
  /// UTF-8 offset of a specifier's `%` in ``text`` → its name.
  var names: [Int: String] = [:]

  init(_ source: String) {
    let bytes = Array(source.utf8)
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      guard byte == UInt8(ascii: "%") else {
        output.append(byte)
        index += 1
        continue
      }
      if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "%") {
        output.append(contentsOf: [byte, byte])
        index += 2
        continue
      }
      // `%`, optional `N$`, then `(name)`.
      var cursor = index + 1
      while cursor < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[cursor]) {
        cursor += 1
      }
      if cursor > index + 1 {
        guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "$") else {
          output.append(byte)
          index += 1
          continue
        }
        cursor += 1
      }
      guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "("),
        let close = bytes[(cursor + 1)...].firstIndex(of: UInt8(ascii: ")")), close > cursor + 1,
        bytes[(cursor + 1)..<close].allSatisfy(Self.isNameByte)
      else {
        output.append(byte)
        index += 1
        continue
      }
      names[output.count] = String(decoding: bytes[(cursor + 1)..<close], as: UTF8.self)
      output.append(contentsOf: bytes[index..<cursor])
      index = close + 1
    }
    text = String(decoding: output, as: UTF8.self)
  }

  /// Letters, digits, `_` and any non-ASCII byte.
  private static func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), 0x80...:
      return true
    default:
      return false
    }
  }
}
