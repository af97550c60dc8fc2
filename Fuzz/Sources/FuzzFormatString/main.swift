import FuzzSupport
import LHCBase

/// The format-specifier parser on arbitrary text.
///
/// Checks the parser's promises: it never fails, the tokens' texts concatenate back to the input,
/// and resolving argument positions terminates, with or without `%arg` placeholders.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  for options in [FormatString.Options(), .argPlaceholder] {
    let format = FormatString(parsing: text, options: options)
    precondition(format.text == text, "tokens do not reproduce the input")
    _ = format.arguments
  }
  return 0
}

runFuzzer(testOneInput)
