import Foundation
import LHCBase

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A LingoHub distribution environment, sent upper-case as `distributionEnvironment`.
public enum DistributionEnvironment: String, Sendable, CaseIterable {
  case production, staging, development, test

  /// The value the CDN expects (`PRODUCTION`).
  public var wireValue: String { rawValue.uppercased() }
}

/// `POST /v1/distributions/check`: the question the iOS SDK asks the CDN, as lhc asks it.
public struct CheckRequest: Sendable, Equatable {
  /// The SDK's `distributionType` for iOS releases.
  public static let distributionType = "MOBILE_SDK_IOS"

  public var environment: DistributionEnvironment
  /// The app version (`CFBundleShortVersionString`) the release must target.
  public var appVersion: String
  /// The installation identifier (`clientUser`); the SDK sends a per-install UUID.
  public var clientUser: String
  /// `clientAgent`, e.g. `lhc/0.1.0`.
  public var clientAgent: String
  /// The installed `distributionReleaseId` (`clientRelease`), omitted when `nil`.
  public var installedRelease: String?
  /// ISO 639-1 code (`clientLanguageCode`).
  public var languageCode: String

  public init(
    environment: DistributionEnvironment, appVersion: String, clientUser: String,
    clientAgent: String, installedRelease: String? = nil, languageCode: String = "en"
  ) {
    self.environment = environment
    self.appVersion = appVersion
    self.clientUser = clientUser
    self.clientAgent = clientAgent
    self.installedRelease = installedRelease
    self.languageCode = languageCode
  }

  /// The compact JSON body with keys sorted by their bytes, the same on every platform.
  public var body: [UInt8] {
    var fields = [
      ("clientAgent", clientAgent), ("clientLanguageCode", languageCode),
      ("clientUser", clientUser), ("clientVersion", appVersion),
      ("distributionEnvironment", environment.wireValue),
      ("distributionType", Self.distributionType),
    ]
    if let installedRelease { fields.append(("clientRelease", installedRelease)) }
    let members = fields.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
      .map { JSONValue.quoted($0.0) + ":" + JSONValue.quoted($0.1) }
    return Array(("{" + members.joined(separator: ",") + "}").utf8)
  }

  /// The request headers, the key as a bearer token.
  public func headers(key: CDNKey) -> [String: String] {
    [
      "Authorization": "Bearer \(key.value)", "Content-Type": "application/json",
      "Accept": "application/json", "User-Agent": clientAgent,
    ]
  }

  /// The `URLRequest` against `endpoint` (the base URL), with `timeout` for connecting and stalls.
  public func urlRequest(_ endpoint: CDNEndpoint, key: CDNKey, timeout: TimeInterval) -> URLRequest
  {
    var request = URLRequest(url: endpoint.checkURL, timeoutInterval: timeout)
    request.httpMethod = "POST"
    request.httpBody = Data(body)
    for (name, value) in headers(key: key) { request.setValue(value, forHTTPHeaderField: name) }
    return request
  }
}

/// A CDN key. Its value only ever goes into the `Authorization` header: `description` hides it, so
/// it cannot reach output or logs by accident.
public struct CDNKey: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
  /// The secret.
  public let value: String

  /// A key read from a file or the environment; surrounding white space is dropped. `nil` when
  /// empty or when it holds characters that cannot go into an HTTP header.
  public init?(_ text: String) {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty, trimmed.unicodeScalars.allSatisfy({ (0x21...0x7e).contains($0.value) })
    else { return nil }
    value = trimmed
  }

  public var description: String { "<CDN key>" }
  public var debugDescription: String { description }
}
