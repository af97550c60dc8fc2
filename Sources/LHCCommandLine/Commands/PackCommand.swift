import Foundation
import LHCBase
import OTAPayloads
import ReleaseArchive
import ReleaseFiles
import StringTables
import StringsFiles

/// `lhc pack`: String Catalogs or a folder of `.lproj` folders → a reproducible release zip that
/// the LingoHub iOS SDK accepts, validated as the SDK validates it.
struct PackCommand {
  static let spec = CommandSpec(
    name: "pack",
    abstract: "Pack catalogs or .lproj folders into a reproducible, validated release zip.",
    arguments: "CATALOG.xcstrings... | --from DIR",
    options: [
      .value("output", short: "o", "FILE", help: "Write the release zip to FILE (required)."),
      .value(
        "from", "DIR",
        help: "Pack DIR's <lang>.lproj/*.strings and .stringsdict files byte for byte."),
      .value(
        "language", short: "l", "LANG", repeatable: true,
        help: "Pack only this language (repeatable; default: every language)."),
      .value(
        "serialization-format", "FORMAT", choices: ["xml", "text", "binary"],
        help: "Catalogs only: xml (default; 'text' is an alias) or binary."),
      .value(
        "manifest", "FILE",
        help: "Also write the archive's size, SHA-256, key counts and inputs as JSON."),
      .value(
        "format", short: "f", "FORMAT", choices: ["text", "json"],
        help: "Summary on standard output: text or json."),
      .value(
        "target", "SDK", choices: ["lingohub", "tolgee", "rerune", "better-i18n"],
        help:
          "lingohub (default: a release zip), tolgee, rerune or better-i18n (a folder, or a zip)."),
      .value("base-url", "URL", help: "rerune, better-i18n: the URL the output is served from."),
      .value("release-version", "N", help: "rerune: the release's integer version (required)."),
      .value(
        "source-language", "LANG",
        help: "rerune, better-i18n: the development language (default: the catalogs')."),
      .flag("warnings-as-errors", help: "Treat warnings as errors."),
    ],
    discussion: """
      Entries are sorted, timestamped 1980-01-01T00:00:00Z (or SOURCE_DATE_EPOCH) and stored \
      with mode 0644, so the same inputs give the same bytes. The archive is checked against \
      the SDK's limits and read back as the SDK reads it before it is written. Exit status: 0 on \
      success, 1 when an input has errors or the archive would be refused (nothing is written \
      then), 64 on a usage error.
      """)

  /// The SDKs `--target` names: LingoHub's release zip, or another SDK's payload.
  enum Target: RawRepresentable, Equatable {
    case lingohub
    case other(OTATarget)

    init?(rawValue: String) {
      if rawValue == "lingohub" {
        self = .lingohub
      } else if let other = OTATarget(rawValue: rawValue) {
        self = .other(other)
      } else {
        return nil
      }
    }

    var rawValue: String {
      switch self {
      case .lingohub: "lingohub"
      case .other(let target): target.rawValue
      }
    }
  }

  enum Format: String { case text, json }

  var catalogs: [String]
  var folder: String?
  var output: String
  var manifest: String?
  var options: CompileOptions
  var serialization: SerializationFormat
  var format: Format
  var target: Target
  var warningsAsErrors: Bool
  /// Settings of the other SDKs' payloads (`--base-url`, `--release-version`, `--source-language`).
  var payloadOptions: PayloadOptions
  /// Seconds since 1970 for every entry: `SOURCE_DATE_EPOCH`, else the zip epoch.
  var modificationTime: Int

  init(
    parsed: ParsedArguments,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(UsageError) {
    catalogs = parsed.positionals
    folder = parsed.value("from")
    guard catalogs.isEmpty != (folder == nil) else {
      throw UsageError(
        catalogs.isEmpty
          ? "missing catalog (.xcstrings) or '--from <DIR>' to pack"
          : "pack catalogs or '--from <DIR>', not both")
    }
    guard let output = parsed.value("output"), !output.isEmpty else {
      throw UsageError("missing '--output <FILE>'")
    }
    self.output = output
    manifest = parsed.value("manifest")
    let languages = parsed.all("language")
    options = CompileOptions(languages: languages.isEmpty ? nil : Set(languages))
    serialization = try Self.serialization(parsed, folder: folder)
    format = try parsed.choice("format", default: Format.text, expected: "text or json")
    target = try parsed.choice(
      "target", default: Target.lingohub,
      expected: "lingohub, " + OTATarget.allCases.map(\.rawValue).joined(separator: ", "))
    payloadOptions = try Self.payloadOptions(parsed, target: target)
    if target != .lingohub, manifest != nil {
      throw UsageError(
        "--manifest describes a LingoHub release zip; not with --target \(target.rawValue)")
    }
    warningsAsErrors = parsed.flag("warnings-as-errors")
    modificationTime = try Self.sourceDateEpoch(environment) ?? ZipWriter.zipEpoch
    try CatalogCompilation.checkTableNames(catalogs)
  }

  private static func payloadOptions(
    _ parsed: ParsedArguments, target: Target
  ) throws(UsageError) -> PayloadOptions {
    let names = ["base-url", "release-version", "source-language"]
    if target == .lingohub, let given = names.first(where: { parsed.value($0) != nil }) {
      throw UsageError("--\(given) applies to --target rerune, better-i18n or tolgee")
    }
    var version: Int?
    if let text = parsed.value("release-version") {
      guard let number = Int(text), number >= 0 else {
        throw UsageError("--release-version '\(text)' is not a whole number ≥ 0")
      }
      version = number
    }
    return PayloadOptions(
      baseURL: parsed.value("base-url"), releaseVersion: version,
      sourceLanguage: parsed.value("source-language"))
  }

  private static func serialization(
    _ parsed: ParsedArguments, folder: String?
  ) throws(UsageError) -> SerializationFormat {
    guard let name = parsed.value("serialization-format") else { return .xml }
    guard folder == nil else {
      throw UsageError("--serialization-format applies to catalogs; --from packs files as they are")
    }
    switch name {
    case "xml", "text": return .xml
    case "binary": return .binary
    default:
      throw UsageError("unknown serialization format '\(name)' (expected xml, text or binary)")
    }
  }

  /// `SOURCE_DATE_EPOCH` (reproducible-builds.org): nil when unset or empty, an error when not a
  /// whole number of seconds.
  static func sourceDateEpoch(_ environment: [String: String]) throws(UsageError) -> Int? {
    guard let text = environment["SOURCE_DATE_EPOCH"], !text.isEmpty else { return nil }
    guard let seconds = Int(text), seconds >= 0 else {
      throw UsageError("SOURCE_DATE_EPOCH '\(text)' is not a number of seconds since 1970")
    }
    return seconds
  }

  func run(_ console: Console) -> Int32 {
    let printer = DiagnosticPrinter(
      console: console, warningsAsErrors: warningsAsErrors,
      annotations: console.githubActions && format == .text)
    // Stage 1: the files to pack, from catalogs (compiled in memory) or a folder.
    guard let inputs = PackInputs.gather(self, printer: printer, console: console) else {
      return ExitStatus.failure
    }
    defer { console.keepUntilExit(inputs) }
    // Stage 2: the archive for the target, read back as the SDK reads it.
    if case .other(let other) = target {
      return PackPayload(command: self, target: other).run(
        inputs, printer: printer, console: console)
    }
    // The manifest hashes every input: made once, and only when asked for.
    let wantsManifest = manifest != nil || format == .json
    let packed: PackedRelease
    do {
      var hashesFiles = false
      if case .packedFiles = inputs.hashing { hashesFiles = wantsManifest }
      packed = try PackedRelease.lingoHub(
        inputs.entries, modificationTime: modificationTime, writtenFrom: inputs.writtenFrom,
        hashing: hashesFiles)
    } catch let error as PackError where error.reason == .unreadableInput {
      console.error("\(error.path ?? output): error: \(error.message)\n")
      return ExitStatus.failure
    } catch {
      console.error("\(output): error: \(error)\n")
      return ExitStatus.failure
    }
    // Stage 3: warnings (errors under --warnings-as-errors), then the files, then the summary.
    let warnings = PackWarnings.find(packed).map { Diagnostic.warning($0) }
    if printer.print(warnings, path: output, source: nil) {
      return ExitStatus.failure
    }
    let hashes: @Sendable () -> [PackInputs.Hashed]
    switch inputs.hashing {
    case .sources(let hashing): hashes = hashing
    case .packedFiles:
      let packedHashes = packed.hashes.map { PackInputs.Hashed(path: $0.path, sha256: $0.sha256) }
      hashes = { packedHashes }
    }
    let report = PackReport(
      archivePath: output, packed: packed, inputs: hashes, target: target.rawValue)
    // Both files are written before either is renamed into place: a failure changes neither.
    let json = wantsManifest ? report.json : nil
    do {
      try OutputFile.writeAll(
        [(packed.archive, output)] + (manifest.map { [(Array((json ?? "").utf8), $0)] } ?? []))
    } catch {
      console.error("\(error.path): error: cannot write file: \(error.message)\n")
      return ExitStatus.failure
    }
    console.out(format == .json ? json ?? "" : report.text)
    return ExitStatus.success
  }
}
