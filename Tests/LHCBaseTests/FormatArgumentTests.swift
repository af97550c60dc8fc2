import LHCBase
import Testing

/// Renders arguments as `position:valueTypes[+*][/substitutions]`, e.g. `1:@,@`, `2:+*`, `3:/n`.
func describeArguments(_ format: FormatString) -> [String] {
  format.arguments.map { argument in
    var text = "\(argument.position):" + argument.specifiers.map(\.valueType).joined(separator: ",")
    if argument.widthOrPrecision { text += "+*" }
    if !argument.substitutionNames.isEmpty {
      text += "/" + argument.substitutionNames.joined(separator: ",")
    }
    return text
  }
}

@Suite struct FormatArgumentTests {
  /// Input, expected arguments, has positional, has non-positional.
  static let cases: [(String, [String], Bool, Bool)] = [
    ("", [], false, false),
    ("100%% %y", [], false, false),
    ("%d %@", ["1:d", "2:@"], false, true),
    ("%1$@ %2$lld %1$@", ["1:@,@", "2:lld"], true, false),
    ("%2$@ %1$d", ["1:d", "2:@"], true, false),
    ("%*d", ["1:+*", "2:d"], false, true),
    ("%.*f %d", ["1:+*", "2:f", "3:d"], false, true),
    ("%*.*f", ["1:+*", "2:+*", "3:f"], false, true),
    ("%1$*2$d", ["1:d", "2:+*"], true, false),
    ("%d %#@n@ %@", ["1:d", "2:/n", "3:@"], false, true),
    ("%#@a@ %#@b@", ["1:/a", "2:/b"], false, true),
    ("%2$#@count@ %1$@", ["1:@", "2:/count"], true, false),
    ("%1$#@count@ %1$d", ["1:d/count"], true, false),
    ("%2$@ %@ %1$d", ["1:@,d", "2:@"], true, true),
    ("%3$@", ["3:@"], true, false),
  ]

  @Test func positions() {
    for (input, expected, positional, nonPositional) in Self.cases {
      let format = FormatString(parsing: input)
      #expect(describeArguments(format) == expected, "\(input)")
      #expect(format.hasPositionalArguments == positional, "\(input)")
      #expect(format.hasNonPositionalArguments == nonPositional, "\(input)")
    }
  }

  @Test func argPlaceholderConsumesNothing() {
    let format = FormatString(parsing: "%arg items", options: .argPlaceholder)
    #expect(format.tokens == [.argPlaceholder, .literal(" items")])
    #expect(format.hasArgPlaceholder)
    #expect(format.arguments.isEmpty)
    #expect(!format.hasPositionalArguments && !format.hasNonPositionalArguments)
  }

  @Test func types() {
    let format = FormatString(parsing: "%1$*1$d %2$@ %2$d %3$#@x@ %4$.*4$f")
    let types = format.arguments.map(\.types)
    #expect(types == [[.int32], [.object, .int32], [], [.double, .int32]])
    #expect(format.arguments.map(\.argumentType) == [.int32, .object, nil, .double])
    let star = FormatString(parsing: "%*d").arguments.first
    #expect(star?.argumentType == .int32 && star?.specifiers.isEmpty == true)
  }
}
