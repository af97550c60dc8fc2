import Foundation
import LingoHubCDN
import Testing

@Suite("Retry-After and the retry policy")
struct RetryTests {
  static let now = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT

  @Test func retryAfterForms() {
    #expect(RetryAfter.seconds("120", now: Self.now) == 120)
    #expect(RetryAfter.seconds(" 0 ", now: Self.now) == 0)
    #expect(RetryAfter.seconds("Sun, 06 Nov 1994 08:50:07 GMT", now: Self.now) == 30)
    #expect(RetryAfter.seconds("Sun, 06 Nov 1994 08:00:00 GMT", now: Self.now) == 0)
    #expect(RetryAfter.seconds("-5", now: Self.now) == nil)
    #expect(RetryAfter.seconds("1.5", now: Self.now) == nil)
    #expect(RetryAfter.seconds("soon", now: Self.now) == nil)
    #expect(RetryAfter.seconds("", now: Self.now) == nil)
    #expect(RetryAfter.format(Self.now) == "Sun, 06 Nov 1994 08:49:37 GMT")
  }

  @Test func serverErrorsAreRetriedOnce() {
    let fixed: (ClosedRange<TimeInterval>) -> TimeInterval = { $0.lowerBound }
    #expect(
      RetryPolicy.decide(status: 500, retryAfter: nil, attempt: 1, random: fixed)
        == .retry(after: 2))
    #expect(RetryPolicy.decide(status: 503, retryAfter: 1, attempt: 1) == .retry(after: 1))
    #expect(RetryPolicy.decide(status: 503, retryAfter: 10, attempt: 1) == .retry(after: 10))
    #expect(RetryPolicy.decide(status: 503, retryAfter: 11, attempt: 1) == .stop)
    #expect(RetryPolicy.decide(status: 500, retryAfter: 1, attempt: 2) == .stop)
  }

  @Test func defaultWaitIsBetweenTwoAndFiveSeconds() {
    for _ in 0..<100 {
      guard case .retry(let delay) = RetryPolicy.decide(status: 502, retryAfter: nil, attempt: 1)
      else {
        Issue.record("expected a retry")
        return
      }
      #expect((2...5).contains(delay))
    }
  }

  @Test(arguments: [200, 204, 400, 401, 404, 429, 499])
  func otherStatusesAreNeverRetried(_ status: Int) {
    #expect(RetryPolicy.decide(status: status, retryAfter: 1, attempt: 1) == .stop)
  }
}
