import Foundation

/// What Xcode tells a Run Script build phase through its environment: where the product's
/// resources go, which files the phase declared as inputs and outputs, and the project's regions.
///
/// Detection: lhc is in a Run Script phase when both `ACTION` and `SCRIPT_INPUT_FILE_COUNT` are
/// set. Xcode exports `SCRIPT_INPUT_FILE_COUNT` (0 when nothing is declared) only to Run Script
/// phases, and `ACTION` to every build-time script; a shell that merely exported a few build
/// settings by hand is not taken for Xcode.
struct XcodeBuildEnvironment {
  var variables: [String: String]

  init(_ variables: [String: String]) {
    self.variables = variables
  }

  /// True inside an Xcode Run Script build phase (see the type's documentation).
  var isRunScriptPhase: Bool {
    variables["ACTION"] != nil && variables["SCRIPT_INPUT_FILE_COUNT"] != nil
  }

  /// `$TARGET_BUILD_DIR/$UNLOCALIZED_RESOURCES_FOLDER_PATH`: where the product's resources go
  /// (`MyApp.app/Contents/Resources` on macOS, `MyApp.app` on iOS).
  func resourcesFolder() throws(UsageError) -> String {
    let base = try required("TARGET_BUILD_DIR")
    let folder = try required("UNLOCALIZED_RESOURCES_FOLDER_PATH")
    return (base as NSString).appendingPathComponent(folder)
  }

  /// The phase's input files: `SCRIPT_INPUT_FILE_0…` then the entries of every
  /// `SCRIPT_INPUT_FILE_LIST_0…`, in that order, duplicates dropped.
  func declaredInputs() throws(UsageError) -> [String] {
    try declared(files: "SCRIPT_INPUT_FILE", lists: "SCRIPT_INPUT_FILE_LIST")
  }

  /// The phase's output files: `SCRIPT_OUTPUT_FILE_0…` then the entries of every
  /// `SCRIPT_OUTPUT_FILE_LIST_0…`.
  func declaredOutputs() throws(UsageError) -> [String] {
    try declared(files: "SCRIPT_OUTPUT_FILE", lists: "SCRIPT_OUTPUT_FILE_LIST")
  }

  /// In a Run Script phase, the checkouts of the project's Swift packages that Xcode resolved:
  /// `SourcePackages/checkouts` in the derived data folder whose `Build/Products` is `BUILD_DIR`.
  var packageCheckouts: String? {
    guard isRunScriptPhase, let build = variables["BUILD_DIR"], !build.isEmpty else { return nil }
    let derivedData = ((build as NSString).deletingLastPathComponent as NSString)
      .deletingLastPathComponent
    let checkouts = derivedData + "/SourcePackages/checkouts"
    return FileManager.default.fileExists(atPath: checkouts) ? checkouts : nil
  }

  /// The project's `knownRegions` plus its `developmentRegion`, without `Base`, read from
  /// `$PROJECT_FILE_PATH/project.pbxproj`; nil when the variable, the file or the key is missing.
  var knownRegions: [String]? {
    guard let project = variables["PROJECT_FILE_PATH"], !project.isEmpty else { return nil }
    return KnownRegions.read(
      projectFile: (project as NSString).appendingPathComponent("project.pbxproj"))
  }

  /// `path` with a leading build directory written as a build-setting reference, longest first:
  /// `$(TARGET_BUILD_DIR)/$(UNLOCALIZED_RESOURCES_FOLDER_PATH)`, `$(DERIVED_FILE_DIR)`,
  /// `$(TARGET_BUILD_DIR)`, `$(SRCROOT)`. Unchanged when no such variable is set or matches, so a
  /// file list written outside Xcode holds the absolute paths.
  func referencing(_ path: String) -> String {
    var prefixes: [(value: String, reference: String)] = []
    if let resources = try? resourcesFolder() {
      prefixes.append((resources, "$(TARGET_BUILD_DIR)/$(UNLOCALIZED_RESOURCES_FOLDER_PATH)"))
    }
    for name in ["DERIVED_FILE_DIR", "TARGET_BUILD_DIR", "SRCROOT"] {
      if let value = variables[name], !value.isEmpty { prefixes.append((value, "$(\(name))")) }
    }
    for (value, reference) in prefixes.sorted(by: { $0.value.count > $1.value.count }) {
      let directory = Self.standardized(value)
      if path.hasPrefix(directory + "/") {
        return reference + path.dropFirst(directory.count)
      }
    }
    return path
  }

  /// An absolute, standardized path (`.`/`..` resolved) for comparisons.
  static func standardized(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.path
  }

  private func required(_ name: String) throws(UsageError) -> String {
    guard let value = variables[name], !value.isEmpty else {
      throw UsageError(
        "running in an Xcode build phase, but the build setting \(name) is not set; "
          + "pass '--output-directory <DIR>'")
    }
    return value
  }

  private func declared(files: String, lists: String) throws(UsageError) -> [String] {
    var paths: [String] = []
    for index in 0..<count("\(files)_COUNT") {
      if let path = variables["\(files)_\(index)"], !path.isEmpty { paths.append(path) }
    }
    for index in 0..<count("\(lists)_COUNT") {
      guard let list = variables["\(lists)_\(index)"], !list.isEmpty else { continue }
      do {
        paths += try FileList.read(list, variables: variables)
      } catch {
        throw UsageError("\(lists)_\(index): \(error.message)")
      }
    }
    var seen = Set<String>()
    return paths.filter { seen.insert($0).inserted }
  }

  private func count(_ name: String) -> Int {
    variables[name].flatMap { Int($0) }.map { max($0, 0) } ?? 0
  }
}
