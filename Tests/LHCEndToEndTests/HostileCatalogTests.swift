import Foundation
import LHCTestSupport
import Testing

/// Catalogs received from outside must never write outside the output directory (issue 15): a
/// language tag is a path component only when it is letters and digits joined by single `-` or
/// `_`, at most 64 characters, and no file goes through a symbolic link in the output directory.
/// Every case runs the built binary in a scratch root and lists the whole root (`find`, links not
/// followed) before and after: a refused run changes nothing at all.
@Suite("Hostile catalogs: paths from catalog content, end to end")
struct HostileCatalogTests {
  /// A hostile tag and the exact message (after `<catalog>:6:9: error: `).
  static let tagCases: [(String, String)] = [
    (
      "../../evil",
      "language tag '../../evil' is not a safe file name: '.' is not an ASCII letter, digit, '-' or '_'"
    ),
    (
      "/tmp/abs",
      "language tag '/tmp/abs' is not a safe file name: '/' is not an ASCII letter, digit, '-' or '_'"
    ),
    (
      "..",
      "language tag '..' is not a safe file name: '.' is not an ASCII letter, digit, '-' or '_'"
    ),
    ("", "language tag '' is not a safe file name: it is empty"),
    (
      "de\u{1B}[31m",
      "language tag 'de\\u{1B}[31m' is not a safe file name: '\\u{1B}' is not an ASCII letter, digit, '-' or '_'"
    ),
    (
      "de\n../x",
      "language tag 'de\\u{A}../x' is not a safe file name: '\\u{A}' is not an ASCII letter, digit, '-' or '_'"
    ),
    (
      "de\u{0}",
      "language tag 'de\\u{0}' is not a safe file name: '\\u{0}' is not an ASCII letter, digit, '-' or '_'"
    ),
    (
      String(repeating: "a", count: 10_000),
      "language tag '\(String(repeating: "a", count: 64))…' is not a safe file name: it has 10000 characters, more than 64"
    ),
    (
      String(repeating: "../", count: 100),
      "language tag '\(String(repeating: "../", count: 21)).…' is not a safe file name: it has 300 characters, more than 64"
    ),
  ]

  static let payloadOptions = [
    "--base-url", "https://cdn.example.com/app", "--release-version", "1",
  ]

  /// A scratch root with `catalogs/` and `work/` (the output directory is `work/out`, so
  /// `../../evil` would land in the root itself); removed by the caller.
  struct Scratch {
    let root: URL
    var catalogs: URL { root.appendingPathComponent("catalogs") }
    var out: URL { root.appendingPathComponent("work/out") }
    var elsewhere: URL { root.appendingPathComponent("elsewhere") }

    init() throws {
      root = try makeTemporaryDirectory()
      for folder in ["catalogs", "work", "elsewhere"] {
        try FileManager.default.createDirectory(
          at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
      }
    }

    /// Every path below the root with its type, size and link target, sorted.
    func listing() throws -> String {
      let result = try runProcess(
        URL(fileURLWithPath: "/usr/bin/find"), [root.path, "-printf", "%P %y %s %l\\n"])
      try #require(result.status == 0, "\(result.stderr)")
      return result.stdout.split(separator: "\n").sorted().joined(separator: "\n")
    }

    /// `Localizable.xcstrings` in `catalogs/` with one key localized in `languages`, each
    /// language key at the start of its line (the first at line 6, column 9).
    func catalog(_ languages: [String], name: String = "Localizable") throws -> String {
      let localizations = languages.map { language in
        "        \"\(HostileCatalogTests.json(language))\" : {\n"
          + "          \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"Text\" }\n"
          + "        }"
      }
      let text =
        "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"Hello\" : {\n"
        + "      \"localizations\" : {\n" + localizations.joined(separator: ",\n")
        + "\n      }\n    }\n  },\n  \"version\" : \"1.0\"\n}\n"
      let url = catalogs.appendingPathComponent(name + ".xcstrings")
      try Data(text.utf8).write(to: url)
      return url.path
    }
  }

  /// The body of a JSON string holding `text`: quotes, backslashes and controls escaped.
  static func json(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case _ where scalar.value < 0x20: result += String(format: "\\u%04X", scalar.value)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Every command that turns tags into paths refuses the catalog with the exact message, exit
  /// 1, and the scratch root is as it was; `lint` reports the same as an error.
  @Test(arguments: tagCases)
  func hostileTagIsRefusedEverywhere(tag: String, message: String) throws {
    let scratch = try Scratch()
    defer { try? FileManager.default.removeItem(at: scratch.root) }
    let catalog = try scratch.catalog([tag, "de"])
    let before = try scratch.listing()
    let expected = "\(catalog):6:9: error: \(message)\n"
    let out = scratch.out.path
    let runs: [[String]] = [
      ["compile", catalog, "-o", out],
      ["pack", catalog, "-o", out + ".zip"],
      ["pack", "--target", "tolgee", catalog, "-o", out],
      ["pack", "--target", "rerune"] + Self.payloadOptions + [catalog, "-o", out],
      ["pack", "--target", "better-i18n"] + Self.payloadOptions + [catalog, "-o", out],
    ]
    for arguments in runs {
      let result = try RunLHC.run(arguments)
      #expect(result.status == 1, "\(arguments[0...2])")
      #expect(result.stderr == expected, "\(arguments[0...2])")
      #expect(try scratch.listing() == before, "\(arguments[0...2]) wrote something")
    }
    let linted = try RunLHC.run(["lint", "--format", "xcode", catalog])
    #expect(linted.status == 1)
    #expect(linted.stdout == "\(catalog):6:9: error: \(message) [language-tag-path]\n")
  }

  /// The same tag in many keys is one error, at its first localization.
  @Test func aTagIsReportedOnce() throws {
    let scratch = try Scratch()
    defer { try? FileManager.default.removeItem(at: scratch.root) }
    let catalog = try scratch.catalog(["../x", "de", "../x"])
    let result = try RunLHC.run(["compile", catalog, "-o", scratch.out.path])
    #expect(result.status == 1)
    #expect(result.stderr.components(separatedBy: "error:").count == 2, "\(result.stderr)")
  }

  static let linkMessage =
    "is a symbolic link; lhc neither writes through nor replaces a link inside the output "
    + "directory (remove it)"

  /// `out/de.lproj` links outside `out`: refused before anything is written (not even `fr.lproj`).
  @Test func aLinkedLprojIsRefused() throws {
    let scratch = try Scratch()
    defer { try? FileManager.default.removeItem(at: scratch.root) }
    let catalog = try scratch.catalog(["de", "fr"])
    try FileManager.default.createDirectory(at: scratch.out, withIntermediateDirectories: true)
    let link = scratch.out.appendingPathComponent("de.lproj").path
    try FileManager.default.createSymbolicLink(
      atPath: link, withDestinationPath: scratch.elsewhere.path)
    let before = try scratch.listing()
    let result = try RunLHC.run(["compile", catalog, "-o", scratch.out.path])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "\(link)/Localizable.strings: error: cannot write file: '\(link)' \(Self.linkMessage)\n")
    #expect(try scratch.listing() == before)
  }

  /// A target file that is a link (here to a file holding other bytes) is neither written
  /// through nor replaced; nor is a payload file.
  @Test func aLinkedTargetFileIsRefused() throws {
    let scratch = try Scratch()
    defer { try? FileManager.default.removeItem(at: scratch.root) }
    let catalog = try scratch.catalog(["de"])
    let victim = scratch.elsewhere.appendingPathComponent("victim")
    try Data("victim".utf8).write(to: victim)
    let lproj = scratch.out.appendingPathComponent("de.lproj")
    try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
    let target = lproj.appendingPathComponent("Localizable.strings").path
    try FileManager.default.createSymbolicLink(atPath: target, withDestinationPath: victim.path)
    let cdn = scratch.root.appendingPathComponent("work/cdn")
    try FileManager.default.createDirectory(at: cdn, withIntermediateDirectories: true)
    let payloadFile = cdn.appendingPathComponent("de.json").path
    try FileManager.default.createSymbolicLink(
      atPath: payloadFile, withDestinationPath: victim.path)
    let before = try scratch.listing()
    let compiled = try RunLHC.run(["compile", catalog, "-o", scratch.out.path])
    #expect(compiled.status == 1)
    #expect(
      compiled.stderr
        == "\(target): error: cannot write file: '\(target)' \(Self.linkMessage)\n")
    let packed = try RunLHC.run(["pack", "--target", "tolgee", catalog, "-o", cdn.path])
    #expect(packed.status == 1)
    #expect(
      packed.stderr
        == "\(payloadFile): error: cannot write file: '\(payloadFile)' \(Self.linkMessage)\n")
    #expect(try scratch.listing() == before)
    #expect(try String(contentsOf: victim, encoding: .utf8) == "victim")
  }

  /// Removing stale outputs never goes through a linked `.lproj`: the files it points at stay.
  @Test func staleOutputsAreNotRemovedThroughALink() throws {
    let scratch = try Scratch()
    defer { try? FileManager.default.removeItem(at: scratch.root) }
    let catalog = try scratch.catalog(["de"])
    let victim = scratch.elsewhere.appendingPathComponent("Localizable.strings")
    try Data("victim".utf8).write(to: victim)
    try FileManager.default.createDirectory(at: scratch.out, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: scratch.out.appendingPathComponent("fr.lproj").path,
      withDestinationPath: scratch.elsewhere.path)
    let result = try RunLHC.run(["compile", catalog, "-o", scratch.out.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(FileManager.default.fileExists(atPath: victim.path))
    #expect(
      FileManager.default.fileExists(
        atPath: scratch.out.appendingPathComponent("de.lproj/Localizable.strings").path))
  }

  /// The output directory itself may be a link: the user chose it.
  @Test func theOutputDirectoryMayBeALink() throws {
    let scratch = try Scratch()
    defer { try? FileManager.default.removeItem(at: scratch.root) }
    let catalog = try scratch.catalog(["de"])
    try FileManager.default.createSymbolicLink(
      atPath: scratch.out.path, withDestinationPath: scratch.elsewhere.path)
    let result = try RunLHC.run(["compile", catalog, "-o", scratch.out.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      FileManager.default.fileExists(
        atPath: scratch.elsewhere.appendingPathComponent("de.lproj/Localizable.strings").path))
  }

  /// A catalog named only `.xcstrings` has no table name: a usage error, nothing written.
  @Test func aCatalogWithoutATableNameIsAUsageError() throws {
    let scratch = try Scratch()
    defer { try? FileManager.default.removeItem(at: scratch.root) }
    let catalog = try scratch.catalog(["de"], name: "")
    let before = try scratch.listing()
    for command in [["compile"], ["pack", "--target", "tolgee"], ["gen-symbols"]] {
      let result = try RunLHC.run(command + [catalog, "-o", scratch.out.path])
      #expect(result.status == 64)
      #expect(
        result.stderr.hasPrefix(
          "Error: the catalog '\(catalog)' has no table name (its file name is only '.xcstrings')\n"
        ), "\(result.stderr)")
    }
    #expect(try scratch.listing() == before)
  }

  /// One-character relative output paths (`-o o`) are written (Foundation's
  /// `deletingLastPathComponent` traps on them).
  @Test func oneCharacterOutputPaths() throws {
    let scratch = try Scratch()
    defer { try? FileManager.default.removeItem(at: scratch.root) }
    let catalog = try scratch.catalog(["de"])
    let work = scratch.root.appendingPathComponent("work")
    let compiled = try RunLHC.run(
      ["compile", catalog, "-o", "o", "--output-file-list", "f"], in: work)
    #expect(compiled.status == 0, "\(compiled.stderr)")
    #expect(FileManager.default.fileExists(atPath: work.path + "/o/de.lproj/Localizable.strings"))
    #expect(FileManager.default.fileExists(atPath: work.path + "/f"))
    let packed = try RunLHC.run(["pack", "--target", "tolgee", catalog, "-o", "p"], in: work)
    #expect(packed.status == 0, "\(packed.stderr)")
    #expect(FileManager.default.fileExists(atPath: work.path + "/p/de.json"))
  }
}
