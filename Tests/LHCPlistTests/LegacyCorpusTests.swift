import Foundation
import LHCPlist
import LHCTestSupport
import Testing

/// Every `.strings` and `.stringsdict` of the shared corpus (`legacy/`), read by our readers and
/// by an independent oracle: Foundation's `PropertyListSerialization` (old-style text) for
/// `.strings`, Python's `plistlib` for `.stringsdict`.
@Suite("Legacy corpus")
struct LegacyCorpusTests {
  /// Files under `legacy/` with the extension `ext`, sorted by path.
  static func files(_ ext: String) -> [URL] {
    let root = TestPaths.corpus.appendingPathComponent("legacy")
    let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    let all = (enumerator?.allObjects as? [URL]) ?? []
    return all.filter { $0.pathExtension == ext }.sorted { $0.path < $1.path }
  }

  @Test("the corpus is there")
  func corpusPresent() {
    #expect(Self.files("strings").count == 26)
    #expect(Self.files("stringsdict").count == 19)
  }

  @Test(".strings: same entries as Foundation", arguments: files("strings"))
  func strings(_ url: URL) throws {
    let bytes = [UInt8](try Data(contentsOf: url))
    let entries = try StringsFileReader.read(bytes)
    let ours = Dictionary(entries, uniquingKeysWith: { _, last in last })
    let oracle = try #require(try PlistOracle.foundationRead(Self.upperCasingUnicodeEscapes(bytes)))
    #expect(PlistValue.dictionary(ours) == oracle, "\(url.path)")
    #expect(entries.allSatisfy { if case .string = $0.value { true } else { false } })
  }

  /// `bytes` (UTF-8 text) with `\u` escapes rewritten as `\U`: Foundation on Linux reads `\u` as
  /// a plain `u`, lhc reads it as the Unicode escape (Home Assistant's files use it), so the
  /// oracle is given the upper-case spelling it understands. Other files are unchanged.
  static func upperCasingUnicodeEscapes(_ bytes: [UInt8]) -> [UInt8] {
    guard !bytes.starts(with: [0xFF, 0xFE]), !bytes.starts(with: [0xFE, 0xFF]) else { return bytes }
    var result = bytes
    var index = 0
    while index + 1 < result.count {
      if result[index] == UInt8(ascii: "\\") {
        if result[index + 1] == UInt8(ascii: "u") { result[index + 1] = UInt8(ascii: "U") }
        index += 2
      } else {
        index += 1
      }
    }
    return result
  }

  @Test("entry counts, file order and repeated keys as in the files")
  func entryCounts() throws {
    let expected: [(String, Int)] = [
      ("jellyfin__Swiftfin/fa.lproj/Localizable.strings", 0),
      ("ViennaRSS__vienna-rss/en.lproj/Localizable.strings", 0),
      ("SwiftGen__SwiftGen/fixtures/LocMultiline.strings", 8),
      ("SwiftGen__SwiftGen/fixtures/Localizable.strings", 18),
    ]
    for (path, count) in expected {
      let url = TestPaths.corpus.appendingPathComponent("legacy/" + path)
      let entries = try StringsFileReader.read([UInt8](try Data(contentsOf: url)))
      #expect(entries.count == count, "\(path)")
    }
  }

  @Test(".stringsdict: same value as Python's plistlib")
  func stringsdict() throws {
    let urls = Self.files("stringsdict")
    let documents = try urls.map { [UInt8](try Data(contentsOf: $0)) }
    let oracle = try PlistOracle.pythonRead(documents, fmt: "FMT_XML")
    for (index, document) in documents.enumerated() {
      let ours = try PlistReader.read(document)
      #expect(oracle[index] != nil && ours == oracle[index], "\(urls[index].path)")
      guard case .dictionary = ours else {
        Issue.record("root is not a dictionary: \(urls[index].path)")
        continue
      }
    }
  }
}
