import CatalogExchange
import FuzzSupport
import LHCBase
import StringCatalog
import XLIFF

/// The XLIFF reader on arbitrary bytes (what `lhc import` reads from a translator), through
/// libxml2 without network, DTD or entities; what it reads must be written and read back to the
/// same document, and must import into a catalog of every shape (plural, device, substitutions,
/// keys with `|==|`) without a crash, twice to the same result.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  guard let document = try? XLIFFReader.read(bytes) else { return 0 }
  guard let written = try? XLIFFWriter.bytes(document) else {
    preconditionFailure("a document read cannot be written")
  }
  guard let reread = try? written.withUnsafeBufferPointer({ try XLIFFReader.read($0) }) else {
    preconditionFailure("the written document does not read")
  }
  precondition(withoutOffsets(reread) == withoutOffsets(document), "the written document differs")
  var importer = XLIFFImport(catalog)
  for file in document.files { _ = importer.apply(file, catalogName: "Fuzz.xcstrings") }
  var again = XLIFFImport(importer.catalog)
  for file in document.files { _ = again.apply(file, catalogName: "Fuzz.xcstrings") }
  return 0
}

/// `document` with every offset 0 (they locate the parts in the bytes read).
func withoutOffsets(_ document: XLIFFDocument) -> XLIFFDocument {
  var document = document
  for f in document.files.indices {
    document.files[f].offset = 0
    for u in document.files[f].units.indices {
      document.files[f].units[u].offset = 0
      document.files[f].units[u].target?.offset = 0
    }
  }
  return document
}

/// A catalog with every shape an import edits.
let catalog: Catalog = {
  let text = #"""
    {"sourceLanguage":"en","version":"1.0","strings":{
      "simple":{"comment":"c","localizations":{"en":{"stringUnit":{"state":"translated","value":"Simple"}},
        "fr":{"stringUnit":{"state":"new","value":"Simple FR"}}}},
      "plural":{"localizations":{"en":{"variations":{"plural":{
        "one":{"stringUnit":{"state":"translated","value":"%lld item"}},
        "other":{"stringUnit":{"state":"translated","value":"%lld items"}}}}}}},
      "device":{"localizations":{"en":{"variations":{"device":{
        "iphone":{"variations":{"plural":{"one":{"stringUnit":{"state":"translated","value":"%lld tap"}},
          "other":{"stringUnit":{"state":"translated","value":"%lld taps"}}}}},
        "other":{"stringUnit":{"state":"translated","value":"%lld clicks"}}}}}}},
      "birds|==|yards":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"%1$#@B@ %2$#@Y@"},
        "substitutions":{"B":{"argNum":1,"formatSpecifier":"lld","variations":{"plural":{
          "one":{"stringUnit":{"state":"translated","value":"%arg bird"}},
          "other":{"stringUnit":{"state":"translated","value":"%arg birds"}}}}},
        "Y.D":{"argNum":2,"formatSpecifier":"lld","variations":{"plural":{
          "other":{"stringUnit":{"state":"translated","value":"%arg yards"}}}}}}}}},
      "label|==|plural.one":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"One"}}}},
      "both":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"x"},
        "variations":{"plural":{"other":{"stringUnit":{"state":"translated","value":"%lld x"}}}}}}}
    }}
    """#
  return try! CatalogReader.readLossless(
    SourceText(path: "Fuzz.xcstrings", bytes: Array(text.utf8))
  )
  .catalog
}()

runFuzzer(testOneInput)
