import Foundation

/// A release the CDN offers (`200` to the check): the SDK's `BundleInfo`.
public struct BundleInfo: Sendable, Equatable, Decodable {
  /// `distributionReleaseId`.
  public var id: String
  public var name: String
  /// Where to download the archive from (a presigned URL; no authorization header).
  public var filesUrl: URL
  /// The archive's SHA-256 in hex, any case; older releases have none.
  public var filesSha256: String?

  enum CodingKeys: String, CodingKey {
    case id = "distributionReleaseId"
    case name, filesUrl, filesSha256
  }

  public init(id: String, name: String, filesUrl: URL, filesSha256: String? = nil) {
    self.id = id
    self.name = name
    self.filesUrl = filesUrl
    self.filesSha256 = filesSha256
  }

  /// Decodes a `200` body; a body without `filesUrl` (or not JSON) is an error, as in SDK 2.0.
  public static func decode(_ body: [UInt8]) throws(CDNError) -> BundleInfo {
    do {
      return try JSONDecoder().decode(BundleInfo.self, from: Data(body))
    } catch let DecodingError.keyNotFound(key, _) {
      throw .invalidResponse("the release has no '\(key.stringValue)'")
    } catch {
      throw .invalidResponse("the release description is not valid JSON of the expected shape")
    }
  }
}

/// An error body: RFC 7807 problem details with LingoHub's `errors[].infos` codes, or the legacy
/// `{"error_message": …}`.
public struct ProblemDetails: Sendable, Equatable, Decodable {
  /// One `errors[]` entry: the field concerned and its codes.
  public struct FieldError: Sendable, Equatable, Decodable {
    public var field: String?
    public var infos: [String]?
  }

  public var type: String?
  public var status: Int?
  public var detail: String?
  public var errors: [FieldError]?
  /// The legacy API's message.
  public var errorMessage: String?

  enum CodingKeys: String, CodingKey {
    case type, status, detail, errors
    case errorMessage = "error_message"
  }

  public init(detail: String? = nil, codes: [String] = [], errorMessage: String? = nil) {
    self.detail = detail
    self.errors = codes.isEmpty ? nil : [FieldError(field: nil, infos: codes)]
    self.errorMessage = errorMessage
  }

  /// Every `errors[].infos` code, flattened in order (as the SDK surfaces them).
  public var codes: [String] {
    (errors ?? []).flatMap { $0.infos ?? [] }
  }

  /// The body parsed, or `nil` when it is empty or not a problem document.
  public static func decode(_ body: [UInt8]) -> ProblemDetails? {
    guard !body.isEmpty else { return nil }
    return try? JSONDecoder().decode(ProblemDetails.self, from: Data(body))
  }

  /// One line for an error message: `detail` or the legacy message, then the codes in brackets
  /// (`Unauthorized [CDN_KEY_NOT_FOUND]`); empty when there is nothing.
  public var summary: String {
    let text = [detail, errorMessage].compactMap { $0 }.filter { !$0.isEmpty }
    let codes = self.codes.isEmpty ? [] : ["[" + self.codes.joined(separator: ", ") + "]"]
    return (text + codes).joined(separator: " ")
  }
}
