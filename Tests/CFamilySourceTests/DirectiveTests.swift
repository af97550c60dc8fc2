import CFamilySource
import Testing

/// Preprocessing directives and the code `#if 0` excludes.
@Suite struct DirectiveTests {
  @Test func directiveNames() {
    let source = """
      #define A 1
      #undef A
      #include <stdio.h>
      #include_next "b.h"
      #import "Foo.h"
      #if X
      #ifdef Y
      #ifndef Z
      #elif W
      #elifdef V
      #elifndef U
      #else
      #endif
      #pragma mark - "Section"
      #error "no"
      #warning don't
      #line 12 "file.m"
      #ident "x"
      # 12 "marker.c"
      #
      """
    let lexed = Lexed(source)
    #expect(
      lexed.directives == [
        .define, .undef, .include, .includeNext, .import, .if, .ifdef, .ifndef, .elif, .elifdef,
        .elifndef, .else, .endif, .pragma, .error, .warning, .line, .other, .other, .null,
      ])
    // Only the lexed directives' rest remains: `A 1`, `A`, `X`, `Y`, `Z`, `W`, `V`, `U`.
    #expect(lexed.literals.isEmpty)
    #expect(
      lexed.tokens.filter { $0.kind != .directive }.map(lexed.spelling) == [
        "A", "1", "A", "X", "Y", "Z", "W", "V", "U",
      ])
    #expect(lexed.tokens.allSatisfy { $0.flags.contains(.inDirective) })
    // The token spans `#` and the name; a nameless one is `#` alone.
    #expect(lexed.spelling(lexed.tokens[0]) == "#define")
    #expect(lexed.tokens.filter { $0.directive == .other }.map(lexed.spelling) == ["#ident", "#"])
  }

  @Test func definesKeepTheirLiterals() throws {
    let source = """
      #define kTitle NSLocalizedString(@"Title", nil)
      NSString *t = kTitle;
      """
    let lexed = Lexed(source)
    let literal = try #require(lexed.stream.tokens.first { $0.kind == .string })
    #expect(literal.flags.contains(.inDirective))
    #expect(lexed.values == ["Title"])
    // The directive ends with its line: `NSString` is ordinary code.
    #expect(
      lexed.spellings(with: .inDirective) == [
        "#define", "kTitle", "NSLocalizedString", "(", "@\"Title\"", ",", "nil", ")",
      ])
  }

  @Test func directivesRunToTheEndOfTheLogicalLine() {
    let source = """
      #define LONG(x) \\
        NSLocalizedString(x, \\
          @"comment")
      int y = 0; // \\
      "hidden"
      #define B /* a comment
        over lines */ "still in B"
      "after"
      """
    let lexed = Lexed(source)
    #expect(lexed.values(with: .inDirective) == ["comment", "still in B"])
    #expect(lexed.values(with: .inDirective, without: true) == ["after"])
    #expect(lexed.spellings(with: .inDirective).contains("LONG"))
    #expect(!lexed.spellings(with: .inDirective).contains("int"))
  }

  @Test func skippedDirectivesYieldNoLiteral() {
    let source = """
      #import "Foo.h"
      #include <a//b.h>
      #pragma mark - "x"
      #error don't "go"
      #warning /* "y" */ z
      #line 3 "f.m"
      #else "e"
      #endif "f"
      "kept"
      """
    let lexed = Lexed(source)
    #expect(lexed.values == ["kept"])
    #expect(lexed.tokens.filter { $0.kind != .directive }.map(lexed.spelling) == [#""kept""#])
    // A skipped line's string may hold `//` or `/*`: it stays a string there.
    #expect(Lexed("#error \"/*\" x\n\"kept\" */").values == ["kept"])
    // A continued skipped line is skipped whole.
    #expect(Lexed("#pragma a \\\n \"b\"\n\"kept\"").values == ["kept"])
  }

  @Test func onlyAHashFirstOnItsLineStartsADirective() {
    #expect(Lexed("  #  define X").directives == [.define])
    #expect(Lexed("\t# /* c */ define X").directives == [.define])
    #expect(Lexed("%:define X").directives == [.define])
    #expect(Lexed("/* c */ #define X").directives == [.define])
    // After a token on the line, `#` is a punctuator; a multi-line comment is one space.
    #expect(Lexed("a # define X").directives.isEmpty)
    #expect(Lexed("int x; /*\n*/ #define Y 1").directives.isEmpty)
    // In a define body: stringizing and pasting.
    let body = Lexed("#define S(x) #x ## y")
    #expect(body.tokens.compactMap(\.punctuator).suffix(2) == [.hash, .hashHash])
    // `##` first on a line is the pasting punctuator.
    #expect(Lexed("a\n## define").directives.isEmpty)
    #expect(Lexed("a\n%:%: define").tokens[1].punctuator == .hashHash)
    #expect(Lexed("a\n# # define").directives == [.other])
    // After a continuation the line goes on.
    #expect(Lexed("x \\\n#define Y").directives.isEmpty)
  }

  @Test func ifZeroIsInactive() {
    let source = """
      #if 0
      NSLocalizedString(@"dead", nil); don't
      #endif
      NSLocalizedString(@"live", nil);
      """
    let lexed = Lexed(source)
    #expect(lexed.values(with: .isInactive) == ["dead"])
    #expect(lexed.values(with: .isInactive, without: true) == ["live"])
    // The conditional's own directives are active; the apostrophe did not hide `#endif`.
    #expect(
      lexed.tokens.filter { $0.kind == .directive }.allSatisfy {
        !$0.flags.contains(.isInactive)
      })
  }

  @Test func ifOneExcludesItsElse() {
    let lexed = Lexed("#if 1\n\"a\"\n#else\n\"b\"\n#endif\n\"c\"")
    #expect(lexed.values(with: .isInactive) == ["b"])
    let elif = Lexed("#if 0\n\"a\"\n#elif 1\n\"b\"\n#elif X\n\"c\"\n#else\n\"d\"\n#endif")
    #expect(elif.values(with: .isInactive) == ["a", "c", "d"])
    let elifZero = Lexed("#if X\n\"a\"\n#elif 0\n\"b\"\n#else\n\"c\"\n#endif")
    #expect(elifZero.values(with: .isInactive) == ["b"])
    // The else of `#if 0` is active.
    #expect(Lexed("#if 0\n\"a\"\n#else\n\"b\"\n#endif").values(with: .isInactive) == ["a"])
  }

  @Test func otherConditionsArePossiblyActive() {
    let source = """
      #ifdef DEBUG
      "a"
      #else
      "b"
      #endif
      #if 0 && X
      "c"
      #endif
      #if (0)
      "d"
      #endif
      #if FOO
      "e"
      #elif BAR
      "f"
      #endif
      #ifndef A
      "g"
      #elifdef B
      "h"
      #endif
      """
    #expect(Lexed(source).values(with: .isInactive).isEmpty)
    // A comment after the condition is not part of it.
    #expect(Lexed("#if 0 // off\n\"a\"\n#endif").values(with: .isInactive) == ["a"])
    #expect(Lexed("#if 0 /* off */\n\"a\"\n#endif").values(with: .isInactive) == ["a"])
    #expect(Lexed("#if \\\n 0\n\"a\"\n#endif").values(with: .isInactive) == ["a"])
  }

  @Test func nestedConditionalsInInactiveCode() {
    let source = """
      #if 0
      #if 1
      "a"
      #else
      "b"
      #endif
      #ifdef X
      "c"
      #endif
      "d"
      #else
      "e"
      #endif
      "f"
      """
    let lexed = Lexed(source)
    #expect(lexed.values(with: .isInactive) == ["a", "b", "c", "d"])
    #expect(lexed.values(with: .isInactive, without: true) == ["e", "f"])
    // Nested directives inside are inactive too, the outer ones not.
    let inactiveDirectives = lexed.tokens.filter {
      $0.kind == .directive && $0.flags.contains(.isInactive)
    }
    #expect(inactiveDirectives.count == 5)
  }

  @Test func unbalancedConditionalsDoNotTrap() {
    #expect(Lexed("#endif\n#else\n#elif 1\n\"a\"").values(with: .isInactive).isEmpty)
    #expect(Lexed("#if 0\n\"a\"").values(with: .isInactive) == ["a"])
    #expect(Lexed("#if 0").isWellFormed)
    #expect(Lexed("#").directives == [.null])
  }

  @Test func lineEndings() {
    let crlf = Lexed("#define A \"a\"\r\n\"b\"\r\n#if 0\r\n\"c\"\r\n#endif\r\n")
    #expect(crlf.values(with: .inDirective) == ["a"])
    #expect(crlf.values(with: .isInactive) == ["c"])
    #expect(crlf.values == ["a", "b", "c"])
    let cr = Lexed("#define A \"a\"\r\"b\"\r#if 0\r\"c\"\r#endif\r")
    #expect(cr.values(with: .isInactive) == ["c"])
    #expect(cr.values == ["a", "b", "c"])
  }
}
