import Foundation
import LingoHubCDN
import Testing

@Suite("CDN responses")
struct ResponseTests {
  static let now = Date(timeIntervalSince1970: 1_780_000_000)

  /// The answer's meaning: the release id, or the error's message.
  func interpret(_ status: Int, _ body: String = "", headers: [String: String] = [:])
    -> Result<BundleInfo, CDNError>
  {
    CDNClient.interpret(
      HTTPResponse(status: status, headers: headers, body: Array(body.utf8)), now: Self.now)
  }

  @Test func bundleInfoDecodesTheSDKFixture() throws {
    let body =
      #"{"distributionReleaseId":"test-bundle-id","name":"Test Bundle","#
      + #""createdAt":"2025-03-13T13:55:22.028+00:00","filesUrl":"https://s3.amazon.de/update.zip"}"#
    let info = try interpret(200, body).get()
    #expect(
      info
        == BundleInfo(
          id: "test-bundle-id", name: "Test Bundle",
          filesUrl: URL(string: "https://s3.amazon.de/update.zip")!))
  }

  @Test func okWithoutFilesURLIsAnError() {
    #expect(
      interpret(200, #"{"distributionReleaseId":"a","name":"b"}"#)
        == .failure(.invalidResponse("the release has no 'filesUrl'")))
    #expect(
      interpret(200, "<html>")
        == .failure(
          .invalidResponse("the release description is not valid JSON of the expected shape")))
  }

  @Test func noReleaseAnswers() {
    #expect(interpret(204) == .failure(.noRelease))
    let notFound =
      #"{"type":"about:blank","status":404,"detail":"Not Found","#
      + #""errors":[{"field":"DISTRIBUTION","infos":["DISTRIBUTION_NOT_FOUND"]}]}"#
    #expect(interpret(404, notFound) == .failure(.noRelease))
    #expect(interpret(404) == .failure(.httpStatus(404, nil)))
  }

  @Test func problemDetailsAndLegacyMessages() {
    let unauthorized =
      #"{"type":"about:blank","status":401,"detail":"Unauthorized","#
      + #""errors":[{"field":"AUTHORIZATION","infos":["CDN_KEY_NOT_FOUND","CDN_KEY_EXPIRED"]}]}"#
    guard case .failure(let error) = interpret(401, unauthorized) else {
      Issue.record("expected a failure")
      return
    }
    #expect(
      error.description
        == "the CDN refused the key (HTTP 401): Unauthorized [CDN_KEY_NOT_FOUND, CDN_KEY_EXPIRED]")
    let legacy = interpret(401, #"{"error_message": "Unauthorized access"}"#)
    #expect(message(legacy) == "the CDN refused the key (HTTP 401): Unauthorized access")
    #expect(message(interpret(400, "not json")) == "the CDN answered HTTP 400")
  }

  @Test func rateLimitSaysWhenToTryAgain() {
    let body =
      #"{"status":429,"detail":"Too Many Requests","#
      + #""errors":[{"field":"USAGE","infos":["USAGE_LIMIT_EXCEEDED"]}]}"#
    let answer = interpret(429, body, headers: ["Retry-After": "7200"])
    #expect(
      message(answer)
        == ("the CDN usage limit is exceeded (HTTP 429): Too Many Requests [USAGE_LIMIT_EXCEEDED]; "
          + "try again after Thu, 28 May 2026 22:26:40 GMT (in 7200 s)"))
  }
}

/// The error message of a failed answer.
private func message(_ result: Result<BundleInfo, CDNError>) -> String? {
  guard case .failure(let error) = result else { return nil }
  return error.description
}
