/// Shell completion scripts for lhc, generated from the same command table as `--help`:
/// subcommands, their options (with fixed value lists, folders for `DIR`, files for `FILE`), and
/// positional files filtered by the extension the usage line names (`CATALOG.xcstrings...`).
enum CompletionScript {
  enum Shell: String, CaseIterable {
    case bash, zsh, fish
  }

  static func script(for shell: Shell, commands: [CommandSpec]) -> String {
    switch shell {
    case .bash: bash(commands)
    case .zsh: zsh(commands)
    case .fish: fish(commands)
    }
  }

  /// How an option's value is completed.
  enum ValueKind: Equatable {
    case none, directory, file, choices([String])

    init(_ option: OptionSpec) {
      if !option.choices.isEmpty {
        self = .choices(option.choices)
      } else if option.valueName == "DIR" {
        self = .directory
      } else if option.valueName == "FILE" {
        self = .file
      } else {
        self = .none
      }
    }
  }

  /// Every option of `command`, `--help` included.
  static func options(of command: CommandSpec) -> [OptionSpec] {
    command.options + [.flag("help", short: "h", help: "Show help for this command.")]
  }

  /// `-o --output-directory`.
  static func names(_ option: OptionSpec) -> [String] {
    (option.short.map { ["-\($0)"] } ?? []) + ["--\(option.long)"]
  }
}
