import FuzzSupport
import SourceProjects
import SourceStrings
import SwiftSource

/// lhc extract's Swift reader on arbitrary bytes: the lexer (every token inside the input, in
/// order), the parser, the type index and the extraction on every platform (calls in comments
/// too), and the same bytes read as a `Package.swift` and as a Tuist `Project.swift`. Nothing may
/// trap; every string found must point into the input.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let stream = Lexer.tokenize(bytes, recordingComments: true)
  var previous: Int32 = 0
  for token in stream.tokens {
    precondition(
      token.start >= previous && token.end >= token.start && Int(token.end) <= size,
      "token out of order")
    previous = token.end
  }
  var commentEnd = 0
  for comment in stream.comments {
    precondition(
      comment.lowerBound >= commentEnd && comment.upperBound <= size, "a comment out of order")
    commentEnd = comment.upperBound
  }
  let file = SourceFile(path: "Fuzz.swift", bytes: bytes)
  let tree = Parser.parse(file)
  let index = TypeIndex(trees: [tree])
  for conditions in [
    BuildConditions.anyApplePlatform, BuildConditions(platforms: ["iOS"], flags: []),
  ] {
    let found = StringExtractor.extract(tree, index: index, conditions: conditions)
    // The calls in comments (`LOCALIZED_STRING_CODE_COMMENTS`) too.
    let commented = StringExtractor.extractFromComments(file, index: index, conditions: conditions)
    for string in found.strings + commented {
      precondition(string.offset >= 0 && string.offset < max(size, 1), "a string outside the input")
      _ = file.lineColumn(of: string.offset)
    }
  }
  _ = PackageManifest.targets(bytes, path: "/nonexistent/Package.swift", files: FileTree())
  _ = TuistProject.read(bytes, path: "/nonexistent/Project.swift", files: FileTree())
  return 0
}

runFuzzer(testOneInput)
