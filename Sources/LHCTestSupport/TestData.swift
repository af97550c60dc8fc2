import Foundation

/// Locations of test inputs: the project's own `TestData/` and the shared corpus beside the project.
public enum TestPaths {
  /// The package root, found from this source file's location.
  public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// `TestData/` of this package.
  public static let testData = packageRoot.appendingPathComponent("TestData")

  /// `../shared/corpus` beside the package (CI has it there).
  public static let corpus = packageRoot.deletingLastPathComponent()
    .appendingPathComponent("shared/corpus")

  /// The corpus's catalogs folder, `../shared/corpus/xcstrings`.
  public static let corpusCatalogFolder = corpus.appendingPathComponent("xcstrings")

  /// The file names of the corpus catalogs, sorted; none when the corpus is not beside the package.
  public static let corpusCatalogNames: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: corpusCatalogFolder.path))
    return (names ?? []).filter { $0.hasSuffix(".xcstrings") }.sorted()
  }()

  /// The valid catalogs (names not starting with `!`) of `TestData/<folder>`, sorted.
  public static func fixtureCatalogs(in folder: String) -> [URL] {
    let directory = testData.appendingPathComponent(folder)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".xcstrings") && !$0.hasPrefix("!") }.sorted().map {
      directory.appendingPathComponent($0)
    }
  }
}
