import { REPORT_TEXT } from '../text/report.js';
import { escapeXml as xml } from './escape.js';
import type { Band, ToolView } from './view-model.js';

/*
 * The HTML report's pictures, as inline SVG (no script, no fetch): a score meter with the verdict's
 * bands, and a bar per tool of expected vs actual calls. Colours come from the stylesheet's classes.
 */

/** Most tools drawn; the table under the chart lists them all. */
export const CHARTED_TOOLS = 30;

/** Longest tool name drawn before it is cut (the full name is the bar's tooltip). */
const LABEL_CHARS = 18;

const WIDTH = 480;
const LABEL_WIDTH = 150;
const BAR_AREA = 270;
const BAR_HEIGHT = 9;
const ROW_HEIGHT = 30;

/** A horizontal meter of the score from 0 to 100%, with ticks at the WARN (70%) and PASS (90%) lines. */
export function scoreMeter(score: number, band: Band, label: string): string {
  const width = Math.max(0, Math.min(1, score)) * 500;
  const tick = (at: number, text: string): string =>
    `<line class="tick" x1="${at * 500}" y1="0" x2="${at * 500}" y2="20"/><text x="${at * 500}" y="32" text-anchor="middle">${text}</text>`;
  return [
    `<svg class="meter" viewBox="0 0 500 34" role="img" aria-label="${xml(label)}">`,
    '<rect class="track" x="0.5" y="2.5" width="499" height="15" rx="7"/>',
    `<rect class="fill ${band}" x="0.5" y="2.5" width="${width.toFixed(1)}" height="15" rx="7"/>`,
    tick(0.7, 'WARN 70%'),
    tick(0.9, 'PASS 90%'),
    '</svg>',
  ].join('');
}

function shortName(tool: string): string {
  return tool.length > LABEL_CHARS ? `${tool.slice(0, LABEL_CHARS - 1)}…` : tool;
}

/** Bars of expected and actual calls per tool; the failed part of the actual bar is drawn apart. */
export function toolChart(tools: readonly ToolView[]): string {
  const shown = tools.slice(0, CHARTED_TOOLS);
  const most = Math.max(1, ...shown.map((tool) => Math.max(tool.expected, tool.actual)));
  const scale = BAR_AREA / most;
  const height = shown.length * ROW_HEIGHT + 8;
  const rows = shown.map((tool, k) => {
    const y = 4 + k * ROW_HEIGHT;
    const succeeded = tool.actual - tool.failed;
    const bar = (kind: string, x: number, count: number, top: number): string =>
      count > 0
        ? `<rect class="${kind}" x="${(LABEL_WIDTH + x).toFixed(1)}" y="${top}" width="${(count * scale).toFixed(1)}" height="${BAR_HEIGHT}" rx="2"/>`
        : '';
    const counts = `${REPORT_TEXT.expected} ${tool.expected} · ${REPORT_TEXT.actual} ${tool.actual}${tool.failed > 0 ? ` (${tool.failed} ${REPORT_TEXT.failed})` : ''}`;
    const end = LABEL_WIDTH + Math.max(tool.expected, tool.actual) * scale + 6;
    return [
      `<g><title>${xml(`${tool.tool}: ${counts}`)}</title>`,
      `<text x="${LABEL_WIDTH - 8}" y="${y + BAR_HEIGHT + 5}" text-anchor="end">${xml(shortName(tool.tool))}</text>`,
      bar('expected', 0, tool.expected, y),
      bar('actual', 0, succeeded, y + BAR_HEIGHT + 2),
      bar('failed', succeeded * scale, tool.failed, y + BAR_HEIGHT + 2),
      `<text class="count" x="${end.toFixed(1)}" y="${y + BAR_HEIGHT + 5}">${tool.expected} / ${tool.actual}</text>`,
      '</g>',
    ].join('');
  });
  return `<svg class="chart" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-label="${xml(REPORT_TEXT.toolCountsCaption)}">${rows.join('')}</svg>`;
}
