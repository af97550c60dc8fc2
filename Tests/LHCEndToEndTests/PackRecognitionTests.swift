import Foundation
import LHCTestSupport
import ReleaseFiles
import Testing

@testable import LHCCommandLine

/// `lhc pack` of catalogs reads the archive back without parsing the files it wrote (they come
/// back with the bytes written from known tables): the release must be exactly the one parsing
/// every file gives, for every corpus catalog.
@Suite("lhc pack: files written from catalogs are not parsed again")
struct PackRecognitionTests {
  @Test(arguments: CorpusCompileTests.catalogs)
  func recognizedReleaseEqualsParsedRelease(_ name: String) throws {
    let catalog = TestPaths.corpus.appendingPathComponent(name).path
    let parsed = try ArgumentParser.parse([catalog, "-o", "unused.zip"], for: PackCommand.spec)
    let command = try PackCommand(parsed: parsed, environment: [:])
    let console = Console(out: { _ in }, error: { _ in })
    let printer = DiagnosticPrinter(console: console, warningsAsErrors: false)
    guard let inputs = PackInputs.gather(command, printer: printer, console: console),
      !inputs.entries.isEmpty
    else { return }  // an empty catalog: nothing to pack
    #expect(Set(inputs.writtenFrom.keys) == Set(inputs.entries.map(\.path)))
    let recognized = try PackedRelease.lingoHub(
      inputs.entries, modificationTime: 0, writtenFrom: inputs.writtenFrom)
    let reparsed = try PackedRelease.lingoHub(inputs.entries, modificationTime: 0)
    #expect(recognized.archive == reparsed.archive)
    #expect(recognized.tables == reparsed.tables)
    #expect(recognized.warnings == reparsed.warnings)
    // Each file: the table part it was written from is the one parsing it gives, without warnings.
    for entry in inputs.entries {
      guard case .bytes(let bytes) = entry.source else { continue }
      let parsed = try Release.readFile(ArchiveEntry(path: entry.path, bytes: bytes))
      #expect(parsed.table == inputs.writtenFrom[entry.path], "\(entry.path)")
      #expect(parsed.warnings.isEmpty, "\(entry.path)")
    }
  }
}
