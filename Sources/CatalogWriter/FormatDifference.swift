import LHCBase
import StringCatalog

/// Where a catalog file first differs from the bytes Xcode writes for it (``CatalogWriter``), and
/// what differs there: what `lhc format --check` reports.
///
/// The kind is told from the bytes around the first difference alone: a difference in whitespace
/// only (the next other byte is the same in both) is a final newline, line endings, indentation
/// or spacing; one inside a string is escaping when both strings decode to the same text, else
/// key order when the string is a member's name; anything else is content (a member Xcode adds
/// or drops, such as a missing `version`).
public struct FormatDifference: Sendable, Equatable {
  /// What differs.
  public enum Kind: String, Sendable, CaseIterable {
    /// Whitespace after the last `}` (Xcode writes none).
    case finalNewline = "final-newline"
    /// A line ends with CR LF (Xcode writes LF).
    case lineEndings = "line-endings"
    /// Another indentation at the start of a line (Xcode: two spaces per level).
    case indentation
    /// Other whitespace between tokens (`"key": value` for Xcode's `"key" : value`, `{}` for
    /// an empty object on three lines, several array elements on one line).
    case spacing
    /// Another member's name where Xcode writes this one (Xcode sorts them).
    case keyOrder = "key-order"
    /// The same text escaped otherwise (`\/`, `\u00e9`, `\u001B`).
    case escaping
    /// Anything else: a member Xcode writes and the file lacks, or the reverse.
    case content

    /// The kind as messages name it: `final newline`, `key order`, ….
    public var phrase: String { rawValue.replacing("-", with: " ") }
  }

  public var kind: Kind
  /// The offset in the file of the first byte that differs (the file's length when Xcode's
  /// bytes go on after it).
  public var offset: Int
  /// What differs, for people, starting with the kind's phrase: `spacing: ": " where Xcode
  /// writes " : "`.
  public var message: String

  public init(kind: Kind, offset: Int, message: String) {
    self.kind = kind
    self.offset = offset
    self.message = message
  }

  /// The first difference between `file` and `xcode` (Xcode's bytes for the same catalog), nil
  /// when they are equal.
  public static func first(file: [UInt8], xcode: [UInt8]) -> FormatDifference? {
    var offset = 0
    while offset < file.count, offset < xcode.count, file[offset] == xcode[offset] { offset += 1 }
    if offset == file.count && offset == xcode.count { return nil }
    return classify(
      file: Bytes(count: file.count) { file[$0] }, xcode: Bytes(count: xcode.count) { xcode[$0] },
      at: offset)
  }

  /// The difference at `offset`, the first byte at which `file` and `xcode` differ (the shorter
  /// one's length when it is a prefix of the other). Reads only the bytes around it: the line it
  /// is on and the next token.
  public static func first(
    file: UnsafeBufferPointer<UInt8>, xcode: CatalogBytes, at offset: Int
  ) -> FormatDifference {
    classify(
      file: Bytes(count: file.count) { file[$0] }, xcode: Bytes(count: xcode.count) { xcode[$0] },
      at: offset)
  }

  /// Random access to one side's bytes.
  struct Bytes {
    let count: Int
    let at: (Int) -> UInt8

    /// The byte at `index`, nil past the end.
    subscript(index: Int) -> UInt8? { index < count ? at(index) : nil }

    /// The bytes of `range` (clamped to the end).
    subscript(range: Range<Int>) -> [UInt8] {
      (range.lowerBound..<min(range.upperBound, count)).map(at)
    }

    /// The first index at or after `index` that is not JSON whitespace.
    func skippingWhitespace(from index: Int) -> Int {
      var index = index
      while let byte = self[index], FormatDifference.isWhitespace(byte) { index += 1 }
      return index
    }
  }

  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }

  static func classify(file: Bytes, xcode: Bytes, at offset: Int) -> FormatDifference {
    // The start of the line: the bytes before `offset` are the same in both.
    var lineStart = offset
    while lineStart > 0, file.at(lineStart - 1) != UInt8(ascii: "\n") { lineStart -= 1 }
    if file.skippingWhitespace(from: offset) == file.count,
      xcode.skippingWhitespace(from: offset) == xcode.count
    {
      // All the whitespace after the last `}` (the writer's bytes may end with a newline).
      var last = file.count
      while last > 0, isWhitespace(file.at(last - 1)) { last -= 1 }
      let trailing = file[last..<file.count]
      let what = trailing == [0x0A] ? "a newline" : snippet(trailing)
      return FormatDifference(
        kind: .finalNewline, offset: offset,
        message: "final newline: \(what) after the last \"}\" (Xcode writes none)")
    }
    if let found = whitespace(file: file, xcode: xcode, at: offset, lineStart: lineStart) {
      return found
    }
    if let found = string(file: file, xcode: xcode, at: offset, lineStart: lineStart) {
      return found
    }
    // Content: from the last token boundary before the difference.
    var start = offset
    while start > lineStart, let byte = file[start - 1], !isWhitespace(byte) { start -= 1 }
    return FormatDifference(
      kind: .content, offset: offset,
      message:
        "content: \(excerpt(file, from: start)) where Xcode writes \(excerpt(xcode, from: start))")
  }

  /// A difference in whitespace only: after it both go on with the same byte (or both end).
  private static func whitespace(file: Bytes, xcode: Bytes, at offset: Int, lineStart: Int)
    -> FormatDifference?
  {
    guard file[offset].map(isWhitespace) == true || xcode[offset].map(isWhitespace) == true
    else { return nil }
    let fileEnd = file.skippingWhitespace(from: offset)
    let xcodeEnd = xcode.skippingWhitespace(from: offset)
    guard file[fileEnd] == xcode[xcodeEnd] else { return nil }
    let found = file[offset..<fileEnd]
    let written = xcode[offset..<xcodeEnd]
    if found.contains(0x0D) {
      return FormatDifference(
        kind: .lineEndings, offset: offset, message: "line endings: CR LF where Xcode writes LF")
    }
    let atLineStart = file[lineStart..<offset].allSatisfy { $0 == 0x20 || $0 == 0x09 }
    if atLineStart && !found.contains(0x0A) && !written.contains(0x0A) {
      let indentation = { (side: Bytes, end: Int) in describe(side[lineStart..<end]) }
      return FormatDifference(
        kind: .indentation, offset: offset,
        message:
          "indentation: \(indentation(file, fileEnd)) where Xcode writes "
          + indentation(xcode, xcodeEnd))
    }
    // From the token before the whitespace to the one after it.
    var start = offset
    while start > lineStart, let byte = file[start - 1], isWhitespace(byte) { start -= 1 }
    start = max(lineStart, start - 1)
    return FormatDifference(
      kind: .spacing, offset: offset,
      message:
        "spacing: \(snippet(file[start..<fileEnd + 1])) where Xcode writes "
        + snippet(xcode[start..<xcodeEnd + 1]))
  }

  /// A difference inside a string both sides have at the same place: escaping when both decode
  /// to the same text, else key order when it is a member's name in both.
  private static func string(file: Bytes, xcode: Bytes, at offset: Int, lineStart: Int)
    -> FormatDifference?
  {
    // A string never spans lines (a line break in one is `\n`): scan the line for its start.
    var opening: Int?
    var index = lineStart
    while index < offset {
      let byte = file.at(index)
      if opening != nil, byte == UInt8(ascii: "\\") {
        index += 2
        continue
      }
      if byte == UInt8(ascii: "\"") { opening = opening == nil ? index : nil }
      index += 1
    }
    guard let opening, let fileString = quoted(file, at: opening),
      let xcodeString = quoted(xcode, at: opening)
    else { return nil }
    if fileString.text == xcodeString.text {
      let unit = unitStart(file, opening: opening, before: offset)
      let ends = (
        file: unitEnd(file, at: unit), xcode: unitEnd(xcode, at: unit)
      )
      return FormatDifference(
        kind: .escaping, offset: offset,
        message:
          "escaping: \(snippet(file[unit..<ends.file])) where Xcode writes "
          + snippet(xcode[unit..<ends.xcode]))
    }
    if isName(file, after: fileString.end) && isName(xcode, after: xcodeString.end) {
      return FormatDifference(
        kind: .keyOrder, offset: offset,
        message:
          "key order: Xcode writes \(JSONValue.quoted(xcodeString.text)) here, before "
          + JSONValue.quoted(fileString.text))
    }
    return nil
  }

  /// The string whose opening quote is at `opening`: its decoded text and the index after its
  /// closing quote; nil when it does not end on its line or does not decode.
  private static func quoted(_ side: Bytes, at opening: Int) -> (text: String, end: Int)? {
    var index = opening + 1
    while let byte = side[index], byte != UInt8(ascii: "\"") {
      if byte == 0x0A { return nil }
      index += byte == UInt8(ascii: "\\") ? 2 : 1
    }
    guard side[index] != nil else { return nil }
    let literal = SourceText(path: "", bytes: side[opening..<index + 1])
    guard case .string(let text)? = try? JSONTree.parse(literal).node.value else { return nil }
    return (text, index + 1)
  }

  /// True when `:` follows `index` (after whitespace): the string before it is a member's name.
  private static func isName(_ side: Bytes, after index: Int) -> Bool {
    side[side.skippingWhitespace(from: index)] == UInt8(ascii: ":")
  }

  /// The start of the character or escape sequence of the string opened at `opening` that holds
  /// `offset`.
  private static func unitStart(_ side: Bytes, opening: Int, before offset: Int) -> Int {
    var index = opening + 1
    while true {
      let end = unitEnd(side, at: index)
      if end > offset || end <= index { return index }
      index = end
    }
  }

  /// The end of the character or escape sequence at `index` (`\uXXXX`, `\n`, one UTF-8
  /// character).
  private static func unitEnd(_ side: Bytes, at index: Int) -> Int {
    guard let byte = side[index] else { return index }
    if byte == UInt8(ascii: "\\") {
      return min(side.count, index + (side[index + 1] == UInt8(ascii: "u") ? 6 : 2))
    }
    let length = byte < 0xC0 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
    return min(side.count, index + length)
  }

  /// Up to 40 bytes of one side from `start`, as a snippet.
  private static func excerpt(_ side: Bytes, from start: Int) -> String {
    guard start < side.count else { return "the end of the file" }
    var end = min(side.count, start + 40)
    while end < side.count, let byte = side[end], byte & 0xC0 == 0x80 { end += 1 }
    return snippet(side[start..<end]) + (end < side.count ? "…" : "")
  }

  /// Bytes between backquotes, as they are but for control characters, escaped as in JSON so
  /// that whitespace shows: `` `":` ``, `` `{\n\n  }` ``, `` `\u00e9` ``.
  static func snippet(_ bytes: [UInt8]) -> String {
    var text = "`"
    for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
      switch scalar.value {
      case 0x0A: text += "\\n"
      case 0x0D: text += "\\r"
      case 0x09: text += "\\t"
      case ..<0x20:
        let hex = String(scalar.value, radix: 16)
        text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: text.unicodeScalars.append(scalar)
      }
    }
    return text + "`"
  }

  /// Indentation in words: `4 spaces`, `1 tab`, `2 tabs and 1 space`, `none`.
  static func describe(_ indentation: [UInt8]) -> String {
    let spaces = indentation.count { $0 == 0x20 }
    let tabs = indentation.count - spaces
    let words = [(tabs, "tab"), (spaces, "space")].filter { $0.0 > 0 }.map {
      "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")"
    }
    return words.isEmpty ? "none" : words.joined(separator: " and ")
  }
}
