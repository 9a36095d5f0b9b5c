import { createHash } from 'node:crypto';

/**
 * What the comparison page adds to the single report's stylesheet (src/reports/html-style.ts, whose
 * colours it uses): bars and values in the reports' bands, the best value of each measure marked, and
 * the legend's swatches. Its own hash goes into the page's security policy beside the report stylesheet's.
 */
export const COMPARE_STYLE = `
.chart .fill.good { fill: var(--good); } .chart .fill.warn { fill: var(--warn); } .chart .fill.bad { fill: var(--bad); }
.chart .fill.none { fill: var(--border); }
.chart text.best { font-weight: 700; }
td.best { background: var(--card); font-weight: 700; }
.mark { color: var(--info); font-weight: 700; }
.swatch.good { background: var(--good); } .swatch.warn { background: var(--warn); } .swatch.bad { background: var(--bad); }
.legend { flex-wrap: wrap; }
`;

/** The comparison stylesheet's hash, as the page's Content-Security-Policy names it. */
export const COMPARE_STYLE_HASH = `sha256-${createHash('sha256').update(COMPARE_STYLE).digest('base64')}`;
