import LHCBase
import Testing

/// `LanguageTag.pathComponentError`: the allow-list of tags that may become file names.
@Suite("Language tags as path components")
struct LanguageTagTests {
  @Test(arguments: [
    "en", "de", "zh-Hant-TW", "es-419", "pt_BR", "sr-Latn", "mul", "x-pseudo", "en_US_POSIX", "419",
    String(repeating: "a", count: 64), "a-b_c",
  ])
  func accepted(tag: String) {
    #expect(LanguageTag.pathComponentError(tag) == nil)
  }

  /// Exact messages: the tag as shown (escaped, cut at 64 characters) and why.
  @Test(arguments: [
    ("", "language tag '' is not a safe file name: it is empty"),
    (
      "../../evil",
      "language tag '../../evil' is not a safe file name: '.' is not an ASCII letter, digit, '-' or '_'"
    ),
    (
      "/tmp/abs",
      "language tag '/tmp/abs' is not a safe file name: '/' is not an ASCII letter, digit, '-' or '_'"
    ),
    (
      "..",
      "language tag '..' is not a safe file name: '.' is not an ASCII letter, digit, '-' or '_'"
    ),
    (
      "de\\x",
      "language tag 'de\\\\x' is not a safe file name: '\\\\' is not an ASCII letter, digit, '-' or '_'"
    ),
    (
      "en\u{0}",
      "language tag 'en\\u{0}' is not a safe file name: '\\u{0}' is not an ASCII letter, digit, '-' or '_'"
    ),
    (
      "en\n../x",
      "language tag 'en\\u{A}../x' is not a safe file name: '\\u{A}' is not an ASCII letter, digit, '-' or '_'"
    ),
    (
      "\u{1B}[2J",
      "language tag '\\u{1B}[2J' is not a safe file name: '\\u{1B}' is not an ASCII letter, digit, '-' or '_'"
    ),
    (
      "en US",
      "language tag 'en US' is not a safe file name: ' ' is not an ASCII letter, digit, '-' or '_'"
    ),
    (
      "fr\u{202E}",
      "language tag 'fr\\u{202E}' is not a safe file name: '\\u{202E}' is not an ASCII letter, digit, '-' or '_'"
    ),
    (
      "ｄｅ",
      "language tag '\\u{FF44}\\u{FF45}' is not a safe file name: '\\u{FF44}' is not an ASCII letter, digit, '-' or '_'"
    ),
    (
      "-en",
      "language tag '-en' is not a safe file name: '-' and '_' must each join two runs of letters or digits"
    ),
    (
      "en-",
      "language tag 'en-' is not a safe file name: '-' and '_' must each join two runs of letters or digits"
    ),
    (
      "en--US",
      "language tag 'en--US' is not a safe file name: '-' and '_' must each join two runs of letters or digits"
    ),
    (
      "pt_-BR",
      "language tag 'pt_-BR' is not a safe file name: '-' and '_' must each join two runs of letters or digits"
    ),
    (
      String(repeating: "a", count: 65),
      "language tag '\(String(repeating: "a", count: 64))…' is not a safe file name: it has 65 characters, more than 64"
    ),
    (
      String(repeating: "../", count: 5000),
      "language tag '\(String(repeating: "../", count: 21)).…' is not a safe file name: it has 15000 characters, more than 64"
    ),
  ])
  func refused(tag: String, message: String) {
    #expect(LanguageTag.pathComponentError(tag) == message)
  }
}
