import Foundation
import LHCCommandLine
import LHCTestSupport
import Testing

/// True when `man` is man-db's (it has `--warnings` and `-l`) and groff is installed: `make test`
/// installs both (`make deps`).
let manDBAvailable: Bool = {
  let man = try? runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["man", "--version"])
  let groff = try? runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["groff", "--version"])
  return man?.status == 0 && man?.stdout.hasPrefix("man ") == true && groff?.status == 0
}()

/// The documentation a user meets first: a README short enough to read, one entry and one man
/// page per command, and man pages that render cleanly in an 80-column terminal.
@Suite("README and man pages")
struct DocumentationTests {
  static let readme = TestPaths.packageRoot.appendingPathComponent("README.md")
  static let manFolder = TestPaths.packageRoot.appendingPathComponent("man")

  /// Every man page of the package (`man/*.1`), sorted.
  static let manPages: [URL] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: manFolder.path)) ?? []
    return names.filter { $0.hasSuffix(".1") }.sorted().map(manFolder.appendingPathComponent)
  }()

  /// The commands `lhc --help` lists under COMMANDS, in its order.
  static func helpCommands() -> [String] {
    let captured = CapturedOutput()
    let status = LHC.main(
      arguments: ["--help"], console: Console(out: captured.appendOut, error: captured.appendError))
    #expect(status == 0)
    let lines = captured.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(of: "COMMANDS:") else { return [] }
    var commands: [String] = []
    for line in lines[(start + 1)...] {
      guard line.hasPrefix("  "), let name = line.split(separator: " ").first else { break }
      commands.append(String(name))
    }
    return commands
  }

  /// The issue's limit: a README a person reads to decide and to look a command up, not the
  /// manual (the man pages) or the lab notebook (`Benchmarks/README.md`, `Tests/README.md`).
  @Test func readmeHasAtMost400Lines() throws {
    let text = try String(contentsOf: Self.readme, encoding: .utf8)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
    if text.hasSuffix("\n") { lines -= 1 }
    #expect(lines > 0)
    #expect(
      lines <= 400,
      "README.md has \(lines) lines (at most 400): move reference material to the man pages")
  }

  /// Every command of `lhc --help` has a README entry (a `### \`lhc NAME\`` heading that names
  /// `lhc-NAME(1)`), a man page `man/lhc-NAME.1` with that title, and a place in lhc(1)'s SEE ALSO.
  @Test func everyCommandHasAReadmeEntryAndAManPage() throws {
    let commands = Self.helpCommands()
    #expect(commands.count >= 12, "\(commands)")
    #expect(commands.contains("compile") && commands.contains("completions"), "\(commands)")
    let readme = try String(contentsOf: Self.readme, encoding: .utf8)
    let overview = try String(
      contentsOf: Self.manFolder.appendingPathComponent("lhc.1"), encoding: .utf8)
    for command in commands {
      let page = Self.manFolder.appendingPathComponent("lhc-\(command).1")
      let roffName = "lhc\\-" + command.replacingOccurrences(of: "-", with: "\\-")
      #expect(
        FileManager.default.fileExists(atPath: page.path), "no man page man/lhc-\(command).1")
      if let text = try? String(contentsOf: page, encoding: .utf8) {
        let title = "LHC-\(command.uppercased()) 1 "
        #expect(text.contains(".TH \(title)"), "man/lhc-\(command).1 is not titled \(title)")
      }
      #expect(overview.contains(".BR \(roffName) (1)"), "lhc(1) does not name lhc-\(command)(1)")
      let heading = "### `lhc \(command)`"
      guard let start = readme.range(of: heading + "\n") else {
        Issue.record("README.md has no entry '\(heading)'")
        continue
      }
      let rest = readme[start.upperBound...]
      let end = [rest.range(of: "\n### "), rest.range(of: "\n## ")].compactMap { $0?.lowerBound }
      let entry = rest[..<(end.min() ?? rest.endIndex)]
      #expect(entry.contains("```"), "the README entry of lhc \(command) has no example")
      #expect(
        entry.contains("`lhc-\(command)(1)`"),
        "the README entry of lhc \(command) does not point to lhc-\(command)(1)")
    }
  }

  /// Each page through man-db's `man` at 80 columns with groff's warnings on: a table wider than
  /// the line, a line that cannot be broken or adjusted, an unknown character or macro fails it.
  /// The locale is UTF-8: the pages hold non-ASCII text, which an ASCII locale cannot render.
  @Test(
    .enabled(
      if: manDBAvailable,
      "man-db's man or groff is missing (make test installs them: apt-get install man-db groff)"))
  func everyManPageRendersWithoutWarningsAt80Columns() throws {
    #expect(Self.manPages.count >= 13, "\(Self.manPages.map(\.lastPathComponent))")
    var environment = ProcessInfo.processInfo.environment
    environment["MANWIDTH"] = "80"
    environment["LANG"] = "C.UTF-8"
    environment["LC_ALL"] = "C.UTF-8"
    environment["MANPAGER"] = "cat"
    for page in Self.manPages {
      let result = try runProcess(
        URL(fileURLWithPath: "/usr/bin/env"), ["man", "--warnings", "-l", page.path],
        environment: environment)
      #expect(result.status == 0, "man/\(page.lastPathComponent): \(result.stderr)")
      #expect(!result.stdout.isEmpty, "man/\(page.lastPathComponent) rendered nothing")
      #expect(
        result.stderr.isEmpty,
        "man/\(page.lastPathComponent) renders with warnings at 80 columns:\n\(result.stderr)")
    }
  }
}
