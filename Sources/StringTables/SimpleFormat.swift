/// The arguments of a format string made only of the common specifiers, found in one pass over
/// its bytes with no allocation beyond the result (the hot path of compile and lint).
///
/// "Common" means `%%` and `%` [`N$`] [length] conversion with no flags, width or precision, and
/// none of `%n`, `%#@…@` or `%arg`. Such a string has no error to report, and its arguments are
/// positioned as printf does (``FormatString/arguments`` gives the same positions; a test checks
/// the two agree). Anything else returns nil and goes through the full ``FormatString`` parser.
package struct SimpleFormat: Equatable {
  /// One argument read by a specifier: its position and the specifier without `%` and position
  /// (`lld`, `d`, `f`, `@`).
  package struct Argument: Equatable {
    package var position: Int
    package var valueType: String
    package var isNumeric: Bool
  }

  /// The specifiers' arguments, in text order.
  package private(set) var arguments: [Argument] = []

  package init?(_ text: String) {
    let parsed = text.withUTF8Bytes { Self.scan($0) }
    guard let parsed else { return nil }
    arguments = parsed
  }

  /// Numeric specifiers by argument position, in text order.
  var numeric: [(position: Int, valueType: String)] {
    arguments.filter(\.isNumeric).map { ($0.position, $0.valueType) }
  }

  /// True when each position is read once and the positions are 1…n: nothing can be misread or
  /// skipped, whatever the order.
  package var isOneToOne: Bool {
    guard arguments.count < 64 else {
      let positions = arguments.map(\.position).sorted()
      return positions.elementsEqual(1...positions.count)
    }
    // Each of 1…n seen once: n distinct bits, all at most n.
    var seen: UInt64 = 0
    for argument in arguments {
      guard argument.position >= 1, argument.position <= arguments.count else { return false }
      let bit: UInt64 = 1 << UInt64(argument.position)
      guard seen & bit == 0 else { return false }
      seen |= bit
    }
    return true
  }

  private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> [Argument]? {
    var arguments: [Argument] = []
    var next = 1
    var index = 0
    let count = bytes.count
    while index < count {
      guard bytes[index] == 0x25 else {  // %
        index += 1
        continue
      }
      index += 1
      guard index < count else { return nil }
      if bytes[index] == 0x25 {
        index += 1
        continue
      }
      var position: Int?
      var digits = index
      var value = 0
      while digits < count, bytes[digits] >= 0x30, bytes[digits] <= 0x39, value < 1000 {
        value = value * 10 + Int(bytes[digits] - 0x30)
        digits += 1
      }
      if digits > index {
        guard digits < count, bytes[digits] == 0x24, value > 0 else { return nil }  // $
        position = value
        index = digits + 1
      }
      let typeStart = index
      index = afterLength(bytes, index)
      guard index < count, let numericKind = conversion(bytes[index]) else { return nil }
      index += 1
      let argument = position ?? next
      if position == nil { next += 1 }
      let valueType = String(
        decoding: UnsafeBufferPointer(rebasing: bytes[typeStart..<index]), as: UTF8.self)
      arguments.append(Argument(position: argument, valueType: valueType, isNumeric: numericKind))
    }
    return arguments
  }

  /// The index after a length modifier at `index` (`hh h ll l q L z t j`, as the full parser reads them).
  private static func afterLength(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Int {
    guard index < bytes.count else { return index }
    switch bytes[index] {
    case UInt8(ascii: "h"), UInt8(ascii: "l"):
      return index + 1 < bytes.count && bytes[index + 1] == bytes[index] ? index + 2 : index + 1
    case UInt8(ascii: "q"), UInt8(ascii: "L"), UInt8(ascii: "z"), UInt8(ascii: "t"),
      UInt8(ascii: "j"):
      return index + 1
    default:
      return index
    }
  }

  /// For a supported conversion, whether it is numeric; nil for anything else (`n`, `#`, flags…).
  private static func conversion(_ byte: UInt8) -> Bool? {
    switch byte {
    case UInt8(ascii: "d"), UInt8(ascii: "i"), UInt8(ascii: "o"), UInt8(ascii: "u"),
      UInt8(ascii: "x"), UInt8(ascii: "X"), UInt8(ascii: "f"), UInt8(ascii: "F"),
      UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "g"), UInt8(ascii: "G"):
      true
    case UInt8(ascii: "@"), UInt8(ascii: "s"), UInt8(ascii: "c"):
      false
    default: nil
    }
  }
}
