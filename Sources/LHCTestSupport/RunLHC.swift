import Foundation

/// The result of running the built `lhc` binary.
public struct ProcessResult: Sendable {
  public var status: Int32
  public var stdout: String
  public var stderr: String
}

/// Runs the built `lhc` executable (`LHC_BINARY`, else `.build/debug/lhc` of this package).
public enum RunLHC {
  public static var binary: URL {
    if let path = ProcessInfo.processInfo.environment["LHC_BINARY"] {
      return URL(fileURLWithPath: path)
    }
    return TestPaths.packageRoot.appendingPathComponent(".build/debug/lhc")
  }

  /// Runs `lhc arguments...` in `directory` and waits for it; `environment` replaces the
  /// inherited one when given.
  public static func run(
    _ arguments: [String], in directory: URL? = nil, environment: [String: String]? = nil
  ) throws -> ProcessResult {
    try runProcess(binary, arguments, in: directory, environment: environment)
  }
}

/// Runs any executable and collects its output; `environment` replaces the inherited one when given.
public func runProcess(
  _ executable: URL, _ arguments: [String], in directory: URL? = nil,
  environment: [String: String]? = nil
) throws -> ProcessResult {
  let process = makeProcess(executable, arguments, in: directory, environment: environment)
  let out = Pipe()
  let err = Pipe()
  process.standardOutput = out
  process.standardError = err
  try process.run()
  // Read both pipes concurrently so a full pipe never blocks the child.
  final class Box: @unchecked Sendable { var data = Data() }
  let errBox = Box()
  let group = DispatchGroup()
  DispatchQueue.global().async(group: group) {
    errBox.data = err.fileHandleForReading.readDataToEndOfFile()
  }
  let outData = out.fileHandleForReading.readDataToEndOfFile()
  group.wait()
  let errData = errBox.data
  process.waitUntilExit()
  return ProcessResult(
    status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
    stderr: String(decoding: errData, as: UTF8.self))
}

/// A process for `executable` with `arguments`, not started; `environment` replaces the
/// inherited one when given.
func makeProcess(
  _ executable: URL, _ arguments: [String], in directory: URL?, environment: [String: String]?
) -> Process {
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  if let environment { process.environment = environment }
  if let directory { process.currentDirectoryURL = directory }
  return process
}

/// A fresh temporary directory, removed by the caller.
public func makeTemporaryDirectory() throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent(
    "lhc-test-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

/// Python's `plistlib` reading of every `.strings`/`.stringsdict` under `directory`: relative path →
/// the file's content as JSON-compatible values, or `"ERROR: …"` when plistlib refused it.
public func pythonPlistTree(_ directory: URL) throws -> [String: Any] {
  let script = """
    import json, os, plistlib, sys
    root = sys.argv[1]; out = {}
    for d, _, files in os.walk(root):
        for name in files:
            path = os.path.join(d, name)
            try:
                with open(path, 'rb') as f: out[os.path.relpath(path, root)] = plistlib.load(f)
            except Exception as e:
                out[os.path.relpath(path, root)] = 'ERROR: %s %s' % (type(e).__name__, e)
    print(json.dumps(out))
    """
  let result = try runProcess(
    URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, directory.path])
  guard result.status == 0 else { throw CocoaError(.fileReadCorruptFile) }
  return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
}

/// Captures what an in-process `LHC.main` run prints.
public final class CapturedOutput: @unchecked Sendable {
  private let lock = NSLock()
  private var outText = ""
  private var errorText = ""

  public init() {}

  public func appendOut(_ text: String) { lock.withLock { outText += text } }
  public func appendError(_ text: String) { lock.withLock { errorText += text } }
  public var stdout: String { lock.withLock { outText } }
  public var stderr: String { lock.withLock { errorText } }
}

/// True in `make test-asan` / `make test-tsan` (`LHC_SANITIZER_RUN=1`): tests whose work happens
/// entirely in other programs (SwiftPM building lhc again, swiftc type-checking checked-in
/// goldens) are skipped there, as they run no sanitized lhc code.
public let isSanitizerRun = ProcessInfo.processInfo.environment["LHC_SANITIZER_RUN"] == "1"

/// True in `make test-tsan` (`LHC_TSAN_RUN=1`): ThreadSanitizer's runtime itself faults (SIGBUS)
/// when a file-size limit (`ulimit -f`) is in force, so the tests that set one are skipped there.
public let isThreadSanitizerRun = ProcessInfo.processInfo.environment["LHC_TSAN_RUN"] == "1"

/// A writable copy of `source` in a fresh temporary directory (the corpus is read-only).
public func writableCopy(of source: URL) throws -> URL {
  let directory = try makeTemporaryDirectory().appendingPathComponent("copy")
  try FileManager.default.copyItem(at: source, to: directory)
  _ = try runProcess(URL(fileURLWithPath: "/bin/chmod"), ["-R", "u+w", directory.path])
  return directory
}

/// A file's bytes as text.
public func readText(_ url: URL) throws -> String {
  String(decoding: try Data(contentsOf: url), as: UTF8.self)
}

/// A catalog's entries, read with Foundation's JSON reader (an independent oracle).
public func catalogEntries(_ url: URL) throws -> [String: [String: Any]] {
  let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
  return json?["strings"] as? [String: [String: Any]] ?? [:]
}
