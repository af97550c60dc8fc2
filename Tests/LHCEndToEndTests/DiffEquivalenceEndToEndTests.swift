import Foundation
import LHCTestSupport
import Testing

/// Runtime-equivalent texts in `lhc diff` and `lhc import --into`, end to end: the migration
/// round trip (legacy files → `import -o` → `compile` → `diff` against the legacy files) of
/// `TestData/diff/mastodon` (mastodon-ios' `.stringsdict` shapes) and of the corpus' legacy
/// trees, real changes planted in the compiled files with Python's `plistlib`.
@Suite("lhc diff, runtime-equivalent texts")
struct DiffEquivalenceEndToEndTests {
  static let mastodon = TestPaths.testData.appendingPathComponent("diff/mastodon")
  /// The keys whose compiled text numbers what the legacy text does not (in every language).
  static let renumbered = [
    "a11y.input_over_limit", "a11y.input_room_left", "metric.posts", "profile.followed_by_mutuals",
  ]

  /// `legacy` imported to a catalog and compiled, in a fresh directory (catalog, output folder).
  static func migrate(_ legacy: URL, in directory: URL) throws -> (URL, URL) {
    let catalog = directory.appendingPathComponent("Localizable.xcstrings")
    let out = directory.appendingPathComponent("out")
    let imported = try RunLHC.run(["import", legacy.path, "-o", catalog.path])
    #expect(imported.status == 0, "\(imported.stderr)")
    let compiled = try RunLHC.run(["compile", catalog.path, "-o", out.path])
    #expect(compiled.status == 0, "\(compiled.stderr)")
    return (catalog, out)
  }

  static func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test func theMigrationRoundTripHasNoChanges() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (catalog, out) = try Self.migrate(Self.mastodon, in: directory)
    for new in [out.path, catalog.path] {
      let result = DiffEndToEndTests.diff([Self.mastodon.path, new])
      #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
      #expect(result.stdout == "No differences; 12 equivalent (--show-equivalent lists them).\n")
    }
    let shown = DiffEndToEndTests.diff(["--show-equivalent", Self.mastodon.path, out.path])
    #expect(shown.status == 0)
    let lines = shown.stdout.split(separator: "\n").map(String.init)
    for language in ["de", "en", "fr"] {
      #expect(
        lines.contains(
          "\(language) · Localizable: 0 added, 0 removed, 0 changed, 0 kind changed, 4 equivalent"))
    }
    #expect(lines.filter { $0.hasPrefix("  ≈ ") }.count == 12)
    #expect(lines.last == "No differences; 12 equivalent.")

    let json = try Self.json(
      DiffEndToEndTests.diff(["-f", "json", Self.mastodon.path, out.path]).stdout)
    let summary = try #require(json["summary"] as? [String: Int])
    #expect(summary["changed"] == 0 && summary["equivalent"] == 12 && summary["tables"] == 0)
    #expect((json["tables"] as? [Any])?.isEmpty == true)
    let listed = try Self.json(
      DiffEndToEndTests.diff(["-f", "json", "--show-equivalent", Self.mastodon.path, out.path])
        .stdout)
    let tables = try #require(listed["tables"] as? [[String: Any]])
    #expect(tables.map { $0["language"] as? String } == ["de", "en", "fr"])
    for table in tables {
      let changes = try #require(table["changes"] as? [[String: Any]])
      #expect(changes.map { $0["change"] as? String } == Array(repeating: "equivalent", count: 4))
      #expect(changes.map { $0["key"] as? String } == Self.renumbered)
      #expect(table["equivalent"] as? Int == 4 && table["changed"] as? Int == 0)
    }
    let markdown = DiffEndToEndTests.diff(["-f", "markdown", Self.mastodon.path, out.path])
    #expect(
      markdown.stdout
        == "## lhc diff\n\nNo differences; 12 equivalent (--show-equivalent lists them).\n")
  }

  /// A type, an order and a presence changed in the compiled German `.stringsdict`: reported
  /// as changes (the type as unsafe), the other keys still equivalent.
  @Test func plantedChangesAreStillReported() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (_, out) = try Self.migrate(Self.mastodon, in: directory)
    let script = """
      import plistlib, sys
      path = sys.argv[1]
      with open(path, "rb") as f:
          rules = plistlib.load(f)
      exceeds = rules["a11y.input_over_limit"]["character_count"]
      assert exceeds["other"] == "%1$ld Zeichen", exceeds
      exceeds["other"] = "%1$@ Zeichen"
      post = rules["metric.posts"]
      assert post["NSStringLocalizedFormatKey"] == "%@ %2$#@post_count@", post
      post["NSStringLocalizedFormatKey"] = "%2$#@post_count@ %1$@"
      mutual = rules["profile.followed_by_mutuals"]["count_mutual"]
      mutual["other"] = mutual["other"].replace("%1$@ und ", "")
      assert "%1$@" not in mutual["other"], mutual
      with open(path, "wb") as f:
          plistlib.dump(rules, f)
      """
    let edited = try runProcess(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "python3", "-c", script,
        out.appendingPathComponent("de.lproj/Localizable.stringsdict").path,
      ])
    #expect(edited.status == 0, "\(edited.stderr)")
    let result = DiffEndToEndTests.diff([Self.mastodon.path, out.path])
    #expect(result.status == 1)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(
      lines.first == "de · Localizable: 0 added, 0 removed, 3 changed, 0 kind changed, 1 equivalent"
    )
    #expect(
      lines.filter { $0.hasPrefix("  ~ ") }.map { $0.split(separator: "\"")[1] } == [
        "a11y.input_over_limit", "metric.posts", "profile.followed_by_mutuals",
      ])
    // The mutual followers key is checked as it is today whenever it changes: its `names`
    // variable says the app passes argument 1 as an integer (`ld`), its forms read it as `%1$@`.
    #expect(
      lines.filter { $0.hasPrefix("  error: ") }
        == [
          "a11y.input_over_limit", "profile.followed_by_mutuals",
        ].map {
          "  error: de · Localizable · \"\($0)\": reads argument 1 as an object but the app passes "
            + "an integer [format-mismatch]"
        })
    #expect(
      lines.last
        == "Total: 0 added, 0 removed, 3 changed, 0 kind changed, 9 equivalent; 2 runtime errors, 0 warnings"
    )
    let markdown = DiffEndToEndTests.diff(
      ["-f", "markdown", "--show-equivalent", Self.mastodon.path, out.path]
    ).stdout.split(separator: "\n")
    #expect(markdown.filter { $0.hasPrefix("| ≈ |") }.count == 9)
    #expect(markdown.filter { $0.hasPrefix("| ✏️ |") }.count == 3)
    #expect(
      markdown.contains(
        "**0 added, 0 removed, 3 changed, 0 kind changed, 9 equivalent; 2 runtime errors, 0 warnings**"
      ))
    let unsafe = DiffEndToEndTests.diff(["--fail-on", "unsafe", Self.mastodon.path, out.path])
    #expect(unsafe.status == 1)
  }

  /// `import --into` of the legacy files into the catalog made of them: an equivalent value is no
  /// update, so nothing changes (earlier, every renumbered key was "changed", and the mutual
  /// followers key refused as unsafe).
  @Test func importIntoLeavesEquivalentValuesAlone() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (catalog, _) = try Self.migrate(Self.mastodon, in: directory)
    let before = try Data(contentsOf: catalog)
    let result = try RunLHC.run(["import", Self.mastodon.path, "--into", catalog.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "\(catalog.path): no changes\n")
    #expect(result.stderr.isEmpty)
    #expect(try Data(contentsOf: catalog) == before)
  }

  /// The corpus' legacy trees migrated and compiled: no difference but where the legacy file
  /// reads another argument than the catalog compiles to — Element's plural rules whose format key
  /// `%#@COUNT@` takes the count from argument 1 while their forms read it as `%2$d` (or `%3$d`);
  /// the compiled rule takes it from where the forms read it. A real runtime change (another plural
  /// form is chosen), which equivalence must not hide.
  @Test(arguments: [
    "ViennaRSS__vienna-rss", "element-hq__element-x-ios", "home-assistant__iOS",
    "jellyfin__Swiftfin",
  ])
  func corpusLegacyRoundTrip(_ name: String) throws {
    let legacy = TestPaths.corpus.appendingPathComponent("legacy/\(name)")
    try #require(FileManager.default.fileExists(atPath: legacy.path), "the corpus is needed")
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (_, out) = try Self.migrate(legacy, in: directory)
    let result = DiffEndToEndTests.diff(["-f", "json", legacy.path, out.path])
    let json = try Self.json(result.stdout)
    let summary = try #require(json["summary"] as? [String: Int])
    #expect(summary["added"] == 0 && summary["removed"] == 0 && summary["kindChanged"] == 0)
    guard name == "element-hq__element-x-ios" else {
      #expect(result.status == 0, "\(result.stdout.prefix(3000))")
      #expect(summary["changed"] == 0)
      return
    }
    #expect(result.status == 1)
    var changed = 0
    for table in (json["tables"] as? [[String: Any]]) ?? [] {
      for change in (table["changes"] as? [[String: Any]]) ?? [] {
        let key = change["key"] as? String ?? ""
        let old = (change["old"] as? [String: Any])?["rule"] as? [String: Any]
        let new = (change["new"] as? [String: Any])?["rule"] as? [String: Any]
        #expect(old?["formatKey"] as? String == "%#@COUNT@", "\(key)")
        let formatKey = try #require(new?["formatKey"] as? String)
        #expect(
          formatKey == "%2$#@arg2@" || formatKey == "%3$#@arg3@", "\(key): \(formatKey)")
        changed += 1
      }
    }
    #expect(changed == summary["changed"] && changed > 0)
  }
}
