import Foundation

/// Runs a command that lives in its own executable beside `lhc` (`lhc-fetch`), as git runs
/// `git-<command>`: the process is replaced, so standard input and output, signals (a build
/// system killing `lhc` kills the fetch) and the exit status are the helper's own.
enum HelperExecutable {
  /// Replaces this process with `name` from `lhc`'s own directory, given `arguments`. Returns only
  /// when that fails, after saying why. Only the `lhc` executable does this: a process that embeds
  /// `LHC.main` (a test runner) is never replaced.
  static func exec(_ name: String, arguments: [String], console: Console) -> Int32 {
    guard let executable = Bundle.main.executableURL?.resolvingSymlinksInPath(),
      executable.lastPathComponent == "lhc"
    else {
      console.error(
        "error: 'lhc \(name.dropFirst("lhc-".count))' runs only from the lhc executable\n")
      return ExitStatus.failure
    }
    let path = executable.deletingLastPathComponent().appendingPathComponent(name).path
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    execv(path, argv)
    console.error(
      "error: cannot run \(path): \(OutputFile.reason(errno)) (it is installed beside lhc; "
        + "`make install` installs both)\n")
    return ExitStatus.failure
  }
}
