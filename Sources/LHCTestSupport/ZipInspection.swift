import Foundation

/// One entry of a zip as Python's `zipfile` reads it.
public struct PythonZipEntry: Sendable, Equatable {
  public var name: String
  public var fileSize: Int
  public var compressType: Int
  /// `[year, month, day, hour, minute, second]`.
  public var dateTime: [Int]
  public var externalAttributes: Int
  public var createSystem: Int
  public var flagBits: Int
  /// The local header's extra field, hex.
  public var extra: String
  /// The decompressed content, hex-encoded SHA-256 (Python's `hashlib`).
  public var sha256: String
  /// The decompressed content, base64.
  public var base64: String
}

/// Python's `zipfile` reading of `archive` (with `testzip()` run first; throws if it fails).
public func pythonZipEntries(_ archive: URL) throws -> [PythonZipEntry] {
  let script = """
    import base64, hashlib, json, sys, zipfile
    with zipfile.ZipFile(sys.argv[1]) as z:
        bad = z.testzip()
        if bad: sys.exit('bad entry: ' + bad)
        out = []
        for i in z.infolist():
            data = z.read(i)
            out.append(dict(name=i.filename, size=i.file_size, type=i.compress_type,
                date=list(i.date_time), attr=i.external_attr, system=i.create_system,
                flags=i.flag_bits, extra=i.extra.hex(), sha=hashlib.sha256(data).hexdigest(),
                b64=base64.b64encode(data).decode()))
    print(json.dumps(out))
    """
  let result = try runProcess(
    URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, archive.path])
  guard result.status == 0 else { throw PythonError(message: result.stderr) }
  let list = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
  return (list ?? []).map { item in
    PythonZipEntry(
      name: item["name"] as? String ?? "", fileSize: item["size"] as? Int ?? -1,
      compressType: item["type"] as? Int ?? -1, dateTime: item["date"] as? [Int] ?? [],
      externalAttributes: item["attr"] as? Int ?? -1, createSystem: item["system"] as? Int ?? -1,
      flagBits: item["flags"] as? Int ?? -1, extra: item["extra"] as? String ?? "",
      sha256: item["sha"] as? String ?? "", base64: item["b64"] as? String ?? "")
  }
}

/// Python's `hashlib.sha256` of the file at `path`, hex.
public func pythonSHA256(_ path: URL) throws -> String {
  let script =
    "import hashlib, sys; print(hashlib.sha256(open(sys.argv[1], 'rb').read()).hexdigest())"
  let result = try runProcess(
    URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, path.path])
  guard result.status == 0 else { throw PythonError(message: result.stderr) }
  return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
}

/// `unzip -t archive`: Info-ZIP's integrity test (status 0 when every entry is fine).
public func unzipTest(_ archive: URL) throws -> ProcessResult {
  try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["unzip", "-t", archive.path])
}

/// A Python helper script failed.
public struct PythonError: Error {
  public var message: String
}
