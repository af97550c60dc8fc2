import Foundation

/// Why fetching a release failed. Messages are lower-case and never contain the CDN key.
public enum CDNError: Error, Sendable, Equatable, CustomStringConvertible {
  /// 204, or 404 `DISTRIBUTION_NOT_FOUND`: nothing published for this app version and environment.
  case noRelease
  /// 401: the key was refused (`CDN_KEY_NOT_FOUND`, `CDN_KEY_EXPIRED`, …).
  case unauthorized(ProblemDetails?)
  /// 429: over the usage limit; `retryAfter` seconds from `now` when the server said.
  case rateLimited(ProblemDetails?, retryAfter: TimeInterval?, now: Date)
  /// Any other status of the check (400, other 404s, 5xx after the retry).
  case httpStatus(Int, ProblemDetails?)
  /// The download answered with a status other than 200.
  case downloadStatus(Int)
  /// A URL lhc does not connect to (plain HTTP to a remote host, another scheme).
  case insecureURL(String)
  /// A redirect lhc refused to follow.
  case refusedRedirect(String)
  /// The body is larger than the limit (`Content-Length` or bytes received).
  case tooLarge(limit: Int)
  /// Fewer bytes arrived than `Content-Length` announced.
  case truncated(received: Int, expected: Int)
  /// The archive's SHA-256 differs from `filesSha256`.
  case checksumMismatch(expected: String, actual: String)
  /// No answer in time.
  case timeout(TimeInterval)
  /// A transport failure (connection refused, DNS, TLS…).
  case network(String)
  /// A body that is not what the API documents.
  case invalidResponse(String)

  public var description: String {
    switch self {
    case .noRelease:
      "no release published for this app version and environment"
    case .unauthorized(let problem):
      "the CDN refused the key (HTTP 401)" + Self.suffix(problem)
    case .rateLimited(let problem, let retryAfter, let now):
      "the CDN usage limit is exceeded (HTTP 429)" + Self.suffix(problem) + "; "
        + Self.tryAgain(retryAfter, now)
    case .httpStatus(let status, let problem):
      "the CDN answered HTTP \(status)" + Self.suffix(problem)
    case .downloadStatus(let status):
      "the release download answered HTTP \(status)"
    case .insecureURL(let url):
      "refusing to connect to '\(url)': only https:// is allowed (http:// only to a loopback host)"
    case .refusedRedirect(let url):
      "refusing a redirect to '\(url)': only https:// is allowed (http:// only to a loopback host)"
    case .tooLarge(let limit):
      "the response is larger than the limit of \(limit) bytes"
    case .truncated(let received, let expected):
      "the response was cut short: \(received) of \(expected) bytes received"
    case .checksumMismatch(let expected, let actual):
      "the release archive does not match its checksum: expected sha256 \(expected), got \(actual)"
    case .timeout(let seconds):
      "no answer within \(Self.seconds(seconds)) s (the timeout)"
    case .network(let message):
      "network error: \(message)"
    case .invalidResponse(let message):
      "invalid response from the CDN: \(message)"
    }
  }

  /// `: <detail> [CODES]` when the problem body says anything.
  private static func suffix(_ problem: ProblemDetails?) -> String {
    guard let summary = problem?.summary, !summary.isEmpty else { return "" }
    return ": " + summary
  }

  /// When to try again after a 429: the time and the delay, or an hour (the SDK's pause).
  private static func tryAgain(_ retryAfter: TimeInterval?, _ now: Date) -> String {
    guard let retryAfter else { return "try again later (the SDK pauses for an hour)" }
    let date = now.addingTimeInterval(retryAfter)
    return "try again after \(RetryAfter.format(date)) (in \(seconds(retryAfter)) s)"
  }

  private static func seconds(_ value: TimeInterval) -> String {
    value == value.rounded() && value < 1e15 ? String(Int(value)) : String(value)
  }
}
