import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An HTTP answer: status, headers (names lower-cased) and body.
public struct HTTPResponse: Sendable, Equatable {
  public var status: Int
  public var headers: [String: String]
  public var body: [UInt8]

  public init(status: Int, headers: [String: String] = [:], body: [UInt8] = []) {
    self.status = status
    self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }) { $1 }
    self.body = body
  }
}

/// Called as bytes arrive: bytes so far, and the total when the server announced it.
public typealias ProgressHandler = @Sendable (_ received: Int, _ expected: Int?) -> Void

/// One HTTP exchange through `URLSession`'s delegate API, so the body can be capped while it streams:
/// a `Content-Length` over the limit is refused before any byte is read, and the transfer stops as
/// soon as more bytes than the limit arrive. Redirects are checked against the endpoint's rules.
final class HTTPTransfer: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  private let endpoint: CDNEndpoint
  private let limit: Int
  private let progress: ProgressHandler?
  private let lock = NSLock()
  private let finished = DispatchSemaphore(value: 0)
  private var response: HTTPURLResponse?
  private var body: [UInt8] = []
  private var failure: CDNError?

  private init(endpoint: CDNEndpoint, limit: Int, progress: ProgressHandler?) {
    self.endpoint = endpoint
    self.limit = limit
    self.progress = progress
  }

  /// Sends `request` and waits for the whole answer. `timeout` bounds connecting and every stall;
  /// the whole exchange may take at most ten times as long.
  static func perform(
    _ request: URLRequest, endpoint: CDNEndpoint, limit: Int, timeout: TimeInterval,
    progress: ProgressHandler? = nil
  ) throws(CDNError) -> HTTPResponse {
    guard let url = request.url, endpoint.allows(url) else {
      throw .insecureURL(redacted(request.url))
    }
    let transfer = HTTPTransfer(endpoint: endpoint, limit: limit, progress: progress)
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.timeoutIntervalForResource = timeout * 10
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    configuration.httpCookieStorage = nil
    let session = URLSession(configuration: configuration, delegate: transfer, delegateQueue: nil)
    defer { session.finishTasksAndInvalidate() }
    let task = session.dataTask(with: request)
    task.resume()
    if transfer.finished.wait(timeout: .now() + timeout * 10 + 1) == .timedOut {
      transfer.fail(.timeout(timeout))
      task.cancel()
      _ = transfer.finished.wait(timeout: .now() + 5)
    }
    return try transfer.result()
  }

  /// The answer once the task completed, or its failure.
  private func result() throws(CDNError) -> HTTPResponse {
    lock.lock()
    defer { lock.unlock() }
    if let failure { throw failure }
    guard let response else { throw .network("no response") }
    let headers = response.allHeaderFields.reduce(into: [String: String]()) {
      if let name = $1.key as? String, let value = $1.value as? String { $0[name] = value }
    }
    return HTTPResponse(status: response.statusCode, headers: headers, body: body)
  }

  /// Records the first failure; later ones are consequences of it.
  private func fail(_ error: CDNError) {
    lock.withLock { if failure == nil { failure = error } }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    guard let http = response as? HTTPURLResponse else {
      fail(.invalidResponse("not an HTTP response"))
      return completionHandler(.cancel)
    }
    if http.expectedContentLength > limit {
      fail(.tooLarge(limit: limit))
      return completionHandler(.cancel)
    }
    lock.withLock { self.response = http }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let received = lock.withLock {
      body.append(contentsOf: data)
      return body.count
    }
    if received > limit {
      fail(.tooLarge(limit: limit))
      return dataTask.cancel()
    }
    let expected = dataTask.response?.expectedContentLength ?? -1
    progress?(received, expected >= 0 ? Int(expected) : nil)
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping (URLRequest?) -> Void
  ) {
    guard let target = request.url, endpoint.allows(target) else {
      fail(.refusedRedirect(Self.redacted(request.url)))
      completionHandler(nil)
      return task.cancel()
    }
    completionHandler(Self.droppingAuthorization(request, unlessSameOriginAs: task.originalRequest))
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
    let expected = task.response?.expectedContentLength ?? -1
    let received = lock.withLock { body.count }
    let timedOut = (error as? URLError)?.code == .timedOut
    if expected > received, !timedOut {
      fail(.truncated(received: received, expected: Int(expected)))
    } else if let error {
      fail(Self.transportError(error, timeout: session.configuration.timeoutIntervalForRequest))
    }
    finished.signal()
  }

  /// A redirect to another origin must not carry the key.
  private static func droppingAuthorization(
    _ request: URLRequest, unlessSameOriginAs original: URLRequest?
  ) -> URLRequest {
    let from = original?.url
    let to = request.url
    if from?.scheme == to?.scheme, from?.host == to?.host, from?.port == to?.port {
      return request
    }
    var stripped = request
    stripped.setValue(nil, forHTTPHeaderField: "Authorization")
    return stripped
  }

  /// A `URLSession` error in lhc's terms.
  private static func transportError(_ error: Error, timeout: TimeInterval) -> CDNError {
    guard let urlError = error as? URLError else { return .network("\(error)") }
    switch urlError.code {
    case .timedOut: return .timeout(timeout)
    case .networkConnectionLost: return .network("the connection was closed early")
    case .cannotConnectToHost: return .network("cannot connect to the server")
    case .cannotFindHost, .dnsLookupFailed: return .network("cannot find the server")
    default: return .network(urlError.localizedDescription.lowercased())
    }
  }

  /// A URL for messages: no query (presigned URLs carry credentials there) and no user info.
  static func redacted(_ url: URL?) -> String {
    guard let url, var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
      return "(no URL)"
    }
    parts.query = nil
    parts.user = nil
    parts.password = nil
    return parts.string ?? "(no URL)"
  }
}
