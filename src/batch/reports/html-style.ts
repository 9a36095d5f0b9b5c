import { createHash } from 'node:crypto';

/**
 * What the batch page adds to the single report's stylesheet (src/reports/html-style.ts, whose colours
 * it uses): the score histogram, links, and the case table, one `<details>` per case whose summary is a
 * row and whose body is the case's detail. On a phone the row keeps its number, case and score. Its
 * own hash goes into the page's security policy beside the report stylesheet's.
 */
export const BATCH_STYLE = `
a { color: var(--info); }
.histogram { width: 100%; max-width: 640px; height: auto; display: block; }
.histogram .bar.good { fill: var(--good); } .histogram .bar.warn { fill: var(--warn); } .histogram .bar.bad { fill: var(--bad); }
.histogram .axis { stroke: var(--border); }
.histogram text { fill: var(--fg); font-family: var(--mono); font-size: 11px; }
.histogram .count { fill: var(--muted); }
.case-id { font-family: var(--mono); overflow-wrap: anywhere; }
.case-head, details.case > summary { display: grid; grid-template-columns: 1.2em 4em minmax(0, 2fr) 5em 4em 5.5em minmax(0, 3fr); gap: 8px; padding: 6px 8px; }
.case-head { font-size: 0.8rem; color: var(--muted); text-transform: uppercase; letter-spacing: 0.03em; font-weight: 700; border-bottom: 1px solid var(--border); }
.case-head .num, details.case > summary .num { text-align: right; font-variant-numeric: tabular-nums; }
details.case { margin: 0; border-bottom: 1px solid var(--border); border-left: 4px solid var(--border); }
details.case.band-good { border-left-color: var(--good); } details.case.band-warn { border-left-color: var(--warn); }
details.case.band-bad { border-left-color: var(--bad); }
details.case > summary { font-weight: 400; list-style: none; }
details.case > summary::-webkit-details-marker { display: none; }
.case-head::before { content: ""; }
details.case > summary::before { content: "▸"; color: var(--muted); }
details.case[open] > summary::before { content: "▾"; }
.case-detail { padding: 4px 12px 12px 28px; scroll-margin-top: 3em; }
.case-detail h3 { font-size: 0.95rem; margin: 12px 0 4px; }
.case-detail table { width: auto; min-width: 50%; }
@media (max-width: 700px) {
  .case-head, details.case > summary { grid-template-columns: 1.2em 3.5em minmax(0, 1fr) 4.5em; }
  .case-head > :nth-child(n+4), details.case > summary > :nth-child(n+4) { display: none; }
  .case-detail { padding-left: 12px; }
}
`;

/** The batch stylesheet's hash, as the page's Content-Security-Policy names it. */
export const BATCH_STYLE_HASH = `sha256-${createHash('sha256').update(BATCH_STYLE).digest('base64')}`;
