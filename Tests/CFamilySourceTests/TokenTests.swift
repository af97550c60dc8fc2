import CFamilySource
import LHCTestSupport
import Testing

/// Identifiers, numbers, punctuators, comments, continuations, ranges, and hostile bytes.
@Suite struct TokenTests {
  @Test func identifiersAndAtKeywords() {
    let lexed = Lexed("@interface Foo : NSObject @property $x; café \\u00e9t @end")
    #expect(
      lexed.spellings == [
        "@interface", "Foo", ":", "NSObject", "@property", "$x", ";", "café", "\\u00e9t", "@end",
      ])
    #expect(lexed.kinds.filter { $0 == .atKeyword }.count == 3)
    // `@` before anything else is the punctuator: boxed expressions and collection literals.
    let boxed = Lexed("@[@1, @(x), @{}] @YES")
    #expect(
      boxed.spellings == [
        "@", "[", "@", "1", ",", "@", "(", "x", ")", ",", "@", "{", "}",
        "]", "@YES",
      ])
    #expect(boxed.tokens[0].punctuator == .at)
  }

  @Test func numbers() {
    let lexed = Lexed("1'000'000 0x1p-3 1e+10f .5 1.0.0 0x1e+1 42ull 0b1010 'x'")
    #expect(
      lexed.spellings == [
        "1'000'000", "0x1p-3", "1e+10f", ".5", "1.0.0", "0x1e+1", "42ull", "0b1010", "'x'",
      ])
    #expect(lexed.kinds.dropLast().allSatisfy { $0 == .number })
    // `$` belongs to identifiers, not numbers (clang, GCC).
    #expect(Lexed("1$x 0x1p-3$").spellings == ["1", "$x", "0x1p-3", "$"])
    // A digit separator needs a digit or letter after it: `1'` starts a character literal.
    #expect(Lexed("1 '+'").kinds == [.number, .character])
    #expect(Lexed("1'é'").kinds == [.number, .character])
  }

  @Test func punctuatorsTakeTheLongestMatch() {
    let source = "a->*b <<= >>= ... :: ## <=> ++ -- -> .* && || != == <= >= += -= *= /= %= ^= &= |="
    let lexed = Lexed(source)
    #expect(
      lexed.spellings
        == source.split(separator: " ").flatMap { part -> [String] in
          part == "a->*b" ? ["a", "->*", "b"] : [String(part)]
        })
    #expect(lexed.tokens[1].punctuator == .arrowStar)
    // Digraphs are their punctuator; `<::` is `<` `::` unless `:` or `>` follows.
    let digraphs = Lexed("<: :> <% %> %:%: x<::y> a<:::b")
    #expect(
      digraphs.tokens.compactMap(\.punctuator) == [
        .leftBracket, .rightBracket, .leftBrace, .rightBrace, .hashHash, .less, .colonColon,
        .greater, .leftBracket, .colonColon,
      ])
    // `a+++++b` is `++ ++ +` (maximal munch), `x---y` is `-- -`.
    #expect(Lexed("a+++++b x---y").spellings == ["a", "++", "++", "+", "b", "x", "--", "-", "y"])
  }

  @Test func commentsAreSkipped() {
    let lexed = Lexed("a // \"not\" a literal\nb /* \"nor\" this\n */ c /* unterminated \"x\"")
    #expect(lexed.spellings == ["a", "b", "c"])
    #expect(lexed.literals.isEmpty)
    // `//` inside a literal, `/*` inside a character literal, `*/` without opening.
    #expect(Lexed(#""http://x" '/*' "*/""#).values == ["http://x", "*/"])
    // A `/*/` is not a closed comment.
    #expect(Lexed("/*/ x */ y").spellings == ["y"])
  }

  @Test func lineCommentEndingInBackslashContinues() {
    let lexed = Lexed("// a comment \\\nNSLocalizedString(@\"hidden\", nil);\nx")
    #expect(lexed.spellings == ["x"])
    // Spaces after the backslash and CR LF too.
    #expect(Lexed("// c \\  \r\n\"hidden\"\r\n\"shown\"").values == ["shown"])
    // Two continuations in a row.
    #expect(Lexed("// c \\\n\\\n\"hidden\"\n\"shown\"").values == ["shown"])
    // A backslash not at the line's end does nothing.
    #expect(Lexed("// c \\ x\n\"shown\"").values == ["shown"])
  }

  @Test func continuationsInsideIdentifiers() throws {
    let lexed = Lexed("NSLocalized\\\nString(@\"k\", nil)")
    let first = try #require(lexed.tokens.first)
    #expect(first.kind == .identifier && lexed.spelling(first) == "NSLocalizedString")
    // The range includes the continuation; one before a token is not part of it.
    #expect(first.range == 0..<19)
    let before = Lexed("a \\\n b")
    #expect(before.tokens.map(\.range) == [0..<1, 5..<6])
    let after = Lexed("ab\\\n")
    #expect(after.tokens.map(\.range) == [0..<2])
    // A continuation between `-` and `>` makes `->`.
    #expect(Lexed("a-\\\n>b").spellings == ["a", "->", "b"])
  }

  @Test func lineBreakAndSpaceFlags() {
    let lexed = Lexed("a b\nc/* x\n */d/**/e")
    let flags = lexed.tokens.map(\.flags)
    #expect(flags[0].contains(.newlineBefore) && flags[0].contains(.spaceBefore))
    #expect(flags[1].contains(.spaceBefore) && !flags[1].contains(.newlineBefore))
    #expect(flags[2].contains(.newlineBefore))
    #expect(flags[3].contains(.newlineBefore) && flags[3].contains(.spaceBefore))
    #expect(flags[4].contains(.spaceBefore) && !flags[4].contains(.newlineBefore))
    #expect(!Lexed("a(").tokens[1].flags.contains(.spaceBefore))
  }

  @Test func byteOrderMarkAndOddBytes() {
    let bom = Lexed(bytes: [0xEF, 0xBB, 0xBF] + Array("#import \"A.h\"\nx".utf8))
    #expect(bom.directives == [.import])
    #expect(bom.literals.isEmpty)
    // Stray bytes are unknown tokens, one each; NUL is whitespace.
    let odd = Lexed(bytes: Array("a \\ ` b".utf8) + [0, 0x7F, UInt8(ascii: "c")])
    #expect(odd.kinds == [.identifier, .unknown, .unknown, .identifier, .unknown, .identifier])
    #expect(Lexed("").stream.tokens.map(\.kind) == [.end])
    #expect(Lexed("x").stream.tokens.last?.range == 1..<1)
  }

  @Test func tokensTileTheInputInOrder() {
    let source = """
      #import <Foundation/Foundation.h>
      #define TITLE NSLocalizedString(@"Title", @"Window title")
      @implementation A
      - (NSString *)name { return [NSString stringWithFormat:@"%@ \\u2014 %d", R"(raw)", 'ab']; }
      @end
      """
    let lexed = Lexed(source)
    #expect(lexed.isWellFormed)
    // Every token's range holds exactly its spelling (no continuation here).
    #expect(lexed.tokens.allSatisfy { lexed.text($0) == lexed.spelling($0) })
  }

  @Test func randomInputsNeverTrapAndStayInOrder() {
    var generator = SplitMix64(state: 0xC0FFEE)
    let alphabet = Array("\"'@\\\n\r #/*()R8uUL x0.e+?:<%>${}".utf8) + [0, 0x80, 0xFF, 0xC3]
    for length in 0..<2000 {
      let count = length % 97
      let bytes = (0..<count).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
      let lexed = Lexed(bytes: bytes)
      #expect(lexed.isWellFormed, "\(bytes)")
    }
  }

  @Test func deepConditionalNestingIsNoRecursion() {
    let depth = 100_000
    let source =
      String(repeating: "#if 0\n", count: depth) + "\"x\"\n"
      + String(repeating: "#endif\n", count: depth) + "\"y\""
    let lexed = Lexed(source)
    #expect(lexed.values(with: .isInactive) == ["x"])
    #expect(lexed.values(with: .isInactive, without: true) == ["y"])
  }

  @Test func manyUnterminatedRawLiteralsStayLinear() {
    // Each distinct delimiter searched once; 20,000 raw openings with no terminator.
    var source = ""
    for index in 0..<20_000 { source += "R\"d\(index % 5000)(\n" }
    let clock = ContinuousClock()
    let elapsed = clock.measure { _ = Lexed(source) }
    #expect(Lexed(source).literals.count == 20_000)
    #expect(elapsed < .seconds(5))
  }
}
