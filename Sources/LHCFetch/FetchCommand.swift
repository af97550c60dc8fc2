import Foundation
import LHCBase
import LHCCommandLine
import LingoHubCDN
import ReleaseFiles

/// `lhc fetch` (run as `lhc-fetch`, see `FetchSpec`): downloads the release the LingoHub CDN serves an app version, as the iOS SDK would
/// get it, checks it as the SDK would before installing, and writes the archive.
struct FetchCommand {
  /// Exit status when the CDN has no release for the app version and environment.
  static let noReleaseStatus: Int32 = 3
  /// The `clientUser` sent when `--client-user` is not given.
  static let defaultClientUser = "lhc"

  /// The output formats of `--format`.
  enum Format: String, CaseIterable {
    case text, json
  }

  var request: CheckRequest
  var output: String
  var endpoint: CDNEndpoint
  var keySource: KeySource
  var timeout: TimeInterval
  var maxSize: Int
  var format: Format

  /// Where the CDN key comes from.
  enum KeySource {
    case file(String)
    case environment(String)
  }

  init(
    parsed: ParsedArguments,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(UsageError) {
    guard parsed.positionals.isEmpty else {
      throw UsageError("unexpected argument '\(parsed.positionals[0])'")
    }
    output = try Self.required(parsed, "output")
    request = CheckRequest(
      environment: try parsed.choice("environment", default: .production),
      appVersion: try Self.required(parsed, "app-version"),
      clientUser: parsed.value("client-user") ?? Self.defaultClientUser,
      clientAgent: "lhc/\(LHC.version)", installedRelease: parsed.value("installed-release"),
      languageCode: parsed.value("language") ?? "en")
    let base = parsed.value("base-url") ?? CDNEndpoint.lingoHub.base.absoluteString
    guard let endpoint = CDNEndpoint(base) else {
      throw UsageError("'--base-url' must be an https:// URL (http:// only for a loopback host)")
    }
    self.endpoint = endpoint
    keySource = try Self.keySource(parsed, environment)
    timeout = TimeInterval(try Self.positive(parsed, "timeout", default: 30))
    maxSize = try Self.positive(parsed, "max-size", default: 50 << 20)
    format = try parsed.choice("format", default: .text)
  }

  func run(_ console: Console) -> Int32 {
    let key: CDNKey
    switch readKey() {
    case .success(let value): key = value
    case .failure(let message):
      console.error("error: \(message)\n")
      return ExitStatus.failure
    }
    let client = CDNClient(
      endpoint: endpoint, key: key, timeout: timeout, maxDownloadBytes: maxSize)
    let report = { (message: String) in
      console.error(
        "error: " + message.replacingOccurrences(of: key.value, with: "<CDN key>") + "\n")
    }
    do {
      let release = try client.check(request)
      let bytes = try download(release, client, console)
      return write(release, bytes, console, report: report)
    } catch .noRelease {
      console.error("\(CDNError.noRelease)\n")
      return Self.noReleaseStatus
    } catch {
      report(error.description)
      return ExitStatus.failure
    }
  }

  /// Downloads the archive, with a progress bar when standard error is a terminal.
  private func download(_ release: BundleInfo, _ client: CDNClient, _ console: Console)
    throws(CDNError) -> [UInt8]
  {
    guard console.errorIsTerminal else { return try client.download(release) }
    let bar = ProgressBar(console: console)
    defer { bar.finish() }
    return try client.download(release) { bar.update(received: $0, expected: $1) }
  }

  /// Validates the archive, writes it, prints what was fetched.
  private func write(
    _ release: BundleInfo, _ bytes: [UInt8], _ console: Console, report: (String) -> Void
  ) -> Int32 {
    if release.filesSha256 == nil {
      console.error("warning: the CDN gave no filesSha256; the archive could not be verified\n")
    }
    do {
      let validated = try Self.validateRelease(bytes)
      console.error(validated.warnings.map { "\(output)/\($0)\n" }.joined())
    } catch {
      report("release archive rejected: \(error.description)")
      return ExitStatus.failure
    }
    do {
      try OutputFile.write(bytes, to: output)
    } catch {
      console.error("\(error.path): error: cannot write file: \(error.message)\n")
      return ExitStatus.failure
    }
    console.out(summary(release, bytes))
    return ExitStatus.success
  }

  /// Checks the archive as the SDK does before installing it (the one place that decides).
  static func validateRelease(_ bytes: [UInt8]) throws(ReleaseArchiveError) -> Release {
    try Release.read(zip: bytes)
  }

  /// The line (or JSON document) printed on success.
  private func summary(_ release: BundleInfo, _ bytes: [UInt8]) -> String {
    let sha = SHA256.hex(bytes)
    switch format {
    case .text:
      return "release \(release.id) \(JSONValue.quoted(release.name)) sha256 \(sha) "
        + "(\(bytes.count) bytes) → \(output)\n"
    case .json:
      return JSONValue.object([
        ("bytes", .integer(bytes.count)), ("id", .string(release.id)),
        ("name", .string(release.name)), ("path", .string(output)), ("sha256", .string(sha)),
      ]).document()
    }
  }
}

extension FetchCommand {
  /// The key from `--api-key-file` or `LINGOHUB_CDN_KEY`; a message (never the key) on failure.
  func readKey() -> Result<CDNKey, KeyError> {
    let text: String
    let origin: String
    switch keySource {
    case .file(let path):
      guard let data = SourceText.bytes(atPath: path) else {
        return .failure(KeyError("cannot read the key file '\(path)'"))
      }
      text = String(decoding: data, as: UTF8.self)
      origin = "the key file '\(path)'"
    case .environment(let value):
      text = value
      origin = "LINGOHUB_CDN_KEY"
    }
    guard let key = CDNKey(text) else {
      return .failure(KeyError("\(origin) holds no usable key (empty, or spaces inside)"))
    }
    return .success(key)
  }

  /// Why no key could be read.
  struct KeyError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  private static func keySource(
    _ parsed: ParsedArguments, _ environment: [String: String]
  ) throws(UsageError) -> KeySource {
    if let path = parsed.value("api-key-file") { return .file(path) }
    if let value = environment["LINGOHUB_CDN_KEY"] {
      return .environment(value)
    }
    throw UsageError("no CDN key: give '--api-key-file FILE' or set LINGOHUB_CDN_KEY")
  }

  private static func required(_ parsed: ParsedArguments, _ name: String) throws(UsageError)
    -> String
  {
    guard let value = parsed.value(name), !value.isEmpty else {
      throw UsageError("missing '--\(name)'")
    }
    return value
  }

  private static func positive(_ parsed: ParsedArguments, _ name: String, default value: Int)
    throws(UsageError) -> Int
  {
    guard let text = parsed.value(name) else { return value }
    guard let number = Int(text), number > 0 else {
      throw UsageError("'--\(name)' must be a positive whole number, not '\(text)'")
    }
    return number
  }
}

/// The entry point of `lhc-fetch`.
public enum LHCFetch {
  /// Runs `lhc fetch` with `arguments` (those after `fetch`); returns the exit status.
  public static func main(
    arguments: [String], console: Console = .standard(),
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Int32 {
    if arguments == ["--version"] {
      console.out("lhc-fetch \(LHC.version)\n")
      return ExitStatus.success
    }
    return LHC.runHelper("fetch", arguments: arguments, console: console) {
      (parsed) throws(UsageError) in
      try FetchCommand(parsed: parsed, environment: environment).run(console)
    }
  }
}
