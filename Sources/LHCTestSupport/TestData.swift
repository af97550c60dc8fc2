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

  /// The Xcode 27 catalogs Xcode builds (`xcode27/positive`, `xcode27/behavior`), relative to
  /// ``corpus``, sorted.
  public static let xcode27BuildableCatalogs: [String] = {
    var paths: [String] = []
    for folder in ["xcode27/positive", "xcode27/behavior"] {
      let root = corpus.appendingPathComponent(folder)
      let found = (try? FileManager.default.subpathsOfDirectory(atPath: root.path)) ?? []
      paths += found.filter { $0.hasSuffix(".xcstrings") }.map { "\(folder)/\($0)" }
    }
    return paths.sorted()
  }()

  /// The catalogs of the real apps (`apps/**/*.xcstrings`), relative to ``corpus``, sorted: all
  /// built and shipped by Xcode.
  public static let appCatalogs: [String] = {
    let root = corpus.appendingPathComponent("apps")
    let found = (try? FileManager.default.subpathsOfDirectory(atPath: root.path)) ?? []
    return found.filter { $0.hasSuffix(".xcstrings") }.map { "apps/\($0)" }.sorted()
  }()

  /// Every corpus catalog Xcode builds, relative to ``corpus``: `xcstrings/…`, then
  /// ``xcode27BuildableCatalogs``.
  public static let buildableCatalogs: [String] =
    corpusCatalogNames.map { "xcstrings/\($0)" } + xcode27BuildableCatalogs

  /// A unique name for a corpus catalog path: the file name in `xcstrings/`, else the path with
  /// `/` made `__` (`xcode27__positive__catalog-matrix__source.xcstrings`).
  public static func label(ofCorpusCatalog path: String) -> String {
    path.hasPrefix("xcstrings/")
      ? String(path.dropFirst("xcstrings/".count)) : path.replacingOccurrences(of: "/", with: "__")
  }

  /// The table name of a catalog path: its file name without `.xcstrings`.
  public static func table(ofCatalog path: String) -> String {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    return name.hasSuffix(".xcstrings") ? String(name.dropLast(".xcstrings".count)) : name
  }
}
