import Foundation

/// When the check is sent again: the SDK 2.x policy for one run (§2.5 of the release notes), as a
/// pure function so it can be tested without sleeping.
public enum RetryPolicy {
  /// What to do after an answer.
  public enum Decision: Sendable, Equatable {
    /// Send the check again after this many seconds.
    case retry(after: TimeInterval)
    /// Stop and report the answer.
    case stop
  }

  /// `Retry-After` above this means the server wants a longer pause than a command should wait.
  public static let longestWait: TimeInterval = 10
  /// Without `Retry-After`, a 5xx is retried after a random delay in this range.
  public static let defaultWait: ClosedRange<TimeInterval> = 2...5

  /// The decision after `status` on attempt `attempt` (1 for the first request). A 5xx is retried
  /// once, after `retryAfter` or a delay drawn from `defaultWait` by `random`, unless `retryAfter`
  /// exceeds `longestWait`. Everything else (429 included) is never retried.
  public static func decide(
    status: Int, retryAfter: TimeInterval?, attempt: Int,
    random: (ClosedRange<TimeInterval>) -> TimeInterval = { .random(in: $0) }
  ) -> Decision {
    guard (500...599).contains(status), attempt == 1 else { return .stop }
    if let retryAfter {
      return retryAfter > longestWait ? .stop : .retry(after: retryAfter)
    }
    return .retry(after: random(defaultWait))
  }
}
