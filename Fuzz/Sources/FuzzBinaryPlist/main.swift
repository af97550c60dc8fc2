import FuzzSupport
import LHCPlist

/// The binary property-list reader: inputs that do not start with `bplist00` get it prepended,
/// so every mutation reaches the binary parser (trailer, offset table, objects, references).
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let magic = Array("bplist00".utf8)
  var bytes = fuzzBytes(data, size)
  if !bytes.starts(with: magic) { bytes = magic + bytes }
  do {
    _ = try PlistReader.read(bytes)
    _ = try StringsFileReader.read(bytes)
  } catch {
    _ = error.description
  }
  return 0
}

runFuzzer(testOneInput)
