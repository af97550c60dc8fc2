import CFamilySource
import LHCBase

/// A string literal of the code as the sync's safety net compares it with a catalog's keys: a
/// literal in active code that lhc cannot prove non-localizable (not a dictionary key or a
/// subscript, a comparison's or a `case` pattern's operand, `Text(verbatim:)`, an argument every
/// candidate declaration takes as a `String`). Its text is what the compiler sees (escapes,
/// multi-line indentation and raw delimiters resolved).
public struct CodeLiteral: Sendable, Hashable {
  /// The ways the literal can be written as a key (``KeyText``).
  public var forms: [String]
  /// Byte offset of the literal in its file.
  public var offset: Int

  public init(forms: [String], offset: Int) {
    self.forms = forms
    self.offset = offset
  }
}

/// How a catalog key and a literal of the code are compared: by their text pieces around the
/// arguments. A key's pieces are the text around each format specifier (`%@`, `%lld`, `%1$@`),
/// substitution (`%#@count@`) and App Intents parameter (`${name}`), `%%` read as `%`; a Swift
/// literal's are the text around each interpolation; a C literal's, like a key's (its `%%` is a
/// percent sign). Every one of them is also its whole text as one piece (a key without
/// interpolation keeps `100%` as written). Two texts match when one of their forms is the same.
public enum KeyText {
  /// The forms of a catalog key; none for a key without a letter outside its arguments (`%@`,
  /// `%lld%%`, `-`), which says nothing about where it comes from.
  public static func forms(ofKey key: String) -> [String] {
    let split = pieces(ofFormat: key)
    guard split.contains(where: { $0.contains(where: \.isLetter) }) else { return [] }
    let whole = joined([key])
    let byArguments = joined(split)
    return whole == byArguments ? [whole] : [whole, byArguments]
  }

  /// The forms of a Swift literal: its pieces around its interpolations.
  public static func forms(ofSwiftPieces pieces: [String]) -> [String] {
    [joined(pieces)]
  }

  /// The forms of a C or Objective-C literal, whose text is itself a format string.
  public static func forms(ofFormatLiteral text: String) -> [String] {
    let whole = joined([text])
    let byArguments = joined(pieces(ofFormat: text))
    return whole == byArguments ? [whole] : [whole, byArguments]
  }

  /// Pieces joined with a separator no text holds.
  private static func joined(_ pieces: [String]) -> String {
    pieces.joined(separator: "\u{0}")
  }

  /// The text around each argument of a format string (`%%` as `%`), `${name}` included.
  static func pieces(ofFormat text: String) -> [String] {
    var pieces = [""]
    for token in FormatString(parsing: text).tokens {
      switch token {
      case .specifier, .substitution, .argPlaceholder:
        pieces.append("")
      case .percent:
        pieces[pieces.count - 1] += "%"
      case .literal(let literal), .invalid(let literal):
        appendSplittingParameters(literal, to: &pieces)
      }
    }
    return pieces
  }

  /// Literal text, split at each App Intents parameter reference `${name}`.
  private static func appendSplittingParameters(_ text: String, to pieces: inout [String]) {
    let characters = Array(text)
    var index = 0
    while index < characters.count {
      if characters[index] == "$", index + 1 < characters.count, characters[index + 1] == "{",
        let close = characters[(index + 2)...].firstIndex(of: "}"), close > index + 2,
        characters[(index + 2)..<close].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
      {
        pieces.append("")
        index = close + 1
      } else {
        pieces[pieces.count - 1].append(characters[index])
        index += 1
      }
    }
  }
}

/// The literals of a C-family source file (`.m`, `.mm`, `.c`, `.h`, …) the safety net counts:
/// every string literal of code that can be compiled (not under `#if 0`, not in a comment, not an
/// `#import` or `#include` path), adjacent literals concatenated as the compiler does.
public enum CFamilyLiterals {
  public static func literals(of bytes: [UInt8]) -> [CodeLiteral] {
    literals(of: CFamilyLexer.tokenize(bytes))
  }

  /// The literals of a file already lexed.
  static func literals(of stream: CFamilyTokenStream) -> [CodeLiteral] {
    var result: [CodeLiteral] = []
    for token in stream.tokens where !token.flags.contains(.isInactive) {
      guard let literal = stream.literal(of: token), !literal.isMalformed else { continue }
      result.append(
        CodeLiteral(
          forms: KeyText.forms(ofFormatLiteral: literal.value), offset: Int(literal.start)))
    }
    return result
  }
}
