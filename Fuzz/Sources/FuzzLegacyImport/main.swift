import CatalogImport
import CatalogWriter
import FuzzSupport
import LHCBase
import ReleaseFiles
import StringCatalog

/// Limits far below the SDK's, so the fuzzer spends its time on structure, not inflating.
let limits = {
  var limits = ReleaseZip.Limits()
  limits.compressedBytes = 1 << 20
  limits.uncompressedBytes = 1 << 20
  limits.entries = 100
  return limits
}()

/// `lhc import ZIP -o` on arbitrary bytes: a zip's legacy files (comments included) mapped to a
/// catalog by Xcode's migration rules, then `lhc import --into` of the same files into that
/// catalog. A thrown error or a refused key is fine; a crash, hang or ASan report is not. Checks:
/// the catalog written re-reads without an error and writes to the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = fuzzBytes(data, size)
  guard let files = try? ReleaseZip.entries(bytes, limits: limits),
    let read = try? LegacyFiles.read(files, table: "Localizable", sourceLanguage: "en"),
    case .success(let output) = LegacyImport.catalog(read.input)
  else { return 0 }
  let written = CatalogWriter.bytes(output.catalog)
  let source = SourceText(path: "fuzz.xcstrings", bytes: written)
  guard let reread = try? CatalogReader.readLossless(source).catalog else {
    preconditionFailure("the imported catalog does not re-read")
  }
  precondition(CatalogWriter.bytes(reread) == written, "the imported catalog writes differently")
  let outcome = ReleaseImport.apply(
    read.input.tables, to: reread, table: "Localizable", state: .translated)
  _ = CatalogWriter.bytes(outcome.catalog)
  return 0
}

runFuzzer(testOneInput)
