import Foundation
import LHCTestSupport

/// `TestData/cdn/server.py` running on 127.0.0.1 with a scenario: responses per path, in turn.
/// Every request it receives is logged, so tests can check exactly what lhc sent.
final class CDNTestServer {
  /// One scripted response (see server.py for the fields).
  typealias Response = [String: Any]

  let directory: URL
  let port: Int
  private let process: Process

  /// `http://127.0.0.1:<port>`.
  var base: String { "http://127.0.0.1:\(port)" }

  /// Starts the server with `routes` (path → responses) and waits for its port.
  init(_ routes: [String: [Response]]) throws {
    directory = try makeTemporaryDirectory()
    let scenario = directory.appendingPathComponent("scenario.json")
    try JSONSerialization.data(withJSONObject: routes).write(to: scenario)
    process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", TestPaths.testData.appendingPathComponent("cdn/server.py").path, scenario.path,
      directory.appendingPathComponent("requests.jsonl").path,
    ]
    // Its standard output goes to a file, not a pipe: the port is its first line.
    let portFile = directory.appendingPathComponent("port.txt")
    FileManager.default.createFile(atPath: portFile.path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: portFile)
    try process.run()
    guard let port = Self.waitForPort(in: portFile) else {
      process.terminate()
      throw CocoaError(.fileReadCorruptFile)
    }
    self.port = port
  }

  deinit {
    process.terminate()
    process.waitUntilExit()
    try? FileManager.default.removeItem(at: directory)
  }

  /// Polls `file` for the first line (the port), for up to 10 seconds.
  private static func waitForPort(in file: URL) -> Int? {
    for _ in 0..<1000 {
      if let text = try? String(contentsOf: file, encoding: .utf8), text.hasSuffix("\n") {
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
      }
      Thread.sleep(forTimeInterval: 0.01)
    }
    return nil
  }

  /// The requests received so far: `method`, `path`, `headers`, `body`.
  func requests() throws -> [[String: Any]] {
    let log = directory.appendingPathComponent("requests.jsonl")
    guard let text = try? String(contentsOf: log, encoding: .utf8) else { return [] }
    return try text.split(separator: "\n").map {
      try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
    }
  }

  /// The paths of the requests received so far, in order.
  func paths() throws -> [String] {
    try requests().map { $0["path"] as? String ?? "" }
  }
}

/// A release zip made by Python's `zipfile` (`en.lproj/Localizable.strings` = `"k" = "v";`), and
/// its SHA-256 by `hashlib`.
struct ReleaseZipFixture {
  var path: String
  var bytes: [UInt8]
  var sha256: String

  init(in directory: URL) throws {
    path = directory.appendingPathComponent("release.zip").path
    let script = """
      import hashlib, sys, zipfile
      with zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as z:
          z.writestr('en.lproj/Localizable.strings', '"k" = "v";\\n')
      print(hashlib.sha256(open(sys.argv[1], 'rb').read()).hexdigest())
      """
    let result = try runProcess(
      URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, path])
    sha256 = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
  }
}
