import Foundation

/// The lhc command line: arguments in, exit status out. Everything is testable in-process.
public enum LHC {
  /// The version printed by `lhc --version` and recorded in manifests.
  public static let version = "0.1.0"

  /// Commands by name, in the order `lhc --help` lists them.
  static let commands: [CommandSpec] = [
    CompileCommand.spec, LintCommand.spec, StatsCommand.spec, GenSymbolsCommand.spec,
    FetchCommand.spec, DiffCommand.spec, PackCommand.spec, CompletionsCommand.spec,
  ]

  /// Runs lhc with `arguments` (without the program name) and returns the exit status.
  /// `environment` is where Xcode's build settings are read from (a Run Script phase's).
  public static func main(
    arguments: [String], console: Console = .standard(),
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Int32 {
    guard let first = arguments.first else {
      console.error("Error: missing command\n\n\(usage)")
      return ExitStatus.usage
    }
    switch first {
    case "--help", "-h", "help":
      if first == "help", arguments.count > 1 {
        guard let command = commands.first(where: { $0.name == arguments[1] }) else {
          console.error("Error: unknown command '\(arguments[1])'\n\n\(usage)")
          return ExitStatus.usage
        }
        console.out(command.help)
      } else {
        console.out(overview)
      }
      return ExitStatus.success
    case "--version":
      console.out("lhc \(version)\n")
      return ExitStatus.success
    default:
      break
    }
    let rest = Array(arguments.dropFirst())
    switch first {
    case CompileCommand.spec.name:
      return run(CompileCommand.spec, rest, console) { (parsed) throws(UsageError) in
        try CompileCommand(parsed: parsed, environment: environment).run(console)
      }
    case LintCommand.spec.name:
      return run(LintCommand.spec, rest, console) { (parsed) throws(UsageError) in
        try LintCommand(parsed: parsed).run(console)
      }
    case StatsCommand.spec.name:
      return run(StatsCommand.spec, rest, console) { (parsed) throws(UsageError) in
        try StatsCommand(parsed: parsed).run(console)
      }
    case GenSymbolsCommand.spec.name:
      return run(GenSymbolsCommand.spec, rest, console) { (parsed) throws(UsageError) in
        try GenSymbolsCommand(parsed: parsed, environment: environment).run(console)
      }
    case DiffCommand.spec.name:
      return run(DiffCommand.spec, rest, console) { (parsed) throws(UsageError) in
        try DiffCommand(parsed: parsed).run(console)
      }
    case PackCommand.spec.name:
      return run(PackCommand.spec, rest, console) { (parsed) throws(UsageError) in
        try PackCommand(parsed: parsed).run(console)
      }
    case CompletionsCommand.spec.name:
      return run(CompletionsCommand.spec, rest, console) { (parsed) throws(UsageError) in
        try CompletionsCommand(parsed: parsed).run(console)
      }
    case FetchCommand.spec.name:
      return run(FetchCommand.spec, rest, console) { (parsed) throws(UsageError) in
        try FetchCommand(parsed: parsed).run(console)
      }
    default:
      console.error("Error: unknown command '\(first)'\n\n\(usage)")
      return ExitStatus.usage
    }
  }

  /// Parses a command's arguments, handles `--help` and usage errors, then runs it.
  private static func run(
    _ spec: CommandSpec, _ arguments: [String], _ console: Console,
    body: (ParsedArguments) throws(UsageError) -> Int32
  ) -> Int32 {
    do {
      let parsed = try ArgumentParser.parse(arguments, for: spec)
      if parsed.wantsHelp {
        console.out(spec.help)
        return ExitStatus.success
      }
      return try body(parsed)
    } catch {
      console.error(
        "Error: \(error.message)\nUsage: \(spec.usage)\n  See 'lhc \(spec.name) --help'.\n")
      return ExitStatus.usage
    }
  }

  static var usage: String {
    "Usage: lhc <command> [options]\n  See 'lhc --help'.\n"
  }

  static var overview: String {
    var text = """
      OVERVIEW: lhc \(version) — build-time localization toolchain for Apple-platform apps

      USAGE: lhc <command> [options]

      COMMANDS:

      """
    for command in commands {
      text +=
        "  \(command.name.padding(toLength: 14, withPad: " ", startingAt: 0))\(command.abstract)\n"
    }
    text += """

      OPTIONS:
        --version     Print the version.
        -h, --help    Show this help; 'lhc <command> --help' or 'lhc help <command>' for a command.

      See lhc(1).

      """
    return text
  }
}

/// Exit statuses shared by every command.
enum ExitStatus {
  static let success: Int32 = 0
  /// Errors in the input (diagnostics printed), or output that could not be written.
  static let failure: Int32 = 1
  /// Bad command line (`EX_USAGE`).
  static let usage: Int32 = 64
}
