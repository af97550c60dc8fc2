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
}
