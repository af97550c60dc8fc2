import Foundation
import LHCBase
import LHCPlist
import LHCTestSupport

/// Foundation and Python as oracles for the writers: conversions between ``PlistValue`` and
/// Foundation objects, Foundation's own XML bytes, and `plistlib` run in a `python3` process.
enum PlistOracle {
  /// The Foundation object graph (`NSDictionary`, `NSString`, …) for `value`.
  static func foundationObject(_ value: PlistValue) -> Any {
    switch value {
    case .string(let string): return NSString(string: string)
    case .integer(let integer): return NSNumber(value: integer)
    case .boolean(let flag): return NSNumber(value: flag)
    case .real(let real): return NSNumber(value: real)
    case .data(let bytes): return NSData(bytes: bytes, length: bytes.count)
    case .date(let date): return NSDate(timeIntervalSinceReferenceDate: date)
    case .array(let elements): return NSArray(array: elements.map(foundationObject))
    case .dictionary(let entries):
      let dictionary = NSMutableDictionary()
      for (key, element) in entries {
        dictionary[NSString(string: key)] = foundationObject(element)
      }
      return dictionary
    }
  }

  /// `object` as a ``PlistValue``; nil for anything a plist writer can't produce.
  static func plistValue(_ object: Any) -> PlistValue? {
    switch object {
    // Foundation on Linux reads `<true/>` back as a native `Bool`, `<integer>` as an NSNumber.
    case let flag as Bool where type(of: object) == Bool.self: return .boolean(flag)
    case let string as String: return .string(string)
    case let data as Data: return .data([UInt8](data))
    case let date as Date: return .date(date.timeIntervalSinceReferenceDate)
    case let number as NSNumber:
      // A Boolean NSNumber reports "c"; integers report "i" or "q"; reals "d" or "f".
      let type = String(cString: number.objCType)
      if type == "d" || type == "f" { return .real(number.doubleValue) }
      return type == "c" || type == "B" ? .boolean(number.boolValue) : .integer(number.intValue)
    case let array as [Any]:
      var elements: [PlistValue] = []
      for element in array {
        guard let value = plistValue(element) else { return nil }
        elements.append(value)
      }
      return .array(elements)
    case let dictionary as [String: Any]:
      var entries: [String: PlistValue] = [:]
      for (key, element) in dictionary {
        guard let value = plistValue(element) else { return nil }
        entries[key] = value
      }
      return .dictionary(entries)
    default: return nil
    }
  }

  /// `value` with a leading U+FEFF removed from every string and key, as Foundation's reader
  /// (CFString from UTF-8 bytes) removes it; when two keys become equal, the later one in the
  /// document wins, as in Foundation's reader.
  static func droppingLeadingBOM(_ value: PlistValue) -> PlistValue {
    func drop(_ string: String) -> String {
      string.unicodeScalars.first == "\u{FEFF}" ? String(string.unicodeScalars.dropFirst()) : string
    }
    switch value {
    case .string(let string): return .string(drop(string))
    case .integer, .boolean, .real, .data, .date: return value
    case .array(let elements): return .array(elements.map(droppingLeadingBOM))
    case .dictionary(let entries):
      var result: [String: PlistValue] = [:]
      for key in KeyOrder.sorted(entries.keys) {
        result[drop(key)] = entries[key].map(droppingLeadingBOM)
      }
      return .dictionary(result)
    }
  }

  /// Foundation's XML bytes for `value` (`PropertyListSerialization`, `.xml`, options 0).
  static func foundationXML(_ value: PlistValue) throws -> [UInt8] {
    let data = try PropertyListSerialization.data(
      fromPropertyList: foundationObject(value), format: .xml, options: 0)
    return [UInt8](data)
  }

  /// `bytes` parsed by Foundation's `PropertyListSerialization`.
  static func foundationRead(_ bytes: [UInt8]) throws -> PlistValue? {
    plistValue(try PropertyListSerialization.propertyList(from: Data(bytes), format: nil))
  }

  /// Each of `documents` parsed by Python's `plistlib` (`fmt` is `FMT_XML` or `FMT_BINARY`),
  /// in one `python3` run; nil where `plistlib` failed.
  static func pythonRead(_ documents: [[UInt8]], fmt: String) throws -> [PlistValue?] {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("lhc-plist-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    for (index, document) in documents.enumerated() {
      try Data(document).write(to: directory.appendingPathComponent("\(index).plist"))
    }
    // Tagged JSON keeps booleans and integers apart: {"s": …} {"i": …} {"b": …} {"a": …} {"d": …},
    // reals {"r": repr}, data {"x": hex}, dates {"t": seconds since 2001}.
    let script = """
      import datetime, json, plistlib, sys
      def tag(v):
          if isinstance(v, bool): return {"b": v}
          if isinstance(v, int): return {"i": v}
          if isinstance(v, float): return {"r": repr(v)}
          if isinstance(v, bytes): return {"x": v.hex()}
          if isinstance(v, datetime.datetime):
              ref = datetime.datetime(2001, 1, 1)
              return {"t": (v.replace(tzinfo=None) - ref).total_seconds()}
          if isinstance(v, str): return {"s": v}
          if isinstance(v, list): return {"a": [tag(x) for x in v]}
          if isinstance(v, dict): return {"d": {k: tag(x) for k, x in v.items()}}
          raise TypeError(type(v))
      out = []
      for i in range(int(sys.argv[2])):
          try:
              with open(f"{sys.argv[1]}/{i}.plist", "rb") as f:
                  out.append(tag(plistlib.load(f, fmt=plistlib.\(fmt))))
          except Exception:
              out.append(None)
      sys.stdout.write(json.dumps(out))
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, directory.path, String(documents.count)]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw OracleError.python(process.terminationStatus)
    }
    return try JSONDecoder().decode([Tagged?].self, from: output).map { $0?.value }
  }

  /// A failure of an oracle itself.
  enum OracleError: Error { case python(Int32) }

  /// The tagged JSON form the Python script prints.
  struct Tagged: Decodable {
    var s: String?
    var i: Int?
    var b: Bool?
    var a: [Tagged]?
    var d: [String: Tagged]?
    var r: String?
    var x: String?
    var t: Double?

    var value: PlistValue? {
      if let s { return .string(s) }
      if let r { return Double(r).map(PlistValue.real) }
      if let t { return .date(t) }
      if let x { return .data(Self.bytes(hex: x)) }
      if let i { return .integer(i) }
      if let b { return .boolean(b) }
      if let a { return .array(a.compactMap(\.value)) }
      if let d { return .dictionary(d.compactMapValues(\.value)) }
      return nil
    }

    /// The bytes of lower-case hex text.
    static func bytes(hex: String) -> [UInt8] {
      let digits = Array(hex.utf8)
      return stride(from: 0, to: digits.count - 1, by: 2).compactMap {
        UInt8(String(decoding: digits[$0...$0 + 1], as: UTF8.self), radix: 16)
      }
    }
  }
}

/// Random property lists built from tricky pieces, reproducible from a seed.
struct RandomPlist {
  /// Pieces strings are made of: XML specials, quotes, whitespace, controls, non-ASCII, non-BMP.
  static let pieces: [String] = [
    "a", "b", "B", "Z", "key", " ", "&", "<", ">", "]]>", "\"", "'", "\\", "\n", "\t", "\r",
    "\r\n", "%@", "%1$lld", "é", "ß", "日本", "！", "～", "😀", "👍🏽", "𝄞", "\u{FEFF}", "\u{2028}",
    "\u{7F}", "\u{85}", "\u{1}", "\u{8}", "\u{B}", "\u{C}", "\u{1B}", "\u{1F}", "&amp;",
  ]

  /// True for text that conforming XML parsers such as expat reject or change: C0 controls other
  /// than tab and LF (rejected; `\r` becomes `\n` by end-of-line handling) and U+FFFE/U+FFFF.
  static func hasControl(_ piece: String) -> Bool {
    piece.unicodeScalars.contains {
      ($0.value < 0x20 && $0 != "\t" && $0 != "\n") || $0.value == 0xFFFE || $0.value == 0xFFFF
    }
  }

  var generator: SplitMix64
  /// Whether control characters (and `\r`) may appear.
  var allowControls: Bool

  init(seed: UInt64, allowControls: Bool = true) {
    generator = SplitMix64(state: seed)
    self.allowControls = allowControls
  }

  /// A string of up to `maxPieces` pieces.
  mutating func string(maxPieces: Int = 6) -> String {
    let count = Int.random(in: 0...maxPieces, using: &generator)
    var result = ""
    for _ in 0..<count {
      let piece = Self.pieces.randomElement(using: &generator) ?? "a"
      if !allowControls, Self.hasControl(piece) { continue }
      result += piece
    }
    return result
  }

  /// Any value; collections only while `depth` > 0.
  mutating func value(depth: Int) -> PlistValue {
    switch Int.random(in: 0..<(depth > 0 ? 6 : 4), using: &generator) {
    case 0, 1: return .string(string())
    case 2:
      let shift = Int.random(in: 0...63, using: &generator)
      return .integer(Int(truncatingIfNeeded: generator.next()) >> shift)
    case 3: return .boolean(Bool.random(using: &generator))
    case 4:
      let count = Int.random(in: 0...4, using: &generator)
      return .array((0..<count).map { _ in value(depth: depth - 1) })
    default: return dictionary(depth: depth - 1)
    }
  }

  /// A dictionary of up to 8 entries.
  mutating func dictionary(depth: Int) -> PlistValue {
    var entries: [String: PlistValue] = [:]
    for _ in 0..<Int.random(in: 0...8, using: &generator) {
      entries[string(maxPieces: 3)] = value(depth: depth)
    }
    return .dictionary(entries)
  }
}
