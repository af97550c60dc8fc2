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

  /// Runs `lhc arguments...` in `directory` and waits for it.
  public static func run(_ arguments: [String], in directory: URL? = nil) throws -> ProcessResult {
    try runProcess(binary, arguments, in: directory)
  }
}

/// Runs any executable and collects its output.
public func runProcess(_ executable: URL, _ arguments: [String], in directory: URL? = nil)
  throws -> ProcessResult
{
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  if let directory { process.currentDirectoryURL = directory }
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

/// A fresh temporary directory, removed by the caller.
public func makeTemporaryDirectory() throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent(
    "lhc-test-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

/// Python's `plistlib` reading of a property-list file, as canonical JSON (sorted keys), or the
/// error it raised.
public func pythonPlistJSON(_ path: String) throws -> (ok: Bool, output: String) {
  let script = """
    import json, plistlib, sys
    try:
        with open(sys.argv[1], 'rb') as f: value = plistlib.load(f)
    except Exception as e:
        print('ERROR', type(e).__name__, e); sys.exit(3)
    print(json.dumps(value, sort_keys=True, ensure_ascii=False))
    """
  let result = try runProcess(
    URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, path])
  return (result.status == 0, result.stdout.trimmingCharacters(in: .newlines))
}
