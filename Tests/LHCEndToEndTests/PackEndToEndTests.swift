import Foundation
import LHCCommandLine
import LHCTestSupport
import Testing

/// `lhc pack` end to end: archives read back by `unzip -t`, Python's `zipfile` and `lhc diff`,
/// reproducibility of the built binary under other time zones, umasks and input orders, the
/// manifest, warnings, `--from`, the corpus, write-if-changed.
@Suite("lhc pack, end to end")
struct PackEndToEndTests {
  static let sample = TestPaths.testData.appendingPathComponent("sample")
  static let sampleCatalogs = ["Localizable", "InfoPlist"].map {
    sample.appendingPathComponent("\($0).xcstrings").path
  }
  static let fixtures = TestPaths.testData.appendingPathComponent("pack")

  /// Runs `lhc <arguments>` in-process.
  static func lhc(_ arguments: [String]) -> (status: Int32, stdout: String, stderr: String) {
    let captured = CapturedOutput()
    let console = Console(out: captured.appendOut, error: captured.appendError)
    let status = LHC.main(arguments: arguments, console: console)
    return (status, captured.stdout, captured.stderr)
  }

  /// Every regular file under `directory`: relative path → bytes.
  static func tree(_ directory: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for path in try FileManager.default.subpathsOfDirectory(atPath: directory.path) {
      let url = directory.appendingPathComponent(path)
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
        !isDirectory.boolValue
      {
        files[path] = try Data(contentsOf: url)
      }
    }
    return files
  }

  /// The archive as Python reads it: path → bytes.
  static func pythonTree(_ archive: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for entry in try pythonZipEntries(archive) {
      files[entry.name] = Data(base64Encoded: entry.base64)
    }
    return files
  }

  /// `lhc diff OLD... archive --format json --summary`: the `tables` differences (empty when the
  /// contents agree).
  static func contentDifferences(_ old: [String], _ archive: URL) throws -> [Any] {
    let result = lhc(["diff", "--format", "json", "--summary"] + old + [archive.path])
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
      "\(result.stderr)")
    return json["tables"] as? [Any] ?? ["no tables member"]
  }

  @Test func sampleArchiveHoldsExactlyTheCompiledFiles() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let archive = directory.appendingPathComponent("release.zip")
    let out = directory.appendingPathComponent("out")
    let packed = Self.lhc(["pack"] + Self.sampleCatalogs + ["-o", archive.path])
    #expect(packed.status == 0, "\(packed.stderr)")
    #expect(Self.lhc(["compile"] + Self.sampleCatalogs + ["-o", out.path]).status == 0)
    let unzip = try unzipTest(archive)
    #expect(unzip.status == 0, "\(unzip.stdout)")
    let entries = try pythonZipEntries(archive)
    #expect(entries.map(\.name) == entries.map(\.name).sorted())
    #expect(try Self.pythonTree(archive) == Self.tree(out))
    #expect(try Self.contentDifferences(Self.sampleCatalogs, archive).isEmpty)
    let bytes = try Data(contentsOf: archive)
    #expect(packed.stdout.hasPrefix("\(archive.path): \(bytes.count) bytes, sha256 "))
    #expect(packed.stdout.contains("\n  de: 4 keys (InfoPlist 1, Localizable 3)\n"))
    #expect(packed.stdout.contains(try pythonSHA256(archive)))
  }

  @Test func binaryIsReproducibleAcrossTimeZonesUmasksAndInputOrder() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    func pack(
      _ name: String, tz: String, umask: String, epoch: String? = nil, reversed: Bool = false
    ) throws -> Data {
      var environment = ProcessInfo.processInfo.environment
      environment["TZ"] = tz
      environment["SOURCE_DATE_EPOCH"] = epoch
      let inputs = reversed ? Self.sampleCatalogs.reversed() : Self.sampleCatalogs
      let archive = directory.appendingPathComponent(name).path
      let command = (["exec", RunLHC.binary.path, "pack"] + inputs + ["-o", archive])
        .map { "'\($0)'" }.joined(separator: " ")
      let result = try runProcess(
        URL(fileURLWithPath: "/bin/sh"), ["-c", "umask \(umask); \(command)"],
        environment: environment)
      #expect(result.status == 0, "\(result.stderr)")
      return try Data(contentsOf: URL(fileURLWithPath: archive))
    }
    let first = try pack("a.zip", tz: "UTC", umask: "022")
    #expect(try pack("b.zip", tz: "Pacific/Kiritimati", umask: "077", reversed: true) == first)
    #expect(try pack("c.zip", tz: "America/Los_Angeles", umask: "002") == first)
    let epoch = try pack("d.zip", tz: "Asia/Kolkata", umask: "022", epoch: "1700000000")
    #expect(epoch != first)
    let again = try pack("e.zip", tz: "UTC", umask: "077", epoch: "1700000000", reversed: true)
    #expect(again == epoch)
    let dates = try pythonZipEntries(directory.appendingPathComponent("d.zip")).map(\.dateTime)
    #expect(Set(dates) == [[2023, 11, 14, 22, 13, 20]])
  }

  @Test func manifestMatchesGoldenAndPythonHashlib() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let archive = directory.appendingPathComponent("release.zip")
    let manifest = directory.appendingPathComponent("release.json")
    let result = Self.lhc(
      ["pack"] + Self.sampleCatalogs + ["-o", archive.path, "--manifest", manifest.path])
    #expect(result.status == 0, "\(result.stderr)")
    var text = try String(contentsOf: manifest, encoding: .utf8)
    text = text.replacingOccurrences(of: try pythonSHA256(archive), with: "<archive sha256>")
    text = text.replacingOccurrences(of: Self.sample.path, with: "<sample>")
    text = text.replacingOccurrences(of: archive.path, with: "release.zip")
    text = text.replacingOccurrences(of: "\"\(LHC.version)\"", with: "\"<version>\"")
    try GenSymbolsEndToEndTests.expectGolden(
      text, Self.fixtures.appendingPathComponent("expected-manifest.json"))
    let json = Self.lhc(["pack"] + Self.sampleCatalogs + ["-o", archive.path, "--format", "json"])
    #expect(json.stdout == (try String(contentsOf: manifest, encoding: .utf8)))
  }

  @Test func warnsAboutUnselectableLanguagesAndKeysInBothFiles() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let archive = directory.appendingPathComponent("release.zip").path
    let catalog = Self.fixtures.appendingPathComponent("Regional.xcstrings").path
    let regional = Self.lhc(["pack", catalog, "-o", archive])
    #expect(regional.status == 0)
    #expect(
      regional.stderr
        == "\(archive): warning: pt-BR.lproj: never selected by the LingoHub SDK, which asks for "
        + "<language code>.lproj; add pt.lproj (e.g. a 'pt' localization)\n")
    let both = Self.lhc(["pack"] + Self.sampleCatalogs + ["-o", archive])
    #expect(
      both.stderr
        == "\(archive): warning: en.lproj/Localizable: 1 key is in both .strings and .stringsdict "
        + "(SDK 1.0 serves the .strings value): 'tap.to.continue'\n")
    let strict = Self.lhc(["pack", catalog, "-o", archive + "2", "--warnings-as-errors"])
    #expect(strict.status == 1)
    #expect(strict.stderr.contains(": error: pt-BR.lproj"))
    #expect(!FileManager.default.fileExists(atPath: archive + "2"))
  }

  @Test func fromPacksAFolderByteForByte() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("out")
    let archive = directory.appendingPathComponent("release.zip")
    let compile = ["compile"] + Self.sampleCatalogs + ["-o", out.path, "--serialization-format"]
    #expect(Self.lhc(compile + ["binary"]).status == 0)
    try Data("junk".utf8).write(to: out.appendingPathComponent("de.lproj/notes.txt"))
    try Data("junk".utf8).write(to: out.appendingPathComponent("README"))
    let packed = Self.lhc(["pack", "--from", out.path, "-o", archive.path, "-l", "de", "-l", "en"])
    #expect(packed.status == 0, "\(packed.stderr)")
    var expected = try Self.tree(out).filter {
      $0.key.hasSuffix(".strings") || $0.key.hasSuffix(".stringsdict")
    }
    expected = expected.filter { !$0.key.hasPrefix("ru.") }
    #expect(try Self.pythonTree(archive) == expected)
    #expect(try Self.contentDifferences(["-l", "de", "-l", "en", out.path], archive).isEmpty)
  }

  /// With `--from`, each file is hashed while it is compressed: the manifest lists every packed
  /// file with Python's SHA-256 of it, and the archive is the same as without a manifest.
  @Test func fromManifestHashesEveryPackedFile() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("out")
    #expect(Self.lhc(["compile"] + Self.sampleCatalogs + ["-o", out.path]).status == 0)
    let archive = directory.appendingPathComponent("release.zip")
    let plain = directory.appendingPathComponent("plain.zip")
    let manifest = directory.appendingPathComponent("release.json")
    #expect(Self.lhc(["pack", "--from", out.path, "-o", plain.path]).status == 0)
    let packed = Self.lhc(
      ["pack", "--from", out.path, "-o", archive.path, "--manifest", manifest.path])
    #expect(packed.status == 0, "\(packed.stderr)")
    #expect(try Data(contentsOf: archive) == Data(contentsOf: plain))
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: manifest)) as? [String: Any])
    let inputs = try #require(json["inputs"] as? [[String: String]])
    let files = try Self.tree(out).keys.sorted()
    #expect(inputs.map { $0["path"] } == files.map { out.path + "/" + $0 })
    for input in inputs {
      let path = try #require(input["path"])
      #expect(input["sha256"] == (try pythonSHA256(URL(fileURLWithPath: path))), "\(path)")
    }
  }

  @Test func failuresWriteNothingAndKeepAPreviousArchive() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let archive = directory.appendingPathComponent("release.zip").path
    try Data("previous".utf8).write(to: URL(fileURLWithPath: archive))
    let malformed = Self.fixtures.appendingPathComponent("malformed").path
    let refused = Self.lhc(["pack", "--from", malformed, "-o", archive])
    #expect(refused.status == 1)
    #expect(
      refused.stderr
        == "\(archive): error: the LingoHub SDK would refuse the archive: "
        + "en.lproj/Localizable.strings: the value of key 'count' is an integer; the SDK requires "
        + "every value to be a string (malformedLocalizationFile)\n")
    let empty = Self.fixtures.appendingPathComponent("Empty.xcstrings").path
    let nothing = Self.lhc(["pack", empty, "-o", archive])
    #expect(nothing.status == 1)
    #expect(nothing.stderr.contains("error: nothing to pack"))
    let broken = directory.appendingPathComponent("broken/en.lproj")
    try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: broken.appendingPathComponent("Localizable.strings").path,
      withDestinationPath: "/nonexistent/Localizable.strings")
    let unreadable = Self.lhc([
      "pack", "--from", broken.deletingLastPathComponent().path, "-o", archive,
    ])
    #expect(unreadable.status == 1)
    #expect(
      unreadable.stderr
        == "\(broken.path)/Localizable.strings: error: cannot read file\n")
    #expect(try String(contentsOfFile: archive, encoding: .utf8) == "previous")
  }

  @Test func anUnchangedArchiveIsNotRewritten() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let archive = directory.appendingPathComponent("release.zip").path
    #expect(Self.lhc(["pack"] + Self.sampleCatalogs + ["-o", archive]).status == 0)
    let old = Date(timeIntervalSince1970: 1_000_000_000)
    try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: archive)
    #expect(Self.lhc(["pack"] + Self.sampleCatalogs.reversed() + ["-o", archive]).status == 0)
    let attributes = try FileManager.default.attributesOfItem(atPath: archive)
    #expect(attributes[.modificationDate] as? Date == old)
  }

  @Test func usageErrors() {
    let catalog = Self.sampleCatalogs[0]
    let cases: [([String], String)] = [
      (["pack", catalog], "missing '--output <FILE>'"),
      (["pack", "-o", "x.zip"], "missing catalog (.xcstrings) or '--from <DIR>' to pack"),
      (
        ["pack", catalog, "--from", "d", "-o", "x.zip"],
        "pack catalogs or '--from <DIR>', not both"
      ),
      (["pack", catalog, "-o", "x.zip", "--target", "crowdin"], "unknown target 'crowdin'"),
      (["pack", catalog, "-o", "x.zip", "--format", "xml"], "unknown format 'xml'"),
    ]
    for (arguments, message) in cases {
      let result = Self.lhc(arguments)
      #expect(result.status == 64)
      #expect(result.stderr.contains(message), "\(result.stderr)")
    }
  }

  @Test func sourceDateEpochMustBeSeconds() throws {
    var environment = ProcessInfo.processInfo.environment
    environment["SOURCE_DATE_EPOCH"] = "yesterday"
    let result = try RunLHC.run(
      ["pack", Self.sampleCatalogs[0], "-o", "/nonexistent/x.zip"], environment: environment)
    #expect(result.status == 64)
    #expect(result.stderr.contains("SOURCE_DATE_EPOCH 'yesterday' is not a number of seconds"))
  }

  /// Every corpus catalog packs (an empty one fails with "nothing to pack") and reads back as the
  /// catalog compiles.
  @Test(arguments: CorpusCompileTests.catalogs)
  func corpusCatalogPacks(_ name: String) throws {
    try Self.checkPacks(TestPaths.corpus.appendingPathComponent(name).path)
  }

  /// A catalog packs (an empty one fails with "nothing to pack"), the archive passes `unzip -t`,
  /// and it reads back as the catalog compiles.
  static func checkPacks(_ catalog: String) throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let archive = directory.appendingPathComponent("release.zip")
    let result = Self.lhc(["pack", catalog, "-o", archive.path])
    if result.status == 1, result.stderr.contains("error: nothing to pack") {
      let dryRun = Self.lhc(["compile", catalog, "-o", directory.path, "--dry-run"])
      #expect(dryRun.status == 0 && dryRun.stdout.isEmpty, "the catalog compiles to files")
      return
    }
    #expect(result.status == 0, "\(result.stderr.prefix(2000))")
    let unzip = try unzipTest(archive)
    #expect(unzip.status == 0, "\(unzip.stdout.suffix(500))")
    let differences = try Self.contentDifferences([catalog], archive)
    #expect(differences.isEmpty, "\(differences.prefix(3))")
  }
}
