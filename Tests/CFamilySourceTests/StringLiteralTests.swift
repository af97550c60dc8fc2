import CFamilySource
import Testing

/// String literals: forms, escapes, concatenation, raw literals, what is malformed.
@Suite struct StringLiteralTests {
  @Test func plainAndObjectiveCLiterals() throws {
    let plain = try #require(Lexed(#"x = "Hello, world";"#).literal)
    #expect(plain.value == "Hello, world")
    #expect(!plain.isObjectiveC && !plain.isMalformed && plain.encoding == .ordinary)
    let objc = try #require(Lexed(#"NSString *s = @"Grüße 😀";"#).literal)
    #expect(objc.value == "Grüße 😀")
    #expect(objc.isObjectiveC && !objc.isMalformed && objc.partCount == 1)
    // The range covers the `@`.
    let lexed = Lexed(#"f(@"k")"#)
    #expect(lexed.spellings == ["f", "(", #"@"k""#, ")"])
    #expect(Lexed(#"s = """#).literal?.value == "")
  }

  @Test func encodingPrefixes() throws {
    let lexed = Lexed(#"L"wé", u"u😀", U"U😀", u8"8é", "o""#)
    #expect(lexed.values == ["wé", "u😀", "U😀", "8é", "o"])
    #expect(lexed.literals.map(\.encoding) == [.wide, .utf16, .utf32, .utf8, .ordinary])
    let wide = try #require(Lexed(#"L"wé""#).literal)
    #expect(wide.encoding == .wide && wide.value == "wé")
    #expect(Lexed(#"u"u😀""#).literal?.encoding == .utf16)
    #expect(Lexed(#"u"u😀""#).literal?.value == "u😀")
    #expect(Lexed(#"U"U😀""#).literal?.encoding == .utf32)
    #expect(Lexed(#"u8"8é""#).literal?.encoding == .utf8)
    #expect(Lexed(#"u8"8é""#).literal?.value == "8é")
    // A prefix is a whole identifier: `xL"a"` is the identifier `xL` and a literal.
    #expect(Lexed(#"xL"a""#).spellings == ["xL", #""a""#])
    #expect(Lexed(#"u8x"a""#).spellings == ["u8x", #""a""#])
  }

  @Test func simpleEscapes() {
    let lexed = Lexed(#""\n\t\r\\\"\'\?\a\b\f\v\e\E""#)
    #expect(lexed.literal?.value == "\n\t\r\\\"'?\u{7}\u{8}\u{C}\u{B}\u{1B}\u{1B}")
    #expect(lexed.literal?.isMalformed == false)
    #expect(lexed.literal?.hasUnknownEscape == false)
  }

  @Test func octalEscapes() {
    #expect(Lexed(#""\0""#).literal?.value == "\u{0}")
    #expect(Lexed(#""\101\60\7""#).literal?.value == "A0\u{7}")
    // At most three digits: `\1234` is `S` then `4`.
    #expect(Lexed(#""\1234""#).literal?.value == "S4")
    // `\8` is not octal: an unknown escape, the `8` kept.
    let eight = Lexed(#""\8""#).literal
    #expect(eight?.value == "8" && eight?.hasUnknownEscape == true && eight?.isMalformed == false)
    // Two octal bytes of UTF-8.
    #expect(Lexed(#""\303\251""#).literal?.value == "é")
  }

  @Test func hexEscapes() {
    #expect(Lexed(#""\x41\x62""#).literal?.value == "Ab")
    // Any number of digits; leading zeros do not overflow.
    #expect(Lexed(#""\x0000041z""#).literal?.value == "Az")
    // Bytes of UTF-8 in a narrow literal make the character.
    #expect(Lexed(#""\xC3\xA9""#).literal?.value == "é")
    #expect(Lexed(#""\xE2\x82\xAC""#).literal?.isRepaired == false)
    // A byte that is not UTF-8: U+FFFD in the value.
    let invalid = Lexed(#""a\xFFz""#).literal
    #expect(invalid?.value == "a\u{FFFD}z" && invalid?.isRepaired == true)
    // Every hex digit belongs to the escape: `\xFFb` is one (too large) value.
    #expect(Lexed(#""\xFFb""#).literal?.isMalformed == true)
    #expect(invalid?.isMalformed == false)
    // UTF-16 units: a surrogate pair escaped unit by unit.
    #expect(Lexed(#"u"\xD83D\xDE00""#).literal?.value == "😀")
    #expect(Lexed(#"U"\x1F600""#).literal?.value == "😀")
    #expect(Lexed(#"L"\x1F600""#).literal?.value == "😀")
    // A lone surrogate: repaired.
    #expect(Lexed(#"u"\xD800""#).literal?.isRepaired == true)
  }

  @Test func outOfRangeNumericEscapesAreTruncatedAndMalformed() {
    // GCC takes the value modulo the unit (with a warning); clang rejects it.
    let hex = Lexed(#""\x141""#).literal
    #expect(hex?.value == "A" && hex?.isMalformed == true)
    let octal = Lexed(#""\777""#).literal
    #expect(octal?.isMalformed == true && octal?.isRepaired == true)
    #expect(Lexed(#"u"\x10041""#).literal?.value == "A")
    #expect(Lexed(#"u"\x10041""#).literal?.isMalformed == true)
    #expect(Lexed(#"U"\x123456789""#).literal?.isMalformed == true)
    #expect(Lexed(#"u"\777""#).literal?.isMalformed == false)
  }

  @Test func universalCharacterNames() {
    #expect(Lexed(#""\u00e9\U0001F600""#).literal?.value == "é😀")
    #expect(Lexed(#"u"\u00e9\U0001F600""#).literal?.value == "é😀")
    #expect(Lexed(#"U"\U0001F600""#).literal?.value == "😀")
    #expect(Lexed(#""\u20AC1""#).literal?.value == "€1")
    #expect(Lexed(#""\u0024\u0040\u0060""#).literal?.isMalformed == false)
    // Too few digits, a surrogate, past U+10FFFF, a basic character (C and Objective-C).
    for source in [#""\u12""#, #""\U0001F60""#, #""\uD800""#, #""\U00110000""#, #""\u0041""#] {
      #expect(Lexed(source).literal?.isMalformed == true, "\(source)")
    }
    #expect(Lexed(#""\u0041""#).literal?.value == "A")
    // clang's delimited escapes (C++23).
    #expect(Lexed(#""\u{1F600}\x{41}\o{101}""#).literal?.value == "😀AA")
    #expect(Lexed(#""\u{}""#).literal?.isMalformed == true)
    #expect(Lexed(#""\N{LATIN SMALL LETTER E WITH ACUTE}""#).literal?.isMalformed == true)
  }

  @Test func invalidAndUnknownEscapes() {
    // `\x` without digits is rejected by GCC and clang.
    #expect(Lexed(#""\x""#).literal?.isMalformed == true)
    #expect(Lexed(#""\xg""#).literal?.isMalformed == true)
    // Unknown escapes compile (a warning): the character is kept, the literal flagged.
    let unknown = Lexed(#"@"50\% \q \( \é""#).literal
    #expect(unknown?.value == "50% q ( é")
    #expect(unknown?.isMalformed == false && unknown?.hasUnknownEscape == true)
    #expect(Lexed(#""\o""#).literal?.hasUnknownEscape == true)
  }

  @Test func unterminatedLiteralsEndAtTheLine() {
    let lexed = Lexed("x = \"abc\ny = \"ok\";\n")
    #expect(lexed.values == ["abc", "ok"])
    #expect(lexed.literals.map(\.isMalformed) == [true, false])
    #expect(lexed.spellings == ["x", "=", "\"abc", "y", "=", "\"ok\"", ";"])
    #expect(lexed.tokens[2].flags.contains(.isMalformed))
    #expect(Lexed("\"abc").literal?.isMalformed == true)
    #expect(Lexed("\"abc\\").literal?.isMalformed == true)
    // An escaped quote does not close it.
    #expect(Lexed(#""a\"#).literal?.isMalformed == true)
    // The next line's literal is not joined to an unterminated one.
    #expect(Lexed("\"a\n\"b\"").values == ["a", "b"])
    #expect(Lexed("\"a\r\"b\"").values == ["a", "b"])
  }

  @Test func adjacentLiteralsConcatenate() throws {
    let source = """
      NSLocalizedString(@"Hello, " @"world" // the rest
        "!" /* more */ "\\n", nil)
      """
    let lexed = Lexed(source)
    let literal = try #require(lexed.literal)
    #expect(literal.value == "Hello, world!\n")
    #expect(literal.isObjectiveC && !literal.isMalformed && literal.partCount == 4)
    // One token spanning every part and what lies between.
    #expect(
      lexed.text(lexed.tokens[2])
        == "@\"Hello, \" @\"world\" // the rest\n  \"!\" /* more */ \"\\n\"")
    #expect(Lexed(#"@"a" "b""#).literal?.isObjectiveC == true)
    #expect(Lexed(#"@"a" "b""#).literal?.isMalformed == false)
    // Escapes are decoded before concatenation: `\x4` then `1`, not `\x41`.
    #expect(Lexed(#""\x4" "1""#).literal?.value == "\u{4}1")
    // An unprefixed part takes the prefixed parts' encoding.
    let wide = Lexed(#""a\xFFFF" L"b""#).literal
    #expect(wide?.encoding == .wide && wide?.value == "a\u{FFFF}b" && wide?.isMalformed == false)
    #expect(Lexed(#"u8"a" "b""#).literal?.encoding == .utf8)
    // Raw parts too.
    #expect(Lexed(#""a" R"(\b)""#).literal?.value == "a\\b")
  }

  @Test func concatenationsClangRejects() {
    // Different prefixes.
    #expect(Lexed(#"L"a" u"b""#).literal?.isMalformed == true)
    #expect(Lexed(#"u8"a" L"b""#).literal?.isMalformed == true)
    // An Objective-C part after a C one, and a prefixed part in an NSString.
    #expect(Lexed(#""a" @"b""#).literal?.isMalformed == true)
    #expect(Lexed(#""a" @"b""#).literal?.isObjectiveC == true)
    #expect(Lexed(#"@"a" L"b""#).literal?.isMalformed == true)
  }

  @Test func literalsThatDoNotConcatenate() {
    // A character literal, an identifier or a punctuator between.
    #expect(Lexed(#""a" 'b' "c""#).values == ["a", "c"])
    #expect(Lexed(#""a" CFSTR("b")"#).values == ["a", "b"])
    #expect(Lexed(#""a", "b""#).values == ["a", "b"])
    // A directive's line ends it, and a directive line in between separates them.
    #expect(Lexed("#define A \"a\"\n\"b\"").values == ["a", "b"])
    #expect(Lexed("\"a\"\n#if X\n\"b\"\n#endif\n").values == ["a", "b"])
    // A `@` followed by a space is the punctuator, then a C literal.
    #expect(Lexed(#"@ "a""#).kinds == [.punctuator, .string])
  }

  @Test func rawLiterals() throws {
    #expect(Lexed(#"R"(a\nb "q")""#).literal?.value == #"a\nb "q""#)
    #expect(Lexed(#"R"xy(a)"b)x")xy""#).literal?.value == #"a)"b)x""#)
    #expect(Lexed(#"u8R"(é)", LR"(w)""#).values == ["é", "w"])
    #expect(Lexed(#"uR"(😀)""#).literal?.encoding == .utf16)
    #expect(Lexed(#"UR"(😀)""#).literal?.isRaw == true)
    #expect(Lexed("R\"(line 1\nline 2)\" x").literal?.value == "line 1\nline 2")
    #expect(Lexed("R\"(a\r\nb)\"").literal?.value == "a\nb")
    // Line continuations are not removed inside (phase 2 is reverted in raw literals).
    let spliced = Lexed("s = R\"(a\\\nb)\"; t")
    #expect(spliced.literal?.value == "a\\\nb")
    #expect(spliced.spellings.last == "t")
    // Delimiter of 16 characters; of 17 (invalid): malformed to the end of the line.
    let sixteen = String(repeating: "d", count: 16)
    #expect(Lexed("R\"\(sixteen)(x)\(sixteen)\"").literal?.value == "x")
    let seventeen = String(repeating: "d", count: 17)
    let long = Lexed("R\"\(seventeen)(x)\(seventeen)\"\ny")
    #expect(long.literal?.isMalformed == true && long.spellings.last == "y")
    // Invalid delimiter characters, a missing terminator.
    #expect(Lexed("R\"a b(x)a b\"").literal?.isMalformed == true)
    let unterminated = Lexed("R\"x(never closed)\"\nint y;")
    #expect(unterminated.literal?.isMalformed == true)
    #expect(unterminated.spellings.suffix(3) == ["int", "y", ";"])
    // `R` not directly before `"` is an identifier.
    #expect(Lexed(#"R "(x)""#).kinds == [.identifier, .string])
    // `@R"(…)"` is an NSString (clang reads `@` and any ordinary literal); `@L"…"` is the
    // punctuator and a wide literal (which clang rejects after `@`).
    #expect(Lexed(#"@R"(a\)" @"b""#).literal?.value == "a\\b")
    #expect(Lexed(#"@R"(a)""#).literal?.isObjectiveC == true)
    #expect(Lexed(#"@L"a""#).kinds == [.punctuator, .string])
    #expect(Lexed(#"@u8"a""#).spellings == ["@", #"u8"a""#])
    #expect(Lexed("@U'a'").kinds == [.punctuator, .character])
  }

  @Test func lineContinuationsInsideLiterals() {
    #expect(Lexed("\"ab\\\ncd\"").literal?.value == "abcd")
    #expect(Lexed("\"ab\\\r\ncd\"").literal?.value == "abcd")
    // Spaces between the backslash and the line break (GCC and clang accept them).
    #expect(Lexed("\"ab\\  \ncd\"").literal?.value == "abcd")
    // A continuation after an escaping backslash: `\\` + line break is `\` then the next line.
    #expect(Lexed("\"a\\\\\nb\"").literal?.value == "a\u{8}")
    // The literal's range includes the continuation.
    let lexed = Lexed("x \"ab\\\ncd\" y")
    #expect(lexed.text(lexed.tokens[1]) == "\"ab\\\ncd\"")
  }

  @Test func characterLiteralsAreNotStrings() {
    let lexed = Lexed(#"c = '"'; d = '\''; e = 'abcd'; f = L'x' + u'y' + U'z' + u8'w';"#)
    #expect(lexed.literals.isEmpty)
    #expect(lexed.kinds.filter { $0 == .character }.count == 7)
    #expect(lexed.tokens.allSatisfy { !$0.flags.contains(.isMalformed) })
    #expect(lexed.spellings.contains("L'x'") && lexed.spellings.contains("u8'w'"))
    // A quote inside a string, an apostrophe in a string.
    #expect(Lexed(#""it's" '"'"#).values == ["it's"])
    // Empty, unterminated, invalid escape: malformed.
    for source in ["''", "'abc\n", "'\\x'", "'"] {
      let token = Lexed(source).tokens.first
      #expect(token?.kind == .character && token?.flags.contains(.isMalformed) == true, "\(source)")
    }
    // An unterminated one stops at its line: the next line is read.
    #expect(Lexed("x = 'a\n\"s\"").values == ["s"])
  }

  @Test func cfstrIsAnIdentifierAndALiteral() {
    let lexed = Lexed(#"CFCopyLocalizedString(CFSTR("k"), "c")"#)
    #expect(
      lexed.kinds == [
        .identifier, .punctuator, .identifier, .punctuator, .string,
        .punctuator, .punctuator, .string, .punctuator,
      ])
    #expect(lexed.values == ["k", "c"])
  }
}
