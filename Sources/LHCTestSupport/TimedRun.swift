import Foundation

/// The result of a run with a deadline.
public struct TimedResult: Sendable {
  public var status: Int32
  public var stdout: String
  public var stderr: String
  /// Wall-clock time from start to exit, in seconds.
  public var seconds: Double
  /// True when the deadline passed and the process was killed.
  public var timedOut: Bool
}

extension RunLHC {
  /// Runs `lhc arguments...` like `run`, but kills it with SIGKILL after `timeout` seconds, so a
  /// hang fails a test instead of blocking the suite.
  public static func run(
    _ arguments: [String], in directory: URL? = nil, timeout: Double
  ) throws -> TimedResult {
    try runProcess(binary, arguments, in: directory, timeout: timeout)
  }

  /// Starts `lhc arguments...` with its output discarded and returns at once (for kill tests).
  public static func start(
    _ arguments: [String], in directory: URL? = nil, environment: [String: String]? = nil
  ) throws -> Process {
    let process = makeProcess(binary, arguments, in: directory, environment: environment)
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
  }
}

/// Runs any executable with a deadline (see `RunLHC.run(_:in:timeout:)`).
public func runProcess(
  _ executable: URL, _ arguments: [String], in directory: URL? = nil,
  environment: [String: String]? = nil, timeout: Double
) throws -> TimedResult {
  let process = makeProcess(executable, arguments, in: directory, environment: environment)
  let out = Pipe()
  let err = Pipe()
  process.standardOutput = out
  process.standardError = err
  let exited = DispatchSemaphore(value: 0)
  process.terminationHandler = { _ in exited.signal() }
  let start = Date()
  try process.run()
  final class Box: @unchecked Sendable { var data = Data() }
  let outBox = Box()
  let errBox = Box()
  let group = DispatchGroup()
  DispatchQueue.global().async(group: group) {
    outBox.data = out.fileHandleForReading.readDataToEndOfFile()
  }
  DispatchQueue.global().async(group: group) {
    errBox.data = err.fileHandleForReading.readDataToEndOfFile()
  }
  let timedOut = exited.wait(timeout: .now() + timeout) == .timedOut
  if timedOut {
    kill(process.processIdentifier, SIGKILL)
    exited.wait()
  }
  let seconds = Date().timeIntervalSince(start)
  group.wait()
  return TimedResult(
    status: process.terminationStatus, stdout: String(decoding: outBox.data, as: UTF8.self),
    stderr: String(decoding: errBox.data, as: UTF8.self), seconds: seconds, timedOut: timedOut)
}
