import LHCBase
import Testing

/// Compact, field-complete rendering of a token, so a table row states the whole parse in one line.
func describe(_ token: FormatToken) -> String {
  switch token {
  case .literal(let text): return "'\(text)'"
  case .percent: return "%%"
  case .argPlaceholder: return "arg"
  case .invalid(let text): return "invalid(\(text))"
  case .substitution(let reference):
    let position = reference.position.map { " pos=\($0)" } ?? ""
    return "sub(\(reference.name)\(position) @\(reference.utf8Offset))"
  case .specifier(let specifier):
    var parts = ["\(specifier.text)", "@\(specifier.utf8Offset)"]
    if let position = specifier.position { parts.append("pos=\(position)") }
    if !specifier.flags.isEmpty { parts.append("flags=\(specifier.flags)") }
    if let width = specifier.width { parts.append("w=\(describe(width))") }
    if let precision = specifier.precision { parts.append("p=\(describe(precision))") }
    if specifier.length != .none { parts.append("len=\(specifier.length.rawValue)") }
    parts.append("conv=\(specifier.conversion)")
    return "spec(\(parts.joined(separator: " ")))"
  }
}

/// `5`, `*` or `*2$`.
func describe(_ count: FormatCount) -> String {
  switch count {
  case .fixed(let value): return "\(value)"
  case .argument(let position): return "*" + (position.map { "\($0)$" } ?? "")
  }
}

/// One table row: input, options, expected token renderings.
struct ParseCase: Sendable, CustomTestStringConvertible {
  var input: String
  var options: FormatString.Options = []
  var expected: [String]
  var testDescription: String { input.debugDescription }

  init(_ input: String, _ expected: [String]) {
    self.init(input, [], expected)
  }

  init(_ input: String, _ options: FormatString.Options, _ expected: [String]) {
    self.input = input
    self.options = options
    self.expected = expected
  }
}

let parseCases: [ParseCase] = [
  ParseCase("", []),
  ParseCase("plain text", ["'plain text'"]),
  ParseCase("100%% sure", ["'100'", "%%", "' sure'"]),
  ParseCase("a%%b%%", ["'a'", "%%", "'b'", "%%"]),
  ParseCase(
    "%1$@ %2$lld %1$@",
    [
      "spec(%1$@ @0 pos=1 conv=@)", "' '", "spec(%2$lld @5 pos=2 len=ll conv=d)", "' '",
      "spec(%1$@ @12 pos=1 conv=@)",
    ]),
  ParseCase("%-5d", ["spec(%-5d @0 flags=- w=5 conv=d)"]),
  ParseCase("%+.3f", ["spec(%+.3f @0 flags=+ p=3 conv=f)"]),
  ParseCase("%05.2lf", ["spec(%05.2lf @0 flags=0 w=5 p=2 len=l conv=f)"]),
  ParseCase("%*d", ["spec(%*d @0 w=* conv=d)"]),
  ParseCase("%.*f", ["spec(%.*f @0 p=* conv=f)"]),
  ParseCase("%1$*2$d", ["spec(%1$*2$d @0 pos=1 w=*2$ conv=d)"]),
  ParseCase("%2$*1$.*3$f", ["spec(%2$*1$.*3$f @0 pos=2 w=*1$ p=*3$ conv=f)"]),
  ParseCase("%#x", ["spec(%#x @0 flags=# conv=x)"]),
  ParseCase("%'d", ["spec(%'d @0 flags=' conv=d)"]),
  ParseCase("% d", ["spec(% d @0 flags=  conv=d)"]),
  ParseCase("%-+ #0'8d", ["spec(%-+ #0'8d @0 flags=-+ #0' w=8 conv=d)"]),
  ParseCase("%.f", ["spec(%.f @0 p=0 conv=f)"]),
  ParseCase("%10.05e", ["spec(%10.05e @0 w=10 p=5 conv=e)"]),
  ParseCase("%lld%%", ["spec(%lld @0 len=ll conv=d)", "%%"]),
  ParseCase("50% off", ["'50'", "spec(% o @2 flags=  conv=o)", "'ff'"]),
  ParseCase("50%-ig", ["'50'", "spec(%-i @2 flags=- conv=i)", "'g'"]),
  ParseCase("100%", ["'100'", "invalid(%)"]),
  ParseCase("%", ["invalid(%)"]),
  ParseCase("%l", ["invalid(%l)"]),
  ParseCase("%5", ["invalid(%5)"]),
  ParseCase("%y and", ["invalid(%y)", "' and'"]),
  ParseCase("%llld", ["invalid(%lll)", "'d'"]),
  ParseCase("%hhhd", ["invalid(%hhh)", "'d'"]),
  ParseCase("%0$d", ["invalid(%0$)", "'d'"]),
  ParseCase("%*0$d", ["invalid(%*0$)", "'d'"]),
  ParseCase("%*5d", ["invalid(%*5d)"]),
  ParseCase("%.*x", ["spec(%.*x @0 p=* conv=x)"]),
  ParseCase("%é!", ["invalid(%é)", "'!'"]),
  ParseCase("%5%d", ["invalid(%5)", "spec(%d @2 conv=d)"]),
  ParseCase("%1$", ["invalid(%1$)"]),
  ParseCase("%#@total.strings@", ["sub(total.strings @0)"]),
  ParseCase("%2$#@count@ left", ["sub(count pos=2 @0)", "' left'"]),
  ParseCase("%#@名前@", ["sub(名前 @0)"]),
  ParseCase("%#@a%d@", ["sub(a%d @0)"]),
  ParseCase("%#@unterminated and %d", ["invalid(%#@unterminated and %d)"]),
  ParseCase("%#@@x", ["invalid(%#@@)", "'x'"]),
  ParseCase("%1$#@@", ["invalid(%1$#@@)"]),
  ParseCase("%#@", ["invalid(%#@)"]),
  ParseCase("%-#@x@", ["spec(%-#@ @0 flags=-# conv=@)", "'x@'"]),
  ParseCase("%arg", ["spec(%a @0 conv=a)", "'rg'"]),
  ParseCase("%arg", .argPlaceholder, ["arg"]),
  ParseCase("x %args", .argPlaceholder, ["'x '", "arg", "'s'"]),
  ParseCase("%ar", .argPlaceholder, ["spec(%a @0 conv=a)", "'r'"]),
  ParseCase("%1$arg", .argPlaceholder, ["spec(%1$a @0 pos=1 conv=a)", "'rg'"]),
  ParseCase("%%arg", .argPlaceholder, ["%%", "'arg'"]),
  ParseCase(
    "😀 %d e\u{301}%@", ["'😀 '", "spec(%d @5 conv=d)", "' e\u{301}'", "spec(%@ @11 conv=@)"]),
  ParseCase("👩‍👩‍👧 %1$@", ["'👩‍👩‍👧 '", "spec(%1$@ @19 pos=1 conv=@)"]),
  ParseCase("%99999999999d", ["spec(%99999999999d @0 w=2147483647 conv=d)"]),
]

@Suite struct FormatStringParsingTests {
  @Test(arguments: parseCases)
  func tokens(_ row: ParseCase) {
    let parsed = FormatString(parsing: row.input, options: row.options)
    #expect(parsed.tokens.map(describe) == row.expected)
    #expect(parsed.text == row.input)
  }

  @Test func invalidTokensAndAccessors() {
    let parsed = FormatString(parsing: "%y %d %#@n@ 100%", options: [])
    #expect(parsed.invalidTokens == ["%y", "%"])
    #expect(parsed.specifiers.map(\.text) == ["%d"])
    #expect(parsed.substitutionReferences.map(\.name) == ["n"])
  }

  @Test func valueType() {
    let cases = ["%1$-5.2lld": "lld", "%@": "@", "%d": "d", "%05.2lf": "lf", "%hhx": "hhx"]
    for (input, expected) in cases {
      #expect(FormatString(parsing: input).specifiers.first?.valueType == expected, "\(input)")
    }
  }

  @Test func argumentTypes() {
    let cases: [(String, ArgumentType)] = [
      ("%d", .int32), ("%i", .int32), ("%hhd", .int8), ("%hd", .int16), ("%ld", .int64),
      ("%lld", .int64), ("%qd", .int64), ("%zd", .int64), ("%td", .int64), ("%jd", .int64),
      ("%Ld", .int64), ("%u", .uint32), ("%o", .uint32), ("%x", .uint32), ("%X", .uint32),
      ("%hhx", .uint8), ("%ho", .uint16), ("%lu", .uint64), ("%llX", .uint64), ("%zu", .uint64),
      ("%D", .int64), ("%U", .uint64), ("%O", .uint64), ("%f", .double), ("%lf", .double),
      ("%Lf", .longDouble), ("%LG", .longDouble), ("%F", .double), ("%e", .double), ("%E", .double),
      ("%g", .double), ("%G", .double), ("%a", .double), ("%A", .double), ("%c", .character),
      ("%lc", .wideCharacter), ("%C", .wideCharacter), ("%s", .cString), ("%ls", .wideCString),
      ("%S", .wideCString), ("%p", .pointer), ("%n", .countPointer), ("%@", .object),
    ]
    for (input, expected) in cases {
      #expect(FormatString(parsing: input).specifiers.first?.argumentType == expected, "\(input)")
    }
    #expect(ArgumentType.uint8.isInteger && !ArgumentType.uint8.isFloatingPoint)
    #expect(ArgumentType.longDouble.isFloatingPoint && ArgumentType.longDouble.isNumeric)
    #expect(!ArgumentType.character.isNumeric && !ArgumentType.object.isNumeric)
    #expect(!ArgumentType.pointer.isInteger)
  }

  /// Numbering as Foundation binds arguments: numbered ones keep their number, the others count
  /// from the start (a variable's argument for its forms), only they advancing the count; nil
  /// where implementations differ or the binding is not known.
  @Test func numberedArguments() {
    let cases: [(String, Int, String?)] = [
      ("%@ %#@posts@", 1, "%1$@ %2$#@posts@"),
      ("%@ %2$#@posts@", 1, "%1$@ %2$#@posts@"),
      ("%ld characters", 1, "%1$ld characters"),
      ("%ld characters", 2, "%2$ld characters"),
      ("%1$@ and %ld others", 2, "%1$@ and %2$ld others"),
      ("%ld then %1$@", 2, "%2$ld then %1$@"),
      ("%-5.2lld%% of %+d", 1, "%1$-5.2lld%% of %2$+d"),
      ("%2$@ %1$d", 1, "%2$@ %1$d"),
      ("%12$ld, %13$@", 1, "%12$ld, %13$@"),
      ("no arguments, 100%%", 1, "no arguments, 100%%"),
      ("", 1, ""),
      // An unnumbered argument after a numbered one that it does not follow: CoreFoundation
      // reads argument 1 for `%@`, a count going on from `%1$@` would read 2.
      ("%1$@ %@", 1, nil),
      ("%2$@ %@", 1, nil),
      ("%1$@ %ld %ld", 2, "%1$@ %2$ld %3$ld"),
      ("%1$@ %ld %ld", 3, nil),
      // `*` widths and precisions, invalid directives: not numbered.
      ("%*d", 1, nil),
      ("%.*f", 1, nil),
      ("%1$*2$d", 1, nil),
      ("%d is 100%", 1, nil),
      ("%#@broken", 1, nil),
    ]
    for (input, first, expected) in cases {
      #expect(
        FormatString(parsing: input).numberedArguments(from: first) == expected,
        "\(input) from \(first)")
    }
  }

  /// A format whose arguments are all unnumbered or all numbered reads, once numbered, the same
  /// argument with the same specifier at every place (the parser's own sequential resolution,
  /// `arguments`, is the oracle).
  @Test func numberingKeepsEveryArgumentInPlace() throws {
    let specifiers = ["%@", "%d", "%lld", "%5.2f", "%-3s", "%#@v@", "%%", "text ", "%u"]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<500 {
      let count = Int.random(in: 0...6, using: &generator)
      let input = (0..<count).map { _ in specifiers.randomElement(using: &generator)! }.joined()
      let numbered = try #require(FormatString(parsing: input).numberedArguments())
      let before = FormatString(parsing: input).arguments
      let after = FormatString(parsing: numbered).arguments
      #expect(before.map(\.position) == after.map(\.position), "\(input)")
      #expect(
        before.map { $0.specifiers.map(\.valueType) }
          == after.map { $0.specifiers.map(\.valueType) },
        "\(input)")
      #expect(!FormatString(parsing: numbered).hasNonPositionalArguments, "\(numbered)")
    }
  }
}
