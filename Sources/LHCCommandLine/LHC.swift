import Foundation

/// The lhc command line: arguments in, exit status out. Everything is testable in-process.
public enum LHC {
  /// The version printed by `lhc --version` and `lhc-fetch --version` and recorded in manifests.
  /// The `VERSION` file at the repository root is the one source: `make version` writes it here and
  /// into the man pages' footers, and `VersionTests` fails when any of them differs.
  public static let version = "0.1.0"

  /// A command: its name, options and help, and how it runs once its arguments are parsed.
  struct Command: Sendable {
    typealias Run =
      @Sendable (ParsedArguments, Console, [String: String]) throws(UsageError)
      -> Int32

    enum Action: Sendable {
      case run(Run)
      /// Run by a helper executable beside `lhc` (see ``HelperExecutable``), given the arguments
      /// once they have parsed.
      case helper(String)
    }

    var spec: CommandSpec
    var action: Action

    init(spec: CommandSpec, run: @escaping Run) {
      self.spec = spec
      action = .run(run)
    }

    init(spec: CommandSpec, helper: String) {
      self.spec = spec
      action = .helper(helper)
    }
  }

  /// Every command, in the order `lhc --help` lists them.
  static let all: [Command] = [
    Command(spec: CompileCommand.spec) { (parsed, console, environment) throws(UsageError) in
      try CompileCommand(parsed: parsed, environment: environment).run(console)
    },
    Command(spec: LintCommand.spec) { (parsed, console, _) throws(UsageError) in
      try LintCommand(parsed: parsed).run(console)
    },
    Command(spec: StatsCommand.spec) { (parsed, console, _) throws(UsageError) in
      try StatsCommand(parsed: parsed).run(console)
    },
    Command(spec: FormatCommand.spec) { (parsed, console, _) throws(UsageError) in
      try FormatCommand(parsed: parsed).run(console)
    },
    Command(spec: MergeDriverCommand.spec) { (parsed, console, _) throws(UsageError) in
      try MergeDriverCommand(parsed: parsed).run(console)
    },
    Command(spec: GenSymbolsCommand.spec) { (parsed, console, environment) throws(UsageError) in
      try GenSymbolsCommand(parsed: parsed, environment: environment).run(console)
    },
    // In `lhc-fetch`: only it links the network stack (FoundationNetworking, libcurl and its
    // TLS libraries), which would otherwise make every `lhc` start 2.5 times slower.
    Command(spec: FetchSpec.spec, helper: "lhc-fetch"),
    Command(spec: DiffCommand.spec) { (parsed, console, _) throws(UsageError) in
      try DiffCommand(parsed: parsed).run(console)
    },
    Command(spec: PackCommand.spec) { (parsed, console, environment) throws(UsageError) in
      try PackCommand(parsed: parsed, environment: environment).run(console)
    },
    Command(spec: ExportCommand.spec) { (parsed, console, _) throws(UsageError) in
      try ExportCommand(parsed: parsed).run(console)
    },
    Command(spec: ImportCommand.spec) { (parsed, console, _) throws(UsageError) in
      try ImportCommand(parsed: parsed).run(console)
    },
    Command(spec: ExtractCommand.spec) { (parsed, console, environment) throws(UsageError) in
      try ExtractCommand(parsed: parsed, environment: environment).run(console)
    },
    Command(spec: CompletionsCommand.spec) { (parsed, console, _) throws(UsageError) in
      try CompletionsCommand(parsed: parsed).run(console)
    },
  ]

  /// The commands' specs, in `lhc --help` order (help, completion scripts).
  static var commands: [CommandSpec] { all.map(\.spec) }

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
    guard let command = all.first(where: { $0.spec.name == first }) else {
      console.error("Error: unknown command '\(first)'\n\n\(usage)")
      return ExitStatus.usage
    }
    let rest = Array(arguments.dropFirst())
    return run(command.spec, rest, console) { (parsed) throws(UsageError) in
      switch command.action {
      case .run(let run): return try run(parsed, console, environment)
      case .helper(let helper):
        return HelperExecutable.exec(helper, arguments: rest, console: console)
      }
    }
  }

  /// The entry point of a helper executable (`lhc-fetch`) for the table's command `name`:
  /// `arguments` (after the command name) parsed and `--help` answered as `lhc` does.
  package static func runHelper(
    _ name: String, arguments: [String], console: Console,
    body: (ParsedArguments) throws(UsageError) -> Int32
  ) -> Int32 {
    guard let command = all.first(where: { $0.spec.name == name }) else {
      console.error("Error: unknown command '\(name)'\n\n\(usage)")
      return ExitStatus.usage
    }
    return run(command.spec, arguments, console, body: body)
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
package enum ExitStatus {
  package static let success: Int32 = 0
  /// Errors in the input (diagnostics printed), or output that could not be written.
  package static let failure: Int32 = 1
  /// Bad command line (`EX_USAGE`).
  package static let usage: Int32 = 64
}
