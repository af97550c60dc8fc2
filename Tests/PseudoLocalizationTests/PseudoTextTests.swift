import LHCBase
import LHCTestSupport
import Testing

@testable import PseudoLocalization

/// The two transforms on single texts: what changes, what is kept, the padding rule.
@Suite("Pseudo texts")
struct PseudoTextTests {
  private static let rlm = "\u{200F}"
  private static let rlo = "\u{202E}"
  private static let pdf = "\u{202C}"

  /// `text` accented with and without brackets, and in the bidi mode.
  static func everyTransform(of text: String) -> [String] {
    [
      PseudoText.accented(text, bracketed: true), PseudoText.accented(text, bracketed: false),
      PseudoText.bidi(text),
    ]
  }

  /// `text` wrapped as one bidi word.
  private func word(_ text: String) -> String {
    Self.rlm + Self.rlo + text + Self.pdf + Self.rlm
  }

  @Test func accentedMapsLettersBracketsAndPads() {
    // 11 characters, 2 words: padding of at least 6 characters ("öñé ţŵö" has 7).
    #expect(PseudoText.accented("Hello world", bracketed: true) == "[Ĥéļļö ŵöŕļð öñé ţŵö]")
    // 4 words, 19 characters: at least 19 characters of padding.
    #expect(
      PseudoText.accented("Tap to add a photo", bracketed: true)
        == "[Ţåþ ţö åðð å þĥöţö öñé ţŵö ţĥŕéé ƒöûŕ]")
    #expect(PseudoText.accented("OK", bracketed: true) == "[ÖĶ öñé]")
    #expect(PseudoText.accented("", bracketed: true) == "[]")
    #expect(PseudoText.accented("Hi", bracketed: false) == "Ĥî öñé")
  }

  @Test func everyASCIILetterHasOneAccentedScalar() {
    let letters = (UInt8(ascii: "a")...UInt8(ascii: "z")).map { Character(Unicode.Scalar($0)) }
    for letter in letters + letters.map({ Character($0.uppercased()) }) {
      let accented = PseudoText.accents[letter]
      #expect(accented != nil && accented != letter, "\(letter)")
      #expect(accented?.unicodeScalars.count == 1, "\(letter)")
      #expect(accented.map { !$0.isASCII } == true, "\(letter)")
    }
    #expect(Set(PseudoText.accents.values).count == 52)
  }

  @Test func paddingNeverCrossesTheTarget() {
    // Each padding is the fewest whole words reaching N = L (more than 3 words) or ⌈L/2⌉.
    for length in 1...120 {
      let text = String(repeating: "a", count: length)
      let padded = PseudoText.accented(text, bracketed: false)
      let padding = String(padded.dropFirst(length + 1))
      let target = (length + 1) / 2
      #expect(padding.count >= target)
      let words = padding.split(separator: " ")
      #expect(words.dropLast().joined(separator: " ").count < target, "\(length)")
      #expect(words.first.map(String.init) == PseudoText.paddingWords[0])
    }
  }

  @Test func formatTokensAreKept() {
    #expect(
      PseudoText.accented("%1$@ sent %2$lld photos", bracketed: true)
        == "[%1$@ šéñţ %2$lld þĥöţöš öñé ţŵö]")
    #expect(PseudoText.accented("%.2f%% done", bracketed: true) == "[%.2f%% ðöñé öñé]")
    #expect(
      PseudoText.accented("%#@files@ in %#@folders@", bracketed: true)
        == "[%#@files@ îñ %#@folders@ öñé]")
    #expect(PseudoText.accented("%arg items", bracketed: false) == "%arg îţéɱš öñé")
    #expect(PseudoText.accented("%lld", bracketed: true) == "[%lld]")
  }

  @Test func escapesAndNewlinesAreKept() {
    #expect(PseudoText.accented("a\\nb", bracketed: false) == "å\\nƀ öñé")
    #expect(PseudoText.accented("Line one\nLine two", bracketed: true).contains("\n"))
    #expect(PseudoText.accented("\\*not bold\\*", bracketed: false).hasPrefix("\\*ñöţ ƀöļð\\*"))
  }

  @Test func markdownSyntaxIsKept() {
    #expect(
      PseudoText.accented("Read [the guide](https://example.com/a_b) now", bracketed: true)
        == "[Ŕéåð [ţĥé ĝûîðé](https://example.com/a_b) ñöŵ öñé ţŵö ţĥŕéé ƒöûŕ ƒîṽé]")
    #expect(
      PseudoText.accented("**Bold** and _it_", bracketed: false)
        == "**Ɓöļð** åñð _îţ_ öñé ţŵö ţĥŕéé")
    #expect(PseudoText.accented("Run `git push` first", bracketed: false).contains("`git push`"))
    #expect(
      PseudoText.accented("^[%lld apple](inflect: true)", bracketed: false)
        == "^[%lld åþþļé](inflect: true) öñé ţŵö")
    #expect(
      PseudoText.accented("See <https://lingohub.com/x>", bracketed: false)
        == "Šéé <https://lingohub.com/x> öñé")
    // Unclosed: not a link destination, the text is transformed.
    #expect(PseudoText.accented("a](b", bracketed: false) == "å](ƀ öñé")
  }

  @Test func outerWhitespaceStaysOutsideTheBrackets() {
    #expect(PseudoText.accented("  Name: ", bracketed: true) == "  [Ñåɱé: öñé] ")
    #expect(PseudoText.accented(" ", bracketed: true) == " []")
  }

  @Test func aTrailingPercentGetsNoNewSpecifier() {
    // "100%" is never formatted; what follows the lone % must not make a specifier of it.
    for text in ["100%", "Save 50%", "%", "a %1$", "x %#@name", "%l", "% "] {
      for transformed in Self.everyTransform(of: text) {
        #expect(
          FormatString(parsing: transformed).specifiers.map(\.text)
            == FormatString(parsing: text).specifiers.map(\.text), "\(text) → \(transformed)")
      }
    }
  }

  @Test func bidiWrapsEveryWord() {
    #expect(PseudoText.bidi("Hello world") == word("Hello") + " " + word("world"))
    #expect(
      PseudoText.bidi("%lld items") == "%lld " + word("items"))
    #expect(PseudoText.bidi("%@'s file") == "%@" + word("'s") + " " + word("file"))
    #expect(
      PseudoText.bidi("**Bold** [link](https://x.y)")
        == "**" + word("Bold") + "** [" + word("link") + "](https://x.y)")
    #expect(PseudoText.bidi(" a\nb ") == " " + word("a") + "\n" + word("b") + " ")
    #expect(PseudoText.bidi("") == "")
    #expect(PseudoText.bidi("%lld") == "%lld")
  }

  /// Random texts over an alphabet dense in format and Markdown syntax: the transforms keep the
  /// specifiers, references, `%%` and `%arg` (parsed with and without `%arg`), in order.
  @Test func randomTextsKeepEveryFormatToken() {
    let alphabet = Array("%%%1234$#@@.-+ *lldfgsixnaoarg_`[]()\\\n <:>hé€😀")
    var random = SplitMix64(state: 23)
    for _ in 0..<20_000 {
      let length = Int.random(in: 0...14, using: &random)
      let text = String((0..<length).map { _ in alphabet.randomElement(using: &random)! })
      for transformed in Self.everyTransform(of: text) {
        for options: FormatString.Options in [[], .argPlaceholder] {
          #expect(
            formatTokenTexts(transformed, options: options)
              == formatTokenTexts(text, options: options),
            "\(text.debugDescription) → \(transformed.debugDescription)")
        }
      }
    }
  }
}
