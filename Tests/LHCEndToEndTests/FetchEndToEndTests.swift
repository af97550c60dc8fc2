import Foundation
import LHCTestSupport
import LingoHubCDN
import Testing

@testable import LHCCommandLine

/// Runs the built `lhc fetch` against `TestData/cdn/server.py` on loopback: every answer of the
/// CDN API, the retry policy, and the download's checks. Tests marked "needs the archive reader"
/// expect success and pass once `Release.read(zip:)` is implemented.
@Suite("lhc fetch, end to end")
struct FetchEndToEndTests {
  static let key = "lh-cdn_TOPSECRET-e2e-0123456789"
  static let checkPath = "/v1/distributions/check"
  static let zipPath = "/files/release.zip"

  /// A 200 for the check pointing at the test server's zip.
  static func offer(sha256: String, url: String = "{base}\(zipPath)") -> CDNTestServer.Response {
    [
      "json": [
        "distributionReleaseId": "rel-42", "name": "Release 42", "filesUrl": url,
        "filesSha256": sha256,
      ]
    ]
  }

  /// A problem body for `status` with `codes`.
  static func problem(_ status: Int, _ detail: String, _ codes: [String]) -> CDNTestServer.Response
  {
    [
      "status": status,
      "json": [
        "type": "about:blank", "status": status, "detail": detail,
        "errors": [["field": "X", "infos": codes]],
      ],
    ]
  }

  /// This process's environment with `LINGOHUB_CDN_KEY` set to `key`.
  static func environment(key: String) -> [String: String] {
    ProcessInfo.processInfo.environment.merging(["LINGOHUB_CDN_KEY": key]) { $1 }
  }

  /// Runs `lhc fetch` against `server` with the key in `LINGOHUB_CDN_KEY`; the key must never
  /// appear in what lhc prints.
  func fetch(_ server: CDNTestServer, _ extra: [String] = [], output: String? = nil) throws
    -> ProcessResult
  {
    let out = output ?? server.directory.appendingPathComponent("out/release.zip").path
    let result = try RunLHC.run(
      ["fetch", "--app-version", "4.2.0", "-o", out, "--base-url", server.base] + extra,
      environment: Self.environment(key: Self.key))
    #expect(!result.stdout.contains(Self.key) && !result.stderr.contains(Self.key))
    #expect(!result.stdout.contains("TOPSECRET") && !result.stderr.contains("TOPSECRET"))
    return result
  }

  /// The server's zip fixture and a scenario offering it.
  func offeringServer(
    check: [CDNTestServer.Response]? = nil, download: CDNTestServer.Response = [:]
  )
    throws -> (CDNTestServer, ReleaseZipFixture)
  {
    let directory = try makeTemporaryDirectory()
    let zip = try ReleaseZipFixture(in: directory)
    var file = download
    file["bodyFile"] = zip.path
    let server = try CDNTestServer([
      Self.checkPath: check ?? [Self.offer(sha256: zip.sha256)], Self.zipPath: [file],
    ])
    return (server, zip)
  }

  // MARK: Success (needs the archive reader)

  @Test func downloadsVerifiesAndWritesTheRelease() throws {
    let (server, zip) = try offeringServer()
    let output = server.directory.appendingPathComponent("out/release.zip").path
    let result = try fetch(server)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout
        == "release rel-42 \"Release 42\" sha256 \(zip.sha256) (\(zip.bytes.count) bytes) → \(output)\n"
    )
    #expect(FileManager.default.contents(atPath: output).map(Array.init) == zip.bytes)
  }

  @Test func jsonOutputHasSortedKeys() throws {
    let (server, zip) = try offeringServer()
    let result = try fetch(server, ["--format", "json"])
    #expect(result.status == 0, "\(result.stderr)")
    let keys = ["bytes", "id", "name", "path", "sha256"].map { "\"\($0)\"" }
    let positions = keys.compactMap { result.stdout.range(of: $0)?.lowerBound }
    #expect(positions.count == 5 && positions == positions.sorted())
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    #expect(object?["sha256"] as? String == zip.sha256)
    #expect(object?["bytes"] as? Int == zip.bytes.count)
  }

  @Test func serverErrorIsRetriedOnceAfterRetryAfter() throws {
    let (server, _) = try offeringServer(check: [
      ["status": 503, "headers": ["Retry-After": "1"]], Self.offer(sha256: "ignored"),
    ])
    let started = Date()
    let result = try fetch(server)
    #expect(Date().timeIntervalSince(started) >= 1)
    #expect(try server.paths() == [Self.checkPath, Self.checkPath, Self.zipPath])
    #expect(result.stderr.contains("does not match its checksum"))
  }

  // MARK: What is sent

  @Test func checkRequestIsTheSDKsAndTheDownloadHasNoAuthorization() throws {
    let (server, _) = try offeringServer()
    let keyFile = server.directory.appendingPathComponent("key.txt")
    try Data("  \(Self.key)\n".utf8).write(to: keyFile)
    _ = try RunLHC.run([
      "fetch", "--app-version", "4.2.0", "-o",
      server.directory.appendingPathComponent("o.zip").path,
      "--base-url", server.base + "/", "--api-key-file", keyFile.path, "--environment", "staging",
      "--installed-release", "rel-41", "--language", "de", "--client-user", "ci-bot",
    ])
    let requests = try server.requests()
    try #require(requests.count == 2)
    #expect(requests[0]["method"] as? String == "POST")
    #expect(requests[0]["path"] as? String == Self.checkPath)
    #expect(
      requests[0]["body"] as? String
        == #"{"clientAgent":"lhc/\#(LHC.version)","clientLanguageCode":"de","clientRelease":"rel-41","#
        + #""clientUser":"ci-bot","clientVersion":"4.2.0","distributionEnvironment":"STAGING","#
        + #""distributionType":"MOBILE_SDK_IOS"}"#)
    let headers = try #require(requests[0]["headers"] as? [String: String])
    #expect(headers["Authorization"] == "Bearer \(Self.key)")
    #expect(headers["Content-Type"] == "application/json")
    #expect(headers["Accept"] == "application/json")
    #expect(requests[1]["method"] as? String == "GET")
    let download = try #require(requests[1]["headers"] as? [String: String])
    #expect(!download.keys.contains { $0.lowercased() == "authorization" })
  }

  /// Scripted check answers by name (parameterised tests take `Sendable` arguments).
  static func answer(_ name: String) -> CDNTestServer.Response {
    switch name {
    case "204": ["status": 204]
    case "404 DISTRIBUTION_NOT_FOUND": problem(404, "Not Found", ["DISTRIBUTION_NOT_FOUND"])
    case "404 other": problem(404, "Not Found", ["SOMETHING_ELSE"])
    case "401": problem(401, "Unauthorized", ["CDN_KEY_NOT_FOUND"])
    case "401 legacy": ["status": 401, "json": ["error_message": "Unauthorized access"]]
    case "400": problem(400, "Bad Request", ["CLIENT_VERSION_INVALID"])
    default: ["status": 500, "headers": ["Retry-After": "30"]]
    }
  }

  // MARK: No release

  @Test(arguments: ["204", "404 DISTRIBUTION_NOT_FOUND"])
  func noReleaseExitsWithThree(_ answer: String) throws {
    let server = try CDNTestServer([Self.checkPath: [Self.answer(answer)]])
    let result = try fetch(server)
    #expect(result.status == 3)
    #expect(result.stderr == "no release published for this app version and environment\n")
    #expect(result.stdout.isEmpty)
  }

  // MARK: Errors of the check

  @Test(arguments: [
    ("404 other", "error: the CDN answered HTTP 404: Not Found [SOMETHING_ELSE]\n"),
    ("401", "error: the CDN refused the key (HTTP 401): Unauthorized [CDN_KEY_NOT_FOUND]\n"),
    ("401 legacy", "error: the CDN refused the key (HTTP 401): Unauthorized access\n"),
    ("400", "error: the CDN answered HTTP 400: Bad Request [CLIENT_VERSION_INVALID]\n"),
    ("500 Retry-After 30", "error: the CDN answered HTTP 500\n"),
  ])
  func errorAnswersFailWithTheirCodes(_ answer: String, _ message: String) throws {
    let server = try CDNTestServer([Self.checkPath: [Self.answer(answer)]])
    let result = try fetch(server)
    #expect(result.status == 1)
    #expect(result.stderr == message)
    #expect(try server.paths() == [Self.checkPath])
  }

  @Test func keyEchoedByTheServerIsHidden() throws {
    let answer = Self.problem(401, "no such key: \(Self.key)", ["CDN_KEY_NOT_FOUND"])
    let server = try CDNTestServer([Self.checkPath: [answer]])
    let result = try fetch(server)
    #expect(result.status == 1)
    #expect(result.stderr.contains("no such key: <CDN key> [CDN_KEY_NOT_FOUND]"))
  }

  @Test func serverErrorTwiceFailsAfterExactlyTwoRequests() throws {
    let server = try CDNTestServer([
      Self.checkPath: [["status": 502, "headers": ["Retry-After": "1"]]]
    ])
    let result = try fetch(server)
    #expect(result.status == 1)
    #expect(result.stderr == "error: the CDN answered HTTP 502\n")
    #expect(try server.paths() == [Self.checkPath, Self.checkPath])
  }

  @Test func rateLimitIsNotRetriedAndSaysWhenToTryAgain() throws {
    var answer = Self.problem(429, "Too Many Requests", ["USAGE_LIMIT_EXCEEDED"])
    answer["headers"] = ["Retry-After": "7200"]
    let server = try CDNTestServer([Self.checkPath: [answer]])
    let result = try fetch(server)
    #expect(result.status == 1)
    #expect(result.stderr.contains("[USAGE_LIMIT_EXCEEDED]; try again after "))
    #expect(result.stderr.contains(" GMT (in 7200 s)"))
    #expect(try server.paths() == [Self.checkPath])
  }

  @Test func missingFilesURLIsAnError() throws {
    let server = try CDNTestServer([
      Self.checkPath: [["json": ["distributionReleaseId": "r", "name": "n"]]]
    ])
    let result = try fetch(server)
    #expect(result.status == 1)
    #expect(
      result.stderr == "error: invalid response from the CDN: the release has no 'filesUrl'\n")
  }

  // MARK: Errors of the download

  @Test func wrongChecksumWritesNothingAndKeepsThePreviousFile() throws {
    let (server, zip) = try offeringServer(check: [
      Self.offer(sha256: String(repeating: "ab", count: 32))
    ])
    let output = server.directory.appendingPathComponent("previous.zip").path
    try Data("previous".utf8).write(to: URL(fileURLWithPath: output))
    let result = try fetch(server, output: output)
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "error: the release archive does not match its checksum: expected sha256 "
        + "\(String(repeating: "ab", count: 32)), got \(zip.sha256)\n")
    #expect(FileManager.default.contents(atPath: output) == Data("previous".utf8))
  }

  @Test func checksumIsCaseInsensitiveAndARejectedArchiveIsNotWritten() throws {
    let directory = try makeTemporaryDirectory()
    let junk = directory.appendingPathComponent("junk.zip")
    try Data("this is not a zip".utf8).write(to: junk)
    let server = try CDNTestServer([
      Self.checkPath: [Self.offer(sha256: try pythonSHA256(junk).uppercased())],
      Self.zipPath: [["bodyFile": junk.path]],
    ])
    let result = try fetch(server)
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("error: release archive rejected: "), "\(result.stderr)")
    #expect(
      !FileManager.default.fileExists(
        atPath: server.directory.appendingPathComponent("out/release.zip").path))
  }

  @Test func truncatedDownloadFails() throws {
    let (server, zip) = try offeringServer(download: ["truncate": 10])
    let result = try fetch(server)
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "error: the response was cut short: 10 of \(zip.bytes.count) bytes received\n")
  }

  @Test func stalledDownloadTimesOut() throws {
    let (server, _) = try offeringServer(download: ["chunks": 2, "chunkDelay": 2.5])
    let started = Date()
    let result = try fetch(server, ["--timeout", "1"])
    #expect(result.status == 1)
    #expect(result.stderr == "error: no answer within 1 s (the timeout)\n")
    #expect(Date().timeIntervalSince(started) < 4.5)
  }

  @Test func contentLengthOverTheLimitIsRefusedBeforeReading() throws {
    let (server, zip) = try offeringServer()
    let result = try fetch(server, ["--max-size", "\(zip.bytes.count - 1)"])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "error: the response is larger than the limit of \(zip.bytes.count - 1) bytes\n")
  }

  @Test func bodyOverTheLimitWithoutContentLengthIsCutOff() throws {
    let (server, zip) = try offeringServer(download: ["noContentLength": true, "chunks": 4])
    let result = try fetch(server, ["--max-size", "\(zip.bytes.count / 2)"])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "error: the response is larger than the limit of \(zip.bytes.count / 2) bytes\n")
  }

  @Test func redirectToPlainHTTPIsRefused() throws {
    let (server, _) = try offeringServer(download: [
      "redirect": "http://cdn-mirror.example/release.zip?X-Amz-Signature=s3cr3t"
    ])
    let result = try fetch(server)
    #expect(result.status == 1)
    #expect(
      result.stderr == "error: refusing a redirect to 'http://cdn-mirror.example/release.zip': "
        + "only https:// is allowed (http:// only to a loopback host)\n")
  }

  @Test func plainHTTPFilesURLIsRefused() throws {
    let server = try CDNTestServer([
      Self.checkPath: [Self.offer(sha256: "00", url: "http://files.example/release.zip")]
    ])
    let result = try fetch(server)
    #expect(result.status == 1)
    #expect(
      result.stderr.hasPrefix("error: refusing to connect to 'http://files.example/release.zip'"))
    #expect(try server.paths() == [Self.checkPath])
  }

  // MARK: Progress bar

  /// With standard error on a terminal (a pseudo-terminal made by Python's `pty`), the download
  /// draws a bar in place, reaches 100 % and clears its line before the summary; piped, it
  /// prints none (every other test).
  @Test func progressBarOnATerminal() throws {
    let (server, zip) = try offeringServer(download: ["chunks": 4, "chunkDelay": 0.05])
    let out = server.directory.appendingPathComponent("out/release.zip").path
    let script = """
      import os, pty, subprocess, sys
      master, slave = pty.openpty()
      child = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE, stderr=slave)
      os.close(slave)
      seen = b""
      while True:
          try:
              chunk = os.read(master, 4096)
          except OSError:
              break
          if not chunk:
              break
          seen += chunk
      sys.stderr.write(child.stdout.read().decode())
      print(repr(seen))
      sys.exit(child.wait())
      """
    let arguments =
      ["python3", "-c", script, RunLHC.binary.path, "fetch", "--app-version", "4.2.0", "-o", out]
      + ["--base-url", server.base]
    let result = try runProcess(
      URL(fileURLWithPath: "/usr/bin/env"), arguments,
      environment: Self.environment(key: Self.key))
    #expect(result.status == 0, "\(result.stderr)")
    let terminal = result.stdout
    #expect(terminal.contains("downloading ["), "\(terminal)")
    #expect(terminal.contains("] 100% "), "\(terminal)")
    // Redrawn in place (carriage returns, no newline), then cleared with spaces.
    #expect(terminal.contains("\\r") && !terminal.contains("\\n"), "\(terminal)")
    #expect(terminal.hasSuffix("\\r" + String(repeating: " ", count: 60) + "\\r'\n"), "\(terminal)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == Data(zip.bytes))
  }

  // MARK: Usage

  @Test func usageErrors() throws {
    let environment = Self.environment(key: Self.key)
    let noVersion = try RunLHC.run(["fetch", "-o", "x.zip"], environment: environment)
    #expect(noVersion.status == 64)
    #expect(noVersion.stderr.hasPrefix("Error: missing '--app-version'"))
    let http = try RunLHC.run(
      ["fetch", "--app-version", "1", "-o", "x.zip", "--base-url", "http://cdn.example"],
      environment: environment)
    #expect(http.status == 64)
    let environmentName = try RunLHC.run(
      ["fetch", "--app-version", "1", "-o", "x.zip", "--environment", "prod"],
      environment: environment)
    #expect(
      environmentName.stderr.hasPrefix("Error: unknown environment 'prod' (expected production,"))
    let noKey = try RunLHC.run(
      ["fetch", "--app-version", "1", "-o", "x.zip"], environment: Self.environment(key: ""))
    #expect(noKey.status == 1)
    #expect(
      noKey.stderr == "error: LINGOHUB_CDN_KEY holds no usable key (empty, or spaces inside)\n")
  }
}

/// `lhc fetch` runs `lhc-fetch` from `lhc`'s directory: only that executable links the network
/// stack, so that every other command starts without loading it.
@Suite("lhc-fetch helper")
struct FetchHelperTests {
  @Test func onlyTheHelperLinksTheNetworkStack() throws {
    let ldd = URL(fileURLWithPath: "/usr/bin/ldd")
    guard FileManager.default.isExecutableFile(atPath: ldd.path) else { return }  // not Linux
    let helper = RunLHC.binary.deletingLastPathComponent().appendingPathComponent("lhc-fetch")
    let lhc = try runProcess(ldd, [RunLHC.binary.path])
    let fetch = try runProcess(ldd, [helper.path])
    #expect(lhc.status == 0 && fetch.status == 0)
    #expect(!lhc.stdout.contains("libcurl") && !lhc.stdout.contains("FoundationNetworking"))
    #expect(fetch.stdout.contains("libcurl"), "\(fetch.stdout)")
  }

  @Test func withoutTheHelperFetchSaysWhatIsMissing() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let lonely = directory.appendingPathComponent("lhc")
    try FileManager.default.copyItem(at: RunLHC.binary, to: lonely)
    let result = try runProcess(lonely, ["fetch", "--app-version", "1", "-o", "x.zip"])
    #expect(result.status == 1)
    #expect(
      result.stderr.hasPrefix(
        "error: cannot run \(directory.resolvingSymlinksInPath().path)/lhc-fetch: "
          + "no such file or directory"), "\(result.stderr)")
    // Help and usage errors need no helper.
    #expect(try runProcess(lonely, ["fetch", "--help"]).status == 0)
    #expect(try runProcess(lonely, ["fetch", "--bogus"]).status == 64)
  }

  /// The release tarball's `lhc-fetch` links libcurl: where it is missing, `lhc fetch` says so and
  /// names the package, instead of the loader's "error while loading shared libraries".
  @Test func aMissingSharedLibraryIsNamedWithItsPackage() {
    let message = HelperExecutable.missingLibraries(
      [("libnot-installed-here.so.9", "libnot-installed9")], helper: "lhc-fetch")
    #expect(
      message?.hasPrefix(
        "error: 'lhc fetch' needs libnot-installed-here.so.9, which cannot be loaded (") == true,
      "\(message ?? "nil")")
    #expect(
      message?.hasSuffix("; install it: apt-get install libnot-installed9 (Debian, Ubuntu)\n")
        == true)
    // What the installed lhc-fetch needs is there (it runs in the tests above).
    #expect(
      HelperExecutable.missingLibraries(
        HelperExecutable.sharedLibraries["lhc-fetch"] ?? [], helper: "lhc-fetch") == nil)
    #if os(Linux)
      #expect(HelperExecutable.sharedLibraries["lhc-fetch"]?.map(\.soname) == ["libcurl.so.4"])
    #endif
  }

  /// `LHC.main` run inside another process (this test runner) never replaces it.
  @Test func inProcessFetchSaysItNeedsTheExecutable() {
    let captured = CapturedOutput()
    let console = Console(out: captured.appendOut, error: captured.appendError)
    let status = LHC.main(
      arguments: ["fetch", "--app-version", "1", "-o", "x.zip"], console: console,
      environment: ["LINGOHUB_CDN_KEY": "k"])
    #expect(status == 1)
    #expect(captured.stderr == "error: 'lhc fetch' runs only from the lhc executable\n")
  }

  @Test func helpNamesTheSDKsCDN() throws {
    let help = try RunLHC.run(["fetch", "--help"])
    #expect(help.stdout.contains("(default \(CDNEndpoint.lingoHub.base.absoluteString))"))
  }
}

/// `hashlib`'s SHA-256 of a file.
private func pythonSHA256(_ file: URL) throws -> String {
  let script =
    "import hashlib, sys; print(hashlib.sha256(open(sys.argv[1], 'rb').read()).hexdigest())"
  return try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, file.path])
    .stdout.trimmingCharacters(in: .whitespacesAndNewlines)
}
