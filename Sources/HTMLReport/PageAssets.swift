/// The style sheet and script both report pages inline, and their hashes for the pages'
/// Content-Security-Policy (which allows no other style, script or resource).
enum PageAssets {
  static let styleHash = HTML.cspHash(style)
  static let scriptHash = HTML.cspHash(script)

  static let style: StaticString = """

    :root { color-scheme: light dark; --fg: #1d2330; --muted: #5b6474; --bg: #ffffff;
      --panel: #f4f6f9; --line: #dde2e9; --translated: #2f9e5b; --needs-review: #e3a008;
      --new: #3b7dd8; --missing: #d3d8df; --error: #c62828; --warning: #9a5b00;
      --note: #3b6fb6; --known: #6b7280; }
    @media (prefers-color-scheme: dark) {
      :root { --fg: #e6e9ef; --muted: #9aa3b2; --bg: #14171c; --panel: #1d2229;
        --line: #313844; --missing: #3b424e; --error: #ff6b6b; --warning: #f0b429;
        --note: #7fb0ff; --known: #9aa3b2; }
    }
    [hidden] { display: none !important; }
    * { box-sizing: border-box; }
    body { margin: 0 auto; max-width: 1200px; padding: 24px;
      font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif;
      color: var(--fg); background: var(--bg); }
    h1 { font-size: 24px; margin: 0 0 4px; }
    h2 { font-size: 18px; margin: 28px 0 8px; }
    h3 { font-size: 15px; margin: 18px 0 6px; }
    code, .location, .variation { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas,
      "DejaVu Sans Mono", monospace; font-size: 12.5px; }
    .catalogs, .source, .summary, footer { color: var(--muted); margin: 0 0 8px; }
    .cards { display: flex; flex-wrap: wrap; gap: 12px; margin: 16px 0; padding: 0; }
    .cards div { background: var(--panel); border: 1px solid var(--line); border-radius: 8px;
      padding: 10px 16px; min-width: 140px; }
    .cards dt { color: var(--muted); font-size: 12px; text-transform: uppercase;
      letter-spacing: .04em; }
    .cards dd { margin: 2px 0 0; font-size: 24px; font-weight: 600; }
    .cards .error dd { color: var(--error); }
    .cards .warning dd { color: var(--warning); }
    .cards .note dd { color: var(--note); }
    .cards .known dd { color: var(--known); }
    table { border-collapse: collapse; width: 100%; margin: 0 0 8px; }
    th, td { padding: 5px 8px; border-bottom: 1px solid var(--line); text-align: start;
      vertical-align: top; }
    thead th { font-size: 12px; color: var(--muted); font-weight: 600; white-space: nowrap; }
    td.number, .progress thead th:nth-child(n+3) { text-align: end;
      font-variant-numeric: tabular-nums; }
    .progress tbody th { font-weight: 600; white-space: nowrap; }
    .progress td { vertical-align: middle; }
    .bar-column { width: 34%; }
    svg.bar { display: block; width: 100%; height: 12px; border-radius: 3px;
      background: var(--missing); }
    rect.translated, .swatch.translated { fill: var(--translated); background: var(--translated); }
    rect.needs-review, .swatch.needs-review { fill: var(--needs-review);
      background: var(--needs-review); }
    rect.new, .swatch.new { fill: var(--new); background: var(--new); }
    rect.missing, .swatch.missing { fill: var(--missing); background: var(--missing); }
    .swatch { display: inline-block; width: 10px; height: 10px; border-radius: 2px;
      margin: 0 4px 0 12px; }
    .swatch:first-child { margin-inline-start: 0; }
    .plurals.incomplete { color: var(--warning); }
    .badge { font-size: 11px; font-weight: 500; color: var(--muted); border: 1px solid var(--line);
      border-radius: 4px; padding: 0 4px; margin-inline-start: 4px; }
    th button { font: inherit; color: inherit; background: none; border: 0; padding: 0;
      cursor: pointer; text-decoration: underline dotted; }
    th[aria-sort=ascending] button::after { content: " \u{25B2}"; }
    th[aria-sort=descending] button::after { content: " \u{25BC}"; }
    .filters { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center;
      position: sticky; top: 0; z-index: 1; background: var(--bg); padding: 10px 0;
      border-bottom: 1px solid var(--line); }
    .filters select { font: inherit; margin-inline-start: 4px; max-width: 22em; }
    .filters output { color: var(--muted); }
    section.check { margin-top: 8px; }
    /* Off-screen groups are laid out when scrolled to: the IceCubes page's 1,286 findings were
       parsed 2.5-3x sooner (Chromium lays out as it parses). */
    section.language { content-visibility: auto; contain-intrinsic-size: auto 300px; }
    section.check > h2 code { font-size: 16px; }
    section.check > h2 .count, h3 .count { font-size: 12px; font-weight: 500; color: var(--muted);
      background: var(--panel); border: 1px solid var(--line); border-radius: 10px;
      padding: 0 7px; margin-inline-start: 4px; }
    table.findings { table-layout: fixed; }
    .findings th.severity { width: 7em; }
    .findings th.key { width: 27%; }
    .findings th.location { width: 22%; }
    .findings th.state { width: 6em; }
    .findings td.severity { font-weight: 600; }
    td.severity.error { color: var(--error); }
    td.severity.warning { color: var(--warning); }
    td.severity.note { color: var(--note); }
    .findings td { overflow-wrap: anywhere; }
    .findings td.severity { overflow-wrap: normal; }
    .findings td.location { color: var(--muted); }
    .variation { color: var(--muted); }
    .none { color: var(--muted); font-style: italic; }
    td.state.known { color: var(--known); }
    td.state.new { font-weight: 600; }
    footer { margin-top: 32px; font-size: 12px; }

    """

  /// Records when the document was parsed (`data-dom-content-loaded-ms` on `<html>`, from
  /// `performance.now()`); on the stats page, sorts by completion (`#sort=complete`, least
  /// complete first, or `#sort=-complete`; the source language stays first); on the lint page,
  /// shows the filter form and applies the filter of the fragment (`#severity=…&check=…&
  /// language=…&state=…`), keeping the fragment up to date.
  static let script: StaticString = """

    (() => {
      'use strict';
      const root = document.documentElement;
      document.addEventListener('DOMContentLoaded', () => {
        root.setAttribute('data-dom-content-loaded-ms', performance.now().toFixed(1));
      });
      const fragment = () => new URLSearchParams(location.hash.slice(1));
      const remember = (pairs) => {
        const query = new URLSearchParams();
        for (const [name, value] of pairs) if (value) query.set(name, value);
        const text = query.toString();
        history.replaceState(null, '', text ? '#' + text : location.pathname + location.search);
      };

      const headers = [...document.querySelectorAll('th[data-sort]')];
      if (headers.length) {
        const tables = headers.map((th) => {
          const body = th.closest('table').tBodies[0];
          return { th, body, rows: [...body.rows] };
        });
        let order = '';
        const sort = (wanted) => {
          order = wanted === 'complete' || wanted === '-complete' ? wanted : '';
          const sign = order === 'complete' ? 1 : -1;
          for (const table of tables) {
            const rows = table.rows.slice();
            if (order) {
              rows.sort((a, b) =>
                (b.hasAttribute('data-source') - a.hasAttribute('data-source')) ||
                sign * (Number(a.dataset.complete) - Number(b.dataset.complete)));
            }
            table.body.append(...rows);
            table.th.setAttribute('aria-sort',
              order === 'complete' ? 'ascending' : order === '-complete' ? 'descending' : 'none');
          }
        };
        const next = { '': 'complete', 'complete': '-complete', '-complete': '' };
        for (const table of tables) {
          const button = document.createElement('button');
          button.type = 'button';
          button.title = 'Sort by completion';
          button.textContent = table.th.textContent;
          table.th.replaceChildren(button);
          button.addEventListener('click', () => {
            sort(next[order]);
            remember([['sort', order]]);
          });
        }
        sort(fragment().get('sort') || '');
        window.addEventListener('hashchange', () => sort(fragment().get('sort') || ''));
      }

      const form = document.querySelector('form.filters');
      if (form) {
        const selects = [...form.querySelectorAll('select')];
        const output = form.querySelector('output');
        const rows = [...document.querySelectorAll('tr.finding')].map((row) => ({
          row,
          severity: row.dataset.severity,
          state: row.dataset.state,
          check: row.closest('section.check').dataset.check,
          language: row.closest('section.language').dataset.language,
        }));
        const groups = [...document.querySelectorAll('section.check, section.language')];
        const apply = () => {
          let shown = 0;
          for (const entry of rows) {
            const visible = selects.every((s) => !s.value || entry[s.name] === s.value);
            entry.row.hidden = !visible;
            if (visible) shown += 1;
          }
          for (const group of groups) {
            const visible = group.querySelectorAll('tr.finding:not([hidden])').length;
            const total = group.dataset.count;
            group.hidden = visible === 0;
            group.querySelector('.count').textContent =
              String(visible) === total ? total : visible + ' of ' + total;
          }
          const findings = rows.length + (rows.length === 1 ? ' finding' : ' findings');
          output.textContent = shown === rows.length ? findings : 'Showing ' + shown + ' of ' + findings;
        };
        const load = () => {
          const query = fragment();
          for (const select of selects) {
            select.value = query.get(select.name) || '';
            if (select.selectedIndex < 0) select.value = '';
          }
          apply();
        };
        form.addEventListener('change', () => {
          apply();
          remember(selects.map((s) => [s.name, s.value]));
        });
        form.addEventListener('submit', (event) => event.preventDefault());
        window.addEventListener('hashchange', load);
        form.hidden = false;
        load();
      }
    })();

    """
}
