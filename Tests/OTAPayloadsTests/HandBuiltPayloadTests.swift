import Foundation
import OTAPayloads
import StringTables
import Testing

/// Hand-built tables covering every case the targets differ on.
enum HandBuilt {
  static let baseURL = "https://cdn.example.com/ota"
  static let options = PayloadOptions(
    baseURL: baseURL + "/", releaseVersion: 12, sourceLanguage: "en")

  /// A one-variable plural rule.
  static func plural(_ formatKey: String, _ name: String, _ forms: [String: String])
    -> StringsdictEntry
  {
    .format(
      FormatRule(
        formatKey: formatKey, variables: [name: PluralVariable(valueType: "lld", forms: forms)]))
  }

  static let english = StringTable(
    name: "Localizable", language: "en",
    strings: [
      "plain": "Hello",
      "greeting": "Hello, %@!",
      "count": "%lld items",
      "reordered": "%2$@ has %1$lld points",
      "percent": "100%% sure",
      "quote \"x\"\n": "Line\t\"quoted\" \\ back\u{1}",
      "auth.login": "Login",
      "auth.login.title": "Log in",
      "Done.": "Done.",
      "float": "%.1f km",
      "braces": "{{literal}} %@",
      "gap": "%2$@",
      "device": "Press",
    ],
    rules: [
      "files": plural("%#@arg1@", "arg1", ["one": "%lld file", "other": "%lld files"]),
      "remaining": plural(
        "%1$#@count@ left in %2$@", "count", ["one": "%1$lld file", "other": "%1$lld files"]),
      "followers": plural(
        "%1$#@followers@", "followers", ["one": "%2$@ follower", "other": "%2$@ followers"]),
      "late": plural("%1$@ has %2$#@n@", "n", ["one": "%2$lld point", "other": "%2$lld points"]),
      "two": .format(
        FormatRule(
          formatKey: "%1$#@files@ in %2$#@folders@",
          variables: [
            "files": PluralVariable(
              valueType: "lld", forms: ["one": "%1$lld file", "other": "%1$lld files"]),
            "folders": PluralVariable(
              valueType: "lld", forms: ["one": "%2$lld folder", "other": "%2$lld folders"]),
          ])),
      "device": .device(["iphone": .text("Tap"), "mac": .text("Click")]),
    ])

  static let german = StringTable(
    name: "Localizable", language: "de",
    strings: ["plain": "Grüß dich 😀"],
    rules: ["files": plural("%#@arg1@", "arg1", ["one": "%lld Datei", "other": "%lld Dateien"])])

  static let settings = StringTable(
    name: "Settings", language: "en", strings: ["title": "Settings", "plain": "Other plain"])
  static let settingsGerman = StringTable(
    name: "Settings", language: "de", strings: ["title": "Einstellungen"])

  static let tables = [english, german, settings, settingsGerman]

  /// `language/table/key` of each skipped entry, sorted.
  static func places(_ payload: Payload) -> [String] {
    payload.skipped.map { "\($0.language)/\($0.table)/\($0.key)" }
  }
}

@Suite("Payloads of hand-built tables")
struct HandBuiltPayloadTests {
  @Test func tolgee() throws {
    let payload = try PayloadBuilder.build(
      .tolgee, tables: HandBuilt.tables, options: HandBuilt.options)
    #expect(
      payload.files.map(\.path) == ["Settings/de.json", "Settings/en.json", "de.json", "en.json"])
    #expect(HandBuilt.places(payload) == ["en/Localizable/device", "en/Localizable/two"])
    let read = TolgeeReader.read(payload.files)
    let problems = Expectation.problems(
      read, payload: payload, tables: HandBuilt.tables, language: { $0 }, table: \.name,
      expected: Expectation.tolgee)
    #expect(problems == [])
    #expect(
      read.content["en"]?["Localizable"]?["remaining"]
        == .plural(["one": "%1$lld file left in %2$@", "other": "%1$lld files left in %2$@"]))
  }

  @Test func rerune() throws {
    let payload = try PayloadBuilder.build(
      .rerune, tables: HandBuilt.tables, options: HandBuilt.options)
    #expect(payload.files.map(\.path) == ["de.json", "en.json", "manifest.json"])
    #expect(
      HandBuilt.places(payload) == [
        "en/Localizable/braces", "en/Localizable/device", "en/Localizable/float",
        "en/Localizable/gap", "en/Localizable/late", "en/Localizable/two", "en/Settings/plain",
      ])
    let read = ReRuneReader.read(payload.files, baseURL: HandBuilt.baseURL)
    let problems = Expectation.problems(
      read, payload: payload, tables: HandBuilt.tables, language: { $0 }, table: { _ in "*" },
      expected: Expectation.rerune)
    #expect(problems == [])
    #expect(read.content["en"]?["*"]?["reordered"] == .text("{2:string} has {1:int} points"))
    #expect(
      read.content["en"]?["*"]?["followers"]
        == .plural(["one": "{2:string} follower", "other": "{2:string} followers"]))
  }

  @Test func reruneManifestBytes() throws {
    let payload = try PayloadBuilder.build(
      .rerune, tables: [HandBuilt.german], options: HandBuilt.options.with(source: "de"))
    let manifest = try #require(payload.files.first { $0.path == "manifest.json" })
    #expect(
      String(decoding: manifest.bytes, as: UTF8.self) == """
        {
          "locales" : {
            "de" : {
              "minimum_delta_base_version" : 12,
              "url" : "https://cdn.example.com/ota/de.json",
              "version" : 12
            }
          },
          "main_language" : "de",
          "version" : 12
        }

        """)
  }

  @Test func reruneRecords() throws {
    let payload = try PayloadBuilder.build(
      .rerune, tables: [HandBuilt.english], options: HandBuilt.options)
    let records = try #require(payload.files.first { $0.path == "en.json" })
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(records.bytes)) as? [[String: Any]])
    let remaining = try #require(json.first { $0["key"] as? String == "remaining" })
    let declared = (remaining["placeholders"] as? [[String: String]])?.map {
      [$0["name"], $0["type"]]
    }
    #expect(declared == [["count", "int"], ["arg2", "string"]])
    let text = String(decoding: records.bytes, as: UTF8.self)
    #expect(text.contains(#""text" : "{{count}} files left in {{arg2}}""#))
    #expect(text.contains(#""value" : "100% sure""#))
    #expect(text.contains(#""key" : "quote \"x\"\n""#))
  }

  @Test func betterI18n() throws {
    let payload = try PayloadBuilder.build(
      .betterI18n, tables: HandBuilt.tables, options: HandBuilt.options)
    #expect(
      payload.files.map(\.path) == [
        "de/translations.json", "en/translations.json", "manifest.json",
      ])
    #expect(
      HandBuilt.places(payload) == [
        "de/Localizable/files", "en/Localizable/Done.", "en/Localizable/auth.login.title",
        "en/Localizable/device", "en/Localizable/files", "en/Localizable/float",
        "en/Localizable/followers", "en/Localizable/late", "en/Localizable/remaining",
        "en/Localizable/two", "en/Settings/plain",
      ])
    let reasons = Dictionary(payload.skipped.map { ($0.key, $0.reason) }) { first, _ in first }
    #expect(reasons["two"] == "plurals are not supported by better-i18n")
    #expect(
      reasons["auth.login.title"] == "key path runs through key 'auth.login', which holds a string")
    #expect(reasons["Done."]?.contains("empty path segment") == true)
    let read = BetterI18nReader.read(payload.files)
    let problems = Expectation.problems(
      read, payload: payload, tables: HandBuilt.tables, language: { $0.lowercased() },
      table: { _ in "*" },
      expected: Expectation.betterI18n)
    #expect(problems == [])
    #expect(read.content["en"]?["*"]?["reordered"] == .text("{2} has {1} points"))
  }

  @Test func betterI18nManifest() throws {
    let payload = try PayloadBuilder.build(
      .betterI18n, tables: HandBuilt.tables, options: HandBuilt.options)
    let manifest = try #require(payload.files.first { $0.path == "manifest.json" })
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(manifest.bytes)) as? [String: Any])
    #expect(json["sourceLanguage"] as? String == "en")
    let files = json["files"] as? [String: [String: String]]
    #expect(files?["de"]?["url"] == "https://cdn.example.com/ota/de/translations.json")
    let noURL = try PayloadBuilder.build(
      .betterI18n, tables: HandBuilt.tables, options: PayloadOptions())
    let bare = try #require(noURL.files.first { $0.path == "manifest.json" })
    #expect(!String(decoding: bare.bytes, as: UTF8.self).contains("files"))
  }

  @Test(arguments: OTATarget.allCases)
  func deterministic(target: OTATarget) throws {
    let first = try PayloadBuilder.build(
      target, tables: HandBuilt.tables, options: HandBuilt.options)
    let second = try PayloadBuilder.build(
      target, tables: HandBuilt.tables.reversed(), options: HandBuilt.options)
    #expect(first.files == second.files)
    #expect(first.skipped == second.skipped)
    for file in first.files { #expect(file.bytes.last == UInt8(ascii: "\n")) }
  }
}

@Suite("Payload errors")
struct PayloadErrorTests {
  /// The message of the error `options` make the rerune target throw.
  func reruneError(_ options: PayloadOptions) -> String? {
    do {
      _ = try PayloadBuilder.build(.rerune, tables: HandBuilt.tables, options: options)
      return nil
    } catch {
      return error.message
    }
  }

  @Test func reruneNeedsItsSettings() {
    #expect(
      reruneError(PayloadOptions(baseURL: "https://x.example", sourceLanguage: "en"))?.contains(
        "--release-version") == true)
    #expect(
      reruneError(PayloadOptions(releaseVersion: 1, sourceLanguage: "en"))?.contains("--base-url")
        == true)
    #expect(
      reruneError(
        PayloadOptions(baseURL: "https://x.example", releaseVersion: -1, sourceLanguage: "en"))?
        .contains("negative") == true)
    #expect(
      reruneError(PayloadOptions(baseURL: "https://x.example", releaseVersion: 1))?.contains(
        "source language") == true)
    #expect(
      reruneError(
        PayloadOptions(baseURL: "https://x.example", releaseVersion: 1, sourceLanguage: "fr"))?
        .contains("'fr'") == true)
  }

  @Test(arguments: [
    "ftp://x.example", "https://", "https://x.example/a?b", "cdn.example.com", "https://x y",
  ])
  func invalidBaseURL(url: String) {
    #expect(
      reruneError(PayloadOptions(baseURL: url, releaseVersion: 1, sourceLanguage: "en"))?.contains(
        "invalid base URL") == true)
    #expect(throws: PayloadError.self) {
      try PayloadBuilder.build(
        .betterI18n, tables: HandBuilt.tables, options: PayloadOptions(baseURL: url))
    }
  }

  @Test(arguments: OTATarget.allCases)
  func languagesSharingAFile(target: OTATarget) {
    let tables = [
      StringTable(name: "Localizable", language: "en", strings: ["a": "b"]),
      StringTable(name: "Localizable", language: "pt_BR", strings: ["a": "b"]),
      StringTable(name: "Localizable", language: "pt-BR", strings: ["a": "c"]),
    ]
    #expect(throws: PayloadError.self) {
      try PayloadBuilder.build(target, tables: tables, options: HandBuilt.options)
    }
  }

  @Test func invalidReRuneLocale() {
    let table = StringTable(name: "Localizable", language: "en-x-private", strings: ["a": "b"])
    #expect(throws: PayloadError.self) {
      try PayloadBuilder.build(.rerune, tables: [table], options: HandBuilt.options)
    }
  }
}

extension PayloadOptions {
  /// These options with another source language.
  func with(source: String) -> PayloadOptions {
    PayloadOptions(baseURL: baseURL, releaseVersion: releaseVersion, sourceLanguage: source)
  }
}
