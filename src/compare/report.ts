import { createColors } from '../reports/colors.js';
import { COMPARE_LEGEND, COMPARE_TEXT, pairText, pairedTestText, trialsNoteText, winnerText } from './text.js';
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

/** One row of the measure table (and one chart): a measure, each model's value, the best. */
interface MeasureRow {
  label: string;
  /** Each model's value, in model order. */
  values: (number | null)[];
  winners: readonly string[];
  /** A count (the flaky cases) reads as a whole number and has no colour band or chart. */
  count: boolean;
  /** The value's colour class, in the other reports' bands (`none` when there is no value). */
  band: (value: number | null) => string;
}

/** The score and the core metrics; with trials, pass^k for each k every run has, then the flaky cases. */
function measureRows(comparison: Comparison): MeasureRow[] {
  const rows: MeasureRow[] = COMPARED.map((measure) => ({
    label: measureLabel(measure),
    values: comparison.models.map((model) => (measure === 'score' ? model.score : model.metrics[measure])),
    winners: comparison.winners[measure],
    count: false,
    band: (value) => bandClass(measure, value),
  }));
  const trials = comparison.trials;
  if (trials === undefined) return rows;
  for (let k = 1; k <= trials.largest_k; k++)
    rows.push({
      label: `pass^${k}`,
      values: comparison.models.map((model) => model.trials?.pass_hat_k[String(k)] ?? null),
      winners: trials.winners[`pass^${k}`] ?? [],
      count: false,
      band: (value) => bandClass('score', value),
    });
  rows.push({
    label: COMPARE_TEXT.flakyCases,
    values: comparison.models.map((model) => model.trials?.flaky ?? null),
    winners: trials.winners.flaky ?? [],
    count: true,
    band: () => '',
  });
  return rows;
}

function cell(value: number | null, count = false): string {
  return value === null ? COMPARE_TEXT.none : count ? String(value) : value.toFixed(3);
}

function bestText(comparison: Comparison, row: MeasureRow): string {
  const names = row.winners;
  if (names.length === 0) return COMPARE_TEXT.none;
  return names.length === comparison.models.length && names.length > 1 ? COMPARE_TEXT.tie : names.join(', ');
}

function measureLabel(measure: Compared): string {
  return measure === 'redundant_rate' ? `${measure} (${COMPARE_TEXT.lowerIsBetter})` : measure;
}

/** Whether a model's value is the best of the measure (marked only when there is something to compare). */
function isBest(comparison: Comparison, row: MeasureRow, model: ComparedModel): boolean {
  return row.winners.includes(model.name) && comparison.models.length > 1;
}

/** The rows of the measure table: measure, each model's value (the best marked with `*`), the best. */
function rows(comparison: Comparison, mark: (text: string) => string, name: (text: string) => string): string[][] {
  return measureRows(comparison).map((row) => [
    row.label,
    ...comparison.models.map((model, i) => {
      const text = cell(row.values[i]!, row.count);
      return isBest(comparison, row, model) ? mark(text) : text;
    }),
    name(bestText(comparison, row)),
  ]);
}

/** The console view: the winner, the table, the pairs. */
export function renderComparisonConsole(comparison: Comparison, options: { color?: boolean } = {}): string {
  const colors = createColors(options.color === true);
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
  if (comparison.trials !== undefined) lines.push('', trialsNoteText(comparison.trials.largest_k));
  if (comparison.pairs.length > 0) {
    lines.push('', COMPARE_TEXT.pairsTitle);
    for (const pair of comparison.pairs) lines.push(`  ${displayText(pairText(pair, onRates(comparison)))}`);
    lines.push(`  ${pairedTestText(comparison.paired_test ?? '')}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Whether the pairs are on per-case success rates (the runs have trials) rather than scores. */
function onRates(comparison: Comparison): boolean {
  return comparison.trials !== undefined;
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
  if (comparison.trials !== undefined) lines.push('', md(trialsNoteText(comparison.trials.largest_k)));
  if (comparison.pairs.length > 0) {
    lines.push('', `### ${COMPARE_TEXT.pairsTitle}`, '');
    for (const pair of comparison.pairs) lines.push(`- ${md(pairText(pair, onRates(comparison)))}`);
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
function chart(comparison: Comparison, row: MeasureRow): string {
  const rowHeight = 22;
  const height = comparison.models.length * rowHeight + 6;
  const bars = comparison.models.map((model, i) => {
    const value = row.values[i]!;
    const y = i * rowHeight + 4;
    const width = value === null ? 0 : Math.max(0, Math.min(1, value)) * BAR_WIDTH;
    const best = isBest(comparison, row, model);
    const label = best ? `${cell(value)} ${COMPARE_TEXT.bestMark}` : cell(value);
    return [
      `<text x="0" y="${y + 13}">${xml(shortName(model.name))}</text>`,
      `<rect class="fill ${row.band(value)}" x="130" y="${y}" width="${width.toFixed(1)}" height="16" rx="3"><title>${xml(`${model.name}: ${label}`)}</title></rect>`,
      `<text${best ? ' class="best"' : ''} x="${(136 + width).toFixed(1)}" y="${y + 13}">${label}</text>`,
    ].join('');
  });
  return `<figure><figcaption>${xml(row.label)}</figcaption><svg class="chart" viewBox="0 0 480 ${height}" role="img" aria-label="${xml(row.label)}">${bars.join('')}</svg></figure>`;
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
  const measures = measureRows(comparison);
  const tableRows = measures.map((row) => {
    const values = comparison.models.map((model, i) => {
      const value = row.values[i]!;
      const classes = ['num', row.band(value)].filter(Boolean).join(' ');
      return isBest(comparison, row, model)
        ? `<td class="${classes} best"><span class="mark">${COMPARE_TEXT.bestMark}</span> ${cell(value, row.count)}</td>`
        : `<td class="${classes}">${cell(value, row.count)}</td>`;
    });
    return `<tr><th scope="row">${xml(row.label)}</th>${values.join('')}<td>${xml(bestText(comparison, row))}</td></tr>`;
  });
  const pairs =
    comparison.pairs.length === 0
      ? ''
      : section(
          'pairs',
          COMPARE_TEXT.pairsTitle,
          `<ul>${comparison.pairs.map((pair) => `<li>${xml(pairText(pair, onRates(comparison)))}</li>`).join('')}</ul><p class="muted">${xml(pairedTestText(comparison.paired_test ?? ''))}</p>`,
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
        ) +
        (comparison.trials === undefined
          ? ''
          : `<p class="muted">${xml(trialsNoteText(comparison.trials.largest_k))}</p>`),
    ),
    section(
      'charts',
      COMPARE_TEXT.chartsTitle,
      legend() +
        measures
          .filter((row) => !row.count)
          .map((row) => chart(comparison, row))
          .join(''),
    ),
    pairs,
    pageEnd(comparison.toolscore_version, comparison.created_at),
  ].join('\n');
}

/** The JSON file. */
export function renderComparisonJson(comparison: Comparison): string {
  return `${JSON.stringify(comparison, null, 2)}\n`;
}
