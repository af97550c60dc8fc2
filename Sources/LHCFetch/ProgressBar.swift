import Foundation
import LHCCommandLine

/// A one-line download progress bar on standard error, redrawn in place; only for a terminal.
final class ProgressBar: @unchecked Sendable {
  private let console: Console
  private let lock = NSLock()
  private var lastDrawn = -1
  private var drawn = false

  init(console: Console) {
    self.console = console
  }

  /// Redraws the bar when the shown value (per cent, or KiB without a total) changes.
  func update(received: Int, expected: Int?) {
    lock.withLock {
      let step = expected.map { $0 > 0 ? received * 100 / $0 : 100 } ?? received >> 10
      guard step != lastDrawn else { return }
      lastDrawn = step
      drawn = true
      console.error("\r" + Self.line(received: received, expected: expected))
    }
  }

  /// Clears the line when a bar was drawn.
  func finish() {
    lock.withLock {
      if drawn { console.error("\r" + String(repeating: " ", count: 60) + "\r") }
    }
  }

  /// `downloading [########            ]  40% 1.2 MB`.
  static func line(received: Int, expected: Int?) -> String {
    let size = String(format: "%.1f MB", Double(received) / 1_000_000)
    guard let expected, expected > 0 else { return "downloading \(size)" }
    let percent = min(100, received * 100 / expected)
    let filled = percent / 5
    let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: 20 - filled)
    return "downloading [\(bar)] \(String(format: "%3d", percent))% \(size)"
  }
}
