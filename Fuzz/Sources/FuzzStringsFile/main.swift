import FuzzSupport
import LHCPlist

/// The `.strings` reader on arbitrary bytes: old-style text (UTF-8, UTF-16 with BOM), XML and
/// binary property lists. A thrown `PlistReadError` is fine; a crash, hang or ASan report is not.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  do {
    let entries = try StringsFileReader.read(fuzzBytes(data, size))
    _ = entries.count
  } catch {
    _ = error.description
  }
  return 0
}

runFuzzer(testOneInput)
