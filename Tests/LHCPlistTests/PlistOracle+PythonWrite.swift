import Foundation
import LHCPlist
import Testing

extension PlistOracle {
  /// `values` written by Python's `plistlib.dumps` (`fmt` is `FMT_XML` or `FMT_BINARY`), in one
  /// `python3` run.
  static func pythonWrite(_ values: [PlistValue], fmt: String) throws -> [[UInt8]] {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("lhc-plist-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("values.json")
    try JSONSerialization.data(withJSONObject: values.map(tagged)).write(to: input)
    let script = """
      import datetime, json, plistlib, sys
      def untag(t):
          k, v = next(iter(t.items()))
          if k == "a": return [untag(x) for x in v]
          if k == "d": return {key: untag(x) for key, x in v.items()}
          if k == "r": return float(v)
          if k == "x": return bytes.fromhex(v)
          if k == "t": return datetime.datetime(2001, 1, 1) + datetime.timedelta(seconds=v)
          return v
      values = json.load(open(sys.argv[1] + "/values.json"))
      for i, t in enumerate(values):
          with open(f"{sys.argv[1]}/{i}.plist", "wb") as f:
              f.write(plistlib.dumps(untag(t), fmt=plistlib.\(fmt), sort_keys=False))
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, directory.path]
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw OracleError.python(process.terminationStatus)
    }
    return try values.indices.map {
      [UInt8](try Data(contentsOf: directory.appendingPathComponent("\($0).plist")))
    }
  }

  /// Random trees from `seeds` plus `extra`, written by `plistlib` in `fmt`, read back equal
  /// by ``PlistReader``.
  static func expectPythonWrittenReadsBack(
    fmt: String, seeds: Range<Int>, allowControls: Bool, extra: [PlistValue]
  ) throws {
    var values = extra
    for seed in seeds {
      var random = RandomPlist(seed: UInt64(seed), allowControls: allowControls)
      values.append(random.anyValue(depth: 4))
    }
    let documents = try pythonWrite(values, fmt: fmt)
    #expect(documents.count == values.count)
    for (value, document) in zip(values, documents) {
      #expect(try PlistReader.read(document) == value)
    }
  }

  /// The tagged JSON object for `value` (the form ``Tagged`` decodes).
  static func tagged(_ value: PlistValue) -> [String: Any] {
    switch value {
    case .string(let string): ["s": string]
    case .integer(let integer): ["i": integer]
    case .boolean(let flag): ["b": flag]
    case .real(let real): ["r": "\(real)"]
    case .data(let bytes): ["x": bytes.map { String(format: "%02x", $0) }.joined()]
    case .date(let date): ["t": date]
    case .array(let elements): ["a": elements.map(tagged)]
    case .dictionary(let entries): ["d": entries.mapValues(tagged)]
    }
  }
}

extension RandomPlist {
  /// Any value including reals, data and dates (finite, dates in whole seconds so every format
  /// and Python keep them exactly); collections only while `depth` > 0.
  mutating func anyValue(depth: Int) -> PlistValue {
    switch Int.random(in: 0..<(depth > 0 ? 8 : 6), using: &generator) {
    case 0: return .real(Double(Int.random(in: -1000...1000, using: &generator)) / 8)
    case 1:
      return .data(
        (0..<Int.random(in: 0...70, using: &generator)).map { _ in
          UInt8.random(in: 0...255, using: &generator)
        })
    case 2: return .date(Double(Int.random(in: -4_000_000_000...4_000_000_000, using: &generator)))
    case 3, 4, 5: return value(depth: 0)
    case 6:
      return .array(
        (0..<Int.random(in: 0...4, using: &generator)).map { _ in anyValue(depth: depth - 1) })
    default:
      var entries: [String: PlistValue] = [:]
      for _ in 0..<Int.random(in: 0...6, using: &generator) {
        entries[string(maxPieces: 3)] = anyValue(depth: depth - 1)
      }
      return .dictionary(entries)
    }
  }
}
