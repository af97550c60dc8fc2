import Foundation
import LHCBase
import StringCatalog
import Testing

@testable import CatalogLint

private func source(_ text: String, path: String = "x.json") -> SourceText {
  SourceText(path: path, bytes: Array(text.utf8))
}

/// The first error of reading `text` as `line:col: message`.
private func readError(_ text: String, _ read: (SourceText) throws(DiagnosticError) -> Void)
  -> String?
{
  let file = source(text)
  do {
    try read(file)
    return nil
  } catch {
    let diagnostic = error.diagnostics[0]
    let position = file.lineColumn(of: diagnostic.offset ?? 0)
    return "\(position.line):\(position.column): \(diagnostic.message)"
  }
}

private func finding(
  _ check: String, key: String? = "k", language: String? = "de", path: String? = nil,
  severity: Diagnostic.Severity = .warning
) -> Finding {
  Finding(
    check: check, diagnostic: Diagnostic(severity, "m", offset: 1, language: language, key: key),
    variationPath: path)
}

/// The config file and the baseline file of `lhc lint`: reading, errors, applying.
@Suite("Lint config and baseline files")
struct LintFilesTests {
  @Test func configReadsEveryMember() throws {
    let config = try LintConfig.read(
      source(
        """
        {
          "baseline" : "ci/lint-baseline.json",
          "disabled" : [ "line-count-mismatch" ],
          "languages" : { "en-GB" : { "disabled" : [ "identical-to-source" ] } },
          "severities" : { "whitespace-mismatch" : "error", "identical-to-source" : "note" }
        }
        """))
    #expect(config.baseline == "ci/lint-baseline.json")
    #expect(config.disabled == ["line-count-mismatch"])
    #expect(config.disabledByLanguage == ["en-GB": ["identical-to-source"]])
    #expect(config.severities == ["whitespace-mismatch": .error, "identical-to-source": .note])
    let kept = config.apply(to: [
      finding("line-count-mismatch"), finding("identical-to-source", language: "en-GB"),
      finding("identical-to-source", language: "de"), finding("whitespace-mismatch"),
    ])
    #expect(kept.map(\.check) == ["identical-to-source", "whitespace-mismatch"])
    #expect(kept.map(\.diagnostic.severity) == [.note, .error])
  }

  @Test func configErrorsNameTheMemberAndItsPlace() {
    let read = { (file: SourceText) throws(DiagnosticError) in _ = try LintConfig.read(file) }
    #expect(
      readError("{\n  \"disable\" : []\n}", read)
        == "2:3: unknown key 'disable' in the lint config (expected baseline, disabled, enabled, languages, ota, severities, sources)"
    )
    #expect(
      readError("{ \"languages\" : { \"de\" : { \"off\" : 1 } } }", read)
        == "1:28: unknown key 'off' in languages.de (expected disabled)")
    #expect(
      readError("{ \"disabled\" : [ \"no-such\" ] }", read)?.hasPrefix(
        "1:18: unknown check 'no-such'; valid ids: catalog-reader, catalog-version,") == true)
    #expect(
      readError("{ \"severities\" : { \"empty-translation\" : \"fatal\" } }", read)
        == "1:42: the severity of 'empty-translation' must be error, warning or note, found 'fatal'"
    )
    #expect(
      readError("{ \"disabled\" : \"empty-translation\" }", read)
        == "1:16: 'disabled' must be an array of strings, found a string")
    #expect(readError("[]", read) == "1:1: a lint config is a JSON object, found an array")
    #expect(readError("{ \"baseline\" : ", read)?.hasPrefix("1:16: expected a value") == true)
  }

  @Test func baselineCountsPerIdentityAndSaysWhatIsGone() {
    var baseline = LintBaseline()
    baseline.add(finding("identical-to-source"), catalog: "A.xcstrings")
    baseline.add(finding("plural-missing-category", path: "plural"), catalog: "A.xcstrings")
    baseline.add(finding("plural-missing-category", path: "plural"), catalog: "A.xcstrings")
    baseline.add(finding("empty-translation"), catalog: "B.xcstrings")
    // Same findings: nothing new, nothing gone.
    let same = [
      finding("identical-to-source"), finding("plural-missing-category", path: "plural"),
      finding("plural-missing-category", path: "plural"),
    ]
    #expect(baseline.filter(same, catalog: "A.xcstrings").new.isEmpty)
    #expect(baseline.filter(same, catalog: "A.xcstrings").known == same)
    #expect(baseline.filter(same, catalog: "A.xcstrings").gone == 0)
    // One more of a known identity is new; another language is new; one fixed is gone.
    let edited = [
      finding("plural-missing-category", path: "plural"),
      finding("plural-missing-category", path: "plural"),
      finding("plural-missing-category", path: "plural"),
      finding("identical-to-source", language: "fr"),
    ]
    let (new, known, gone) = baseline.filter(edited, catalog: "A.xcstrings")
    #expect(new == [edited[2], edited[3]])
    #expect(known == [edited[0], edited[1]])
    #expect(gone == 1)
    // The catalog is part of the identity.
    #expect(baseline.filter(same, catalog: "B.xcstrings").new.count == 3)
  }

  @Test func baselineFileIsSortedByBytesAndRoundTrips() throws {
    var baseline = LintBaseline()
    for (catalog, key) in [
      ("b.xcstrings", "Zebra"), ("a.xcstrings", "zebra"), ("a.xcstrings", "Zebra"),
    ] {
      baseline.add(finding("identical-to-source", key: key), catalog: catalog)
    }
    baseline.add(finding("catalog-version", key: nil, language: nil), catalog: "a.xcstrings")
    let text = baseline.document()
    let keys = text.split(separator: "\n").filter { $0.contains("\"key\"") }.map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    #expect(
      keys == [
        "\"key\" : null,", "\"key\" : \"Zebra\",", "\"key\" : \"zebra\",", "\"key\" : \"Zebra\",",
      ])
    let reread = try LintBaseline.read(source(text))
    #expect(reread == baseline)
    #expect(reread.document() == text)
    // An independent reader: Foundation's.
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    #expect((object?["findings"] as? [[String: Any]])?.count == 4)
    #expect(object?["version"] as? Int == 1)
  }

  @Test func baselineReadSumsRepeatsAndRejectsWhatItDoesNotKnow() throws {
    let entry = "{ \"catalog\" : \"a\", \"check\" : \"c\", \"count\" : 2, \"key\" : null }"
    let summed = try LintBaseline.read(
      source("{ \"findings\" : [ \(entry), \(entry) ], \"version\" : 1 }"))
    #expect(summed.findingCount == 4)
    let read = { (file: SourceText) throws(DiagnosticError) in _ = try LintBaseline.read(file) }
    #expect(
      readError("{ \"findings\" : [], \"version\" : 3 }", read)
        == "1:32: the lint baseline must have \"version\" : 1 or 2")
    #expect(
      readError(
        "{ \"findings\" : [ { \"catalog\" : \"a\", \"check\" : \"c\", \"line\" : 3 } ], \"version\" : 1 }",
        read)?
        .hasPrefix("1:52: unknown key 'line' in a baseline finding") == true)
    #expect(
      readError(
        "{ \"findings\" : [ { \"catalog\" : \"a\", \"check\" : \"c\", \"count\" : 0 } ], \"version\" : 1 }",
        read)
        == "1:62: 'count' must be an integer of at least 1")
  }

  @Test func rootShapeFindsMissingFieldsAndEntriesOutsideStrings() throws {
    let missing = try #require(CatalogShape(source("{ \"strings\" : {}, \"version\" : \"1.0\" }")))
    #expect(!missing.isReadable)
    #expect(
      missing.findings.map { String($0.diagnostic.message.prefix(40)) } == [
        "missing required field 'sourceLanguage';"
      ])
    let outside = try #require(
      CatalogShape(
        source(
          "{ \"sourceLanguage\" : \"en\", \"strings\" : {}, \"Cancel\" : { \"comment\" : \"x\" }, \"metadata\" : { \"tool\" : 1 } }"
        )))
    #expect(outside.isReadable)
    #expect(outside.findings.map(\.diagnostic.key) == ["Cancel"])
    #expect(CatalogShape(source("{ \"strings\" : ")) == nil)  // not JSON: the reader says why
    // A field of the wrong type is the reader's error (compile's text), not a finding.
    let typed = try #require(CatalogShape(source("{ \"strings\" : [], \"version\" : \"1.0\" }")))
    #expect(typed.isReadable)
    #expect(typed.findings.isEmpty)
  }

  /// A catalog the reader has read skips `strings` by matching brackets outside strings: quotes
  /// escaped by odd backslash runs, even runs before a closing quote, brackets and indentation
  /// inside strings; an unterminated `strings` is no shape.
  @Test func skippingStringsMatchesBracketsOutsideStringsOnly() throws {
    let strings = #"""
      "strings" : {
          "a\"" : { "comment" : "} \\\" ] {\\" },
          "    \\\\" : {
            "comment" : "  }}}  "
          }
        },
      """#
    for validating in [true, false] {
      let shape = try #require(
        CatalogShape(
          source(
            "{ \"sourceLanguage\" : \"en\",\n  " + strings
              + " \"Cancel\" : { \"comment\" : \"x\" } }"),
          validating: validating))
      #expect(shape.findings.map(\.diagnostic.key) == ["Cancel"], "validating: \(validating)")
    }
    #expect(CatalogShape(source("{ \"strings\" : { \"a\\\" : {} }"), validating: false) == nil)
    #expect(CatalogShape(source("{ \"strings\" : { \"a\" : {} "), validating: false) == nil)
  }

  @Test func versionWarningsOfTheReaderAreCatalogVersion() throws {
    let file = source(
      "{ \"sourceLanguage\" : \"en\", \"strings\" : { \"a\" : {}, \"a\" : {} }, \"version\" : \"7.0\" }"
    )
    let shape = try #require(CatalogShape(file))
    let (_, diagnostics) = try CatalogReader.read(file)
    #expect(
      diagnostics.map(shape.check(ofReaderDiagnostic:)).sorted() == [
        "catalog-reader", "catalog-version",
      ])
  }
}
