import Testing

@testable import SwiftSource

@Suite struct LexerTests {
  private func literal(_ source: String) -> StringLiteral? {
    let stream = Lexer.tokenize(Array(source.utf8))
    guard let token = stream.tokens.first(where: { $0.kind == .string }) else { return nil }
    return stream.literals[Int(token.literal)]
  }

  @Test func escapesAndUnicode() {
    #expect(literal(#""a\tb\n\"q\" \u{1F600} \\ \0""#)?.plainText == "a\tb\n\"q\" 😀 \\ \u{0}")
  }

  @Test func interpolationSegments() throws {
    let source = #""Hello \(name), you have \(count(of: "x\(y)")) items""#
    let value = try #require(literal(source))
    #expect(value.segments.count == 5)
    guard case .interpolation(let range) = value.segments[3] else {
      Issue.record("expected an interpolation")
      return
    }
    #expect(String(decoding: Array(source.utf8)[range], as: UTF8.self) == #"count(of: "x\(y)")"#)
  }

  @Test func rawStrings() {
    #expect(literal(##"#"a \n "quoted" \#n"#"##)?.plainText == "a \\n \"quoted\" \n")
    let raw = literal(##"#"x \#(value) y"#"##)
    #expect(raw?.hasInterpolation == true)
  }

  @Test func multilineIndentationAndContinuation() {
    let source = "let s = \"\"\"\n    first\n      second \\\n    joined\n    \"\"\"\n"
    #expect(literal(source)?.plainText == "first\n  second joined")
  }

  @Test func unterminatedIsMalformed() {
    #expect(literal("\"abc\nlet x = 1")?.isMalformed == true)
  }

  @Test func regexAndDivision() {
    let stream = Lexer.tokenize(Array("let a = b / c / d\nlet r = /[a-z]+/\n".utf8))
    #expect(stream.tokens.filter { $0.kind == .regex }.count == 1)
    #expect(stream.tokens.filter { $0.kind == .op }.count == 4)
  }

  @Test func nestedCommentsAndOperators() {
    let stream = Lexer.tokenize(Array("a /* x /* y */ z */ ?? b?.c!".utf8))
    let kinds = stream.tokens.map(\.kind)
    #expect(kinds == [.identifier, .op, .identifier, .op, .period, .identifier, .op, .end])
  }
}
