import CatalogLint
import Foundation
import LHCBase
import SourceLint
import SourceProjects

/// What applies to each catalog of an `lhc lint` run: its config file (`--config`, else the
/// nearest `.lhc-lint.json` in the catalog's folder or above) and its baseline (`--baseline`,
/// else the config's `baseline`); the same for each Swift file of `--sources`, from its own
/// folder. Every file is read once; a file that cannot be read or is invalid is an error naming
/// it (`path:line:col`).
struct LintSettings {
  /// The config file name searched for.
  static let configName = ".lhc-lint.json"

  /// A file that could not be used: its path, its problems, its text (for line and column).
  struct Problem {
    var path: String
    var diagnostics: [Diagnostic]
    var source: SourceText?
  }

  /// Per catalog, in command-line order.
  private(set) var configs: [LintConfig?] = []
  /// Per catalog: the path of its baseline file (as the user or the config spelled it).
  private(set) var baselinePaths: [String?] = []
  /// The baselines read, by the path in `baselinePaths`.
  private(set) var baselines: [String: LintBaseline] = [:]
  private(set) var problems: [Problem] = []
  /// The Swift sources the catalogs' configs name (`sources`), absolute, each once, in order.
  private(set) var configuredSources: [String] = []

  private let explicit: String?
  private let baseline: String?
  private let useBaselines: Bool
  private var read: [String: LintConfig?] = [:]
  private var found: [String: String?] = [:]

  /// Finds and reads the configs and baselines of `catalogs`. `baseline` (`--baseline`) replaces
  /// the configs' baselines; `useBaselines` false (`--write-baseline`) reads none.
  init(catalogs: [String], config explicit: String?, baseline: String?, useBaselines: Bool) {
    self.explicit = explicit
    self.baseline = baseline
    self.useBaselines = useBaselines
    for catalog in catalogs {
      let (config, configPath, baselinePath) = settle(catalog)
      configs.append(config)
      baselinePaths.append(baselinePath)
      for source in config?.sources ?? [] {
        let path = Self.absolute(
          source.hasPrefix("/")
            ? source : (Self.folder(of: configPath!) as NSString).appendingPathComponent(source))
        if !configuredSources.contains(path) { configuredSources.append(path) }
      }
    }
  }

  /// The config (and its path) and baseline path of one file, the files they name read.
  mutating func settle(_ file: String) -> (
    config: LintConfig?, configPath: String?, baselinePath: String?
  ) {
    let configPath =
      explicit ?? NearestFile.find(Self.configName, from: Self.folder(of: file), cache: &found)
    var config: LintConfig?
    if let configPath {
      if let known = read[configPath] {
        config = known
      } else {
        config = load(configPath, what: "config") { source throws(DiagnosticError) in
          try LintConfig.read(source, otaSDKs: OTACoverage.sdkNames)
        }
        read.updateValue(config, forKey: configPath)  // nil too: a failed file is read once
      }
    }
    var baselinePath = baseline
    if baselinePath == nil, let configPath, let written = config?.baseline {
      baselinePath =
        written.hasPrefix("/")
        ? written : (Self.folder(of: configPath) as NSString).appendingPathComponent(written)
    }
    if !useBaselines { baselinePath = nil }
    if let baselinePath, baselines[baselinePath] == nil,
      !problems.contains(where: { $0.path == baselinePath }),
      let loaded = load(baselinePath, what: "baseline", LintBaseline.read)
    {
      baselines[baselinePath] = loaded
    }
    return (config, configPath, baselinePath)
  }

  /// Reads a config or baseline file; records a problem and returns nil when it cannot.
  private mutating func load<T>(
    _ path: String, what: String, _ reader: (SourceText) throws(DiagnosticError) -> T
  ) -> T? {
    let source: SourceText
    do {
      source = try SourceText(contentsOf: path)
    } catch {
      problems.append(
        Problem(path: path, diagnostics: [.error("cannot read \(what) file: \(error.message)")]))
      return nil
    }
    do {
      return try reader(source)
    } catch {
      problems.append(Problem(path: path, diagnostics: error.diagnostics, source: source))
      return nil
    }
  }

  /// The folder of a path (`.` for a bare file name).
  static func folder(of path: String) -> String {
    let folder = OutputFile.parent(of: path)
    return folder.isEmpty ? "." : folder
  }

  /// The absolute, standardized form of a path, symbolic links resolved.
  static func absolute(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
  }

  /// `file` relative to the folder of `baseline`, with `/` separators (`../App/x.xcstrings`).
  /// Both are resolved first, a link to the baseline file as a link to a catalog is (Bazel's
  /// runfiles are links into the source tree).
  static func relative(_ file: String, toFolderOf baseline: String) -> String {
    Paths.relative(absolute(file), to: folder(of: absolute(baseline)))
  }
}
