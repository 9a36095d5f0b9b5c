import picocolors from 'picocolors';
import { COMPARE_LEGEND, COMPARE_TEXT, pairText, pairedTestText, winnerText } from './text.js';
import { metricBand } from '../batch/reports/view.js';
import { escapeMarkdown as md, escapeXml as xml } from '../reports/escape.js';
import { pageEnd, pageStart, section, table as htmlTable } from '../reports/html.js';
import { table as markdownTable } from '../reports/markdown.js';
import { displayText } from '../reports/text.js';
import { cutText } from '../text/values.js';
import { COMPARED, type Compared, type ComparedModel, type Comparison } from './compare.js';
import { COMPARE_STYLE, COMPARE_STYLE_HASH } from './html-style.js';

/*
 * The views of a comparison: a console table, Markdown (a job summary), an HTML page with a bar chart
 * per measure, and the JSON file. Model names and files come from the command line or file names:
 * shown escaped in every format.
 */

function valueOf(model: ComparedModel, measure: Compared): number | null {
  return measure === 'score' ? model.score : model.metrics[measure];
}

function cell(value: number | null): string {
  return value === null ? COMPARE_TEXT.none : value.toFixed(3);
}

function bestText(comparison: Comparison, measure: Compared): string {
  const names = comparison.winners[measure];
  if (names.length === 0) return COMPARE_TEXT.none;
  return names.length === comparison.models.length && names.length > 1 ? COMPARE_TEXT.tie : names.join(', ');
}

function measureLabel(measure: Compared): string {
  return measure === 'redundant_rate' ? `${measure} (${COMPARE_TEXT.lowerIsBetter})` : measure;
}

/** Whether a model's value is the best of the measure (marked only when there is something to compare). */
function isBest(comparison: Comparison, measure: Compared, model: ComparedModel): boolean {
  return comparison.winners[measure].includes(model.name) && comparison.models.length > 1;
}

/** The rows of the measure table: measure, each model's value (the best marked with `*`), the best. */
function rows(comparison: Comparison, mark: (text: string) => string, name: (text: string) => string): string[][] {
  return COMPARED.map((measure) => [
    measureLabel(measure),
    ...comparison.models.map((model) => {
      const text = cell(valueOf(model, measure));
      return isBest(comparison, measure, model) ? mark(text) : text;
    }),
    name(bestText(comparison, measure)),
  ]);
}

/** The console view: the winner, the table, the pairs. */
export function renderComparisonConsole(comparison: Comparison, options: { color?: boolean } = {}): string {
  const colors = picocolors.createColors(options.color === true);
  const names = comparison.models.map((model) => displayText(model.name));
  const head = [COMPARE_TEXT.measure, ...names, COMPARE_TEXT.best];
  const body = rows(comparison, (text) => `${text}*`, displayText);
  const widths = head.map((_, k) => Math.max(head[k]!.length, ...body.map((row) => row[k]!.length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((text, k) => (k === 0 || k === cells.length - 1 ? text.padEnd(widths[k]!) : text.padStart(widths[k]!)))
      .join('  ')
      .trimEnd();
  const lines = [
    colors.bold(displayText(winnerText(comparison.winner, bestScore(comparison)))),
    '',
    line(head),
    ...body.map(line),
  ];
  if (comparison.pairs.length > 0) {
    lines.push('', COMPARE_TEXT.pairsTitle);
    for (const pair of comparison.pairs) lines.push(`  ${displayText(pairText(pair))}`);
    lines.push(`  ${pairedTestText(comparison.paired_test ?? '')}`);
  }
  return `${lines.join('\n')}\n`;
}

function bestScore(comparison: Comparison): number | null {
  const first = comparison.models.find((model) => model.name === comparison.winner[0]);
  return first?.score ?? null;
}

/** Markdown for a pull request or a job summary. */
export function renderComparisonMarkdown(comparison: Comparison): string {
  const names = comparison.models.map((model) => md(model.name));
  const lines = [
    `## ${COMPARE_TEXT.title}`,
    '',
    `**${md(winnerText(comparison.winner, bestScore(comparison)))}**`,
    '',
    ...markdownTable(
      [COMPARE_TEXT.measure, ...names, COMPARE_TEXT.best],
      rows(comparison, (text) => `**${text}**`, md),
      ['l', ...names.map(() => 'r' as const), 'l'],
    ),
  ];
  if (comparison.pairs.length > 0) {
    lines.push('', `### ${COMPARE_TEXT.pairsTitle}`, '');
    for (const pair of comparison.pairs) lines.push(`- ${md(pairText(pair))}`);
    lines.push('', md(pairedTestText(comparison.paired_test ?? '')));
  }
  return `${lines.join('\n')}\n`;
}

const BAR_WIDTH = 300;

/** A value's colour, in the other reports' bands (`none` when there is no value). */
function bandClass(measure: Compared, value: number | null): string {
  return value === null ? 'none' : metricBand(measure, value);
}

/** One measure's bars, a row per model, coloured by band; the best value marked with a star. */
function chart(comparison: Comparison, measure: Compared): string {
  const rowHeight = 22;
  const height = comparison.models.length * rowHeight + 6;
  const bars = comparison.models.map((model, i) => {
    const value = valueOf(model, measure);
    const y = i * rowHeight + 4;
    const width = value === null ? 0 : Math.max(0, Math.min(1, value)) * BAR_WIDTH;
    const best = isBest(comparison, measure, model);
    const label = best ? `${cell(value)} ${COMPARE_TEXT.bestMark}` : cell(value);
    return [
      `<text x="0" y="${y + 13}">${xml(shortName(model.name))}</text>`,
      `<rect class="fill ${bandClass(measure, value)}" x="130" y="${y}" width="${width.toFixed(1)}" height="16" rx="3"><title>${xml(`${model.name}: ${label}`)}</title></rect>`,
      `<text${best ? ' class="best"' : ''} x="${(136 + width).toFixed(1)}" y="${y + 13}">${label}</text>`,
    ].join('');
  });
  return `<figure><figcaption>${xml(measureLabel(measure))}</figcaption><svg class="chart" viewBox="0 0 480 ${height}" role="img" aria-label="${xml(measureLabel(measure))}">${bars.join('')}</svg></figure>`;
}

function shortName(name: string): string {
  return cutText(name, 18);
}

/** What the star and the colours mean, above the table and the charts. */
function legend(): string {
  const bands = (['good', 'warn', 'bad'] as const).map(
    (band) => `<span><span class="swatch ${band}"></span>${xml(COMPARE_LEGEND[band])}</span>`,
  );
  return `<div class="legend"><span><span class="mark">${COMPARE_TEXT.bestMark}</span> ${xml(COMPARE_LEGEND.best)}</span>${bands.join('')}</div>`;
}

/** The HTML page: the winner, the table, a chart per measure, the pairs; offline, no script. */
export function renderComparisonHtml(comparison: Comparison): string {
  const names = comparison.models.map((model) => model.name);
  const tableRows = COMPARED.map((measure) => {
    const values = comparison.models.map((model) => {
      const value = valueOf(model, measure);
      const band = bandClass(measure, value);
      return isBest(comparison, measure, model)
        ? `<td class="num ${band} best"><span class="mark">${COMPARE_TEXT.bestMark}</span> ${cell(value)}</td>`
        : `<td class="num ${band}">${cell(value)}</td>`;
    });
    return `<tr><th scope="row">${xml(measureLabel(measure))}</th>${values.join('')}<td>${xml(bestText(comparison, measure))}</td></tr>`;
  });
  const pairs =
    comparison.pairs.length === 0
      ? ''
      : section(
          'pairs',
          COMPARE_TEXT.pairsTitle,
          `<ul>${comparison.pairs.map((pair) => `<li>${xml(pairText(pair))}</li>`).join('')}</ul><p class="muted">${xml(pairedTestText(comparison.paired_test ?? ''))}</p>`,
        );
  return [
    pageStart(COMPARE_TEXT.title, comparison.toolscore_version, [{ css: COMPARE_STYLE, hash: COMPARE_STYLE_HASH }]),
    `<h1>${xml(COMPARE_TEXT.title)}</h1>`,
    `<p class="lead">${xml(winnerText(comparison.winner, bestScore(comparison)))}</p>`,
    section(
      'models',
      COMPARE_TEXT.modelsTitle,
      legend() +
        htmlTable(
          'metrics',
          [COMPARE_TEXT.measure, ...names, COMPARE_TEXT.best],
          tableRows,
          names.map((_, k) => k + 1),
        ),
    ),
    section(
      'charts',
      COMPARE_TEXT.chartsTitle,
      legend() + COMPARED.map((measure) => chart(comparison, measure)).join(''),
    ),
    pairs,
    pageEnd(comparison.toolscore_version, comparison.created_at),
  ].join('\n');
}

/** The JSON file. */
export function renderComparisonJson(comparison: Comparison): string {
  return `${JSON.stringify(comparison, null, 2)}\n`;
}
