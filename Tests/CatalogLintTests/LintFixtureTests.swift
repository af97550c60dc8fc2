import Foundation
import LHCBase
import LHCTestSupport
import StringCatalog
import Testing

@testable import CatalogLint

/// Lints a fixture of `TestData/lint` as `lhc lint` does (top level, reader, entries) and renders
/// its findings as `line:col: severity: message (lang: key) [id]`.
func lintFixture(_ name: String, disabled: Set<String> = []) throws -> [String] {
  let path = TestPaths.testData.appendingPathComponent("lint/\(name).xcstrings").path
  let source = try SourceText(contentsOf: path)
  let shape = try #require(CatalogShape(source))
  var findings = shape.findings
  if shape.isReadable {
    let (catalog, diagnostics) = try CatalogReader.read(source)
    findings += diagnostics.map {
      Finding(check: shape.check(ofReaderDiagnostic: $0), diagnostic: $0)
    }
    findings += Linter.lint(catalog)
  }
  findings = findings.filter { !disabled.contains($0.check) }.sorted(by: Finding.precedes)
  return findings.map { finding in
    let position =
      finding.diagnostic.offset.map { source.lineColumn(of: $0) } ?? (line: 0, column: 0)
    let diagnostic = finding.diagnostic
    return
      "\(position.line):\(position.column): \(diagnostic.severity.rawValue): \(diagnostic.message)\(diagnostic.contextSuffix) [\(finding.check)]"
  }
}

@Suite("Lint checks: must-fail fixtures")
struct LintFixtureTests {
  /// Each check's must-fail fixture (`TestData/lint/!<id>.xcstrings`) and its exact findings.
  static let fixtures: [(String, [String])] = [
    (
      "catalog-reader",
      [
        "6:76: warning: trailing comma is not valid JSON [catalog-reader]"
      ]
    ),
    (
      "catalog-root-shape",
      [
        "2:3: error: 'Cancel' is an entry outside 'strings'; it is not compiled, so the app shows its key instead of a translation (Cancel) [catalog-root-shape]"
      ]
    ),
    (
      "catalog-version",
      [
        "1:1: warning: missing field 'version'; reading the catalog as version 1.0 [catalog-version]"
      ]
    ),
    (
      "empty-translation",
      [
        "13:26: warning: Translation is empty while the en value is not; the app shows an empty string (de: Cancel) [empty-translation]"
      ]
    ),
    (
      "format-argument-count",
      [
        "13:26: error: Format argument 2 ('%@') has no counterpart in the en value or the key, which pass 1 argument; reading an argument the code never passes crashes or prints garbage at runtime (de: Hello %@) [format-argument-count]"
      ]
    ),
    (
      "format-argument-missing",
      [
        "13:26: warning: Format argument 2 ('%@') of the en value is not used; the value the code passes is silently left out (fr: %@ sent %@) [format-argument-missing]"
      ]
    ),
    (
      "format-argument-order",
      [
        "7:26: error: Format arguments '%lld', '%@' are the en value's '%@', '%lld' in another order, without positions; the code passes them in the en order, so they are read as the wrong types, which crashes or prints garbage at runtime: write '%2$lld', '%1$@' (de: %@ has %lld points) [format-argument-order]"
      ]
    ),
    (
      "format-argument-type",
      [
        "13:26: error: Format argument 1 is '%@' (object) but '%lld' (integer) in en; reading an integer as an object crashes or prints garbage at runtime (de: %lld points) [format-argument-type]"
      ]
    ),
    (
      "format-count-specifier",
      [
        "13:26: error: Format argument 2 ('%n') has no counterpart in the en value or the key, which pass 1 argument; reading an argument the code never passes crashes or prints garbage at runtime (de: %lld done) [format-argument-count]",
        "13:26: warning: Unusual format specifier \"%n\" (it writes through a pointer nothing passes); write \"%%\" if a literal percent sign is meant (de: %lld done) [format-count-specifier]",
      ]
    ),
    (
      "format-invalid-specifier",
      [
        // Not `discount`'s Swedish `50%-ig` (its key and source value ask for no argument),
        // nor `%+d` (a flag an interpolation's specifier can have).
        "29:26: error: Invalid format specifier \"%$\"; write \"%%\" for a literal percent sign (ru: Version %@ (%lld)) [format-invalid-specifier]"
      ]
    ),
    (
      "format-literal-percent",
      [
        "13:26: warning: Format argument 1 ('%lld') of the en value is not used; the value the code passes is silently left out (de: %lld%% done) [format-argument-missing]",
        "13:26: warning: Lone '%' in a value without format arguments, for a key the code formats (the key or the en value has arguments); String(format:) drops or misreads it, write '%%' (de: %lld%% done) [format-literal-percent]",
      ]
    ),
    (
      "format-mixed-positions",
      [
        "7:26: warning: Format mixes the positional specifier '%2$@' with the non-positional '%@'; Apple's formatter numbers the non-positional ones apart (here '%@' reads argument 1), other printf implementations do not: give every specifier a position (de: %@ sent %@) [format-mixed-positions]"
      ]
    ),
    (
      "format-positional-gap",
      [
        "13:26: error: Format arguments skip position 2 ('%.1f' in en) but use position 3; a format that skips a floating-point or unknown argument cannot know where the later ones are, so they are read from the wrong place (de: %@ weighs %.1f kg, %@) [format-positional-gap]"
      ]
    ),
    (
      // Not `Made from 100% natural fibres` (nobody formats it); `% @` reads the right argument.
      "format-unusual-specifier",
      [
        "17:26: error: Format argument 1 is '% p' (pointer) but '%@' (object) in en; reading an object as a pointer crashes or prints garbage at runtime (ca: %@ posts) [format-argument-type]",
        "17:26: warning: Unusual format specifier \"% p\" (flag ' '); write \"%%\" if a literal percent sign is meant (ca: %@ posts) [format-unusual-specifier]",
        "39:26: warning: Unusual format specifier \"% @\" (flag ' '); write \"%%\" if a literal percent sign is meant (it: Open in %@) [format-unusual-specifier]",
      ]
    ),
    (
      "identical-to-source",
      [
        "13:26: warning: Translation is identical to the en value; users of de see untranslated text (de: Settings) [identical-to-source]"
      ]
    ),
    (
      // Reported once, at the tag's first localization, however many keys use it.
      "language-tag-path",
      [
        "6:9: error: language tag '../de' is not a safe file name: '.' is not an ASCII letter, digit, '-' or '_' [language-tag-path]"
      ]
    ),
    (
      "line-count-mismatch",
      [
        "13:26: warning: Translation has 1 line but the en value has 2; a layout made for the source's lines clips or misaligns it (de: Welcome) [line-count-mismatch]"
      ]
    ),
    (
      "plural-argument-not-numeric",
      [
        "12:13: warning: Substitution 'count' has formatSpecifier '@', which is not a number; the plural rules select a form by a number, so the runtime cannot choose one (en: files) [plural-argument-not-numeric]"
      ]
    ),
    (
      "plural-missing-category",
      [
        "26:13: warning: Plural variation has no 'few' form, which ru selects for 2~4, 22~24, 32~34, …; those numbers show the 'other' form instead (ru: %lld files) [plural-missing-category]",
        "26:13: warning: Plural variation has no 'many' form, which ru selects for 0, 5~19, 100, …; those numbers show the 'other' form instead (ru: %lld files) [plural-missing-category]",
      ]
    ),
    (
      "plural-missing-other",
      [
        "26:13: error: Plural variation has no 'other' form; numbers that select a form the variation lacks have no text to show (de: %lld files) [plural-missing-other]"
      ]
    ),
    (
      "plural-unknown-category",
      [
        "21:15: warning: Unknown plural category 'single'; no number selects it, so its text is never shown (en: %lld files) [plural-unknown-category]"
      ]
    ),
    (
      "plural-unused-category",
      [
        "15:15: warning: Plural variation has a 'few' form, which en never selects; its text is never shown (en: %lld files) [plural-unused-category]"
      ]
    ),
    (
      "substitution-missing-string-unit",
      [
        "6:16: error: Missing required key 'stringUnit' inside 'strings' -> 'files' -> 'localizations' -> 'en' (en: files) [substitution-missing-string-unit]"
      ]
    ),
    (
      "substitution-undefined",
      [
        "7:26: error: Referencing undefined substitution 'arg3' (en: Next meeting at %lld %lld) [substitution-undefined]"
      ]
    ),
    (
      "substitution-bare-specifier",
      [
        "24:36: warning: Substitution form uses '%lld' without a position; spliced into the parent text it reads the next argument there, not the substituted number: write %arg, or %N$ for another argument (en: %@ has %lld files) [substitution-bare-specifier]"
      ]
    ),
    (
      "substitution-missing-format-specifier",
      [
        "12:13: error: Substitution 'count' is missing its formatSpecifier (en: files) [substitution-missing-format-specifier]"
      ]
    ),
    (
      "substitution-missing-plural",
      [
        "12:13: error: Substitution 'count' has no plural variation (en: files) [substitution-missing-plural]"
      ]
    ),
    (
      "substitution-unreferenced",
      [
        "12:13: warning: Substitution 'count' was never referenced. To reference, use %#@count@ in some other string. Its forms are never shown, and the number it was meant to format is missing from the text (en: files) [substitution-unreferenced]"
      ]
    ),
    (
      "whitespace-mismatch",
      [
        "13:26: warning: Trailing whitespace \"\" differs from the en value's \" \"; text placed next to it gains or loses a space or line break (de: Name: ) [whitespace-mismatch]"
      ]
    ),
    (
      "xml-control-character",
      [
        "13:26: warning: value contains the control character U+0018; it is written raw as Xcode writes it, which Apple's runtime reads but strict XML parsers reject (vi: toggle) [xml-control-character]"
      ]
    ),
    (
      "xml-invalid-character",
      [
        "13:26: error: value contains a NUL character (U+0000), which property lists cannot hold (de: greeting) [xml-invalid-character]"
      ]
    ),
  ]

  @Test(arguments: fixtures)
  func mustFailFixture(id: String, expected: [String]) throws {
    let findings = try lintFixture("!\(id)")
    #expect(findings == expected)
    #expect(findings.contains { $0.hasSuffix("[\(id)]") })
  }

  @Test func everyCatalogCheckHasAFixture() throws {
    let names = try FileManager.default.contentsOfDirectory(
      atPath: TestPaths.testData.appendingPathComponent("lint").path)
    let fixtureIDs = Set(
      names.filter { $0.hasPrefix("!") }.map { String($0.dropFirst().dropLast(".xcstrings".count)) }
    )
    let catalogIDs = Set(LintCheck.catalogChecks.map(\.id))
    #expect(fixtureIDs == catalogIDs)
    #expect(Set(Self.fixtures.map(\.0)) == catalogIDs)
    #expect(Set(LintCheck.ids).count == LintCheck.all.count)
  }

  @Test func idsAreKebabCase() {
    for id in LintCheck.ids {
      #expect(id.allSatisfy { $0.isLowercase || $0 == "-" }, "\(id)")
    }
  }

  @Test(arguments: fixtures.map(\.0))
  func disablingTheCheckSilencesItsFixture(id: String) throws {
    let findings = try lintFixture("!\(id)", disabled: [id])
    #expect(!findings.contains { $0.hasSuffix("[\(id)]") })
  }
}
