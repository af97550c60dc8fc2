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
    if FileManager.default.isExecutableFile(atPath: path),
      let message = missingLibraries(sharedLibraries[name] ?? [], helper: name)
    {
      console.error(message)
      return ExitStatus.failure
    }
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    execv(path, argv)
    console.error(
      "error: cannot run \(path): \(OutputFile.reason(errno)) (it is installed beside lhc: "
        + "the release tarball's bin/ holds both, `make install` installs both)\n")
    return ExitStatus.failure
  }

  /// The shared libraries beyond glibc a helper needs on Linux, by helper, with the Debian package
  /// that holds each: the release tarball's `lhc` needs none, its `lhc-fetch` libcurl (Debian's
  /// has no complete static closure). Checked before the process is replaced, so that a missing
  /// one is reported as what it is rather than as the loader's "error while loading shared libraries".
  static let sharedLibraries: [String: [(soname: String, package: String)]] = {
    #if os(Linux)
      return ["lhc-fetch": [("libcurl.so.4", "libcurl4")]]
    #else
      return [:]
    #endif
  }()

  /// The error message naming the first of `libraries` the dynamic loader cannot open, or nil when it
  /// opens them all.
  static func missingLibraries(
    _ libraries: [(soname: String, package: String)], helper: String
  ) -> String? {
    for library in libraries {
      if let handle = dlopen(library.soname, RTLD_LAZY | RTLD_LOCAL) {
        dlclose(handle)
        continue
      }
      let reason = dlerror().map { String(cString: $0) } ?? "\(library.soname): cannot be loaded"
      return
        "error: 'lhc \(helper.dropFirst("lhc-".count))' needs \(library.soname), which cannot be "
        + "loaded (\(reason)); install it: apt-get install \(library.package) (Debian, Ubuntu)\n"
    }
    return nil
  }
}
