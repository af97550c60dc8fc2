import Foundation
import PackagePlugin

/// Build-tool plugin: compiles the String Catalogs of the target it is applied to with
/// `lhc compile`, so that SwiftPM puts `<lang>.lproj/<Table>.strings` and `.stringsdict` into
/// the target's resource bundle on every platform (SwiftPM off Apple platforms copies a catalog
/// as a raw `.xcstrings` file, which Foundation cannot read).
///
/// One build command per catalog, writing into `Strings/` in the plugin work directory, with the
/// catalog (and the config file) as inputs, so a build recompiles only a catalog that changed. A
/// command must declare its outputs while the build is planned, before lhc exists: it runs
/// `lhc compile --emit-empty-tables`, which writes both files for every declared language (an
/// empty dictionary where there is nothing), and declares them from the catalog's languages,
/// read by ``CatalogLanguages`` (or from the config's `languages`, passed as `-l`).
///
/// Options come from `lhc-strings.json` beside `lhc-symbols.json` (see ``StringsConfig``).
@main
struct LHCStrings: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    let directory: URL
    switch target {
    case let swift as SwiftSourceModuleTarget: directory = swift.directoryURL
    case let clang as ClangSourceModuleTarget: directory = clang.directoryURL
    default: return []
    }
    guard let target = target as? SourceModuleTarget else { return [] }
    let catalogs = target.sourceFiles(withSuffix: "xcstrings").map(\.url)
    let config = directory.appending(path: StringsConfig.fileName)
    return StringsCommand.commands(
      catalogs: catalogs, config: config, tool: try context.tool(named: "lhc").url,
      workDirectory: context.pluginWorkDirectoryURL)
  }
}

/// The `lhc compile` build commands of a target's catalogs.
enum StringsCommand {
  static func commands(catalogs: [URL], config: URL, tool: URL, workDirectory: URL) -> [Command] {
    guard !catalogs.isEmpty else { return [] }
    var options = StringsConfig()
    var configInputs: [URL] = []
    if FileManager.default.fileExists(atPath: config.path) {
      do {
        options = try StringsConfig.read(config)
      } catch {
        Diagnostics.error(error.description, file: error.file)
        return []
      }
      configInputs = [config]
    }
    let output = workDirectory.appending(path: "Strings")
    let cache = LanguageCache(directory: workDirectory.appending(path: "languages"))
    var tables: [String: URL] = [:]
    var commands: [Command] = []
    // Sorted, so the commands (and with them the build description) are the same every time.
    for catalog in catalogs.sorted(by: { $0.path < $1.path }) {
      let table = catalog.deletingPathExtension().lastPathComponent
      if let other = tables[table] {
        Diagnostics.error(
          "\(catalog.path): another catalog of the target has the table name '\(table)' (\(other.path)); rename one"
        )
        return []
      }
      tables[table] = catalog
      let languages = options.languages ?? cache.languages(of: catalog)
      var arguments = ["compile", catalog.path, "-o", output.path, "--emit-empty-tables"]
      for language in options.languages ?? [] { arguments += ["-l", language] }
      if options.forceBuildAllStrings { arguments.append("--force-build-all-strings") }
      let outputs = languages.flatMap { language in
        ["strings", "stringsdict"].map {
          output.appending(path: "\(language).lproj").appending(path: "\(table).\($0)")
        }
      }
      commands.append(
        .buildCommand(
          displayName: "Compiling \(catalog.lastPathComponent)", executable: tool,
          arguments: arguments, inputFiles: [catalog] + configInputs, outputFiles: outputs))
    }
    return commands
  }
}

/// The languages of each catalog, kept in the plugin work directory with the catalog's size and
/// modification time: planning reads an unchanged catalog's languages from there instead of
/// scanning it again (the plugin is asked for its commands on every build).
struct LanguageCache {
  var directory: URL

  /// The languages `lhc compile --emit-empty-tables` writes for `catalog`; none when it cannot be
  /// read (lhc then reports the problem).
  func languages(of catalog: URL) -> [String] {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: catalog.path),
      let size = attributes[.size] as? NSNumber,
      let modified = attributes[.modificationDate] as? Date
    else { return [] }
    let stamp = "\(catalog.path)\n\(size) \(modified.timeIntervalSinceReferenceDate.bitPattern)\n"
    let entry = directory.appending(path: catalog.lastPathComponent + ".languages")
    if let cached = try? String(contentsOf: entry, encoding: .utf8), cached.hasPrefix(stamp) {
      return cached.dropFirst(stamp.count).split(separator: "\n").map(String.init)
    }
    guard let data = try? Data(contentsOf: catalog) else { return [] }
    let languages = CatalogLanguages(scanning: data).declared
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try? Data((stamp + languages.map { $0 + "\n" }.joined()).utf8).write(to: entry)
    return languages
  }
}

/// `lhc-strings.json`: `{"languages": ["en", "de"], "forceBuildAllStrings": false}`, every key
/// optional. `languages` compiles exactly those (`-l` each) and is what the plugin declares,
/// without reading the catalogs; `forceBuildAllStrings` is `--force-build-all-strings`.
struct StringsConfig {
  static let fileName = "lhc-strings.json"

  var languages: [String]?
  var forceBuildAllStrings = false

  /// Reads and checks the file; any problem is an error naming it.
  static func read(_ url: URL) throws(ConfigError) -> StringsConfig {
    func fail(_ message: String) -> ConfigError {
      ConfigError(file: url.path, message: message)
    }
    let dictionary: [String: Value]
    do {
      dictionary = try JSONDecoder().decode([String: Value].self, from: try Data(contentsOf: url))
    } catch DecodingError.typeMismatch {
      throw fail("expected a JSON object such as {\"languages\": [\"en\", \"de\"]}")
    } catch {
      throw fail("not valid JSON or not readable (\(error.localizedDescription))")
    }
    var config = StringsConfig()
    for (key, value) in dictionary.sorted(by: { $0.key < $1.key }) {
      switch key {
      case "languages":
        guard case .strings(let languages) = value, !languages.isEmpty,
          languages.allSatisfy({ !$0.isEmpty && !$0.contains("/") })
        else { throw fail("'languages' must be a non-empty array of language tags") }
        config.languages = Set(languages).sorted {
          Array($0.utf8).lexicographicallyPrecedes($1.utf8)
        }
      case "forceBuildAllStrings":
        guard case .bool(let flag) = value else {
          throw fail("'forceBuildAllStrings' must be true or false")
        }
        config.forceBuildAllStrings = flag
      default:
        throw fail("unknown key '\(key)' (expected forceBuildAllStrings, languages)")
      }
    }
    return config
  }

  /// A config value: only booleans and arrays of strings are meaningful.
  enum Value: Decodable {
    case bool(Bool)
    case strings([String])
    case other

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let flag = try? container.decode(Bool.self) {
        self = .bool(flag)
      } else if let strings = try? container.decode([String].self) {
        self = .strings(strings)
      } else {
        self = .other
      }
    }
  }
}

/// A config-file problem, reported as a diagnostic on the file.
struct ConfigError: Error, CustomStringConvertible {
  var file: String
  var message: String

  var description: String { "\(file): \(message)" }
}
