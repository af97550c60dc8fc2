import Foundation
import FuzzSupport
import LHCBase
import StringCatalog
import StringTables

/// The `LHCStrings` plugin's language scan (`CatalogLanguages.swift`, linked here from
/// `Plugins/LHCStrings/`) on arbitrary bytes.
///
/// The scan must never crash or hang, whatever the bytes. Where lhc reads the catalog, the scan
/// must find the languages `lhc compile --emit-empty-tables` writes (every entry occurrence
/// compiled, as `lhc compile` does) and the same `sourceLanguage`: otherwise the plugin would
/// declare outputs lhc does not write, or miss some it does.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let scanned = CatalogLanguages(scanning: Data(bytes))
  var compiler = CatalogCompiler(table: "Fuzz")
  let source = SourceText(path: "fuzz.xcstrings", bytes: bytes)
  guard let read = try? CatalogReader.read(source, forEachEntry: { compiler.add($0) }) else {
    return 0
  }
  let compiled = compiler.finish()
  precondition(scanned.sourceLanguage == read.catalog.sourceLanguage, "sourceLanguage differs")
  precondition(scanned.languages == Set(compiled.languages), "languages differ")
  return 0
}

runFuzzer(testOneInput)
