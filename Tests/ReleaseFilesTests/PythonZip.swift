import Foundation
import LHCTestSupport
import ReleaseFiles
import Testing

/// Builds test zips with Python's `zipfile`, so no binary fixtures are checked in.
///
/// `entries` is Python run inside `with zipfile.ZipFile(out, 'w') as z:`, with helpers:
/// `add(name, data=b'', mode=None, stored=False)` writes an entry (a fixed date; `mode` becomes the
/// Unix mode in `external_attr`); `add_zeros(name, megabytes)` streams zeros deflated. `after` runs
/// once the zip is closed: `patch_declared_size(size)` rewrites the first entry's uncompressed size
/// in its local header and the central directory; `read()` / `write(data)` work on the zip's bytes.
enum PythonZip {
  private static let prelude = """
    import struct, sys, warnings, zipfile
    warnings.simplefilter('ignore')
    out = sys.argv[1]
    def add(name, data=b'', mode=None, stored=False):
        info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
        info.external_attr = (mode if mode is not None else 0o100644) << 16
        z.writestr(info, data)
    def add_zeros(name, megabytes):
        info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        with z.open(info, 'w') as f:
            for _ in range(megabytes):
                f.write(bytes(1 << 20))
    def read():
        with open(out, 'rb') as f:
            return bytearray(f.read())
    def write(data):
        with open(out, 'wb') as f:
            f.write(data)
    def patch_declared_size(size):
        data = read()
        struct.pack_into('<I', data, 22, size)
        end = data.rfind(b'PK\\x05\\x06')
        central = struct.unpack_from('<I', data, end + 16)[0]
        struct.pack_into('<I', data, central + 24, size)
        write(data)

    """

  /// The bytes of the zip that `entries` (then `after`) produce.
  static func make(_ entries: String, after: String = "") throws -> [UInt8] {
    let body = entries.split(separator: "\n", omittingEmptySubsequences: false)
      .map { "    " + $0 }.joined(separator: "\n")
    let script = prelude + "with zipfile.ZipFile(out, 'w') as z:\n    pass\n" + body + "\n" + after
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let zip = directory.appendingPathComponent("release.zip")
    let result = try runProcess(
      URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, zip.path])
    #expect(result.status == 0, "python3 failed: \(result.stderr)")
    return try [UInt8](Data(contentsOf: zip))
  }

  /// A good release: two languages, two tables, junk and ignored files.
  static func goodRelease() throws -> [UInt8] {
    try make(
      """
      add('en.lproj/Localizable.strings', b'"hello" = "Hello";\\n')
      add('en.lproj/Localizable.stringsdict', b'<plist><dict/></plist>\\n', stored=True)
      add('en.lproj/Info.txt', b'ignored')
      add('de.lproj/', mode=0o40755)
      add('de.lproj/Localizable.strings', b'"hello" = "Hallo";\\n')
      add('de.lproj/Localizable.stringsdict', b'<plist><dict/></plist>\\n')
      add('__MACOSX/._x', b'junk')
      add('__MACOSX/en.lproj/._Localizable.strings', b'junk')
      add('.DS_Store', b'junk')
      add('en.lproj/.DS_Store', b'junk')
      add('README', b'read me')
      """)
  }
}

/// Expects `ReleaseZip.entries` to reject `bytes` for `reason`; the error, if thrown.
@discardableResult
func expectRejection(
  _ reason: ReleaseArchiveError.Reason, _ bytes: [UInt8], limits: ReleaseZip.Limits = .sdk,
  sourceLocation: SourceLocation = #_sourceLocation
) -> ReleaseArchiveError? {
  let error = #expect(throws: ReleaseArchiveError.self, sourceLocation: sourceLocation) {
    try ReleaseZip.entries(bytes, limits: limits)
  }
  #expect(error?.reason == reason, "\(String(describing: error))", sourceLocation: sourceLocation)
  return error
}
