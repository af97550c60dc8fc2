import CFamilySource
import FuzzSupport
import SourceStrings

/// The C-family lexer on arbitrary bytes: every token inside the input and in order, ending with
/// the end token; every string token's literal present, with the token's range; every literal's
/// value decoded (and read); every token's spelling taken; the safety net's literals of the file
/// (`CFamilyLiterals`, their forms as keys compare) and the strings of its localization routines
/// (`CFamilyStrings`, calls in comments too) inside the input. Nothing may trap.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let stream = CFamilyLexer.tokenize(bytes)
  var previous: Int32 = 0
  for token in stream.tokens {
    precondition(
      token.start >= previous && token.end >= token.start && Int(token.end) <= size,
      "token out of order")
    previous = token.end
    precondition(token.kind != .end || token.start == Int32(size), "end token not at the end")
    if token.kind == .string {
      guard let literal = stream.literal(of: token) else { preconditionFailure("no literal") }
      precondition(literal.start == token.start && literal.end == token.end, "literal range")
      precondition(literal.partCount >= 1, "a literal without parts")
    }
    _ = CFamilyLexer.spelling(of: token, in: bytes)
  }
  precondition(stream.tokens.last?.kind == .end, "no end token")
  var decoded = 0
  for literal in stream.literals {
    precondition(literal.start >= 0 && Int(literal.end) <= size, "a literal outside the input")
    decoded &+= literal.value.utf8.count
  }
  precondition(decoded >= 0)
  // With the calls in comments read too (`LOCALIZED_STRING_CODE_COMMENTS`): every comment
  // inside the input, in order.
  var commentEnd = 0
  for comment in CFamilyLexer.tokenize(bytes, recordingComments: true).comments {
    precondition(
      comment.lowerBound >= commentEnd && comment.upperBound <= size, "a comment out of order")
    commentEnd = comment.upperBound
  }
  let found = CFamilyStrings.extract(bytes, macroNames: ["MFLocalizedString"], codeComments: true)
  for string in found.strings + found.lookups {
    precondition(string.offset >= 0 && string.offset < max(size, 1), "a string outside the input")
  }
  for literal in CFamilyLiterals.literals(of: bytes) {
    precondition(
      literal.offset >= 0 && literal.offset < max(size, 1), "a literal outside the input")
    precondition(!literal.forms.isEmpty, "a literal without forms")
  }
  return 0
}

runFuzzer(testOneInput)
