import Foundation
import LHCTestSupport
import Testing

/// The `LHCStrings` plugin declares `lhc compile --emit-empty-tables`'s outputs from the languages
/// its byte scan (`Plugins/LHCStrings/CatalogLanguages.swift`) finds. Here that file is compiled
/// with `swiftc -Onone` (as SwiftPM builds plugins) and its languages compared with the files lhc
/// itself would write (`--dry-run`), on every corpus catalog and on catalogs written to trip a
/// scanner: keys named like the structure, escapes, braces and quotes inside strings, minified
/// JSON, duplicate keys, `sourceLanguage` last.
@Suite(
  "LHCStrings planning: the catalog languages it declares",
  .disabled(if: isSanitizerRun, "sanitizer run: the scanner is built by swiftc, unsanitized"))
struct StringsPluginPlanningTests {
  static let scanner = TestPaths.packageRoot.appendingPathComponent(
    "Plugins/LHCStrings/CatalogLanguages.swift")

  /// Prints `sourceLanguage<TAB>declared languages` per catalog path given.
  static let main = """
    import Foundation

    for path in CommandLine.arguments.dropFirst() {
      let languages = CatalogLanguages(scanning: try Data(contentsOf: URL(fileURLWithPath: path)))
      print(languages.declared.joined(separator: " "))
    }
    """

  /// Catalogs a naive scan gets wrong; lhc's reader is the oracle for each.
  static let tricky: [(String, String)] = [
    (
      "KeyNamedLikeTheStructure",
      #"""
      {"strings":{"localizations":{"comment":"not a language","localizations":{"fr":{"stringUnit":{"state":"translated","value":"x"}}}},
      "strings":{"localizations":{"de":{"stringUnit":{"state":"translated","value":"{\"localizations\":{\"xx\":1}} \\"}}}}},
      "version":"1.0","sourceLanguage":"en"}
      """#
    ),
    (
      "EscapesAndBraces",
      #"""
      {
        "sourceLanguage" : "d\u0065",
        "strings" : {
          "a \"quoted\" {key} [x]" : {
            "comment" : "} ] \\\" , {",
            "localizations" : {
              "pt\u002DBR" : { "stringUnit" : { "state" : "translated", "value" : "\\\\" } },
              "zh-Hant" : { "variations" : { "plural" : { "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld [ ]" } } } } }
            }
          },
          "b" : { "extractionState" : "manual", "localizations" : { "ja" : { "stringUnit" : { "state" : "new", "value" : "" } } } }
        },
        "version" : "1.0"
      }
      """#
    ),
    ("NoLocalizations", #"{"sourceLanguage":"sv","strings":{"k":{}},"version":"1.0"}"#),
    (
      // lhc warns and keeps the last entry, but writes files for the languages of both.
      "DuplicateKey",
      #"""
      {"sourceLanguage":"en","strings":{"k":{"localizations":{"fr":{"stringUnit":{"state":"translated","value":"x"}}}},
      "k":{"localizations":{"de":{"stringUnit":{"state":"translated","value":"y"}}}}},"version":"1.0"}
      """#
    ),
    (
      // Within one entry the last `localizations` member wins: no file for `fr` (found by
      // FuzzCatalogLanguages in a CI smoke run).
      "DuplicateLocalizationsMember",
      #"""
      {"sourceLanguage":"en","strings":{"k":{"localizations":{"fr":{"stringUnit":{"state":"translated","value":"x"}}},
      "localizations":{"de":{"stringUnit":{"state":"translated","value":"y"}}}},
      "m":{"localizations":{"ja":{"stringUnit":{"state":"translated","value":"z"}}}}},"version":"1.0"}
      """#
    ),
  ]

  @Test func scannedLanguagesAreTheFilesLhcWrites() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let source = directory.appendingPathComponent("main.swift")
    try Data(Self.main.utf8).write(to: source)
    let program = directory.appendingPathComponent("scan")
    let build = try GenSymbolsSwiftcTests.swiftc([
      "-Onone", Self.scanner.path, source.path, "-o", program.path,
    ])
    try #require(build.status == 0, "\(build.stderr)")
    #expect(!build.stderr.contains("warning:"), "\(build.stderr)")

    var catalogs = TestPaths.corpusCatalogNames.map {
      TestPaths.corpusCatalogFolder.appendingPathComponent($0)
    }
    // What FuzzCatalogLanguages found (TestData/fuzz/catalog-languages/).
    catalogs.append(
      TestPaths.testData.appendingPathComponent(
        "fuzz/catalog-languages/duplicate-localizations.xcstrings"))
    for (name, text) in Self.tricky {
      let url = directory.appendingPathComponent("\(name).xcstrings")
      try Data(text.utf8).write(to: url)
      catalogs.append(url)
    }
    #expect(catalogs.count > 20)
    let scan = try runProcess(program, catalogs.map(\.path))
    try #require(scan.status == 0, "\(scan.stderr)")
    let scanned = scan.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    try #require(scanned.count == catalogs.count + 1)

    var compared = 0
    for (catalog, line) in zip(catalogs, scanned) {
      let output = directory.appendingPathComponent("out")
      let dryRun = try RunLHC.run([
        "compile", catalog.path, "-o", output.path, "--emit-empty-tables", "--dry-run",
      ])
      // A catalog lhc rejects fails the build whatever the plugin declared.
      guard dryRun.status == 0 else { continue }
      compared += 1
      let prefix = output.path + "/"
      let languages = Set(
        dryRun.stdout.split(separator: "\n").compactMap { path -> String? in
          guard path.hasPrefix(prefix) else { return nil }
          return path.dropFirst(prefix.count).split(separator: "/").first.map {
            String($0.dropLast(".lproj".count))
          }
        })
      #expect(
        line.split(separator: " ").map(String.init)
          == languages.sorted {
            Array($0.utf8).lexicographicallyPrecedes($1.utf8)
          }, "\(catalog.lastPathComponent)")
    }
    #expect(compared >= catalogs.count - 3)
  }
}
