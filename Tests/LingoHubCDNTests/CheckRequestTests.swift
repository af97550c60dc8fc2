import Foundation
import LingoHubCDN
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("CheckRequest")
struct CheckRequestTests {
  static let key = CDNKey("lh-cdn_secret")!

  @Test func bodyHasTheSDKsFieldsWithSortedKeys() {
    let request = CheckRequest(
      environment: .production, appVersion: "4.2.0", clientUser: "lhc", clientAgent: "lhc/0.1.0")
    #expect(
      String(decoding: request.body, as: UTF8.self)
        == #"{"clientAgent":"lhc/0.1.0","clientLanguageCode":"en","clientUser":"lhc","#
        + #""clientVersion":"4.2.0","distributionEnvironment":"PRODUCTION","#
        + #""distributionType":"MOBILE_SDK_IOS"}"#)
  }

  @Test func installedReleaseAndEscaping() {
    let request = CheckRequest(
      environment: .test, appVersion: "1.0 \"beta\"", clientUser: "u", clientAgent: "a",
      installedRelease: "rel-1", languageCode: "de")
    let body = String(decoding: request.body, as: UTF8.self)
    #expect(body.contains(#""clientRelease":"rel-1","clientUser":"u""#))
    #expect(body.contains(#""clientVersion":"1.0 \"beta\"""#))
    #expect(body.contains(#""distributionEnvironment":"TEST""#))
    #expect(body.contains(#""clientLanguageCode":"de""#))
  }

  @Test func urlRequestPostsToTheCheckEndpoint() throws {
    let request = CheckRequest(
      environment: .staging, appVersion: "1", clientUser: "u", clientAgent: "lhc/9")
    for base in ["https://cdn.lingohub.com", "https://cdn.lingohub.com/"] {
      let endpoint = try #require(CDNEndpoint(base))
      let urlRequest = request.urlRequest(endpoint, key: Self.key, timeout: 7)
      #expect(urlRequest.url?.absoluteString == "https://cdn.lingohub.com/v1/distributions/check")
      #expect(urlRequest.httpMethod == "POST")
      #expect(urlRequest.timeoutInterval == 7)
      #expect(urlRequest.value(forHTTPHeaderField: "Authorization") == "Bearer lh-cdn_secret")
      #expect(urlRequest.value(forHTTPHeaderField: "Content-Type") == "application/json")
      #expect(urlRequest.value(forHTTPHeaderField: "Accept") == "application/json")
      #expect(urlRequest.httpBody.map(Array.init) == request.body)
    }
  }

  @Test func keyIsTrimmedValidatedAndNeverDescribed() {
    let key = CDNKey("  lh-cdn_abc\n")
    #expect(key?.value == "lh-cdn_abc")
    #expect("\(key!)" == "<CDN key>")
    #expect(String(reflecting: key!) == "<CDN key>")
    #expect(CDNKey("") == nil)
    #expect(CDNKey(" \n") == nil)
    #expect(CDNKey("lh-cdn_a\r\nX-Injected: 1") == nil)
    #expect(CDNKey("two words") == nil)
  }

  @Test func endpointRules() throws {
    #expect(CDNEndpoint("http://cdn.lingohub.com") == nil)
    #expect(CDNEndpoint("ftp://cdn.lingohub.com") == nil)
    #expect(CDNEndpoint("cdn.lingohub.com") == nil)
    let remote = try #require(CDNEndpoint("https://cdn.lingohub.com"))
    let loopback = try #require(CDNEndpoint("http://127.0.0.1:8080"))
    #expect(CDNEndpoint("http://localhost:1") != nil)
    #expect(CDNEndpoint("http://[::1]:1") != nil)
    let https = URL(string: "https://s3.example/x.zip")!
    let localHTTP = URL(string: "http://127.0.0.1:9/x.zip")!
    let remoteHTTP = URL(string: "http://s3.example/x.zip")!
    #expect(remote.allows(https) && loopback.allows(https))
    #expect(!remote.allows(localHTTP))
    #expect(loopback.allows(localHTTP))
    #expect(!remote.allows(remoteHTTP) && !loopback.allows(remoteHTTP))
    #expect(!loopback.allows(URL(string: "http://127.0.0.1.example/x.zip")!))
    #expect(!loopback.allows(URL(string: "file:///etc/passwd")!))
  }
}
