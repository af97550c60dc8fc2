import Foundation
import PackagePlugin

/// Build-tool plugin: runs `lhc gen-symbols` on the String Catalogs of the target it is applied
/// to and compiles the generated file into that target.
///
/// One build command per target: every `.xcstrings` file of the target → one Swift file
/// (`LHCSymbols.swift` in the plugin work directory) with one namespace per table, exactly as
/// `lhc gen-symbols CATALOG... -o FILE` writes it. The command declares the catalogs and the
/// config file as its inputs and the Swift file as its output, so the build system runs it only
/// when one of them changed (a build command, not a prebuild command).
///
/// Options come from `lhc-symbols.json` in the target's directory (see `SymbolsConfig`).
@main
struct LHCSymbols: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    // Generated Swift only compiles in a Swift target.
    guard let target = target as? SwiftSourceModuleTarget else { return [] }
    let catalogs = target.sourceFiles(withSuffix: "xcstrings").map(\.url)
    let config = target.directoryURL.appending(path: SymbolsConfig.fileName)
    return try SymbolsCommand.commands(
      catalogs: catalogs, config: config, defaultBundle: "module",
      tool: context.tool(named: "lhc").url, workDirectory: context.pluginWorkDirectoryURL)
  }
}

#if canImport(XcodeProjectPlugin)
  import XcodeProjectPlugin

  extension LHCSymbols: XcodeBuildToolPlugin {
    /// In an Xcode project the config file sits beside the target's first catalog; strings are
    /// looked up in `Bundle.main` unless it says otherwise.
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
      let catalogs = target.inputFiles.map(\.url).filter { $0.pathExtension == "xcstrings" }
      guard let first = catalogs.min(by: { $0.path < $1.path }) else { return [] }
      let config = first.deletingLastPathComponent().appending(path: SymbolsConfig.fileName)
      return try SymbolsCommand.commands(
        catalogs: catalogs, config: config, defaultBundle: "main",
        tool: context.tool(named: "lhc").url, workDirectory: context.pluginWorkDirectoryURL)
    }
  }
#endif

/// The one `lhc gen-symbols` build command for a target's catalogs.
enum SymbolsCommand {
  /// The generated file's name in the plugin work directory.
  static let outputName = "LHCSymbols.swift"

  static func commands(
    catalogs: [URL], config: URL, defaultBundle: String, tool: URL, workDirectory: URL
  ) throws -> [Command] {
    guard !catalogs.isEmpty else { return [] }
    // Sorted, so the command line (and with it the build description) is the same every time.
    let catalogs = catalogs.sorted { $0.path < $1.path }
    var inputs = catalogs
    var options = SymbolsConfig()
    if FileManager.default.fileExists(atPath: config.path) {
      do {
        options = try SymbolsConfig.read(config)
      } catch {
        // An error diagnostic stops the build. SwiftPM prints only the message (`error: message`),
        // Xcode attaches it to the file: name the file in the message for both.
        Diagnostics.error(error.description, file: error.file)
        return []
      }
      inputs.append(config)
    }
    let output = workDirectory.appending(path: outputName)
    var arguments = ["gen-symbols"] + catalogs.map(\.path) + ["-o", output.path]
    arguments += ["--bundle", options.bundle ?? defaultBundle]
    if let accessLevel = options.accessLevel { arguments += ["--access-level", accessLevel] }
    if options.onlyManual == true { arguments.append("--only-manual") }
    let names = catalogs.map(\.lastPathComponent).joined(separator: ", ")
    return [
      .buildCommand(
        displayName: "Generating symbols for \(names)", executable: tool, arguments: arguments,
        inputFiles: inputs, outputFiles: [output])
    ]
  }
}

/// `lhc-symbols.json`: `{"accessLevel": "public", "bundle": "module", "onlyManual": false}`,
/// every key optional, mapped to `--access-level`, `--bundle` and `--only-manual`.
struct SymbolsConfig {
  static let fileName = "lhc-symbols.json"

  var accessLevel: String?
  var bundle: String?
  var onlyManual: Bool?

  /// Reads and checks the file; any problem is an error naming it.
  static func read(_ url: URL) throws(ConfigError) -> SymbolsConfig {
    func fail(_ message: String) -> ConfigError {
      ConfigError(file: url.path, message: message)
    }
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw fail("cannot read file (\(error.localizedDescription))")
    }
    let dictionary: [String: Value]
    do {
      dictionary = try JSONDecoder().decode([String: Value].self, from: data)
    } catch DecodingError.typeMismatch {
      throw fail(
        "expected a JSON object such as {\"accessLevel\": \"public\", \"bundle\": \"module\"}")
    } catch {
      throw fail("not valid JSON" + ((error as? DecodingError)?.reason.map { ": \($0)" } ?? ""))
    }
    var config = SymbolsConfig()
    for (key, value) in dictionary.sorted(by: { $0.key < $1.key }) {
      switch key {
      case "accessLevel":
        guard case .string(let level) = value, ["internal", "public", "package"].contains(level)
        else {
          throw fail("'accessLevel' must be \"internal\", \"public\" or \"package\"")
        }
        config.accessLevel = level
      case "bundle":
        guard case .string(let bundle) = value,
          !bundle.trimmingCharacters(in: .whitespaces).isEmpty
        else {
          throw fail(
            "'bundle' must be \"main\", \"module\", \"lingohub\" or a Swift expression of type Bundle"
          )
        }
        config.bundle = bundle
      case "onlyManual":
        guard case .bool(let flag) = value else { throw fail("'onlyManual' must be true or false") }
        config.onlyManual = flag
      default:
        throw fail("unknown key '\(key)' (expected accessLevel, bundle, onlyManual)")
      }
    }
    return config
  }

  /// A config value: only strings and booleans are meaningful.
  enum Value: Decodable {
    case string(String)
    case bool(Bool)
    case other

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let flag = try? container.decode(Bool.self) {
        self = .bool(flag)
      } else if let text = try? container.decode(String.self) {
        self = .string(text)
      } else {
        self = .other
      }
    }
  }
}

extension DecodingError {
  /// The parser's own words for a syntax error, where Foundation gives them (not on Linux).
  fileprivate var reason: String? {
    guard case .dataCorrupted(let context) = self else { return nil }
    return (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
  }
}

/// A config-file problem, reported as a diagnostic on the file.
struct ConfigError: Error, CustomStringConvertible {
  var file: String
  var message: String

  var description: String { "\(file): \(message)" }
}
