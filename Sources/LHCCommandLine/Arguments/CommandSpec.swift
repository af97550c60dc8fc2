/// One option of a command, as the table-driven parser and the help text see it.
struct OptionSpec: Sendable {
  /// Long name without dashes (`output-directory`); the key of parsed values.
  var long: String
  /// Short name (`o` for `-o`).
  var short: Character?
  /// Name of the value in help (`DIR`); `nil` for a flag.
  var valueName: String?
  /// May be given more than once.
  var repeatable = false
  var help: String
  /// The values the option takes, when they are a fixed list (offered by shell completion).
  var choices: [String] = []

  static func flag(_ long: String, short: Character? = nil, help: String) -> OptionSpec {
    OptionSpec(long: long, short: short, valueName: nil, help: help)
  }

  static func value(
    _ long: String, short: Character? = nil, _ valueName: String, repeatable: Bool = false,
    choices: [String] = [], help: String
  ) -> OptionSpec {
    OptionSpec(
      long: long, short: short, valueName: valueName, repeatable: repeatable, help: help,
      choices: choices)
  }

  /// `-o, --output-directory DIR`.
  var synopsis: String {
    let names = (short.map { "-\($0), " } ?? "    ") + "--\(long)"
    return valueName.map { "\(names) \($0)" } ?? names
  }
}

/// A command's name, options and help.
struct CommandSpec: Sendable {
  var name: String
  var abstract: String
  /// Positional arguments in the usage line (`CATALOG...`).
  var arguments: String
  var options: [OptionSpec]
  /// Extra help paragraphs.
  var discussion: String = ""
  /// The words the positional arguments are, when they are a fixed list (`bash`, `zsh`, `fish`).
  var positionalChoices: [String] = []

  /// File extensions the positional arguments have (`xcstrings` for `CATALOG.xcstrings...`),
  /// read from ``arguments``; empty when any file or folder will do.
  var positionalExtensions: [String] {
    arguments.split(whereSeparator: { $0 == " " || $0 == "|" }).compactMap { word in
      guard let dot = word.firstIndex(of: ".") else { return nil }
      let ext = word[word.index(after: dot)...].prefix { $0.isLetter || $0.isNumber }
      return ext.isEmpty ? nil : String(ext)
    }
  }

  var usage: String {
    "lhc \(name) [options] \(arguments)"
  }

  /// The `--help` text.
  var help: String {
    var text = "OVERVIEW: \(abstract)\n\nUSAGE: \(usage)\n\nOPTIONS:\n"
    let all = options + [.flag("help", short: "h", help: "Show help for this command.")]
    let width = all.map(\.synopsis.count).max() ?? 0
    for option in all {
      let padding = String(repeating: " ", count: width - option.synopsis.count + 2)
      text += "  \(option.synopsis)\(padding)\(option.help)\n"
    }
    if !discussion.isEmpty { text += "\n\(discussion)\n" }
    text += "\nSee lhc-\(name)(1) for details.\n"
    return text
  }
}
