import { createHash } from 'node:crypto';

/**
 * The viewer's additions to the HTML report's stylesheet (reports/html-style.ts): the site bar, a skip
 * link, filter forms, pagers, sort links, the trend chart and side-by-side calls. Focus is always drawn;
 * colours are the report's, whose text contrast is at least 4.5:1 in light and dark.
 */
export const VIEW_STYLE = `
a { color: var(--info); }
a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible, summary:focus-visible {
  outline: 3px solid var(--info); outline-offset: 2px;
}
.skip { position: absolute; left: -10000px; top: 8px; }
.skip:focus { left: 8px; z-index: 1; background: var(--bg); padding: 8px 12px; border: 2px solid var(--info); }
.bar { border-bottom: 1px solid var(--border); background: var(--card); }
.bar nav { max-width: 1120px; margin: 0 auto; padding: 10px 16px; display: flex; flex-wrap: wrap; gap: 6px 18px; align-items: baseline; }
.bar .brand { font-weight: 700; color: var(--fg); }
.bar .store { margin-left: auto; font-family: var(--mono); font-size: 0.8rem; color: var(--muted); overflow-wrap: anywhere; }
.crumbs { font-size: 0.9rem; margin: 0 0 8px; }
form.filters { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: flex-end; margin: 12px 0; padding: 12px; background: var(--card); border: 1px solid var(--border); border-radius: 8px; }
form.filters label { display: flex; flex-direction: column; gap: 2px; font-size: 0.8rem; color: var(--muted); }
input, select, button { font: inherit; color: var(--fg); background: var(--bg); border: 1px solid var(--border); border-radius: 6px; padding: 4px 8px; }
button { cursor: pointer; font-weight: 600; background: var(--info); color: var(--bg); border-color: var(--info); }
.pager { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: baseline; margin: 12px 0; }
th a.sort { color: inherit; text-decoration: none; }
th a.sort:hover, th a.sort:focus-visible { text-decoration: underline; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.trend { width: 100%; max-width: 900px; height: auto; display: block; }
.trend .grid { stroke: var(--border); }
.trend text { fill: var(--muted); font-size: 11px; font-family: var(--mono); }
.trend polyline { fill: none; stroke-width: 2; }
.trend .score { stroke: var(--info); } .trend circle.score { fill: var(--info); }
.trend .rate { stroke: var(--good); stroke-dasharray: 6 3; } .trend circle.rate { fill: var(--good); stroke: none; }
.swatch.score { background: var(--info); } .swatch.rate { background: var(--good); }
.side { display: grid; grid-template-columns: 1fr 1fr; gap: 16px; }
.side h3 { font-size: 1rem; margin: 0 0 6px; }
ol.calls-list { padding-left: 1.5rem; margin: 0; }
ol.calls-list li { margin: 0 0 10px; }
pre.raw { background: var(--card); border: 1px solid var(--border); border-radius: 8px; padding: 12px; overflow: auto; max-height: 480px; font: 0.8rem/1.4 var(--mono); white-space: pre-wrap; overflow-wrap: anywhere; }
.change.regressed, .delta.down { color: var(--bad); font-weight: 700; }
.change.improved, .delta.up { color: var(--good); font-weight: 700; }
.id { font-family: var(--mono); overflow-wrap: anywhere; }
@media (max-width: 700px) { .side { grid-template-columns: 1fr; } }
`;

/** The stylesheet's hash, as the pages' Content-Security-Policy names it. */
export const VIEW_STYLE_HASH = `sha256-${createHash('sha256').update(VIEW_STYLE).digest('base64')}`;
