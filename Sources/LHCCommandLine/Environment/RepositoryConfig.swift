import LHCBase
import StringCatalog

/// The repository config, `.lhc.json`: settings for every command that reads or writes the
/// catalogs in its folder and below (the nearest one applies, found as `lhc lint` finds
/// `.lhc-lint.json`). Documented in `man/lhc-format.1` (CONFIGURATION):
///
/// ```
/// { "format" : { "allowFinalNewline" : true } }
/// ```
///
/// Every member is optional; an unknown member, a repeated one or a value of the wrong type is
/// an error at its `line:col`.
struct RepositoryConfig: Equatable {
  /// The file name searched for.
  static let fileName = ".lhc.json"

  /// `format.allowFinalNewline`: a catalog may end with one `\n` after its last `}`, and every
  /// writer keeps one it has.
  var allowFinalNewline = false

  /// Reads a config file; throws its first problem (an error with an offset).
  static func read(_ source: SourceText) throws(DiagnosticError) -> RepositoryConfig {
    let (root, _) = try JSONTree.parse(source)
    var config = RepositoryConfig()
    if let format = try members(of: root, known: ["format"], in: "the config")["format"] {
      let fields = try members(of: format, known: ["allowFinalNewline"], in: "'format'")
      if let node = fields["allowFinalNewline"] {
        guard case .bool(let value) = node.value else {
          throw DiagnosticError(
            .error(
              "'format.allowFinalNewline' must be true or false, found \(node.kindPhrase)",
              offset: node.offset))
        }
        config.allowFinalNewline = value
      }
    }
    return config
  }

  /// The members of an object, each name one of `known`, none twice.
  private static func members(of node: JSONNode, known: [String], in place: String)
    throws(DiagnosticError) -> [String: JSONNode]
  {
    guard case .object(let members) = node.value else {
      throw DiagnosticError(
        .error("\(place) must be an object, found \(node.kindPhrase)", offset: node.offset))
    }
    var result: [String: JSONNode] = [:]
    for member in members {
      guard known.contains(member.name) else {
        throw DiagnosticError(
          .error(
            "unknown key '\(member.name)' in \(place) (expected \(known.joined(separator: ", ")))",
            offset: member.offset))
      }
      guard result.updateValue(member.value, forKey: member.name) == nil else {
        throw DiagnosticError(
          .error("key '\(member.name)' appears twice in \(place)", offset: member.offset))
      }
    }
    return result
  }
}

/// Whether the catalogs of one run may end with a final newline (`--allow-final-newline`, else
/// the nearest `.lhc.json`'s `format.allowFinalNewline`), and so whether a writer keeps the one a
/// catalog has. A catalog without one is written without, and so is a new catalog: lhc adds no
/// byte Xcode does not write, it keeps one the file has.
struct FinalNewline {
  /// Per folder searched from: whether its catalogs may end with a newline.
  private var allowed: [String: Bool] = [:]
  private let flag: Bool

  /// The settings of the catalogs at `paths` (with `flag`, `--allow-final-newline`, no config is
  /// read); nil when a config cannot be read or is invalid (its problems printed).
  static func load(for paths: [String], flag: Bool, console: Console) -> FinalNewline? {
    var settings = FinalNewline(flag: flag)
    guard !flag else { return settings }
    var found: [String: String?] = [:]
    var read: [String: RepositoryConfig] = [:]
    let printer = DiagnosticPrinter(console: console, warningsAsErrors: false)
    for folder in Set(paths.map(LintSettings.folder(of:))).sorted() {
      guard let path = NearestFile.find(RepositoryConfig.fileName, from: folder, cache: &found)
      else { continue }
      if read[path] == nil {
        let source: SourceText
        do {
          source = try SourceText(contentsOf: path)
        } catch {
          printer.print(
            [.error("cannot read config file: \(error.message)")], path: path, source: nil)
          return nil
        }
        do {
          read[path] = try RepositoryConfig.read(source)
        } catch {
          printer.print(error.diagnostics, path: path, source: source)
          return nil
        }
      }
      settings.allowed[folder] = read[path]?.allowFinalNewline ?? false
    }
    return settings
  }

  /// True when the catalog at `path` may end with a newline.
  func allows(_ path: String) -> Bool {
    flag || allowed[LintSettings.folder(of: path)] == true
  }

  /// True when the catalog at `path`, written over `existing` (its bytes as they are), ends with
  /// a newline: it may, and `existing` ends with one.
  func keeps(_ path: String, existing: some BidirectionalCollection<UInt8>) -> Bool {
    allows(path) && existing.last == UInt8(ascii: "\n")
  }
}
