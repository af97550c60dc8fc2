import FuzzSupport
import LHCPlist

/// The `.strings` reader on arbitrary bytes: old-style text (UTF-8, UTF-16 with BOM), XML and
/// binary property lists, and the comments of its entries. A thrown `PlistReadError` is fine; a
/// crash, hang or ASan report is not.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  do {
    let bytes = fuzzBytes(data, size)
    let entries = try StringsFileReader.read(bytes)
    // The comments `lhc import` takes: the same parse, so it cannot fail now; keys of the file.
    let comments = try StringsFileReader.comments(bytes)
    let keys = Set(entries.map(\.key))
    precondition(comments.keys.allSatisfy(keys.contains), "a comment for a key the file lacks")
  } catch {
    _ = error.description
  }
  return 0
}

runFuzzer(testOneInput)
