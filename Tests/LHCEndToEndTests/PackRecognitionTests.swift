import Foundation
import LHCTestSupport
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
    #expect(recognized.release.tables == reparsed.release.tables)
    #expect(recognized.release.warnings == reparsed.release.warnings)
  }
}
