import Foundation
import LHCTestSupport
import Testing

/// Runs the built `lhc` binary on the fixtures in `TestData/compile` and the sample in `TestData/sample`.
@Suite("lhc compile, end to end")
struct CompileEndToEndTests {
  static let fixtures = TestPaths.testData.appendingPathComponent("compile")
  static let sample = TestPaths.testData.appendingPathComponent("sample")

  /// Must-fail fixtures (`!` prefix) and the exact diagnostics they print.
  static let failures: [(String, String)] = [
    (
      "!UndefinedSubstitution",
      "7:26: error: Referencing undefined substitution 'arg3' (en: Next meeting at %lld %lld)"
    ),
    (
      "!MissingStringUnit",
      "6:16: error: Missing required key 'stringUnit' inside 'strings' -> 'files' -> 'localizations' -> 'en'"
    ),
    (
      "!DeviceLeafSubstitution",
      "10:32: error: Referencing undefined substitution 'count' (en: photos|==|device.mac)"
    ),
    (
      "!NulCharacter",
      "7:26: error: value contains a NUL character (U+0000), which property lists cannot hold (de: greeting)"
    ),
    ("!SyntaxError", "9:13: error: expected ',' or '}' after object member, found '\"' (en: a)"),
    (
      "!WrongType",
      "9:23: error: at `strings.count.localizations.fr.stringUnit.value`: expected a string, found a number (fr: count)"
    ),
    ("!MissingSourceLanguage", "1:1: error: missing required field 'sourceLanguage'"),
  ]

  @Test(arguments: failures)
  func mustFailFixture(name: String, diagnostic: String) throws {
    let path = Self.fixtures.appendingPathComponent("\(name).xcstrings").path
    let out = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: out) }
    let result = try RunLHC.run(["compile", path, "-o", out.path])
    #expect(result.status == 1)
    #expect(
      result.stderr.split(separator: "\n").contains { $0 == "\(path):\(diagnostic)" },
      "\(result.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
  }

  /// Keys whose code passes no arguments (`Text("Made from 100% natural fibres")`, a manual key
  /// whose source value is prose): `100% natural` (`% n`), `50% faster` (`% f`) and Swedish
  /// `50%-igt` (`%-i`, nightscout/Trio#1362) are text in every language, compiled without a
  /// diagnostic and written as they are, as Python's plistlib reads the `.strings` files. The
  /// twin, a key the code formats (`Text("\(rate)% natural")`), warns about its `% n`.
  @Test func percentInProseIsTextUnlessTheCodeFormats() throws {
    let out = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: out) }
    let prose = Self.fixtures.appendingPathComponent("ProsePercent.xcstrings")
    let formatted = Self.fixtures.appendingPathComponent("ProsePercentFormatted.xcstrings").path
    let result = try RunLHC.run(["compile", prose.path, formatted, "-o", out.path])
    #expect(result.status == 0)
    #expect(
      result.stderr
        == "\(formatted):7:26: warning: Unusual format specifier \"% n\" (flag ' '); write \"%%\" if a literal percent sign is meant (de: %lld%% natural)\n"
    )
    let python = try pythonPlistTree(out)
    let catalog = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: prose)) as? [String: Any])
    let strings = try #require(catalog["strings"] as? [String: [String: Any]])
    var expected: [String: [String: String]] = [:]
    for (key, entry) in strings {
      for (language, node) in entry["localizations"] as? [String: [String: Any]] ?? [:] {
        let unit = node["stringUnit"] as? [String: String]
        expected["\(language).lproj/ProsePercent.strings", default: [:]][key] = unit?["value"]
      }
    }
    #expect(expected.count == 5)
    for (file, values) in expected {
      #expect(python[file] as? [String: String] == values, "\(file)")
    }
    #expect(
      python["de.lproj/ProsePercentFormatted.strings"] as? [String: String] == [
        "%lld%% natural": "%lld% natürlich"
      ])
  }

  @Test func nestedPluralFailsAfterTheAmbiguityWarning() throws {
    let path = Self.fixtures.appendingPathComponent("!NestedPlural.xcstrings").path
    let result = try RunLHC.run(["compile", path, "-o", "/nonexistent/never-written"])
    #expect(result.status == 1)
    #expect(
      result.stderr == """
        \(path):8:13: warning: Cannot reliably infer argument number for plural variation because %lld is used in multiple positions. Use an explicit substitution instead. (en: %lld of %lld)
        \(path):11:19: error: Plural case cannot be further varied (en: %lld of %lld|==|plural.one)

        """)
  }

  @Test func warningsAreReportedAndOutputIsWritten() throws {
    let out = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: out) }
    let names = ["AmbiguousPlural", "ControlCharacter", "States", "TrailingComma"]
    let paths = names.map { Self.fixtures.appendingPathComponent("\($0).xcstrings").path }
    let result = try RunLHC.run(["compile"] + paths + ["-o", out.path])
    #expect(result.status == 0)
    #expect(
      result.stderr == """
        \(paths[0]):8:13: warning: Cannot reliably infer argument number for plural variation because %lld is used in multiple positions. Use an explicit substitution instead. (en: %lld of %lld done)
        \(paths[1]):13:26: warning: value contains the control character U+0018; it is written raw as Xcode writes it, which Apple's runtime reads but strict XML parsers reject (vi: toggle)
        \(paths[2]):93:26: warning: unknown string unit state 'approved_by_robot'; units in this state are emitted like translated ones (en: unknown.state)
        \(paths[2]):112:15: warning: catalog version '2.0' is newer than lhc knows; reading it as 1.3
        \(paths[3]):11:10: warning: trailing comma is not valid JSON

        """)
    let states = try StringsdictResolver(
      lproj: out.appendingPathComponent("en.lproj"), table: "States")
    #expect(
      states.strings == [
        "machine": "Machine", "review": "Review", "stale.key": "Old", "untranslatable": "%@, %@",
        "unknown.state": "Unknown", "empty": "",
      ])
    let french = try StringsdictResolver(
      lproj: out.appendingPathComponent("fr.lproj"), table: "States")
    #expect(
      french.strings == [
        "machine": "Machine (auto)", "new.source": "Nouveau", "review": "Relire",
        "stale.key": "Vieux",
      ])
    let control = try Data(
      contentsOf: out.appendingPathComponent("vi.lproj/ControlCharacter.strings"))
    #expect(control.contains(0x18))
  }

  @Test func warningsAsErrorsFailsAndWritesNothing() throws {
    let out = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: out) }
    let path = Self.fixtures.appendingPathComponent("TrailingComma.xcstrings").path
    let result = try RunLHC.run(["compile", path, "-o", out.path, "--warnings-as-errors"])
    #expect(result.status == 1)
    #expect(result.stderr == "\(path):11:10: error: trailing comma is not valid JSON\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
  }

  @Test func forceBuildAllStringsAddsNewUnits() throws {
    let out = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: out) }
    let path = Self.fixtures.appendingPathComponent("States.xcstrings").path
    let result = try RunLHC.run([
      "compile", path, "-o", out.path, "--force-build-all-strings", "-l", "en",
    ])
    #expect(result.status == 0)
    let en = try StringsdictResolver(lproj: out.appendingPathComponent("en.lproj"), table: "States")
    #expect(en.strings["new.source"] == "New source")
    #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("fr.lproj").path))
  }

  @Test func dryRunPrintsSortedAbsolutePathsAndWritesNothing() throws {
    let out = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: out) }
    let catalogs = ["Localizable", "InfoPlist"].map {
      Self.sample.appendingPathComponent("\($0).xcstrings").path
    }
    let target = out.appendingPathComponent("build").path
    let result = try RunLHC.run(["compile", "--dry-run"] + catalogs + ["-o", target])
    #expect(result.status == 0)
    let root = URL(fileURLWithPath: target).standardizedFileURL.path
    let expected = [
      "de.lproj/InfoPlist.strings", "de.lproj/Localizable.strings",
      "de.lproj/Localizable.stringsdict", "en.lproj/InfoPlist.strings",
      "en.lproj/Localizable.strings", "en.lproj/Localizable.stringsdict",
      "ru.lproj/Localizable.stringsdict",
    ].map { "\(root)/\($0)" }
    #expect(result.stdout == expected.map { $0 + "\n" }.joined())
    #expect(!FileManager.default.fileExists(atPath: target))

    let real = try RunLHC.run(["compile"] + catalogs + ["-o", target])
    #expect(real.status == 0)
    let written = try FileManager.default.subpathsOfDirectory(atPath: target)
      .filter { $0.contains(".strings") }.sorted().map { "\(root)/\($0)" }
    #expect(written == expected)
  }

  @Test func secondRunKeepsMtimesAndFailedRunKeepsOutputs() throws {
    let out = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: out) }
    let catalog = Self.sample.appendingPathComponent("Localizable.xcstrings").path
    #expect(try RunLHC.run(["compile", catalog, "-o", out.path]).status == 0)
    let file = out.appendingPathComponent("de.lproj/Localizable.strings").path
    let old = Date(timeIntervalSince1970: 1_000_000_000)
    try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: file)
    let before = try Data(contentsOf: URL(fileURLWithPath: file))

    #expect(try RunLHC.run(["compile", catalog, "-o", out.path]).status == 0)
    let attributes = try FileManager.default.attributesOfItem(atPath: file)
    #expect(attributes[.modificationDate] as? Date == old)
    #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o044 } == 0o044)

    // A broken catalog with the same table name: exit 1, previous outputs untouched.
    let broken = out.appendingPathComponent("broken/Localizable.xcstrings")
    try FileManager.default.createDirectory(
      at: broken.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(contentsOf: Self.fixtures.appendingPathComponent("!NulCharacter.xcstrings"))
      .write(to: broken)
    let failed = try RunLHC.run(["compile", broken.path, "-o", out.path])
    #expect(failed.status == 1)
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
    #expect(
      try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date == old)
    let leftovers = try FileManager.default.subpathsOfDirectory(atPath: out.path)
      .filter { $0.contains(".lhc-") }
    #expect(leftovers.isEmpty)
  }

  @Test func changedInputRewritesOnlyChangedFiles() throws {
    let out = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: out) }
    let catalog = out.appendingPathComponent("Localizable.xcstrings")
    let original = try String(
      contentsOf: Self.sample.appendingPathComponent("Localizable.xcstrings"), encoding: .utf8)
    try original.write(to: catalog, atomically: true, encoding: .utf8)
    let target = out.appendingPathComponent("build")
    #expect(try RunLHC.run(["compile", catalog.path, "-o", target.path]).status == 0)
    let old = Date(timeIntervalSince1970: 1_000_000_000)
    let de = target.appendingPathComponent("de.lproj/Localizable.strings").path
    let en = target.appendingPathComponent("en.lproj/Localizable.strings").path
    for path in [de, en] {
      try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path)
    }
    try original.replacingOccurrences(of: "Zur Kasse", with: "Kasse").write(
      to: catalog, atomically: true, encoding: .utf8)
    #expect(try RunLHC.run(["compile", catalog.path, "-o", target.path]).status == 0)
    #expect(try FileManager.default.attributesOfItem(atPath: de)[.modificationDate] as? Date != old)
    #expect(try FileManager.default.attributesOfItem(atPath: en)[.modificationDate] as? Date == old)
  }

  @Test func binarySerializationReadsBackLikeXML() throws {
    let out = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: out) }
    let catalog = Self.sample.appendingPathComponent("Localizable.xcstrings").path
    let xml = out.appendingPathComponent("xml")
    let binary = out.appendingPathComponent("binary")
    #expect(
      try RunLHC.run(["compile", catalog, "-o", xml.path, "--serialization-format", "text"]).status
        == 0)
    #expect(
      try RunLHC.run(["compile", catalog, "-o", binary.path, "--serialization-format", "binary"])
        .status == 0)
    for file in ["ru.lproj/Localizable.stringsdict", "de.lproj/Localizable.strings"] {
      let binaryData = try Data(contentsOf: binary.appendingPathComponent(file))
      #expect(binaryData.starts(with: Array("bplist00".utf8)))
      let fromBinary = try PropertyListSerialization.propertyList(from: binaryData, format: nil)
      let fromXML = try PropertyListSerialization.propertyList(
        from: Data(contentsOf: xml.appendingPathComponent(file)), format: nil)
      #expect(NSDictionary(dictionary: fromBinary as? [String: Any] ?? [:]).isEqual(fromXML))
    }
  }

  @Test func identicalBytesAcrossRunsAndInputOrder() throws {
    let out = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: out) }
    let catalogs = ["Localizable", "InfoPlist"].map {
      Self.sample.appendingPathComponent("\($0).xcstrings").path
    }
    let first = out.appendingPathComponent("a")
    let second = out.appendingPathComponent("b")
    #expect(try RunLHC.run(["compile"] + catalogs + ["-o", first.path]).status == 0)
    #expect(try RunLHC.run(["compile"] + catalogs.reversed() + ["-o", second.path]).status == 0)
    let files = try FileManager.default.subpathsOfDirectory(atPath: first.path).sorted()
    #expect(files == (try FileManager.default.subpathsOfDirectory(atPath: second.path).sorted()))
    for file in files where file.contains(".strings") {
      #expect(
        try Data(contentsOf: first.appendingPathComponent(file))
          == Data(contentsOf: second.appendingPathComponent(file)))
    }
  }
}

@Suite("Stale outputs")
struct StaleOutputTests {
  @Test func filesTheTableNoLongerProducesAreRemoved() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let catalog = directory.appendingPathComponent("Localizable.xcstrings")
    let sample = TestPaths.testData.appendingPathComponent("sample/Localizable.xcstrings")
    try FileManager.default.copyItem(at: sample, to: catalog)
    let out = directory.appendingPathComponent("out")
    #expect(try RunLHC.run(["compile", catalog.path, "-o", out.path]).status == 0)
    let russianRules = out.appendingPathComponent("ru.lproj/Localizable.stringsdict").path
    #expect(FileManager.default.fileExists(atPath: russianRules))
    let unrelated = out.appendingPathComponent("ru.lproj/Other.strings")
    try Data("keep".utf8).write(to: unrelated)

    // Russian loses its plural: the old .stringsdict would shadow nothing but must go.
    var json = try String(contentsOf: catalog, encoding: .utf8)
    json = json.replacingOccurrences(
      of: "\"ru\" : {\n          \"variations\"", with: "\"ru-old\" : {\n          \"variations\"")
    try json.write(to: catalog, atomically: true, encoding: .utf8)
    let onlyGerman = try RunLHC.run(["compile", catalog.path, "-o", out.path, "-l", "de"])
    #expect(onlyGerman.status == 0)
    #expect(
      FileManager.default.fileExists(atPath: russianRules), "-l de leaves other languages alone")
    #expect(try RunLHC.run(["compile", catalog.path, "-o", out.path]).status == 0)
    #expect(!FileManager.default.fileExists(atPath: russianRules))
    #expect(FileManager.default.fileExists(atPath: unrelated.path))
  }
}

@Suite("compile --emit-empty-tables")
struct EmitEmptyTablesTests {
  static let sample = TestPaths.testData.appendingPathComponent("sample/Localizable.xcstrings")

  /// Without `-l`: the source language and every language the localizations name, both files
  /// each, the same values as a normal compile and empty dictionaries elsewhere (read by plistlib).
  @Test func writesBothFilesForEveryLanguageOfTheCatalog() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let plain = directory.appendingPathComponent("plain")
    let all = directory.appendingPathComponent("all")
    #expect(try RunLHC.run(["compile", Self.sample.path, "-o", plain.path]).status == 0)
    let result = try RunLHC.run([
      "compile", Self.sample.path, "-o", all.path, "--emit-empty-tables",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let expected = ["de", "en", "ru"].flatMap { language in
      ["strings", "stringsdict"].map { "\(language).lproj/Localizable.\($0)" }
    }
    let written = try FileManager.default.subpathsOfDirectory(atPath: all.path)
      .filter { $0.contains(".strings") }.sorted()
    #expect(written == expected)
    let plainTree = try pythonPlistTree(plain)
    let allTree = try pythonPlistTree(all)
    for file in expected {
      let value = allTree[file] as? [String: Any]
      #expect(value != nil, "\(file): \(allTree[file] ?? "missing")")
      if let normal = plainTree[file] {
        #expect(
          NSDictionary(dictionary: normal as? [String: Any] ?? [:])
            .isEqual(to: value ?? [:]), "\(file)")
      } else {
        #expect(value?.isEmpty == true, "\(file) holds nothing in a normal compile")
      }
    }
  }

  /// With `-l`: exactly the languages given, even one the catalog does not have (a Bazel
  /// `languages` attribute), and the dry run lists the same files.
  @Test func languagesGivenDecideTheFiles() throws {
    let out = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: out) }
    let arguments = [
      "compile", Self.sample.path, "-o", out.path, "--emit-empty-tables", "-l", "ru", "-l", "fr",
    ]
    let dryRun = try RunLHC.run(arguments + ["--dry-run"])
    #expect(dryRun.status == 0)
    let root = out.standardizedFileURL.path
    let expected = [
      "fr.lproj/Localizable.strings", "fr.lproj/Localizable.stringsdict",
      "ru.lproj/Localizable.strings", "ru.lproj/Localizable.stringsdict",
    ]
    #expect(dryRun.stdout == expected.map { "\(root)/\($0)\n" }.joined())
    #expect(try RunLHC.run(arguments).status == 0)
    let written = try FileManager.default.subpathsOfDirectory(atPath: out.path)
      .filter { $0.contains(".strings") }.sorted()
    #expect(written == expected)
    let tree = try pythonPlistTree(out)
    #expect((tree["fr.lproj/Localizable.strings"] as? [String: Any])?.isEmpty == true)
    #expect((tree["ru.lproj/Localizable.stringsdict"] as? [String: Any])?.isEmpty == false)
  }
}
