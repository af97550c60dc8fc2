import Dispatch

/// Work started on another thread now, its result collected later with ``wait()``.
final class BackgroundWork<Value>: @unchecked Sendable {
  private let group = DispatchGroup()
  /// Written once by the worker before `group` is left, read only after waiting on it.
  private var value: Value?

  /// Starts `work`, which must only share data that is read-only or its own (not checked).
  init(_ work: @escaping () -> Value) {
    nonisolated(unsafe) let work = work
    DispatchQueue.global().async(group: group) { self.value = work() }
  }

  /// The result, once the work has finished.
  func wait() -> Value {
    group.wait()
    guard let value else { preconditionFailure("background work finished without a result") }
    return value
  }
}
