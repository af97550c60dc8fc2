import FuzzSupport
import ReleaseFiles

/// Limits far below the SDK's, so the fuzzer spends its time on structure, not inflating.
let limits = {
  var limits = ReleaseZip.Limits()
  limits.compressedBytes = 1 << 20
  limits.uncompressedBytes = 1 << 20
  limits.entries = 100
  return limits
}()

/// The release-zip reader on arbitrary bytes: libarchive's zip reader behind the SDK's archive
/// rules, then every table file parsed as the SDK does.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = fuzzBytes(data, size)
  do {
    let entries = try ReleaseZip.entries(bytes, limits: limits)
    precondition(entries.map(\.path) == entries.map(\.path).sorted(), "entries not sorted")
    let release = try Release.read(zip: bytes, limits: limits)
    _ = release.tables.count
  } catch {
    _ = error.description
  }
  return 0
}

runFuzzer(testOneInput)
