import Foundation

/// Where a command's standard output and standard error go: the process's streams, or buffers in tests.
public final class Console: @unchecked Sendable {
  private let lock = NSLock()
  private let writeOut: @Sendable (String) -> Void
  private let writeError: @Sendable (String) -> Void
  /// True when standard error is a terminal (colour allowed).
  public let errorIsTerminal: Bool
  /// True when standard output is a terminal (colour allowed in reports).
  public let outIsTerminal: Bool
  /// True in a GitHub Actions workflow run (`GITHUB_ACTIONS=true`): diagnostics are also
  /// written as workflow annotations, unless a command's `--format` chooses machine output.
  public let githubActions: Bool
  /// The process exits right after the command: large data can be left for the kernel to reclaim
  /// instead of being freed object by object (see ``keepUntilExit(_:)``).
  let exitsAfterCommand: Bool
  /// Process-wide, so it outlives the console itself.
  nonisolated(unsafe) private static var keptUntilExit: [Any] = []
  /// Guards ``keptUntilExit`` (static: consoles made by `holdingErrors` share it).
  private static let keptLock = NSLock()

  public init(
    errorIsTerminal: Bool = false, outIsTerminal: Bool = false, githubActions: Bool = false,
    exitsAfterCommand: Bool = false,
    out: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void
  ) {
    self.errorIsTerminal = errorIsTerminal
    self.outIsTerminal = outIsTerminal
    self.githubActions = githubActions
    self.exitsAfterCommand = exitsAfterCommand
    self.writeOut = out
    self.writeError = error
  }

  /// The process's standard output and standard error.
  public static func standard() -> Console {
    Console(
      errorIsTerminal: isatty(STDERR_FILENO) != 0, outIsTerminal: isatty(STDOUT_FILENO) != 0,
      githubActions: ProcessInfo.processInfo.environment["GITHUB_ACTIONS"] == "true",
      exitsAfterCommand: true,
      out: { writeAll($0, to: STDOUT_FILENO) },
      error: { writeAll($0, to: STDERR_FILENO) })
  }

  /// Writes `text` to `fd`, giving up on an error: a full disk or a file-size limit on a
  /// redirected stream must not crash lhc (`FileHandle.write` traps on any error).
  private static func writeAll(_ text: String, to fd: Int32) {
    var bytes = Array(text.utf8)
    var offset = 0
    bytes.withUnsafeMutableBytes { buffer in
      while offset < buffer.count {
        let done = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
        if done < 0 && errno == EINTR { continue }
        guard done > 0 else { return }
        offset += done
      }
    }
  }

  /// Keeps `value` alive until the process exits, when it does so right after the command.
  ///
  /// What it buys (issue 24, measured against releasing the result at the end of the command):
  /// `lhc compile` of the 171 MB bench catalog 10,221M → 9,841M instructions (−3.7 %), best-of-9
  /// interleaved wall 1.82 s → 1.39 s (load 2–3 on 2 cores): otherwise the tables' values are
  /// freed one by one, on one thread, after the work is done.
  func keepUntilExit(_ value: Any) {
    if exitsAfterCommand { Self.keptLock.withLock { Self.keptUntilExit.append(value) } }
  }

  package func out(_ text: String) {
    lock.withLock { writeOut(text) }
  }

  package func error(_ text: String) {
    lock.withLock { writeError(text) }
  }
}

extension Console {
  /// Writes a command's report to `path` (`-o`) as every output file is written: atomically, and
  /// only when its bytes change. False, with the error printed, when it cannot be written.
  func report(_ text: String, to path: String) -> Bool {
    do {
      try OutputFile.write(Array(text.utf8), to: path)
      return true
    } catch {
      self.error("\(error.path): error: cannot write file: \(error.message)\n")
      return false
    }
  }

  /// A console like this one whose standard error is held in `held` (standard output passes
  /// through), so work running concurrently can print in a fixed order afterwards.
  func holdingErrors(in held: HeldErrors) -> Console {
    Console(
      errorIsTerminal: errorIsTerminal, outIsTerminal: outIsTerminal,
      githubActions: githubActions, exitsAfterCommand: exitsAfterCommand,
      out: { [self] in out($0) },
      error: { held.append($0) })
  }
}

/// Standard-error text held back by ``Console/holdingErrors(in:)``.
final class HeldErrors: @unchecked Sendable {
  private let lock = NSLock()
  private var text = ""

  func append(_ more: String) {
    lock.withLock { text += more }
  }

  /// Writes the held text to `console`'s standard error.
  func print(to console: Console) {
    let held = lock.withLock { text }
    if !held.isEmpty { console.error(held) }
  }
}
