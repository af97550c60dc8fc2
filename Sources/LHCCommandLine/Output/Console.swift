import Foundation

/// Where a command's standard output and standard error go: the process's streams, or buffers in tests.
public final class Console: @unchecked Sendable {
  private let lock = NSLock()
  private let writeOut: @Sendable (String) -> Void
  private let writeError: @Sendable (String) -> Void
  /// True when standard error is a terminal (colour allowed).
  public let errorIsTerminal: Bool

  public init(
    errorIsTerminal: Bool = false, out: @escaping @Sendable (String) -> Void,
    error: @escaping @Sendable (String) -> Void
  ) {
    self.errorIsTerminal = errorIsTerminal
    self.writeOut = out
    self.writeError = error
  }

  /// The process's standard output and standard error.
  public static func standard() -> Console {
    Console(
      errorIsTerminal: isatty(STDERR_FILENO) != 0,
      out: { FileHandle.standardOutput.write(Data($0.utf8)) },
      error: { FileHandle.standardError.write(Data($0.utf8)) })
  }

  func out(_ text: String) {
    lock.withLock { writeOut(text) }
  }

  func error(_ text: String) {
    lock.withLock { writeError(text) }
  }
}
