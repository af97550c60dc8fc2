import Foundation
import LHCBase
import LHCTestSupport
import StringCatalog
import Testing

/// Errors: exact messages at exact offsets (`1️⃣` marks the offset).
@Suite("CatalogReader errors")
struct CatalogReaderErrorTests {
  /// Inline must-fail inputs: marked text and the exact message.
  static let cases: [(text: String, message: String)] = [
    ("1️⃣", "expected '{' at start of catalog, found end of file"),
    ("  1️⃣[]", "expected '{' at start of catalog, found '['"),
    (
      #"{"sourceLanguage": "en" 1️⃣"strings": {}}"#,
      "expected ',' or '}' after object member, found '\"'"
    ),
    (#"{"sourceLanguage" 1️⃣"en"}"#, "expected ':' after object key, found '\"'"),
    (#"{"sourceLanguage": "en1️⃣"#, "unexpected end of file in string"),
    (#"{"sourceLanguage": "en"1️⃣"#, "expected ',' or '}' after object member, found end of file"),
    (#"{1️⃣,}"#, "expected a string key or '}' in object, found ','"),
    (#"{"a": 1,1️⃣,}"#, "expected a string key after ',' in object, found ','"),
    (#"{"a": 1️⃣}"#, "expected a value, found '}'"),
    (#"{"a": [1 1️⃣2]}"#, "expected ',' or ']' after array element, found '2'"),
    (#"{"a": [1,1️⃣,]}"#, "expected a value, found ','"),
    (#"{"a": 1️⃣01}"#, "leading zeros are not allowed in numbers"),
    (#"{"a": 1.1️⃣}"#, "expected a digit after '.' in number, found '}'"),
    (#"{"a": -1️⃣x}"#, "expected a digit in number, found 'x'"),
    (#"{"a": 1e1️⃣}"#, "expected a digit in exponent, found '}'"),
    (#"{"a": tru1️⃣x}"#, "expected 'true', found 'x'"),
    (#"{"a": nul1️⃣}"#, "expected 'null', found '}'"),
    (#"{"a": 1️⃣'x'}"#, "expected a value, found '''"),
    (#"{"a": "1️⃣\x"}"#, #"invalid escape sequence '\x' in string"#),
    (#"{"a": "\u121️⃣G4"}"#, #"expected 4 hex digits after '\u', found 'G'"#),
    (#"{"a": "1️⃣\ud83d"}"#, #"unpaired UTF-16 surrogate '\uD83D' in string"#),
    (#"{"a": "1️⃣\ud83d\u0041"}"#, #"unpaired UTF-16 surrogate '\uD83D' in string"#),
    (#"{"a": "x1️⃣\ude00"}"#, #"unpaired UTF-16 surrogate '\uDE00' in string"#),
    ("{\"a\": \"x1️⃣\ny\"}", "unescaped control character in string"),
    ("{\"a\": \"1️⃣\u{0}\"}", "unescaped control character in string"),
    (
      #"{"sourceLanguage": "en", "strings": {}} 1️⃣x"#,
      "expected end of file after top-level object, found 'x'"
    ),
    (#"1️⃣{"strings": {}, "version": "1.0"}"#, "missing required field 'sourceLanguage'"),
    (#"1️⃣{"sourceLanguage": "en"}"#, "missing required field 'strings'"),
    (
      #"{"sourceLanguage": 1️⃣1, "strings": {}}"#,
      "at `sourceLanguage`: expected a string, found a number"
    ),
    (
      #"{"sourceLanguage": "en", "strings": 1️⃣[]}"#,
      "at `strings`: expected an object, found an array"
    ),
    (
      #"{"sourceLanguage": "en", "strings": {}, "version": 1️⃣1.1}"#,
      "at `version`: expected a string, found a number"
    ),
    (catalogText(#""a": 1️⃣"x""#), "at `strings.a`: expected an object, found a string"),
    (
      catalogText(#""a": {"shouldTranslate": 1️⃣"no"}"#),
      "at `strings.a.shouldTranslate`: expected a boolean, found a string"
    ),
    (
      catalogText(#""a": {"localizations": 1️⃣[]}"#),
      "at `strings.a.localizations`: expected an object, found an array"
    ),
    (
      catalogText(
        #""a.b": {"localizations": {"fr": {"stringUnit": {"state": "new", "value": 1️⃣3}}}}"#),
      "at `strings.a.b.localizations.fr.stringUnit.value`: expected a string, found a number"
    ),
    (
      catalogText(#""a": {"localizations": {"fr": {"stringUnit": {"state": 1️⃣null}}}}"#),
      "at `strings.a.localizations.fr.stringUnit.state`: expected a string, found null"
    ),
    (
      catalogText(#""a": {"localizations": {"fr": {"variations": {"plural": {"one": 1️⃣true}}}}}"#),
      "at `strings.a.localizations.fr.variations.plural.one`: expected an object, found a boolean"
    ),
    (
      catalogText(#""a": {"localizations": {"fr": {"substitutions": {"n": {"argNum": 1️⃣"2"}}}}}"#),
      "at `strings.a.localizations.fr.substitutions.n.argNum`: expected a positive integer, found a string"
    ),
    (
      catalogText(#""a": {"localizations": {"fr": {"substitutions": {"n": {"argNum": 1️⃣1.5}}}}}"#),
      "at `strings.a.localizations.fr.substitutions.n.argNum`: expected a positive integer, found 1.5"
    ),
    (
      catalogText(#""a": {"localizations": {"fr": {"substitutions": {"n": {"argNum": 1️⃣0}}}}}"#),
      "at `strings.a.localizations.fr.substitutions.n.argNum`: expected a positive integer, found 0"
    ),
    (
      catalogText(
        #""a": {"localizations": {"fr": {"substitutions": {"n": {"argNum": 1️⃣99999999999999999999}}}}}"#
      ),
      "at `strings.a.localizations.fr.substitutions.n.argNum`: expected a positive integer, found 99999999999999999999"
    ),
    (
      catalogText(
        #""a": {"localizations": {"fr": {"substitutions": {"n": {"formatSpecifier": 1️⃣{}}}}}}"#),
      "at `strings.a.localizations.fr.substitutions.n.formatSpecifier`: expected a string, found an object"
    ),
    (
      catalogText(#""\u0061\u002e": {"comment": 1️⃣[]}"#),
      "at `strings.a..comment`: expected a string, found an array"
    ),
  ]

  @Test(arguments: cases)
  func error(text: String, message: String) {
    let (bytes, offset) = marked(text)
    let diagnostic = readError(bytes)
    #expect(diagnostic?.message == message)
    #expect(diagnostic?.offset == offset)
    #expect(diagnostic?.severity == .error)
  }

  @Test func invalidUTF8() {
    for bad: [UInt8] in [
      [0xFF], [0xC3, 0x28], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
      [0xC3],
    ] {
      let bytes = Array(#"{"a": "ok "#.utf8) + bad + Array(#"", "b": 1}"#.utf8)
      let diagnostic = readError(bytes)
      #expect(diagnostic?.message == "invalid UTF-8 in string")
      #expect(diagnostic?.offset == 10)
    }
  }

  @Test func deepNestingIsAnErrorNotACrash() {
    let text =
      #"{"sourceLanguage": "en", "strings": {}, "x": "# + String(repeating: "[", count: 10_000)
    let diagnostic = readError(Array(text.utf8))
    #expect(diagnostic?.message == "nesting is deeper than 128 levels")
    #expect(diagnostic?.offset == 45 + 127)
    let objects =
      #"{"sourceLanguage": "en", "strings": {}, "x": "#
      + String(repeating: #"{"a":"#, count: 10_000)
    #expect(readError(Array(objects.utf8))?.message == "nesting is deeper than 128 levels")
    let nodes = catalogText(
      #""a": {"localizations": {"fr": "#
        + String(repeating: #"{"variations": {"plural": {"one": "#, count: 100))
    #expect(readError(Array(nodes.utf8))?.message == "nesting is deeper than 128 levels")
  }

  @Test func errorsInsideEntriesNameKeyAndLanguage() {
    let typeError = readError(
      Array(catalogText(#""Hello": {"localizations": {"fr": {"stringUnit": {"value": 3}}}}"#).utf8))
    #expect(typeError?.key == "Hello")
    #expect(typeError?.language == "fr")
    let syntaxError = readError(
      Array(catalogText(#""Hello": {"localizations": {"fr": {"stringUnit": {"value" 3}}}}"#).utf8))
    #expect(syntaxError?.key == "Hello")
    #expect(syntaxError?.language == "fr")
    let outside = readError(Array(#"{"sourceLanguage": "en", "strings": {"a": {}} x"#.utf8))
    #expect(outside?.key == nil)
  }

  /// Must-fail fixtures in `TestData/catalogs/` (`!` prefix): message and `line:column`.
  static let fixtures: [String: (message: String, line: Int, column: Int)] = [
    "!MissingSourceLanguage": ("missing required field 'sourceLanguage'", 1, 1),
    "!MissingStrings": ("missing required field 'strings'", 1, 1),
    "!MissingComma": ("expected ',' or '}' after object member, found '\"'", 6, 7),
    "!MissingColon": ("expected ':' after object key, found '{'", 4, 13),
    "!WrongValueType": (
      "at `strings.Hello.localizations.fr.stringUnit.value`: expected a string, found a number", 9,
      23
    ),
    "!LocalizationsArray": (
      "at `strings.Hello.localizations`: expected an object, found an array", 5, 25
    ),
    "!ArgNumString": (
      "at `strings.Files.localizations.en.substitutions.count.argNum`: expected a positive integer, found a string",
      9, 26
    ),
    "!ArgNumFraction": (
      "at `strings.Files.localizations.en.substitutions.count.argNum`: expected a positive integer, found 1.5",
      9, 26
    ),
    "!DottedKeyWrongType": (
      "at `strings.menu.file.open.comment`: expected a string, found a boolean", 5, 19
    ),
    "!LoneSurrogate": (#"unpaired UTF-16 surrogate '\uD83D' in string"#, 5, 25),
    "!ControlCharacter": ("unescaped control character in string", 5, 21),
    "!UnterminatedString": ("unexpected end of file in string", 4, 11),
    "!TrailingGarbage": ("expected end of file after top-level object, found 'x'", 8, 1),
    "!DeepNesting": ("nesting is deeper than 128 levels", 4, 136),
    "!BadNumber": ("leading zeros are not allowed in numbers", 9, 26),
    "!InvalidUTF8": ("invalid UTF-8 in string", 4, 9),
  ]

  @Test func fixtureCatalogs() throws {
    let folder = TestPaths.testData.appendingPathComponent("catalogs")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasSuffix(".xcstrings")
    }.sorted()
    let mustFail = names.filter { $0.hasPrefix("!") }.map {
      String($0.dropLast(".xcstrings".count))
    }
    #expect(Set(mustFail) == Set(Self.fixtures.keys))
    for name in names {
      let source = try SourceText(contentsOf: folder.appendingPathComponent(name).path)
      let base = String(name.dropLast(".xcstrings".count))
      do {
        _ = try CatalogReader.read(source)
        #expect(!name.hasPrefix("!"), "\(name) should fail")
      } catch {
        guard let expected = Self.fixtures[base], let diagnostic = error.diagnostics.first else {
          Issue.record("\(name): unexpected \(error.diagnostics)")
          continue
        }
        #expect(error.diagnostics.count == 1)
        #expect(diagnostic.message == expected.message, "\(name)")
        let position = source.lineColumn(of: diagnostic.offset ?? -1)
        #expect(
          position.line == expected.line && position.column == expected.column,
          "\(name): \(position)")
      }
    }
  }
}
