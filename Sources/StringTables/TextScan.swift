/// One pass over a value's UTF-8 that tells whether it needs any checking at all.
///
/// Most values have no `%` and no C0 control character; for those the compiler skips parsing.
struct TextScan {
  /// The text contains `%`.
  private(set) var hasPercent = false
  /// The text contains a C0 control character other than tab, LF and CR (or NUL).
  private(set) var hasControlCharacter = false

  init(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
      for byte in bytes where byte < 0x20 || byte == 0x25 {
        if byte == 0x25 {
          hasPercent = true
        } else if byte != 0x09 && byte != 0x0A && byte != 0x0D {
          hasControlCharacter = true
        }
      }
    }
  }

  /// Neither `%` nor a control character: the value is copied with no further checks.
  var isPlain: Bool { !hasPercent && !hasControlCharacter }
}
