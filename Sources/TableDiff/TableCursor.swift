import LHCBase
import StringTables

/// Walks a table's `.strings` and `.stringsdict` keys together, in key order, without copying
/// them into entries: a ``TableEntry`` is made only for a key that is reported.
///
/// The diff's inner loop. It reads the table's arrays through unsafe buffers and compares keys
/// and texts where they lie, so that walking a table retains nothing: the app side's tables share
/// their key strings across languages, and threads diffing two languages at once would otherwise
/// contend for those strings' reference counts.
struct TableCursor {
  /// One key of the table: its positions in `strings` and `rules`, whichever files have it.
  struct Key {
    var text: Int?
    var rule: Int?
  }

  private let keys: UnsafeBufferPointer<String>
  private let texts: UnsafeBufferPointer<String>
  private let ruleKeys: UnsafeBufferPointer<String>
  private let rules: UnsafeBufferPointer<StringsdictEntry>
  private var s = 0
  private var r = 0

  /// Runs `body` with a cursor at the start of `table`, valid only inside `body`.
  static func with<R>(_ table: StringTable, _ body: (inout TableCursor) -> R) -> R {
    table.strings.keys.withUnsafeBufferPointer { keys in
      table.strings.values.withUnsafeBufferPointer { texts in
        table.rules.keys.withUnsafeBufferPointer { ruleKeys in
          table.rules.values.withUnsafeBufferPointer { rules in
            var cursor = TableCursor(keys: keys, texts: texts, ruleKeys: ruleKeys, rules: rules)
            return body(&cursor)
          }
        }
      }
    }
  }

  private init(
    keys: UnsafeBufferPointer<String>, texts: UnsafeBufferPointer<String>,
    ruleKeys: UnsafeBufferPointer<String>, rules: UnsafeBufferPointer<StringsdictEntry>
  ) {
    self.keys = keys
    self.texts = texts
    self.ruleKeys = ruleKeys
    self.rules = rules
  }

  /// True when the table has no entry at all.
  var isEmpty: Bool { keys.isEmpty && ruleKeys.isEmpty }

  /// True past the last key.
  var isAtEnd: Bool { s == keys.count && r == ruleKeys.count }

  /// The key at the cursor (not at the end): the `.strings` key when it sorts first, the
  /// `.stringsdict` key when the two differ otherwise, both when they are equal.
  var current: Key {
    if r == ruleKeys.count { return Key(text: s) }
    if s == keys.count { return Key(rule: r) }
    if Self.precedes(keys[s], ruleKeys[r]) { return Key(text: s) }
    return keys[s] != ruleKeys[r] ? Key(rule: r) : Key(text: s, rule: r)
  }

  /// Moves past `key` (the current one).
  mutating func advance(past key: Key) {
    if key.text != nil { s += 1 }
    if key.rule != nil { r += 1 }
  }

  /// The string of `key`.
  func string(_ key: Key) -> String {
    if let text = key.text { return keys[text] }
    return ruleKeys[key.rule ?? 0]
  }

  /// Whether `key` sorts before `other` of `cursor`.
  func precedes(_ key: Key, _ other: Key, of cursor: TableCursor) -> Bool {
    Self.precedes(stringRef(key).pointee, cursor.stringRef(other).pointee)
  }

  /// Whether `key` and `other` of `cursor` are the same key.
  func sameKey(_ key: Key, _ other: Key, of cursor: TableCursor) -> Bool {
    stringRef(key).pointee == cursor.stringRef(other).pointee
  }

  /// Whether `key` here holds the same text and rule as `other` in `cursor`'s table.
  func isEqual(_ key: Key, to other: Key, in cursor: TableCursor) -> Bool {
    switch (key.text, other.text) {
    case (let mine?, let theirs?): guard texts[mine] == cursor.texts[theirs] else { return false }
    case (nil, nil): break
    default: return false
    }
    switch (key.rule, other.rule) {
    case (let mine?, let theirs?): return rules[mine] == cursor.rules[theirs]
    case (nil, nil): return true
    default: return false
    }
  }

  /// Everything the table holds for `key`.
  func entry(_ key: Key) -> TableEntry {
    TableEntry(text: key.text.map { texts[$0] }, rule: key.rule.map { rules[$0] })
  }

  /// Where the string of `key` lies.
  private func stringRef(_ key: Key) -> UnsafePointer<String> {
    guard let text = key.text, let base = keys.baseAddress else {
      // swift-format-ignore: NeverForceUnwrap
      return ruleKeys.baseAddress! + (key.rule ?? 0)
    }
    return base + text
  }

  /// ``KeyOrder`` on strings read in place (no copy, so no retain).
  @inline(__always)
  private static func precedes(_ lhs: String, _ rhs: String) -> Bool {
    let inPlace = lhs.utf8.withContiguousStorageIfAvailable { left in
      rhs.utf8.withContiguousStorageIfAvailable { right in KeyOrder.precedes(utf8: left, right) }
    }
    return (inPlace ?? nil) ?? KeyOrder.precedes(lhs, rhs)
  }
}
