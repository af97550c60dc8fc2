import CatalogStats

/// `lhc stats --format html`: one self-contained page (documented in `man/lhc-stats.1`).
///
/// At the top the totals: catalogs, keys, languages, languages complete, and with more than one
/// catalog the table of totals; then one table per catalog in argument order. A table has a row
/// per language, the source language first (marked), each with a bar of its keys' four buckets
/// (translated, needs review, new, missing: widths in thousandths of the keys, rounded down at
/// each boundary so that the translated part is the percentage shown), the percentage, the counts
/// and the plural completeness. The page's script makes the "Complete" column sortable (the
/// source language stays first); without it the rows keep their order. Byte-deterministic.
public enum StatsPage {
  public static func render(_ report: StatsReport) -> String {
    let title =
      report.items.count == 1
      ? "Translation progress: \(report.items[0].path)"
      : "Translation progress: \(report.items.count) catalogs"
    let source = report.items.first?.stats.sourceLanguage
    return HTML.page(title: title, kind: "stats") { html in
      html.raw("<header>\n<h1>Translation progress</h1>\n</header>\n")
      html.raw("<section class=\"totals\">\n<dl class=\"cards\">\n")
      html.card("Catalogs", report.items.count)
      html.card("Keys", report.totals.first?.keys ?? 0)
      html.card("Languages", report.totals.count)
      html.card(
        "Languages complete",
        report.totals.count { $0.percentCompleteTenths == 1000 })
      html.raw("</dl>\n")
      if report.items.count > 1 {
        html.raw("<h2>Total (")
        html.text(report.items.count)
        html.raw(" catalogs)</h2>\n")
        table(&html, report.totals, source: source)
      }
      html.raw("</section>\n")
      for item in report.items {
        html.raw("<section class=\"catalog\">\n<h2>")
        html.isolated(item.path)
        html.raw("</h2>\n<p class=\"source\">Source language: ")
        html.isolated(item.stats.sourceLanguage)
        html.raw("</p>\n")
        table(&html, item.stats.languages, source: item.stats.sourceLanguage)
        html.raw("</section>\n")
      }
      html.raw(
        """
        <footer>
        <p class="legend"><span class="swatch translated"></span>translated \
        <span class="swatch needs-review"></span>needs review \
        <span class="swatch new"></span>new \
        <span class="swatch missing"></span>missing</p>
        <p>Complete: translated keys as a percentage of the keys to translate, rounded down. \
        Plurals: keys with plural variations that have every form the language needs (CLDR). \
        See lhc-stats(1).</p>
        </footer>

        """)
    }
  }

  private static func table(_ html: inout HTML, _ rows: [LanguageStats], source: String?) {
    html.raw(
      """
      <table class="progress">
      <thead><tr><th scope="col">Language</th><th scope="col" class="bar-column">Progress</th>\
      <th scope="col" class="complete" data-sort="complete">Complete</th>\
      <th scope="col">Translated</th><th scope="col">Needs review</th><th scope="col">New</th>\
      <th scope="col">Missing</th><th scope="col">Keys</th><th scope="col">Plurals</th></tr></thead>
      <tbody>

      """)
    for row in rows {
      let isSource = row.language == source
      html.raw("<tr class=\"language\"")
      html.attribute("data-language", row.language)
      html.attribute("data-complete", row.percentCompleteTenths)
      if isSource { html.raw(" data-source=\"\"") }
      html.raw("><th scope=\"row\">")
      html.isolated(row.language)
      if isSource { html.raw(" <span class=\"badge\">source</span>") }
      html.raw("</th><td class=\"bar-column\">")
      bar(&html, row)
      html.raw("</td><td class=\"number complete\">")
      html.text(row.percentComplete)
      html.raw("%</td>")
      for count in [row.translated, row.needsReview, row.new, row.missing, row.keys] {
        html.raw("<td class=\"number\">")
        html.text(count)
        html.raw("</td>")
      }
      html.raw(
        row.plurals.complete < row.plurals.total
          ? "<td class=\"number plurals incomplete\">" : "<td class=\"number plurals\">")
      html.text("\(row.plurals.complete)/\(row.plurals.total)")
      html.raw("</td></tr>\n")
    }
    html.raw("</tbody>\n</table>\n")
  }

  /// The four buckets as one bar: an SVG of 1000 units across, one `rect` per bucket. A bucket
  /// starts at the thousandths of the keys before it, rounded down.
  private static func bar(_ html: inout HTML, _ row: LanguageStats) {
    let buckets: [(StaticString, Int)] = [
      ("translated", row.translated), ("needs-review", row.needsReview), ("new", row.new),
      ("missing", row.missing),
    ]
    html.raw("<svg class=\"bar\" viewBox=\"0 0 1000 1\" preserveAspectRatio=\"none\" role=\"img\"")
    html.attribute(
      "aria-label",
      "\(row.translated) translated, \(row.needsReview) need review, \(row.new) new, "
        + "\(row.missing) missing")
    html.raw(">")
    var before = 0
    for (name, count) in buckets {
      let start = row.keys == 0 ? 0 : before * 1000 / row.keys
      let end = row.keys == 0 ? 0 : (before + count) * 1000 / row.keys
      html.raw("<rect class=\"")
      html.raw(name)
      html.raw("\"")
      html.attribute("x", start)
      html.attribute("width", end - start)
      html.raw(" height=\"1\"/>")
      before += count
    }
    html.raw("</svg>")
  }
}
