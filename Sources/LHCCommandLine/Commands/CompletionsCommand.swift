/// `lhc completions bash|zsh|fish`: a completion script for the shell, from the command table.
struct CompletionsCommand {
  static let spec = CommandSpec(
    name: "completions",
    abstract: "Print a shell completion script (bash, zsh or fish).",
    arguments: "SHELL",
    options: [],
    discussion: """
      Install: bash: lhc completions bash > ~/.local/share/bash-completion/completions/lhc; \
      zsh: lhc completions zsh > \"${fpath[1]}/_lhc\"; fish: lhc completions fish > \
      ~/.config/fish/completions/lhc.fish. 'make install' installs all three.
      """,
    positionalChoices: CompletionScript.Shell.allCases.map(\.rawValue))

  var shell: CompletionScript.Shell

  init(parsed: ParsedArguments) throws(UsageError) {
    guard parsed.positionals.count == 1, let name = parsed.positionals.first else {
      throw UsageError("name one shell: bash, zsh or fish")
    }
    guard let shell = CompletionScript.Shell(rawValue: name) else {
      throw UsageError("unknown shell '\(name)' (expected bash, zsh or fish)")
    }
    self.shell = shell
  }

  func run(_ console: Console) -> Int32 {
    console.out(CompletionScript.script(for: shell, commands: LHC.commands))
    return ExitStatus.success
  }
}
