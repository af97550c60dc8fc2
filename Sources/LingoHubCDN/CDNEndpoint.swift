import Foundation

/// The CDN's base URL and the transport rules that follow from it: HTTPS everywhere, plain HTTP only
/// between loopback addresses (a local test server).
public struct CDNEndpoint: Sendable, Equatable {
  /// LingoHub's CDN, as the SDK has it (`LingoHubConstants.basePath`).
  public static let lingoHub = CDNEndpoint(base: URL(string: "https://cdn.lingohub.com")!)

  public var base: URL

  /// `base`, which must be `https://`, or `http://` on a loopback host.
  public init(base: URL) {
    self.base = base
  }

  /// Parses a `--base-url`; `nil` when it is not an absolute `https://` URL or loopback `http://`.
  public init?(_ text: String) {
    guard let url = URL(string: text), url.host != nil else { return nil }
    self.init(base: url)
    guard url.scheme == "https" || isLoopbackHTTP else { return nil }
  }

  /// `<base>/v1/distributions/check`.
  public var checkURL: URL {
    base.appendingPathComponent("v1/distributions/check")
  }

  /// The base URL is plain HTTP to this machine.
  public var isLoopbackHTTP: Bool {
    base.scheme == "http" && Self.isLoopback(host: base.host)
  }

  /// Whether lhc may connect to `url` (a download URL or a redirect target): `https://`, or
  /// `http://` to a loopback host when the base URL is loopback `http://` too.
  public func allows(_ url: URL) -> Bool {
    switch url.scheme?.lowercased() {
    case "https": url.host != nil
    case "http": isLoopbackHTTP && Self.isLoopback(host: url.host)
    default: false
    }
  }

  /// `127.0.0.1` (any `127.x.y.z`), `localhost` or `::1`.
  static func isLoopback(host: String?) -> Bool {
    guard let host = host?.lowercased() else { return false }
    let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
    return bare == "localhost" || bare == "::1"
      || bare.hasPrefix("127.")
        && bare.split(separator: ".").count == 4
  }
}
