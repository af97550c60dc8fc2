// The comment that documents an entry of an old-style `.strings` file (what genstrings writes
// above each entry, and what Xcode's "Migrate to String Catalog" turns into the entry's comment):
//
// - the last comment before the key, `/* … */` or `//` (any number of slashes), its text trimmed;
//   a run of `//` lines directly above each other is one comment, its lines joined by a line break;
// - only when it starts a line of its own (a comment after the previous entry on the same line
//   belongs to that entry) and no blank line separates it from the key (a file header above a
//   blank line is no entry's comment).

extension StringsTextParser {
  /// The comment of each top-level entry, in entry order (nil when it has none), from the
  /// ``gaps`` of a parse with ``collectsGaps``.
  func entryComments() -> [String?] {
    gaps.enumerated().map { number, gap in comment(in: gap, atFileStart: number == 0) }
  }

  /// One comment found in a gap: its text and the line breaks around it.
  private struct Found {
    var text: String
    var isLine: Bool
    /// Line breaks between the previous token (or comment) and this comment.
    var breaksBefore: Int
  }

  /// The comment attached to the key at the end of `gap`, if any.
  private func comment(in gap: Range<Int>, atFileStart: Bool) -> String? {
    var found: [Found] = []
    var breaks = 0
    var index = gap.lowerBound
    while index < gap.upperBound {
      let byte = text[index]
      if byte == 0x0A || (byte == 0x0D && (index + 1 == gap.upperBound || text[index + 1] != 0x0A))
      {
        breaks += 1
        index += 1
      } else if byte == UInt8(ascii: "/"), index + 1 < gap.upperBound,
        text[index + 1] == UInt8(ascii: "*")
      {
        var end = index + 2
        while end + 1 < gap.upperBound,
          !(text[end] == UInt8(ascii: "*") && text[end + 1] == UInt8(ascii: "/"))
        {
          end += 1
        }
        found.append(Found(text: trimmed(index + 2..<end), isLine: false, breaksBefore: breaks))
        breaks = 0
        index = min(end + 2, gap.upperBound)
      } else if byte == UInt8(ascii: "/"), index + 1 < gap.upperBound,
        text[index + 1] == UInt8(ascii: "/")
      {
        var start = index
        while start < gap.upperBound, text[start] == UInt8(ascii: "/") { start += 1 }
        var end = start
        while end < gap.upperBound, text[end] != 0x0A, text[end] != 0x0D { end += 1 }
        found.append(Found(text: trimmed(start..<end), isLine: true, breaksBefore: breaks))
        breaks = 0
        index = end
      } else {
        index += 1
      }
    }
    // `breaks` now counts the line breaks between the last comment and the key.
    guard var last = found.indices.last, breaks <= 1 else { return nil }
    var lines = [found[last].text]
    if found[last].isLine {
      while last > 0, found[last - 1].isLine, found[last].breaksBefore == 1 {
        last -= 1
        lines.insert(found[last].text, at: 0)
      }
    }
    guard found[last].breaksBefore > 0 || (atFileStart && last == 0) else { return nil }
    let comment = lines.joined(separator: "\n")
    return comment.isEmpty ? nil : comment
  }

  /// The text of `range` without spaces and line breaks at either end.
  private func trimmed(_ range: Range<Int>) -> String {
    var (start, end) = (range.lowerBound, max(range.lowerBound, range.upperBound))
    while start < end, Self.isSpace(text[start]) { start += 1 }
    while end > start, Self.isSpace(text[end - 1]) { end -= 1 }
    return String(decoding: text[start..<end], as: UTF8.self)
  }
}
