import { createHash } from 'node:crypto';

/**
 * The HTML report's one stylesheet: light and dark colours (`prefers-color-scheme`), a phone layout
 * where the call table becomes one card per row, and print rules (light colours, closed sections
 * opened, no breaks inside a card or row). Classes only: the page's security policy allows this
 * stylesheet by its hash and no inline `style` attribute.
 */
export const HTML_STYLE = `
:root {
  color-scheme: light dark;
  --bg: #ffffff; --fg: #1f2328; --muted: #59636e; --card: #f6f8fa; --border: #d1d9e0;
  --good: #1a7f37; --good-bg: #dafbe1; --warn: #9a6700; --warn-bg: #fff8c5;
  --bad: #cf222e; --bad-bg: #ffebe9; --info: #0969da; --info-bg: #ddf4ff;
  --expected: #8250df; --actual: #0969da; --mono: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0d1117; --fg: #e6edf3; --muted: #9198a1; --card: #151b23; --border: #3d444d;
    --good: #3fb950; --good-bg: #12261e; --warn: #d29922; --warn-bg: #2e2611;
    --bad: #f85149; --bad-bg: #2d1417; --info: #4493f8; --info-bg: #121d2f;
    --expected: #ab7df8; --actual: #4493f8;
  }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { max-width: 1120px; margin: 0 auto; padding: 24px 16px 48px; }
h1 { font-size: 1.5rem; margin: 0 0 4px; }
h2 { font-size: 1.15rem; margin: 32px 0 12px; padding-bottom: 6px; border-bottom: 1px solid var(--border); }
p { margin: 6px 0; }
.muted, .note { color: var(--muted); }
.note { font-size: 0.85rem; }
.mono, .args, .chart text { font-family: var(--mono); }
.hero { display: flex; flex-wrap: wrap; gap: 12px 28px; align-items: center; margin-top: 16px; }
.hero .big { font-size: 3rem; font-weight: 700; line-height: 1; }
.hero .label { display: block; font-size: 0.8rem; color: var(--muted); text-transform: uppercase; letter-spacing: 0.04em; }
.badge { display: inline-block; padding: 2px 10px; border-radius: 999px; font-weight: 700; font-size: 0.85rem; border: 1px solid currentColor; white-space: nowrap; }
.hero .badge { font-size: 1.4rem; padding: 4px 16px; }
.good { color: var(--good); } .warn { color: var(--warn); } .bad { color: var(--bad); } .info { color: var(--info); }
.badge.good { background: var(--good-bg); }
.badge.warn { background: var(--warn-bg); } .badge.bad { background: var(--bad-bg); } .badge.info { background: var(--info-bg); }
.meter { width: 100%; max-width: 520px; height: 34px; display: block; margin-top: 12px; }
.meter .track { fill: var(--card); stroke: var(--border); }
.meter .fill.good { fill: var(--good); } .meter .fill.warn { fill: var(--warn); } .meter .fill.bad { fill: var(--bad); }
.meter .tick { stroke: var(--fg); stroke-dasharray: 2 2; }
.meter text { fill: var(--muted); font-size: 10px; }
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(160px, 1fr)); gap: 10px; }
.card { background: var(--card); border: 1px solid var(--border); border-left: 5px solid var(--border); border-radius: 8px; padding: 10px 12px; }
.card.band-good { border-left-color: var(--good); } .card.band-warn { border-left-color: var(--warn); }
.card.band-bad { border-left-color: var(--bad); } .card.band-info { border-left-color: var(--info); }
.card .value { font-size: 1.6rem; font-weight: 700; }
.card.band-good .value { color: var(--good); } .card.band-warn .value { color: var(--warn); }
.card.band-bad .value { color: var(--bad); } .card.band-info .value { color: var(--info); }
.card .name { font-weight: 600; }
.card .weight { font-size: 0.75rem; color: var(--info); }
ol.issues, ul.findings { padding-left: 1.5rem; }
ol.issues li, ul.findings li { margin: 8px 0; }
.fix { color: var(--muted); }
.fix::before { content: "fix: "; font-weight: 600; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; vertical-align: top; padding: 6px 8px; border-bottom: 1px solid var(--border); }
th { font-size: 0.8rem; color: var(--muted); text-transform: uppercase; letter-spacing: 0.03em; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
tr.row > td:first-child { border-left: 4px solid var(--border); }
tr.row.band-good > td:first-child { border-left-color: var(--good); }
tr.row.band-warn > td:first-child { border-left-color: var(--warn); }
tr.row.band-bad > td:first-child { border-left-color: var(--bad); }
.tool { font-weight: 700; font-family: var(--mono); overflow-wrap: break-word; }
.args { list-style: none; margin: 4px 0 0; padding: 0; font-size: 0.82rem; }
.args li { padding: 1px 4px; border-radius: 4px; overflow-wrap: anywhere; }
.args .key { color: var(--muted); }
.args li.mismatch { background: var(--warn-bg); outline: 1px solid var(--warn); }
.args li.missing, .args li.unexpected { background: var(--bad-bg); outline: 1px solid var(--bad); }
.args li.absent { text-decoration: line-through; }
.args .tag { font-family: system-ui, sans-serif; font-size: 0.7rem; font-weight: 700; margin-left: 6px; text-transform: uppercase; }
.error { color: var(--bad); font-size: 0.85rem; word-break: break-word; }
.none { color: var(--muted); font-style: italic; }
.chart { width: 100%; max-width: 640px; height: auto; display: block; }
.chart .expected { fill: var(--expected); } .chart .actual { fill: var(--actual); } .chart .failed { fill: var(--bad); }
.chart text { fill: var(--fg); font-size: 13px; }
.chart .count { fill: var(--muted); font-size: 11px; }
.legend { display: flex; gap: 16px; font-size: 0.85rem; margin: 4px 0 8px; }
.legend .swatch { display: inline-block; width: 12px; height: 12px; border-radius: 2px; margin-right: 6px; vertical-align: -1px; }
.swatch.expected { background: var(--expected); } .swatch.actual { background: var(--actual); } .swatch.failed { background: var(--bad); }
details { margin-top: 24px; }
summary { cursor: pointer; font-weight: 600; }
footer { margin-top: 40px; font-size: 0.8rem; color: var(--muted); }
@media (max-width: 700px) {
  main { padding: 16px 10px 32px; }
  .hero .big { font-size: 2.4rem; }
  table.calls thead { display: none; }
  table.calls, table.calls tbody, table.calls tr, table.calls td { display: block; width: 100%; }
  table.calls tr.row { border: 1px solid var(--border); border-left: 5px solid var(--border); border-radius: 8px; margin-bottom: 12px; padding: 4px 0; }
  table.calls tr.row.band-good { border-left-color: var(--good); } table.calls tr.row.band-warn { border-left-color: var(--warn); }
  table.calls tr.row.band-bad { border-left-color: var(--bad); }
  table.calls tr.row > td { border: 0; }
  table.calls td::before { content: attr(data-label); display: block; font-size: 0.72rem; color: var(--muted); text-transform: uppercase; }
}
@media print {
  :root {
    color-scheme: light;
    --bg: #ffffff; --fg: #000000; --muted: #444444; --card: #ffffff; --border: #bbbbbb;
    --good: #116329; --good-bg: #ffffff; --warn: #7d4e00; --warn-bg: #fff8c5; --bad: #a40e26; --bad-bg: #ffebe9;
    --info: #0550ae; --info-bg: #ffffff; --expected: #6639ba; --actual: #0550ae;
  }
  body { font-size: 10pt; }
  main { max-width: none; padding: 0; }
  .card, tr, li, .chart { break-inside: avoid; }
  h2 { break-after: avoid; }
  details::details-content { content-visibility: visible; display: contents; }
  summary { list-style: none; }
}
`;

/** The stylesheet's hash, as the page's Content-Security-Policy names it. */
export const HTML_STYLE_HASH = `sha256-${createHash('sha256').update(HTML_STYLE).digest('base64')}`;
