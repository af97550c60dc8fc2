import Foundation
import LHCCommandLine
import LHCTestSupport
import Testing

/// `lhc completions bash|zsh|fish` run in the real shells (bash and fish complete a command line;
/// zsh checks the syntax and the registration), and `make install` / `make uninstall`.
@Suite("lhc completions and make install")
struct CompletionsTests {
  /// The script for `shell`, from the in-process command line.
  static func script(_ shell: String) -> String {
    let captured = CapturedOutput()
    let status = LHC.main(
      arguments: ["completions", shell],
      console: Console(out: captured.appendOut, error: captured.appendError))
    #expect(status == 0)
    return captured.stdout
  }

  static func has(_ shell: String) -> Bool {
    FileManager.default.isExecutableFile(atPath: "/usr/bin/\(shell)")
      || FileManager.default.isExecutableFile(atPath: "/bin/\(shell)")
  }

  /// A folder with `a.xcstrings`, `b.txt` and `sub/`, where completions of file names are tried.
  static func folder() throws -> URL {
    let directory = try makeTemporaryDirectory()
    try Data().write(to: directory.appendingPathComponent("a.xcstrings"))
    try Data().write(to: directory.appendingPathComponent("b.txt"))
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("sub"), withIntermediateDirectories: true)
    return directory
  }

  /// Runs `shell -c command` in `directory` with the script sourced (saved elsewhere).
  static func run(_ shell: String, _ command: String, in directory: URL) throws -> String {
    let scripts = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: scripts) }
    let file = scripts.appendingPathComponent("completion.\(shell)")
    try Data(script(shell).utf8).write(to: file)
    let result = try runProcess(
      URL(fileURLWithPath: "/usr/bin/env"), [shell, "-c", "source \(file.path); \(command)"],
      in: directory)
    #expect(result.stderr.isEmpty, "\(result.stderr)")
    return result.stdout
  }

  @Test(.enabled(if: has("bash"), "bash is not installed"))
  func bashCompletesCommandsOptionsValuesAndFiles() throws {
    let directory = try Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    func complete(_ words: [String]) throws -> [String] {
      let array = words.map { "'\($0)'" }.joined(separator: " ")
      let output = try Self.run(
        "bash",
        "COMP_WORDS=(\(array)); COMP_CWORD=\(words.count - 1); _lhc; printf '%s\\n' \"${COMPREPLY[@]}\"",
        in: directory)
      return output.split(separator: "\n").map(String.init).sorted()
    }
    #expect(try complete(["lhc", "co"]) == ["compile", "completions"])
    #expect(try complete(["lhc", "compile", ""]) == ["a.xcstrings", "sub"])
    #expect(
      try complete(["lhc", "compile", "--serialization-format", ""]) == ["binary", "text", "xml"])
    #expect(try complete(["lhc", "diff", "--fail-on", "u"]) == ["unsafe"])
    #expect(try complete(["lhc", "pack", "--ta"]) == ["--target"])
    for command in ["format", "extract", "merge-driver", "import"] {
      #expect(try complete(["lhc", command, "--allow"]) == ["--allow-final-newline"], "\(command)")
    }
    #expect(try complete(["lhc", "gen-symbols", "--st"]) == ["--strict"])
    #expect(try complete(["lhc", "compile", "-o", ""]) == ["sub"])
    #expect(try complete(["lhc", "diff", ""]) == ["a.xcstrings", "b.txt", "sub"])
    #expect(try complete(["lhc", "completions", ""]) == ["bash", "fish", "zsh"])
  }

  @Test(.enabled(if: has("fish"), "fish is not installed"))
  func fishCompletesCommandsOptionsValuesAndFiles() throws {
    let directory = try Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    func complete(_ line: String) throws -> [String] {
      try Self.run("fish", "complete -C '\(line)'", in: directory).split(separator: "\n")
        .map { String($0.prefix { $0 != "\t" }) }.sorted()
    }
    #expect(try complete("lhc co") == ["compile", "completions"])
    #expect(try complete("lhc compile ") == ["a.xcstrings", "sub/"])
    #expect(try complete("lhc gen-symbols --access-level ") == ["internal", "package", "public"])
    #expect(try complete("lhc gen-symbols --st") == ["--strict"])
    #expect(try complete("lhc lint --for") == ["--format"])
    #expect(try complete("lhc format --allow") == ["--allow-final-newline"])
    #expect(try complete("lhc completions ") == ["bash", "fish", "zsh"])
  }

  @Test(.enabled(if: has("zsh"), "zsh is not installed"))
  func zshScriptParsesAndRegistersItself() throws {
    let directory = try Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("_lhc")
    try Data(Self.script("zsh").utf8).write(to: file)
    let syntax = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["zsh", "-n", file.path])
    #expect(syntax.status == 0, "\(syntax.stderr)")
    let registered = try runProcess(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "zsh", "-fc",
        "autoload -U compinit; compinit -u -D; source \(file.path); print ${_comps[lhc]}",
      ])
    #expect(registered.stdout == "_lhc\n", "\(registered.stderr)")
  }

  /// Every command and every option of the command table is in every script.
  @Test(arguments: ["bash", "zsh", "fish"])
  func everyCommandAndOptionIsOffered(shell: String) {
    let text = Self.script(shell)
    for command in [
      "compile", "lint", "stats", "format", "merge-driver", "gen-symbols", "diff", "pack",
      "completions",
    ] {
      #expect(text.contains(command), "\(command)")
    }
    for option in [
      "output-directory", "serialization-format", "fail-on", "access-level", "manifest",
      "catalog-version", "favor", "allow-final-newline", "strict",
    ] {
      #expect(text.contains(option), "\(option)")
    }
  }

  @Test func unknownShellIsAUsageError() {
    let captured = CapturedOutput()
    let status = LHC.main(
      arguments: ["completions", "tcsh"],
      console: Console(out: captured.appendOut, error: captured.appendError))
    #expect(status == 64)
    #expect(captured.stderr.contains("unknown shell 'tcsh'"))
  }

  @Test func makeInstallAndUninstall() throws {
    let prefix = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: prefix) }
    let make = URL(fileURLWithPath: "/usr/bin/env")
    let root = TestPaths.packageRoot.path
    let install = try runProcess(
      make,
      ["make", "-C", root, "install", "PREFIX=\(prefix.path)", "LHC_BINARY=\(RunLHC.binary.path)"])
    #expect(install.status == 0, "\(install.stderr)")
    let installed = try FileManager.default.subpathsOfDirectory(atPath: prefix.path).filter {
      !$0.hasSuffix("/")
        && (try? FileManager.default.contentsOfDirectory(atPath: prefix.path + "/" + $0)) == nil
    }.sorted()
    let manPages = try FileManager.default.contentsOfDirectory(
      atPath: TestPaths.packageRoot.appendingPathComponent("man").path
    ).filter { $0.hasSuffix(".1") }.map { "share/man/man1/" + $0 }
    #expect(
      Set(installed)
        == Set(
          manPages + [
            "bin/lhc", "bin/lhc-fetch", "share/bash-completion/completions/lhc",
            "share/zsh/site-functions/_lhc",
            "share/fish/vendor_completions.d/lhc.fish",
          ]))
    let version = try runProcess(prefix.appendingPathComponent("bin/lhc"), ["--version"])
    #expect(version.stdout.hasPrefix("lhc "))
    // The installed `lhc fetch` finds its helper: a usage error from `lhc-fetch` itself.
    let fetch = try runProcess(
      prefix.appendingPathComponent("bin/lhc"), ["fetch", "--app-version", "1", "-o", "x.zip"],
      environment: ["LINGOHUB_CDN_KEY": ""])
    #expect(fetch.status == 1)
    #expect(fetch.stderr.contains("LINGOHUB_CDN_KEY holds no usable key"), "\(fetch.stderr)")
    let bash = try String(
      contentsOf: prefix.appendingPathComponent("share/bash-completion/completions/lhc"),
      encoding: .utf8)
    #expect(bash == Self.script("bash"))
    let uninstall = try runProcess(
      make, ["make", "-C", root, "uninstall", "PREFIX=\(prefix.path)"])
    #expect(uninstall.status == 0, "\(uninstall.stderr)")
    let left = try FileManager.default.subpathsOfDirectory(atPath: prefix.path).filter {
      (try? FileManager.default.contentsOfDirectory(atPath: prefix.path + "/" + $0)) == nil
    }
    #expect(left.isEmpty, "\(left)")
  }
}
