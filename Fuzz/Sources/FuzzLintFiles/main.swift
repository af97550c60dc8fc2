import CatalogLint
import FuzzSupport
import LHCBase

/// `lhc lint`'s own readers on arbitrary bytes: the config file, the baseline file, and the top
/// level of a catalog (`CatalogShape`, validating and not). Errors are expected; a crash, a hang
/// or an ASan report is a bug. A baseline that reads writes bytes that read back to it, and a
/// top level the validating scan reads is read the same without validating.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let source = SourceText(path: "fuzz.json", bytes: bytes)
  _ = try? LintConfig.read(source)
  if let baseline = try? LintBaseline.read(source) {
    let again = try? LintBaseline.read(
      SourceText(path: "again.json", bytes: Array(baseline.document().utf8)))
    precondition(again == baseline, "a baseline does not read back")
  }
  if let shape = CatalogShape(source) {
    let fast = CatalogShape(source, validating: false)
    precondition(fast?.findings == shape.findings, "the fast top-level scan differs")
  }
  return 0
}

runFuzzer(testOneInput)
