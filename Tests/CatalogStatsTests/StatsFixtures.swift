import CatalogStats
import LHCBase
import LHCTestSupport
import StringCatalog

/// Reading the hand-written catalogs of `TestData/stats/`.
enum StatsFixtures {
  /// The catalog `TestData/stats/<name>`.
  static func catalog(_ name: String) throws -> Catalog {
    let path = TestPaths.testData.appendingPathComponent("stats/\(name)").path
    return try CatalogReader.read(SourceText(contentsOf: path)).catalog
  }

  /// A catalog from JSON text.
  static func catalog(json: String) throws -> Catalog {
    try CatalogReader.read(SourceText(path: "inline.xcstrings", bytes: Array(json.utf8))).catalog
  }

  /// The row of `language` in `stats`.
  static func row(_ stats: CatalogStats, _ language: String) -> LanguageStats? {
    stats.languages.first { $0.language == language }
  }
}
