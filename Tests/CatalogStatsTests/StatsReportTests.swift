import CatalogStats
import Foundation
import Testing

/// Exact bytes of the three report formats.
@Suite("Stats report")
struct StatsReportTests {
  /// The report `lhc stats` prints for the given fixtures of `TestData/stats/`.
  static func report(_ names: [String]) throws -> StatsReport {
    let catalogs = try names.map { try StatsFixtures.catalog($0) }
    var all: [String] = []
    for language in catalogs.flatMap(CatalogStats.languages(of:)) where !all.contains(language) {
      all.append(language)
    }
    return StatsReport(
      items: zip(names, catalogs).map { StatsReport.Item(path: $0, stats: CatalogStats($1)) },
      totals: CatalogStats.totals(catalogs.map { CatalogStats($0, languages: all) }))
  }

  @Test func table() throws {
    #expect(
      try Self.report(["Plurals.xcstrings"]).table() == """
        Plurals.xcstrings (source language: en)
        language  keys  translated  needs_review  new  missing  complete  plurals
        en           7           7             0    0        0    100.0%      4/5
        ar           7           3             0    0        4     42.8%      1/5
        ja           7           4             0    0        3     57.1%      4/5
        ru           7           5             0    1        1     71.4%      3/6

        """)
  }

  @Test func tablesOfTwoCatalogsWithTotals() throws {
    #expect(
      try Self.report(["Plurals.xcstrings", "States.xcstrings"]).table() == """
        Plurals.xcstrings (source language: en)
        language  keys  translated  needs_review  new  missing  complete  plurals
        en           7           7             0    0        0    100.0%      4/5
        ar           7           3             0    0        4     42.8%      1/5
        ja           7           4             0    0        3     57.1%      4/5
        ru           7           5             0    1        1     71.4%      3/6

        States.xcstrings (source language: en)
        language  keys  translated  needs_review  new  missing  complete  plurals
        en           4           4             0    0        0    100.0%      0/0
        de           4           1             1    2        0     25.0%      0/0
        es           4           0             0    0        4      0.0%      0/0
        fr           4           1             1    0        2     25.0%      0/0
        ja           4           1             1    0        2     25.0%      0/0

        Total (2 catalogs)
        language  keys  translated  needs_review  new  missing  complete  plurals
        en          11          11             0    0        0    100.0%      4/5
        ar          11           3             0    0        8     27.2%      1/5
        de          11           1             1    2        7      9.0%      0/5
        es          11           0             0    0       11      0.0%      0/5
        fr          11           1             1    0        9      9.0%      0/5
        ja          11           5             1    0        5     45.4%      4/5
        ru          11           5             0    1        5     45.4%      3/6

        """)
  }

  @Test func markdown() throws {
    #expect(
      try Self.report(["Plurals.xcstrings", "States.xcstrings"]).markdown() == """
        ### `Plurals.xcstrings`

        Source language: `en`.

        | language | keys | translated | needs_review | new | missing | complete | plurals |
        |:---|---:|---:|---:|---:|---:|---:|---:|
        | en | 7 | 7 | 0 | 0 | 0 | 100.0% | 4/5 |
        | ar | 7 | 3 | 0 | 0 | 4 | 42.8% | 1/5 |
        | ja | 7 | 4 | 0 | 0 | 3 | 57.1% | 4/5 |
        | ru | 7 | 5 | 0 | 1 | 1 | 71.4% | 3/6 |

        ### `States.xcstrings`

        Source language: `en`.

        | language | keys | translated | needs_review | new | missing | complete | plurals |
        |:---|---:|---:|---:|---:|---:|---:|---:|
        | en | 4 | 4 | 0 | 0 | 0 | 100.0% | 0/0 |
        | de | 4 | 1 | 1 | 2 | 0 | 25.0% | 0/0 |
        | es | 4 | 0 | 0 | 0 | 4 | 0.0% | 0/0 |
        | fr | 4 | 1 | 1 | 0 | 2 | 25.0% | 0/0 |
        | ja | 4 | 1 | 1 | 0 | 2 | 25.0% | 0/0 |

        ### Total (2 catalogs)

        | language | keys | translated | needs_review | new | missing | complete | plurals |
        |:---|---:|---:|---:|---:|---:|---:|---:|
        | en | 11 | 11 | 0 | 0 | 0 | 100.0% | 4/5 |
        | ar | 11 | 3 | 0 | 0 | 8 | 27.2% | 1/5 |
        | de | 11 | 1 | 1 | 2 | 7 | 9.0% | 0/5 |
        | es | 11 | 0 | 0 | 0 | 11 | 0.0% | 0/5 |
        | fr | 11 | 1 | 1 | 0 | 9 | 9.0% | 0/5 |
        | ja | 11 | 5 | 1 | 0 | 5 | 45.4% | 4/5 |
        | ru | 11 | 5 | 0 | 1 | 5 | 45.4% | 3/6 |

        """)
  }

  @Test func markdownEscapesPathsAndPipes() {
    let stats = CatalogStats(sourceLanguage: "a|b", languages: [LanguageStats(language: "a|b")])
    let report = StatsReport(
      items: [StatsReport.Item(path: "odd`name.xcstrings", stats: stats)], totals: stats.languages)
    #expect(
      report.markdown() == """
        ### `` odd`name.xcstrings ``

        Source language: `a|b`.

        | language | keys | translated | needs_review | new | missing | complete | plurals |
        |:---|---:|---:|---:|---:|---:|---:|---:|
        | a\\|b | 0 | 0 | 0 | 0 | 0 | 100.0% | 0/0 |

        """)
  }

  @Test func json() {
    let row = LanguageStats(
      language: "pt-BR", keys: 8, translated: 5, needsReview: 1, new: 1, missing: 1,
      plurals: PluralCount(complete: 1, total: 2))
    let stats = CatalogStats(sourceLanguage: "pt-BR", languages: [row])
    let report = StatsReport(
      items: [StatsReport.Item(path: "dir/\"Quoted\"\\\n.xcstrings", stats: stats)], totals: [row])
    #expect(
      report.json() == #"""
        {
          "catalogs" : [
            {
              "languages" : [
                {
                  "keys" : 8,
                  "language" : "pt-BR",
                  "missing" : 1,
                  "needsReview" : 1,
                  "new" : 1,
                  "percentComplete" : 62.5,
                  "plurals" : {
                    "complete" : 1,
                    "total" : 2
                  },
                  "translated" : 5
                }
              ],
              "path" : "dir/\"Quoted\"\\\n.xcstrings",
              "sourceLanguage" : "pt-BR"
            }
          ],
          "totals" : {
            "languages" : [
              {
                "keys" : 8,
                "language" : "pt-BR",
                "missing" : 1,
                "needsReview" : 1,
                "new" : 1,
                "percentComplete" : 62.5,
                "plurals" : {
                  "complete" : 1,
                  "total" : 2
                },
                "translated" : 5
              }
            ]
          },
          "version" : 1
        }

        """#)
  }

  @Test func jsonOfNoCatalogsAndControlCharacters() {
    let report = StatsReport(
      items: [
        StatsReport.Item(
          path: "\u{01}\t", stats: CatalogStats(sourceLanguage: "en", languages: []))
      ], totals: [])
    #expect(
      report.json() == #"""
        {
          "catalogs" : [
            {
              "languages" : [],
              "path" : "\u0001\t",
              "sourceLanguage" : "en"
            }
          ],
          "totals" : {
            "languages" : []
          },
          "version" : 1
        }

        """#)
  }

  @Test func jsonIsValidAndByteDeterministic() throws {
    let first = try Self.report(["Plurals.xcstrings", "States.xcstrings"]).json()
    let second = try Self.report(["Plurals.xcstrings", "States.xcstrings"]).json()
    #expect(first == second)
    #expect(first.hasPrefix("{\n  \"catalogs\" : [\n"))
    #expect(first.contains("\"percentComplete\" : 45.4,"))
    let object = try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any]
    #expect(object?["version"] as? Int == 1)
    #expect((object?["catalogs"] as? [Any])?.count == 2)
  }
}
