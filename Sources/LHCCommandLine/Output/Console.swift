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
  /// The process exits right after the command: large data can be left for the kernel to reclaim
  /// instead of being freed object by object (compilers do the same).
  let exitsAfterCommand: Bool
  /// Process-wide, so it outlives the console itself.
  nonisolated(unsafe) private static var keptUntilExit: [Any] = []

  public init(
    errorIsTerminal: Bool = false, outIsTerminal: Bool = false, exitsAfterCommand: Bool = false,
    out: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void
  ) {
    self.errorIsTerminal = errorIsTerminal
    self.outIsTerminal = outIsTerminal
    self.exitsAfterCommand = exitsAfterCommand
    self.writeOut = out
    self.writeError = error
  }

  /// The process's standard output and standard error.
  public static func standard() -> Console {
    Console(
      errorIsTerminal: isatty(STDERR_FILENO) != 0, outIsTerminal: isatty(STDOUT_FILENO) != 0,
      exitsAfterCommand: true,
      out: { FileHandle.standardOutput.write(Data($0.utf8)) },
      error: { FileHandle.standardError.write(Data($0.utf8)) })
  }

  /// Keeps `value` alive until the process exits, when it does so right after the command.
  func keepUntilExit(_ value: Any) {
    if exitsAfterCommand { lock.withLock { Self.keptUntilExit.append(value) } }
  }

  func out(_ text: String) {
    lock.withLock { writeOut(text) }
  }

  func error(_ text: String) {
    lock.withLock { writeError(text) }
  }
}

extension Console {
  /// A console like this one whose standard error is held in `held` (standard output passes
  /// through), so work running concurrently can print in a fixed order afterwards.
  func holdingErrors(in held: HeldErrors) -> Console {
    Console(
      errorIsTerminal: errorIsTerminal, outIsTerminal: outIsTerminal,
      exitsAfterCommand: exitsAfterCommand, out: { [self] in out($0) },
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
