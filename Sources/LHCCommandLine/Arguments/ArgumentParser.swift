/// A usage error: bad option, missing value. Exits with status 64.
package struct UsageError: Error, Equatable {
  package var message: String
  package init(_ message: String) { self.message = message }
}

/// What the parser found: option values by long name, and positional arguments.
package struct ParsedArguments: Equatable {
  var values: [String: [String]] = [:]
  package var positionals: [String] = []
  /// `--help` or `-h` was given.
  var wantsHelp = false

  package func flag(_ long: String) -> Bool { values[long] != nil }
  package func value(_ long: String) -> String? { values[long]?.last }
  package func all(_ long: String) -> [String] { values[long] ?? [] }

  /// The value of `--long` as one of `T`'s cases, `fallback` when not given; any other value is
  /// `unknown <long> 'value' (expected <expected>)`.
  package func choice<T: RawRepresentable<String>>(
    _ long: String, default fallback: T, expected: String
  ) throws(UsageError) -> T {
    guard let text = value(long) else { return fallback }
    guard let chosen = T(rawValue: text) else {
      throw UsageError("unknown \(long) '\(text)' (expected \(expected))")
    }
    return chosen
  }

  /// ``choice(_:default:expected:)`` expecting the cases' names, comma-separated.
  package func choice<T: RawRepresentable<String> & CaseIterable>(
    _ long: String, default fallback: T
  ) throws(UsageError) -> T {
    try choice(
      long, default: fallback, expected: T.allCases.map(\.rawValue).joined(separator: ", "))
  }
}

/// Parses arguments against a command's option table.
///
/// Accepts `--name value`, `--name=value`, `-n value`, `-nvalue`, flags, and `--` to end options.
enum ArgumentParser {
  static func parse(_ arguments: [String], for command: CommandSpec) throws(UsageError)
    -> ParsedArguments
  {
    var parsed = ParsedArguments()
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
        parsed.positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      if argument == "--help" || argument == "-h" {
        parsed.wantsHelp = true
        continue
      }
      let (option, inlineValue) = try lookUp(argument, in: command)
      var value: String?
      if option.valueName != nil {
        if let inlineValue {
          value = inlineValue
        } else if index < arguments.count {
          value = arguments[index]
          index += 1
        } else {
          throw UsageError("missing value for '\(argument)'")
        }
      } else if inlineValue != nil {
        throw UsageError("option '--\(option.long)' does not take a value")
      }
      if parsed.values[option.long] != nil && !option.repeatable && option.valueName != nil {
        throw UsageError("option '--\(option.long)' given more than once")
      }
      parsed.values[option.long, default: []].append(value ?? "")
    }
    return parsed
  }

  /// The option an argument names, and a value written into the same argument.
  private static func lookUp(_ argument: String, in command: CommandSpec) throws(UsageError)
    -> (OptionSpec, String?)
  {
    if argument.hasPrefix("--") {
      let body = argument.dropFirst(2)
      let name = body.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
      let inline = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
      guard let option = command.options.first(where: { $0.long == name }) else {
        throw UsageError("unknown option '--\(name)'")
      }
      return (option, inline)
    }
    let short = argument.dropFirst().first
    guard let option = command.options.first(where: { $0.short != nil && $0.short == short })
    else {
      throw UsageError("unknown option '\(argument)'")
    }
    let rest = argument.dropFirst(2)
    return (option, rest.isEmpty ? nil : String(rest))
  }
}
