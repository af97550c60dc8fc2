/// `LOCALIZED_STRING_CODE_COMMENTS`: Xcode's extraction reads the localization routines' calls
/// written in comments too (`// NSLocalizedString("state.open", comment: "")`, the old way of
/// listing keys the code makes at run time). A file's comment code is its bytes with everything
/// but its comments' text blanked — the comment delimiters too, line breaks kept — so that the
/// calls in comments are read where they are written, at their own lines and columns.
public enum CommentCode {
  /// `bytes` with every byte outside `comments` (ranges of whole comments) and every comment
  /// delimiter (`//`, `/*`, `*/`) a space; line breaks are kept.
  public static func bytes(_ bytes: [UInt8], comments: [Range<Int>]) -> [UInt8] {
    var result = bytes.map { $0 == 0x0A || $0 == 0x0D ? $0 : 0x20 }
    for comment in comments
    where comment.lowerBound >= 0 && comment.upperBound <= bytes.count && comment.count >= 2 {
      var body = comment.lowerBound + 2
      var end = comment.upperBound
      if bytes[comment.lowerBound + 1] == UInt8(ascii: "*"), end - body >= 2,
        bytes[end - 2] == UInt8(ascii: "*"), bytes[end - 1] == UInt8(ascii: "/")
      {
        end -= 2
      }
      // A documentation comment's third `/` or `*` is a delimiter too.
      if body < end, bytes[body] == bytes[comment.lowerBound + 1] { body += 1 }
      if body < end { result.replaceSubrange(body..<end, with: bytes[body..<end]) }
    }
    return result
  }
}
