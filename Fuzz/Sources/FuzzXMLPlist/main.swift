import FuzzSupport
import LHCPlist

/// The property-list reader on arbitrary bytes, which it reads as XML (through libxml2, no
/// network, no DTD, no entities) unless they start with `bplist00`.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  do {
    _ = try PlistReader.read(fuzzBytes(data, size))
  } catch {
    _ = error.description
  }
  return 0
}

runFuzzer(testOneInput)
