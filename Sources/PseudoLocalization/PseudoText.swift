/// The two pseudo-localization transforms of one text (decisions in `man/lhc-compile.1`,
/// PSEUDO-LOCALIZATION).
///
/// Both change only the text parts of a ``ProtectedText``: format specifiers, `%#@name@`, `%arg`,
/// escapes and Markdown syntax come out exactly as they went in, in the same order, and nothing
/// is inserted that could join a kept `%` into a new specifier (see ``accented(_:bracketed:)``).
/// A **word** is a maximal run of text scalars that are neither whitespace nor Markdown
/// delimiters (`* _ ~ ` [ ] ^`); kept parts end a word and are no words themselves.
public enum PseudoText {
  /// `[Ţĥé ţéẋţ öñé ţŵö]`: ASCII letters mapped through ``accents``, then padding, then the
  /// brackets (when `bracketed`) around all but the leading and trailing whitespace.
  ///
  /// Padding, after a space: whole words of ``paddingWords`` (cycled, from the first), as few as
  /// make at least N characters with the spaces between them, where L is the number of
  /// characters of text (not kept parts) inside the brackets and N = L when the text has more
  /// than three words, else L / 2 rounded up (aapt2's +100 % / +50 %). No padding when L is 0.
  ///
  /// Whatever follows a kept `%` that ends the text unfinished (`100%`) is a space, `]` or an
  /// accented letter, none of which continues a specifier, so no specifier appears.
  public static func accented(_ text: String, bracketed: Bool) -> String {
    let protected = ProtectedText(text)
    let scalars = protected.scalars
    let kept = protected.kept
    func isOuterWhitespace(_ index: Int) -> Bool {
      !kept[index] && scalars[index].properties.isWhitespace
    }
    var start = 0
    while start < scalars.count && isOuterWhitespace(start) { start += 1 }
    var end = scalars.count
    while end > start && isOuterWhitespace(end - 1) { end -= 1 }

    var result = String.UnicodeScalarView(scalars[..<start])
    if bracketed { result.append("[") }
    var textScalars = String.UnicodeScalarView()
    var words = 0
    var inWord = false
    for index in start..<end {
      let scalar = scalars[index]
      if kept[index] {
        result.append(scalar)
        inWord = false
        continue
      }
      textScalars.append(scalar)
      let isWord = ProtectedText.isWordScalar(scalar)
      if isWord && !inWord { words += 1 }
      inWord = isWord
      result.append(accent(scalar))
    }
    let length = String(textScalars).count
    if length > 0 {
      result.append(" ")
      result.append(contentsOf: padding(atLeast: words > 3 ? length : (length + 1) / 2))
    }
    if bracketed { result.append("]") }
    result.append(contentsOf: scalars[end...])
    return String(result)
  }

  /// Every word wrapped in RLM + RLO … PDF + RLM, so that it is laid out right to left with the
  /// source characters; whitespace, kept parts and Markdown delimiters stay outside.
  public static func bidi(_ text: String) -> String {
    let protected = ProtectedText(text)
    var result = String.UnicodeScalarView()
    var inWord = false
    for (scalar, kept) in zip(protected.scalars, protected.kept) {
      let isWord = !kept && ProtectedText.isWordScalar(scalar)
      if isWord && !inWord { result.append(contentsOf: [rightToLeftMark, rightToLeftOverride]) }
      if !isWord && inWord {
        result.append(contentsOf: [popDirectionalFormatting, rightToLeftMark])
      }
      inWord = isWord
      result.append(scalar)
    }
    if inWord { result.append(contentsOf: [popDirectionalFormatting, rightToLeftMark]) }
    return String(result)
  }

  /// U+200F RIGHT-TO-LEFT MARK.
  static let rightToLeftMark: Unicode.Scalar = "\u{200F}"
  /// U+202E RIGHT-TO-LEFT OVERRIDE.
  static let rightToLeftOverride: Unicode.Scalar = "\u{202E}"
  /// U+202C POP DIRECTIONAL FORMATTING.
  static let popDirectionalFormatting: Unicode.Scalar = "\u{202C}"

  // MARK: Accents

  /// The accented look-alike of each ASCII letter: one precomposed scalar each (Latin-1,
  /// Latin Extended-A and -B, Latin Extended Additional), so lengths stay comparable. Other
  /// characters are not changed.
  public static let accents: [Character: Character] = [
    "a": "å", "b": "ƀ", "c": "ç", "d": "ð", "e": "é", "f": "ƒ", "g": "ĝ", "h": "ĥ", "i": "î",
    "j": "ĵ", "k": "ķ", "l": "ļ", "m": "ɱ", "n": "ñ", "o": "ö", "p": "þ", "q": "ǫ", "r": "ŕ",
    "s": "š", "t": "ţ", "u": "û", "v": "ṽ", "w": "ŵ", "x": "ẋ", "y": "ý", "z": "ž",
    "A": "Å", "B": "Ɓ", "C": "Ç", "D": "Ð", "E": "É", "F": "Ƒ", "G": "Ĝ", "H": "Ĥ", "I": "Î",
    "J": "Ĵ", "K": "Ķ", "L": "Ļ", "M": "Ṁ", "N": "Ñ", "O": "Ö", "P": "Þ", "Q": "Ǫ", "R": "Ŕ",
    "S": "Š", "T": "Ţ", "U": "Û", "V": "Ṽ", "W": "Ŵ", "X": "Ẋ", "Y": "Ý", "Z": "Ž",
  ]

  /// ``accents`` by ASCII value (`"a"` at 0x61), for the per-scalar lookup.
  private static let accentTable: [Unicode.Scalar?] = (0..<128).map { value in
    accents[Character(Unicode.Scalar(UInt8(value)))].flatMap(\.unicodeScalars.first)
  }

  private static func accent(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    scalar.value < 128 ? accentTable[Int(scalar.value)] ?? scalar : scalar
  }

  // MARK: Padding

  /// The padding words: one to ten, accented.
  public static let paddingWords: [String] = [
    "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
  ].map { String(String.UnicodeScalarView($0.unicodeScalars.map(accent))) }

  /// Words of ``paddingWords`` joined by spaces, as few as make at least `length` scalars.
  private static func padding(atLeast length: Int) -> String.UnicodeScalarView {
    var result = String.UnicodeScalarView()
    var count = 0
    var next = 0
    while count < length {
      if count > 0 {
        result.append(" ")
        count += 1
      }
      let word = paddingWords[next % paddingWords.count].unicodeScalars
      result.append(contentsOf: word)
      count += word.count
      next += 1
    }
    return result
  }
}
