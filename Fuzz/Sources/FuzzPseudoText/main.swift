import FuzzSupport
import LHCBase
import PseudoLocalization

/// Pseudo-localization on arbitrary text (`lhc compile --pseudo`).
///
/// Checks the transforms' promise: every format token that is not literal text (specifiers,
/// `%%`, `%#@name@`, `%arg`) comes out unchanged and in the same order, in both modes, with and
/// without brackets, parsed with and without `%arg` placeholders.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let transformed = [
    PseudoText.accented(text, bracketed: true), PseudoText.accented(text, bracketed: false),
    PseudoText.bidi(text),
  ]
  for options in [FormatString.Options(), .argPlaceholder] {
    let expected = tokens(text, options)
    for output in transformed {
      precondition(tokens(output, options) == expected, "a format token changed")
    }
  }
  return 0
}

/// The texts of the tokens that are neither literal nor invalid.
func tokens(_ text: String, _ options: FormatString.Options) -> [String] {
  FormatString(parsing: text, options: options).tokens.compactMap {
    switch $0 {
    case .literal, .invalid: nil
    default: $0.text
    }
  }
}

runFuzzer(testOneInput)
